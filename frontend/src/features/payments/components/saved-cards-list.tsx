import type { SavedCardView } from '@tiredash/contracts';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsSavedCardsMessages } from '../../../shared/i18n/locales/en/payments';
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
  const t = useMessages(paymentsSavedCardsMessages);
  return (
    <fieldset className="saved-cards" disabled={disabled}>
      <legend className="field__label">{t.legend}</legend>
      <ul className="saved-cards__list">
        {cards.map((card) => {
          const brand = formatCardBrand(card.brand, t.card);
          const label = t.endingIn({ brand, last4: card.last4 });
          return (
            <li key={card.id} className={['saved-cards__item', card.id === selectedId ? 'saved-cards__item--selected' : ''].filter(Boolean).join(' ')}>
              <label className="saved-cards__choice">
                <input type="radio" name="savedCard" value={card.id} checked={card.id === selectedId} onChange={() => onSelect(card.id)} />
                <span>
                  <strong>{brand}</strong> •••• {card.last4}
                  <span className="muted">{t.expires({ expiry: formatExpiry(card.exp_month, card.exp_year) })}</span>
                  {card.name && <span className="muted"> · {card.name}</span>}
                </span>
              </label>
              <button type="button" className="link-button link-button--danger" aria-label={t.removeLabel({ card: label })} onClick={() => onRemove(card)}>
                {t.remove}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
