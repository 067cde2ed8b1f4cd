import { providerData } from './support/gateway-harness';
import type { OwnedWorld } from './support/owned-world';

/**
 * Who may touch what another user owns (Trust, item 8): the ownership side of the authorization matrix, beside
 * `route-access.matrix.ts` (which says which roles reach a route at all). `route-ownership.e2e-spec.ts` builds real
 * resources of customer A and provider A (an open request with a bid, an accepted card job with the card held, a
 * completed, paid and rated job, profiles, a Stripe account record, an upload) and calls every row as another
 * customer (B), another provider (B, approved, offered none of A's requests) and a provider offered A's requests but not
 * chosen (C, see `offeredProvider`), comparing with these cells. Every
 * route of the OpenAPI document with an id in its path needs at least one row (`<METHOD> <path>` or
 * `<METHOD> <path> #<variant>`); rows for routes that take an id in the body or the query are here too.
 *
 * Cells: a status (the exact answer: 403 not yours, 404 hidden or unknown, 409 a state refusal), 'ok' (2xx),
 * 'public' (2xx, and nothing private of A in it: e-mails, phones, exact position, full names of A's people),
 * 'empty' (2xx with an empty `data` list), `{publicBut}` and `{only}` (below). On any refusal every table of every
 * service must be as it was.
 */
export type OwnerCell =
  | 400
  | 403
  | 404
  | 409
  | 'ok'
  | 'public'
  | 'empty'
  /** 'public', except the named things of A this view shows by design. */
  | { publicBut: Secret[] }
  /** 2xx with a `data` list of exactly these documentIds. */
  | { only: (w: OwnedWorld) => string[] };

/** What A's people keep to themselves: never in a stranger's 'public' answer. */
export type Secret = 'e-mail' | 'provider phone' | 'customer phone' | 'exact position' | 'customer full name';
export type Stranger = 'otherCustomer' | 'otherProvider' | 'offeredProvider';

export interface OwnershipRow {
  /** The call: the path with A's ids, and the body. */
  call: (w: OwnedWorld) => { path: string; body?: unknown };
  otherCustomer: OwnerCell;
  otherProvider: OwnerCell;
  /**
   * Provider C: offered A's requests while they were open, not chosen for the accepted job. A party to the open
   * request only (it reads it, and its own bids); to everything else a stranger. Defaults to otherProvider's cell.
   */
  offeredProvider?: OwnerCell;
}

const NEVER = { otherCustomer: 403, otherProvider: 403 } as const;

