import { bidFormMessages } from '../../shared/i18n/locales/en/requests';

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

/** A field's two messages, in the language shown ('Price must be a number', 'Price must be at least 1'). */
interface CheckMessages {
  notNumber: string;
  belowOne: string;
}

function check(raw: string, messages: CheckMessages): { value: number | null; error?: string } {
  const text = raw.trim();
  if (text === '') return { value: null };
  const n = Number(text);
  if (!Number.isFinite(n)) return { value: null, error: messages.notNumber };
  if (n < 1) return { value: null, error: messages.belowOne };
  return { value: n };
}

export function validateBid(values: BidFormValues, budget: number): { errors: BidFormErrors; input: BidInput | null } {
  const t = bidFormMessages.get();
  const price = check(values.price, { notNumber: t.priceNumber, belowOne: t.priceMin });
  const eta = check(values.eta, { notNumber: t.etaNumber, belowOne: t.etaMin });
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
