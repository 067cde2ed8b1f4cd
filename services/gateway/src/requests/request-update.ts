import {
  AcceptBid,
  CancelServiceRequest,
  ConfirmCompletion,
  DERIVED_REQUEST_FIELDS,
  MarkArrived,
  DomainError,
  serviceRequestUpdateBodySchema,
  type CommandRequest,
} from '@tiredash/contracts';
import { z } from 'zod';
import { parseOrThrow } from '../common/validation';

/** What `PUT /api/service-requests/{id} {data}` means: the accept or the cancel command. */
export type RequestUpdateCommand =
  | { kind: 'accept'; payload: Omit<CommandRequest<typeof AcceptBid>, 'actor'> }
  | { kind: 'cancel'; payload: Omit<CommandRequest<typeof CancelServiceRequest>, 'actor'> }
  | { kind: 'arrive'; payload: Omit<CommandRequest<typeof MarkArrived>, 'actor'> }
  | { kind: 'confirm'; payload: Omit<CommandRequest<typeof ConfirmCompletion>, 'actor'> };

const WRITABLE = new Set(['tireStatus', 'accepted_bid', 'cancelReason', ...DERIVED_REQUEST_FIELDS]);
const uuid = z.string().uuid();
const providerRef = z.union([uuid, z.object({ documentId: uuid }).passthrough().transform((o) => o.documentId)]);
const amountLike = z.union([z.number(), z.string().trim().min(1).pipe(z.coerce.number())]);

function notWritable(fields: string[], why: string): DomainError {
  return new DomainError(
    'FIELD_NOT_WRITABLE',
    why,
    fields.map((f) => ({ path: `data.${f}`, message: why })),
  );
}

/**
 * Reads the generic update as a domain command. `tireStatus: 'Accepted'` + `accepted_bid` is the accept command
 * (`amount`/`provider` sent alongside must match the bid, checked by the requests service); `Cancelled` or
 * `Canceled` is the cancel command; `In Progress` is the provider's arrival ('I AM HERE'); `Service Completed` is
 * the customer's confirmation (card: capture first; exactly once). Any other field is refused with 403
 * FIELD_NOT_WRITABLE; `Completed` and `Bids Open` cannot be set (409 STATUS_NOT_SUPPORTED).
 */
export function interpretRequestUpdate(requestId: string, raw: unknown): RequestUpdateCommand {
  const body = parseOrThrow(serviceRequestUpdateBodySchema, raw);
  const data = body.data as Record<string, unknown>;
  const foreign = Object.keys(data).filter((k) => !WRITABLE.has(k));
  if (foreign.length > 0) throw notWritable(foreign, 'This field cannot be changed here');
  const derived = DERIVED_REQUEST_FIELDS.filter((f) => data[f] !== undefined);
  const status = body.data.tireStatus;

  if (status === 'Accepted' || (status === undefined && body.data.accepted_bid)) {
    const bidId = body.data.accepted_bid;
    if (!bidId) {
      throw new DomainError('VALIDATION_FAILED', 'Accepting needs the accepted bid', [
        { path: 'data.accepted_bid', message: 'Required with tireStatus Accepted' },
      ]);
    }
    const expect: { amount?: number; providerId?: string } = {};
    if (data.amount !== undefined) {
      const a = amountLike.safeParse(data.amount);
      if (!a.success) throw notWritable(['amount'], "The amount is the accepted bid's amount");
      expect.amount = a.data;
    }
    if (data.provider !== undefined) {
      const p = providerRef.safeParse(data.provider);
      if (!p.success) throw notWritable(['provider'], "The provider is the accepted bid's provider");
      expect.providerId = p.data;
    }
    if (data.bids !== undefined && !(Array.isArray(data.bids) && data.bids.every((b) => typeof b === 'string' || typeof b === 'number' || typeof b === 'object'))) {
      throw notWritable(['bids'], 'The bids of a request are its providers\' bids; they cannot be set');
    }
    return {
      kind: 'accept',
      payload: { requestId, bidId, mode: 'strict', ...(Object.keys(expect).length > 0 ? { expect } : {}) },
    };
  }
  if (derived.length > 0) throw notWritable([...derived], 'Only accepting a bid sets these fields');
  if (body.data.accepted_bid !== undefined) throw notWritable(['accepted_bid'], 'Only accepting a bid sets the accepted bid');
  if (status === 'Cancelled' || status === 'Canceled') {
    const reason = body.data.cancelReason;
    return { kind: 'cancel', payload: { requestId, ...(reason ? { reason } : {}) } };
  }
  if (body.data.cancelReason !== undefined) throw notWritable(['cancelReason'], 'A reason goes with tireStatus Cancelled only');
  if (status === 'In Progress') return { kind: 'arrive', payload: { requestId } };
  if (status === 'Service Completed') return { kind: 'confirm', payload: { requestId } };
  if (status === undefined) {
    throw new DomainError('VALIDATION_FAILED', 'Nothing to update', [{ path: 'data', message: 'Send tireStatus (Accepted or Cancelled)' }]);
  }
  throw new DomainError('CONFLICT', `Setting tireStatus to ${status} is not supported by this route`, { reason: 'STATUS_NOT_SUPPORTED' });
}
