import { formatCardBrand, formatExpiry, maskAccountNumber } from './card-format';

describe('card and bank formatting', () => {
  it('masks an account number to its last 4 digits', () => {
    expect(maskAccountNumber('000123456789')).toBe('•••• 6789');
    expect(maskAccountNumber('6789')).toBe('•••• 6789');
    expect(maskAccountNumber('12')).toBe('•••• 12');
    expect(maskAccountNumber('')).toBe('—');
    expect(maskAccountNumber(null)).toBe('—');
    expect(maskAccountNumber('000123456789')).not.toContain('12345');
  });

  it('names brands and formats the expiry as MM/YY', () => {
    expect(formatCardBrand('visa')).toBe('Visa');
    expect(formatCardBrand('amex')).toBe('American Express');
    expect(formatCardBrand('newbrand')).toBe('Newbrand');
    expect(formatExpiry(3, 2031)).toBe('03/31');
    expect(formatExpiry(12, 2100)).toBe('12/00');
  });
});
