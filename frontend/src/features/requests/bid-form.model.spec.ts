import { validateBid } from './bid-form.model';

describe('provider bid form validation', () => {
  it('falls back to the budget for an empty price and leaves an empty ETA to the server (0)', () => {
    expect(validateBid({ price: '', eta: '' }, 120)).toEqual({ errors: {}, input: { amount: 120, estimatedArrival: '' } });
  });

  it('accepts numbers of at least 1 and sends the ETA as text', () => {
    expect(validateBid({ price: '95.5', eta: '20' }, 120)).toEqual({ errors: {}, input: { amount: 95.5, estimatedArrival: '20' } });
  });

  it.each([
    [{ price: '0', eta: '10' }, { price: 'Price must be at least 1' }],
    [{ price: '10', eta: '0' }, { eta: 'ETA must be at least 1' }],
    [{ price: 'abc', eta: '-3' }, { price: 'Price must be a number', eta: 'ETA must be at least 1' }],
  ])('refuses %p', (values, errors) => {
    expect(validateBid(values, 50)).toEqual({ errors, input: null });
  });
});
