const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'visa' -> 'Visa'; an unknown brand is capitalised; none: `unknown` (the word for a card in the language shown). */
export function formatCardBrand(brand: string, unknown = 'Card'): string {
  const known = BRANDS[brand.toLowerCase()];
  if (known) return known;
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : unknown;
}

/** 12, 2034 -> '12/34'. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** An account number masked to its last 4 digits: '000123456789' or '6789' -> '•••• 6789'. Empty -> '—'. */
export function maskAccountNumber(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length === 0) return '—';
  return `•••• ${digits.slice(-4)}`;
}
