import type { ClientEventName } from '@tiredash/contracts';
import type { OwnedWorld } from './support/owned-world';

/**
 * Who may emit which client socket event (Trust, item 8): `socket-access.e2e-spec.ts` opens a socket through the
 * gateway as each persona and emits every row, in this order (the job rows move A's job on: arrival, completion,
 * then the cancel of A's open request), comparing the acknowledgement with the cell. Every event of CLIENT_EVENTS
 * needs at least one row (`<event>` or `<event> #<variant>`).
 *
 * Personas: customer and provider are A (the owners of the world's requests and job), otherCustomer and
 * otherProvider are B (strangers to them), offeredProvider is C (offered A's requests while open, not chosen: a party
 * to the open request only), pendingProvider is a provider not approved yet.
 * Cells: 'handshake' (the socket is refused at connection: no session), 'joined' (ack ok with the rooms),
 * 'relayed' (ack ok: the command ran or the point was forwarded), 'echo' (ack ok, relayed: false: an echo of an
 * HTTP change, acknowledged and never passed on), or the refusal's code. A refused event changes no table, and no
 * persona but the row's own receives anything because of it.
 */
export type SocketPersona = 'anonymous' | 'noRole' | 'customer' | 'otherCustomer' | 'provider' | 'otherProvider' | 'offeredProvider' | 'pendingProvider' | 'admin';
export type SocketCell = 'handshake' | 'joined' | 'relayed' | 'echo' | 'FORBIDDEN' | 'VALIDATION_FAILED' | 'NOT_FOUND' | 'CONFLICT' | 'UNAUTHENTICATED';

/** The emitting socket's own identity, for payloads that name the caller. */
export interface Me {
  userId: string;
  role: 'customer' | 'provider' | 'admin' | null;
  /** A provider's business id (null for the others). */
  businessId: string | null;
}

export interface SocketRow {
  event: ClientEventName;
  payload: (w: OwnedWorld, me: Me) => unknown;
  cells: Record<SocketPersona, SocketCell>;
}

type Cells = Record<SocketPersona, SocketCell>;
const row = (anonymousAside: Omit<Cells, 'anonymous'>): Cells => ({ anonymous: 'handshake', ...anonymousAside });
const ECHO = row({ noRole: 'echo', customer: 'echo', otherCustomer: 'echo', provider: 'echo', otherProvider: 'echo', offeredProvider: 'echo', pendingProvider: 'echo', admin: 'echo' });
const now = (): string => new Date().toISOString();