export const ROUTE_OWNERSHIP: Record<string, OwnershipRow> = {
  // ----------------------------------------------------------------- identity: users, customers, providers
  'PUT /api/users/{id}': { call: (w) => ({ path: `/api/users/${w.customerA.id}`, body: { username: 'taken over', email: 'x@example.test' } }), ...NEVER },
  'POST /api/user-role/update #another user': { call: (w) => ({ path: '/api/user-role/update', body: { userId: w.customerA.id, roleName: 'provider' } }), ...NEVER },
  'GET /api/customers/{id}': { call: (w) => ({ path: `/api/customers/${w.customerA.profileId}` }), ...NEVER },
  'PUT /api/customers/{id}': { call: (w) => ({ path: `/api/customers/${w.customerA.profileId}`, body: { data: { fullName: 'Taken Over' } } }), ...NEVER },
  'POST /api/customers #for another user': { call: (w) => ({ path: '/api/customers', body: { data: { fullName: 'Taken Over', phone: '+1 555 000 9999', user: w.customerA.id } } }), ...NEVER },
  'GET /api/providers/{id}': { call: (w) => ({ path: `/api/providers/${w.providerA.providerId}` }), otherCustomer: 'public', otherProvider: 'public' },
  'GET /api/providers/{id} #pending': { call: (w) => ({ path: `/api/providers/${w.pendingA.providerId}` }), otherCustomer: 404, otherProvider: 404 },
  'GET /api/providers #the public list': { call: () => ({ path: '/api/providers?pagination[pageSize]=100' }), otherCustomer: 'public', otherProvider: 'public' },
  'PUT /api/providers/{id}': { call: (w) => ({ path: `/api/providers/${w.providerA.providerId}`, body: { data: { businessName: 'Taken Over' } } }), ...NEVER },
  'PUT /api/providers/{id} #approval': { call: (w) => ({ path: `/api/providers/${w.pendingA.providerId}`, body: { data: { isApproved: true } } }), ...NEVER },
  'PUT /api/providers/{id}/presence': { call: (w) => ({ path: `/api/providers/${w.providerA.providerId}/presence`, body: { online: false } }), ...NEVER },
  'POST /api/providers #for another user': { call: (w) => ({ path: '/api/providers', body: providerData({ businessName: 'Taken Over', user: w.providerA.id }) }), ...NEVER },

  // ----------------------------------------------------------------- requests and bids
  // Offered while open: C reads the request as offered (RequestOfferView: the customer's name, none of its contacts).
  'GET /api/service-requests/{id} #open': {
    call: (w) => ({ path: `/api/service-requests/${w.openRequestId}` }),
    otherCustomer: 403,
    otherProvider: 403,
    offeredProvider: { publicBut: ['customer full name'] },
  },
  'GET /api/service-requests/{id} #accepted': { call: (w) => ({ path: `/api/service-requests/${w.acceptedRequestId}` }), otherCustomer: 403, otherProvider: 403 },
  'GET /api/service-requests/{id} #completed': { call: (w) => ({ path: `/api/service-requests/${w.completedRequestId}` }), otherCustomer: 403, otherProvider: 403 },
  'PUT /api/service-requests/{id} #cancel open': { call: (w) => ({ path: `/api/service-requests/${w.openRequestId}`, body: { data: { tireStatus: 'Cancelled' } } }), ...NEVER },
  'PUT /api/service-requests/{id} #accept a bid': {
    call: (w) => ({ path: `/api/service-requests/${w.openRequestId}`, body: { data: { tireStatus: 'Accepted', accepted_bid: w.openBidId } } }),
    ...NEVER,
  },
  'PUT /api/service-requests/{id} #cancel accepted': { call: (w) => ({ path: `/api/service-requests/${w.acceptedRequestId}`, body: { data: { tireStatus: 'Cancelled' } } }), ...NEVER },
  'PUT /api/service-requests/{id} #arrive': { call: (w) => ({ path: `/api/service-requests/${w.acceptedRequestId}`, body: { data: { tireStatus: 'In Progress' } } }), ...NEVER },
  // Job chat: only the customer and the accepted provider (C bid on it and was not chosen: refused too).
  'GET /api/service-requests/{id}/messages': { call: (w) => ({ path: `/api/service-requests/${w.acceptedRequestId}/messages` }), ...NEVER },
  'POST /api/service-requests/{id}/reports': {
    call: (w) => ({ path: `/api/service-requests/${w.completedRequestId}/reports`, body: { data: { category: 'other', description: 'not my job at all, really' } } }),
    ...NEVER,
  },
  'GET /api/service-requests/{id}/reports': { call: (w) => ({ path: `/api/service-requests/${w.completedRequestId}/reports` }), ...NEVER },
  'PUT /api/reports/{id}': {
    call: () => ({ path: '/api/reports/6f1d2c1e-9a4b-4c2d-8e7f-0a1b2c3d4e5f', body: { data: { status: 'resolved', resolutionNote: 'closed by a stranger' } } }),
    ...NEVER,
  },
  'GET /api/admin/service-requests/{id}/timeline': { call: (w) => ({ path: `/api/admin/service-requests/${w.completedRequestId}/timeline` }), ...NEVER },
  'POST /api/admin/service-requests/{id}/refunds': {
    call: (w) => ({ path: `/api/admin/service-requests/${w.completedRequestId}/refunds`, body: { data: { amount: 100, refundId: '6f1d2c1e-9a4b-4c2d-8e7f-0a1b2c3d4e5f' } } }),
    ...NEVER,
  },
  // Extras of A's accepted job: only its provider adds one, only its customer answers one (C was offered it, not chosen).
  'POST /api/service-requests/{id}/extras': {
    call: (w) => ({
      path: `/api/service-requests/${w.acceptedRequestId}/extras`,
      body: { data: { serviceType: 'Valve Replacement', amount: 25, clientExtraId: '6f1d2c1e-9a4b-4c2d-8e7f-0a1b2c3d4e5f' } },
    }),
    ...NEVER,
  },
  'PUT /api/service-requests/{id}/extras/{extraId}': {
    call: (w) => ({ path: `/api/service-requests/${w.acceptedRequestId}/extras/6f1d2c1e-9a4b-4c2d-8e7f-0a1b2c3d4e5f`, body: { data: { status: 'approved' } } }),
    ...NEVER,
  },
  'POST /api/service-requests/{id}/messages': {
    call: (w) => ({ path: `/api/service-requests/${w.acceptedRequestId}/messages`, body: { data: { text: 'let me in', clientMessageId: '6f1d2c1e-9a4b-4c2d-8e7f-0a1b2c3d4e5f' } } }),
    ...NEVER,
  },
  'PUT /api/service-requests/{id} #budget': { call: (w) => ({ path: `/api/service-requests/${w.openRequestId}`, body: { data: { budget: 5 } } }), ...NEVER },
  // A list filtered on someone else is refused outright (or, for the other role, empty: nothing of A is its).
  // C sees the one still open (offered to it), not A's accepted or completed requests it was offered before.
  'GET /api/service-requests #filtered by customer A': {
    call: (w) => ({ path: `/api/service-requests?filters[customer][documentId][$eq]=${w.customerA.profileId}` }),
    otherCustomer: 403,
    otherProvider: 'empty',
    offeredProvider: { only: (w) => [w.openRequestId] },
  },
  'GET /api/service-requests #filtered by provider A': { call: (w) => ({ path: `/api/service-requests?filters[provider][documentId][$eq]=${w.providerA.providerId}` }), otherCustomer: 'empty', otherProvider: 403 },
  'GET /api/bids/{id}': { call: (w) => ({ path: `/api/bids/${w.openBidId}` }), otherCustomer: 403, otherProvider: 403 },
  'PUT /api/bids/{id}': { call: (w) => ({ path: `/api/bids/${w.openBidId}`, body: { data: { bidStatus: 'accepted' } } }), ...NEVER },
  // Bids are sealed: a provider sees its own only.
  'GET /api/bids #of A open request': { call: (w) => ({ path: `/api/bids?filters[requestId][$eq]=${w.openRequestId}` }), otherCustomer: 403, otherProvider: 'empty', offeredProvider: 'empty' },
  'GET /api/bids #of provider A': { call: (w) => ({ path: `/api/bids?filters[provider][documentId][$eq]=${w.providerA.providerId}` }), otherCustomer: 'empty', otherProvider: 403 },
  // C was offered it: its bid is taken (walked after the bid reads above).
  'POST /api/bids #on A open request': { call: (w) => ({ path: '/api/bids', body: { data: { requestId: w.openRequestId, amount: 10, estimatedArrival: 5 } } }), ...NEVER, offeredProvider: 'ok' },
  // C was offered it while open: now it is told the request is taken.
  'POST /api/bids #on A accepted request': {
    call: (w) => ({ path: '/api/bids', body: { data: { requestId: w.acceptedRequestId, amount: 10, estimatedArrival: 5 } } }),
    ...NEVER,
    offeredProvider: 409,
  },
  'POST /api/ratings #of A job': { call: (w) => ({ path: '/api/ratings', body: { data: { request_id: w.completedRequestId, rating: 1, comment: 'never met them' } } }), ...NEVER },
  'GET /api/ratings #of provider A': { call: (w) => ({ path: `/api/ratings?filters[providerId][$eq]=${w.providerA.providerId}` }), otherCustomer: 'public', otherProvider: 'public' },
  'GET /api/ratings #of A job': { call: (w) => ({ path: `/api/ratings?filters[requestId][$eq]=${w.completedRequestId}` }), otherCustomer: 'public', otherProvider: 'public' },

  // ----------------------------------------------------------------- dispatch
  'GET /api/dispatch/jobs/{requestId}': { call: (w) => ({ path: `/api/dispatch/jobs/${w.acceptedRequestId}?track=true` }), ...NEVER },
  'POST /api/dispatch/jobs/{requestId}/arrived': { call: (w) => ({ path: `/api/dispatch/jobs/${w.acceptedRequestId}/arrived` }), ...NEVER },
  'POST /api/dispatch/jobs/{requestId}/customer-absent': { call: (w) => ({ path: `/api/dispatch/jobs/${w.acceptedRequestId}/customer-absent` }), ...NEVER },
  'POST /api/dispatch/jobs/{requestId}/completed': { call: (w) => ({ path: `/api/dispatch/jobs/${w.acceptedRequestId}/completed` }), ...NEVER },

  // ----------------------------------------------------------------- payments
  'POST /pay/payments/capture #A request': { call: (w) => ({ path: '/pay/payments/capture', body: { requestId: w.acceptedRequestId } }), ...NEVER },
  'POST /pay/payments/capture #A hold': { call: (w) => ({ path: '/pay/payments/capture', body: { paymentIntentId: w.paymentIntentId } }), ...NEVER },
  'POST /pay/payments/void #A request': { call: (w) => ({ path: '/pay/payments/void', body: { requestId: w.acceptedRequestId } }), ...NEVER },
  'POST /pay/payments/void #A hold': { call: (w) => ({ path: '/pay/payments/void', body: { paymentIntentId: w.paymentIntentId } }), ...NEVER },
  'GET /pay/api/payments/request/{requestId}': { call: (w) => ({ path: `/pay/api/payments/request/${w.acceptedRequestId}` }), ...NEVER },
  'POST /pay/api/payments/request/{requestId}/tip': { call: (w) => ({ path: `/pay/api/payments/request/${w.completedRequestId}/tip`, body: { amount: 500 } }), ...NEVER },
  'GET /pay/api/payments/request/{requestId}/scheduled-hold': { call: (w) => ({ path: `/pay/api/payments/request/${w.acceptedRequestId}/scheduled-hold` }), ...NEVER },
  'POST /pay/api/payments/request/{requestId}/scheduled-hold/card': {
    call: (w) => ({ path: `/pay/api/payments/request/${w.acceptedRequestId}/scheduled-hold/card`, body: { paymentMethodId: 'pm_card_visa', email: 'stranger@example.test' } }),
    ...NEVER,
  },
  'POST /pay/api/payments/authorize #for A request': {
    call: (w) => ({ path: '/pay/api/payments/authorize', body: { paymentMethodId: 'pm_card_visa', email: 'stranger@example.test', amount: 12000, requestId: w.acceptedRequestId } }),
    ...NEVER,
  },
  'GET /pay/providers/summary #of provider A': { call: (w) => ({ path: `/pay/providers/summary?providerId=${w.providerA.providerId}` }), ...NEVER },
  'POST /pay/providers/withdraw #from provider A': { call: (w) => ({ path: '/pay/providers/withdraw', body: { amount: 500, providerId: w.providerA.providerId } }), ...NEVER },
  'POST /pay/providers/create-dashboard-link #A account': { call: (w) => ({ path: '/pay/providers/create-dashboard-link', body: { accountId: w.stripeAccountId } }), ...NEVER },
  'GET /pay/providers/onboard/complete #A account': { call: (w) => ({ path: `/pay/providers/onboard/complete?accountId=${w.stripeAccountId}` }), ...NEVER },
  'GET /api/stripes #of provider A': { call: (w) => ({ path: `/api/stripes?filters[providerId][documentId][$eq]=${w.providerA.providerId}` }), ...NEVER },
  'POST /api/stripes #for provider A': { call: (w) => ({ path: '/api/stripes', body: { providerId: w.providerA.providerId, stripeAccountId: 'acct_takenover1' } }), ...NEVER },
  'PUT /api/stripes/{id}': { call: (w) => ({ path: `/api/stripes/${w.paymentAccountId}`, body: { bankName: 'Taken Over Bank' } }), ...NEVER },
  'POST /api/providers/{id}/create-stripe-account': {
    call: (w) => ({ path: `/api/providers/${w.providerA.providerId}/create-stripe-account`, body: { business_type: 'company', company: { name: 'Taken Over' } } }),
    ...NEVER,
  },
  'GET /api/providers/{id}/stripe-status': { call: (w) => ({ path: `/api/providers/${w.providerA.providerId}/stripe-status` }), ...NEVER },
  'PUT /api/providers/{id}/stripe-status': { call: (w) => ({ path: `/api/providers/${w.providerA.providerId}/stripe-status`, body: { status: 'pending' } }), ...NEVER },
  'GET /api/providers/{id}/wallet-transactions': { call: (w) => ({ path: `/api/providers/${w.providerA.providerId}/wallet-transactions` }), ...NEVER },

  // ----------------------------------------------------------------- uploads (private: their owner, the admins and the parties of their request)
  'GET /api/upload/files/{id}': { call: (w) => ({ path: `/api/upload/files/${w.uploadId}` }), otherCustomer: 404, otherProvider: 404 },
  // The file itself only through a signed URL: the bare path is refused to everyone.
  'GET /api/uploads/{id}/{fileName}': { call: (w) => ({ path: `/api/uploads/${w.uploadId}/${w.uploadName}` }), ...NEVER },
  // A signed link is a bearer link for its short life: whoever the owner gives it to reads the file.
  'GET /api/uploads/{id}/{fileName} #signed link': { call: (w) => ({ path: w.uploadSignedUrl }), otherCustomer: 'ok', otherProvider: 'ok' },
};
