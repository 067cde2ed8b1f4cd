import { setLanguage } from '../../shared/i18n/i18n';
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

  it('says what is wrong in the language shown', () => {
    setLanguage('es');
    expect(validateBid({ price: 'abc', eta: '0' }, 50).errors).toEqual({
      price: 'El precio debe ser un número',
      eta: 'El tiempo de llegada debe ser al menos 1',
    });
  });
});
