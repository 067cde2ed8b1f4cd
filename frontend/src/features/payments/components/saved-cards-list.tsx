import type { SavedCardView } from '@tiredash/contracts';
import { formatCardBrand, formatExpiry } from '../card-format';

interface SavedCardsListProps {
  cards: SavedCardView[];
  selectedId: string;
  onSelect: (id: string) => void;
  onRemove: (card: SavedCardView) => void;
  disabled?: boolean;
}

/** The customer's saved cards as a radio group; each can be removed from the dialog. */
export function SavedCardsList({ cards, selectedId, onSelect, onRemove, disabled }: SavedCardsListProps) {
  return (
    <fieldset className="saved-cards" disabled={disabled}>
      <legend className="field__label">Saved cards</legend>
      <ul className="saved-cards__list">
        {cards.map((card) => {
          const label = `${formatCardBrand(card.brand)} ending in ${card.last4}`;
          return (
            <li key={card.id} className={['saved-cards__item', card.id === selectedId ? 'saved-cards__item--selected' : ''].filter(Boolean).join(' ')}>
              <label className="saved-cards__choice">
                <input type="radio" name="savedCard" value={card.id} checked={card.id === selectedId} onChange={() => onSelect(card.id)} />
                <span>
                  <strong>{formatCardBrand(card.brand)}</strong> •••• {card.last4}
                  <span className="muted"> · Expires {formatExpiry(card.exp_month, card.exp_year)}</span>
                  {card.name && <span className="muted"> · {card.name}</span>}
                </span>
              </label>
              <button type="button" className="link-button link-button--danger" aria-label={`Remove ${label}`} onClick={() => onRemove(card)}>
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