export const SOCKET_ACCESS: Record<string, SocketRow> = {
  // ----------------------------------------------------------------- rooms: from the token, never from the payload alone
  'join #own rooms': {
    event: 'join',
    payload: (_w, me) => ({ userId: me.businessId ?? me.userId, role: me.role }),
    // No role: the payload's role cannot match a token that has none.
    cells: row({ noRole: 'VALIDATION_FAILED', customer: 'joined', otherCustomer: 'joined', provider: 'joined', otherProvider: 'joined', offeredProvider: 'joined', pendingProvider: 'joined', admin: 'joined' }),
  },
  "join #customer A's user room": {
    event: 'join',
    payload: (w) => ({ userId: w.customerA.id, role: 'customer' }),
    cells: row({ noRole: 'FORBIDDEN', customer: 'joined', otherCustomer: 'FORBIDDEN', provider: 'FORBIDDEN', otherProvider: 'FORBIDDEN', offeredProvider: 'FORBIDDEN', pendingProvider: 'FORBIDDEN', admin: 'FORBIDDEN' }),
  },
  "join #provider A's business room": {
    event: 'join',
    payload: (w) => ({ userId: w.providerA.providerId, role: 'provider' }),
    cells: row({ noRole: 'FORBIDDEN', customer: 'FORBIDDEN', otherCustomer: 'FORBIDDEN', provider: 'joined', otherProvider: 'FORBIDDEN', offeredProvider: 'FORBIDDEN', pendingProvider: 'FORBIDDEN', admin: 'FORBIDDEN' }),
  },
  "join #A's accepted job's request room": {
    event: 'join',
    payload: (w, me) => ({ userId: me.businessId ?? me.userId, role: me.role ?? 'customer', requestId: w.acceptedRequestId }),
    cells: row({ noRole: 'FORBIDDEN', customer: 'joined', otherCustomer: 'FORBIDDEN', provider: 'joined', otherProvider: 'FORBIDDEN', offeredProvider: 'FORBIDDEN', pendingProvider: 'FORBIDDEN', admin: 'joined' }),
  },
  "join #A's open request's room": {
    event: 'join',
    payload: (w, me) => ({ userId: me.businessId ?? me.userId, role: me.role ?? 'customer', requestId: w.openRequestId }),
    // Providers A (it bid) and C were offered it: parties while bids are open.
    cells: row({ noRole: 'FORBIDDEN', customer: 'joined', otherCustomer: 'FORBIDDEN', provider: 'joined', otherProvider: 'FORBIDDEN', offeredProvider: 'joined', pendingProvider: 'FORBIDDEN', admin: 'joined' }),
  },

  // ----------------------------------------------------------------- echoes of HTTP changes: acknowledged, never relayed
  'new_request #echo': { event: 'new_request', payload: (w) => ({ requestId: w.openRequestId, budget: 1 }), cells: ECHO },
  'new_bid #forged bid on A open request': { event: 'new_bid', payload: (w) => ({ requestId: w.openRequestId, amount: 1, provider: { documentId: w.providerB.providerId } }), cells: ECHO },
  'bid_selected #forged selection': { event: 'bid_selected', payload: (w) => ({ requestId: w.openRequestId, bidId: w.openBidId }), cells: ECHO },
  'job_confirmed #forged confirmation': {
    event: 'job_confirmed',
    payload: (w) => ({ requestId: w.acceptedRequestId, customerId: w.customerA.profileId, confirmedAt: now(), paymentMethod: 'card' }),
    cells: ECHO,
  },
  'job_confirmed #malformed': {
    event: 'job_confirmed',
    payload: (w) => ({ requestId: w.acceptedRequestId, paymentMethod: 'gold' }),
    cells: row({ noRole: 'VALIDATION_FAILED', customer: 'VALIDATION_FAILED', otherCustomer: 'VALIDATION_FAILED', provider: 'VALIDATION_FAILED', otherProvider: 'VALIDATION_FAILED', offeredProvider: 'VALIDATION_FAILED', pendingProvider: 'VALIDATION_FAILED', admin: 'VALIDATION_FAILED' }),
  },

  // ----------------------------------------------------------------- the live location of A's job: its provider only
  // Provider A at the job's address (card-job.ts: 500 Market St): 'arrived' below is checked against this point.
  "driver_location_update #A's job": {
    event: 'driver_location_update',
    payload: (w) => ({ lat: 37.79, lng: -122.4, customerId: w.customerA.id, requestId: w.acceptedRequestId }),
    cells: row({ noRole: 'FORBIDDEN', customer: 'FORBIDDEN', otherCustomer: 'FORBIDDEN', provider: 'relayed', otherProvider: 'FORBIDDEN', offeredProvider: 'FORBIDDEN', pendingProvider: 'FORBIDDEN', admin: 'FORBIDDEN' }),
  },
  'driver_location_update #impossible point': {
    event: 'driver_location_update',
    payload: (w) => ({ lat: 91, lng: 0, customerId: w.customerA.id, requestId: w.acceptedRequestId }),
    cells: row({ noRole: 'VALIDATION_FAILED', customer: 'VALIDATION_FAILED', otherCustomer: 'VALIDATION_FAILED', provider: 'VALIDATION_FAILED', otherProvider: 'VALIDATION_FAILED', offeredProvider: 'VALIDATION_FAILED', pendingProvider: 'VALIDATION_FAILED', admin: 'VALIDATION_FAILED' }),
  },

  // ----------------------------------------------------------------- job progress: commands of the requests service, as the socket's user
  "arrived #A's job": {
    event: 'arrived',
    payload: (w) => ({ requestId: w.acceptedRequestId, customerId: w.customerA.profileId, providerId: w.providerA.providerId, arrivedAt: now() }),
    cells: row({ noRole: 'FORBIDDEN', customer: 'FORBIDDEN', otherCustomer: 'FORBIDDEN', provider: 'relayed', otherProvider: 'FORBIDDEN', offeredProvider: 'FORBIDDEN', pendingProvider: 'FORBIDDEN', admin: 'FORBIDDEN' }),
  },
  "job_completed #A's job": {
    event: 'job_completed',
    payload: (w) => ({ requestId: w.acceptedRequestId, customerId: w.customerA.profileId, providerId: w.providerA.providerId, completedAt: now() }),
    cells: row({ noRole: 'FORBIDDEN', customer: 'FORBIDDEN', otherCustomer: 'FORBIDDEN', provider: 'relayed', otherProvider: 'FORBIDDEN', offeredProvider: 'FORBIDDEN', pendingProvider: 'FORBIDDEN', admin: 'FORBIDDEN' }),
  },
  "job_canceled #A's job after completion": {
    event: 'job_canceled',
    payload: (w) => ({ requestId: w.acceptedRequestId }),
    // Once the provider reported completion neither party cancels; the admin does, as a dispute (REQUEST_LIFECYCLE).
    cells: row({ noRole: 'FORBIDDEN', customer: 'CONFLICT', otherCustomer: 'FORBIDDEN', provider: 'CONFLICT', otherProvider: 'FORBIDDEN', offeredProvider: 'FORBIDDEN', pendingProvider: 'FORBIDDEN', admin: 'relayed' }),
  },
  'job_canceled #echo without a request': { event: 'job_canceled', payload: () => ({}), cells: ECHO },
  "job_canceled #A's open request": {
    event: 'job_canceled',
    payload: (w) => ({ requestId: w.openRequestId }),
    // Walked in persona order: the customer cancels it; the admin's cancel of a cancelled request is a no-op answered ok.
    cells: row({ noRole: 'FORBIDDEN', customer: 'relayed', otherCustomer: 'FORBIDDEN', provider: 'FORBIDDEN', otherProvider: 'FORBIDDEN', offeredProvider: 'FORBIDDEN', pendingProvider: 'FORBIDDEN', admin: 'relayed' }),
  },
};
