const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Dollars as '$1,234.50'. */
export function formatMoney(dollars: number): string {
  return money.format(dollars);
}

/** An ISO timestamp as 'Nov 22, 2024'; an unparsable value is returned unchanged. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : date.format(d);
}
