import { addCardOnTop, cardsToSave, editableCards, priceError, removeCard, updateCard } from './service-cards';

const stored = [
  { title: 'Tire Repair', body: 'Fix it', icon: 'repair', price: '100' },
  { title: 'Tire Replacement', body: 'Swap it', icon: 'replacement', price: '100' },
];

describe('service cards editor model', () => {
  it("adds a card at the top titled 'New Service' with body 'Service description' and price '0'", () => {
    const cards = addCardOnTop(editableCards(stored));
    expect(cards).toHaveLength(3);
    expect(cards[0]).toMatchObject({ title: 'New Service', body: 'Service description', price: '0' });
    expect(cards[1].title).toBe('Tire Repair');
    expect(new Set(cards.map((c) => c.key)).size).toBe(3);
  });

  it('removes exactly the chosen card', () => {
    const cards = editableCards(stored);
    const left = removeCard(cards, cards[0].key);
    expect(left.map((c) => c.title)).toEqual(['Tire Replacement']);
  });

  it('accepts numeric prices of 0 or more and refuses the rest', () => {
    expect(priceError('0')).toBeNull();
    expect(priceError('49.99')).toBeNull();
    expect(priceError('100')).toBeNull();
    expect(priceError('-1')).toBe('Price must be 0 or more');
    expect(priceError('abc')).toBe('Price must be a number');
    expect(priceError('')).toBe('Price is required');
    expect(priceError('1.234')).toBe('Price must be a number');
  });

  it('saves the cards without their local keys, or reports errors by card', () => {
    const cards = updateCard(editableCards(stored), editableCards(stored)[0].key, { price: '5' });
    const ok = cardsToSave(cards);
    expect(ok).toEqual({ ok: true, cards: stored });

    const bad = updateCard(cards, cards[1].key, { price: '-3', title: ' ' });
    const result = cardsToSave(bad);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[cards[1].key]).toEqual({ title: 'Title is required', price: 'Price must be 0 or more' });
  });
});
