/** The provider's bid form (spec section 5): price and ETA numeric, at least 1; empty price -> budget, empty ETA -> 0. */
export interface BidFormValues {
  price: string;
  eta: string;
}

export type BidFormErrors = Partial<Record<keyof BidFormValues, string>>;

export interface BidInput {
  amount: number;
  /** Minutes as text (the spec sends it as text); '' lets the server apply its 0 fallback. */
  estimatedArrival: string;
}

function check(raw: string, what: string): { value: number | null; error?: string } {
  const text = raw.trim();
  if (text === '') return { value: null };
  const n = Number(text);
  if (!Number.isFinite(n)) return { value: null, error: `${what} must be a number` };
  if (n < 1) return { value: null, error: `${what} must be at least 1` };
  return { value: n };
}

export function validateBid(values: BidFormValues, budget: number): { errors: BidFormErrors; input: BidInput | null } {
  const price = check(values.price, 'Price');
  const eta = check(values.eta, 'ETA');
  const errors: BidFormErrors = {};
  if (price.error) errors.price = price.error;
  if (eta.error) errors.eta = eta.error;
  if (errors.price || errors.eta) return { errors, input: null };
  return {
    errors,
    input: {
      amount: price.value ?? budget,
      estimatedArrival: eta.value === null ? '' : String(Math.round(eta.value)),
    },
  };
}
