import { EXTRA_LIMITS, type JobExtraView, type ServiceRequestView } from '@tiredash/contracts';

/** The extras the customer approved (they add to the job), oldest first. */
export function approvedExtras(request: Pick<ServiceRequestView, 'extras'>): JobExtraView[] {
  return (request.extras ?? []).filter((e) => e.status === 'approved');
}

/** The job's amount in dollars: the accepted bid (else the budget) plus the approved extras, summed in cents. */
export function jobAmount(request: Pick<ServiceRequestView, 'amount' | 'budget' | 'extras'>): number {
  const cents = Math.round((request.amount ?? request.budget) * 100) + approvedExtras(request).reduce((sum, e) => sum + Math.round(e.amount * 100), 0);
  return cents / 100;
}

/** Whether a price is one the server takes for an extra (dollars). */
export function extraPriceInRange(amount: number): boolean {
  return amount >= EXTRA_LIMITS.minAmount && amount <= EXTRA_LIMITS.maxAmount;
}

/** `incoming` merged into a request's extras by id (the socket's newer copy wins), oldest first. */
export function mergeExtras(list: readonly JobExtraView[], incoming: JobExtraView): JobExtraView[] {
  const byId = new Map(list.map((e) => [e.id, e]));
  byId.set(incoming.id, incoming);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export interface ItemisedTotal {
  /** The accepted bid (else the budget). */
  bid: number;
  extras: JobExtraView[];
  /** The card fee kept with the hold (null: cash, or not known here). */
  cardFee: number | null;
  /** Bid + approved extras + card fee (when known). */
  total: number;
}

/**
 * A job's itemised total. `cardFee` when the caller knows it (the payment summary reads payments'); otherwise, for a
 * card job with an approved extra, payments' own figure: the latest approval's new charge total (bid + every approved
 * extra + the fee) less the job amount.
 */
export function itemisedTotal(request: Pick<ServiceRequestView, 'amount' | 'budget' | 'extras' | 'paymentMethod'>, cardFee?: number | null): ItemisedTotal {
  const extras = approvedExtras(request);
  const job = jobAmount(request);
  let fee: number | null = request.paymentMethod === 'card' ? (cardFee ?? null) : null;
  if (fee === null && request.paymentMethod === 'card') {
    const charged = extras.map((e) => e.chargeTotal).filter((v): v is number => v !== null);
    if (charged.length > 0) fee = Math.round((Math.max(...charged) - job) * 100) / 100;
  }
  return { bid: request.amount ?? request.budget, extras, cardFee: fee, total: Math.round((job + (fee ?? 0)) * 100) / 100 };
}
