import type { ServiceCard } from '@tiredash/contracts';
import { adminCardsMessages } from '../../shared/i18n/locales/en/admin';

/** A card in the editor: the stored fields plus a local key (cards are saved without ids). */
export interface EditableCard {
  key: string;
  title: string;
  body: string;
  icon: string;
  price: string;
}

/** 'Add Service Card' puts this card at the top (spec section 2: 'New Service' / 'Service description' / '0', in the language shown). */
export function newCard(): Omit<EditableCard, 'key'> {
  const t = adminCardsMessages.get();
  return { title: t.newTitle, body: t.newBody, icon: '', price: '0' };
}

let nextKey = 0;
const newKey = (): string => `card-${++nextKey}`;

export function editableCards(cards: readonly ServiceCard[]): EditableCard[] {
  return cards.map((card) => ({ key: newKey(), title: card.title, body: card.body, icon: card.icon ?? '', price: String(card.price ?? '') }));
}

export function addCardOnTop(cards: readonly EditableCard[]): EditableCard[] {
  return [{ key: newKey(), ...newCard() }, ...cards];
}

export function removeCard(cards: readonly EditableCard[], key: string): EditableCard[] {
  return cards.filter((card) => card.key !== key);
}

export function updateCard(cards: readonly EditableCard[], key: string, change: Partial<Omit<EditableCard, 'key'>>): EditableCard[] {
  return cards.map((card) => (card.key === key ? { ...card, ...change } : card));
}

/** 'Homepage card price numeric, minimum 0' (up to two decimals, as the server accepts). */
export function priceError(price: string): string | null {
  const value = price.trim();
  const t = adminCardsMessages.get();
  if (value === '') return t.priceRequired;
  if (!/^\d+(\.\d{1,2})?$/.test(value)) {
    return /^-/.test(value) && Number.isFinite(Number(value)) ? t.priceMin : t.priceNumber;
  }
  return null;
}

export function titleError(title: string): string | null {
  return title.trim() === '' ? adminCardsMessages.get().titleRequired : null;
}

export type CardErrors = Record<string, { title?: string; price?: string }>;

/** Checks every card; answers the Cards list to save (no ids) or the errors by card key. */
export function cardsToSave(cards: readonly EditableCard[]): { ok: true; cards: ServiceCard[] } | { ok: false; errors: CardErrors } {
  const errors: CardErrors = {};
  for (const card of cards) {
    const title = titleError(card.title);
    const price = priceError(card.price);
    if (title || price) errors[card.key] = { ...(title ? { title } : {}), ...(price ? { price } : {}) };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    cards: cards.map((card) => ({ title: card.title.trim(), body: card.body.trim(), icon: card.icon, price: card.price.trim() })),
  };
}
