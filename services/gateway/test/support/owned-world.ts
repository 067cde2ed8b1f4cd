import { randomBytes } from 'node:crypto';
import type { BidView, ServiceRequestView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { aCardJob } from './card-job';
import { providerData, register, type GatewayStack, type Registered } from './gateway-harness';

/**
 * Real resources owned by one side of the marketplace (customer A, provider A), built through the gateway as the
 * app builds them, and two strangers of the same roles (customer B, provider B) to try them. The stack must run
 * requests, payments and dispatch.
 */
export interface OwnedWorld {
  admin: { token: string; id: string; email: string };
  /** Customer A: an open request with provider A's bid, and an accepted card job (card held) with provider A. */
  customerA: Registered & { profileId: string; phone: string };
  /** The customer of provider A's completed, paid and rated card job. */
  raterA: Registered & { profileId: string };
  /** Provider A: approved, exact position, a Stripe account record, a wallet credited by the completed job. */
  providerA: Registered & { providerId: string; phone: string; lat: number; lng: number };
  /** A pending (not approved) provider: 404 to everyone but itself and admins. */
  pendingA: Registered & { providerId: string };
  customerB: Registered & { profileId: string };
  providerB: Registered & { providerId: string };
  /** Provider C: approved and in range, offered A's requests while open, never chosen. */
  providerC: Registered & { providerId: string };
  openRequestId: string;
  openBidId: string;
  acceptedRequestId: string;
  acceptedBidId: string;
  completedRequestId: string;
  paymentIntentId: string;
  ratingId: string;
  paymentAccountId: string;
  stripeAccountId: string;
  uploadId: string;
  uploadName: string;
  /** The signed URL the upload answered its owner with. */
  uploadSignedUrl: string;
}

/** Provider A's exact position: its public card rounds it (about 1 km), so these digits must never show to others. */
const EXACT = { lat: 37.771234, lng: -122.421234 };
const PHONE_A = '+1 555 987 6543';

async function aProvider(s: GatewayStack, adminToken: string | null, overrides: Record<string, unknown> = {}): Promise<Registered & { providerId: string }> {
  const user = await register(s, 'provider');
  const res = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', { token: user.token, body: providerData({ user: user.id, ...overrides }) });
  if (res.status !== 201) throw new Error(`provider: ${res.status} ${res.text}`);
  const providerId = res.body.data.documentId;
  if (adminToken) {
    const ok = await s.request('PUT', `/api/providers/${providerId}`, { token: adminToken, body: { data: { isApproved: true } } });
    if (ok.status !== 200) throw new Error(`approve: ${ok.status} ${ok.text}`);
  }
  return { ...user, providerId };
}

async function aCustomer(s: GatewayStack, name: string): Promise<Registered & { profileId: string }> {
  const user = await register(s, 'customer');
  const res = await s.request<{ data: { documentId: string } }>('POST', '/api/customers', {
    token: user.token,
    body: { data: { fullName: name, phone: '+1 555 000 3333', paymentMethod: 'cash', user: user.id } },
  });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
  return { ...user, profileId: res.body.data.documentId };
}

async function profileOf(s: GatewayStack, token: string): Promise<string> {
  const me = await s.request<{ customer?: { documentId: string } | null }>('GET', '/api/users/me', { token });
  const id = me.body.customer?.documentId;
  if (!id) throw new Error(`no customer profile: ${me.status} ${me.text}`);
  return id;
}

/** A one-pixel PNG uploaded as multipart, the SPA's way. */
async function anUpload(s: GatewayStack, token: string): Promise<{ id: string; name: string; signedUrl: string }> {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000'.padEnd(134, '0'), 'hex');
  const boundary = `----ownership${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.gateway.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode >= 300) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  const items = JSON.parse(res.body) as { id: string; name?: string; url: string }[];
  const first = items[0]!;
  // A private upload comes back with a signed URL: the file name is the path's last part, before the query.
  return { id: first.id, name: first.url.split('?')[0]!.split('/').pop()!, signedUrl: first.url };
}

export async function buildOwnedWorld(s: GatewayStack): Promise<OwnedWorld> {
  const admin = await s.anAdmin();
  const a = await aProvider(s, admin.token, { phone: PHONE_A, location: { address: '1 Main St', ...EXACT } });
  const providerA = { ...a, phone: PHONE_A, ...EXACT };
  const pendingA = await aProvider(s, null, { businessName: 'Pending Tires' });
  // Provider B offers none of the services A's requests ask for: it is offered none of them.
  const providerB = await aProvider(s, admin.token, { businessName: 'Other Tires', service_types: ['Wheel Balancing'], location: { address: '2 Main St', lat: 37.78, lng: -122.41 } });
  const customerB = await aCustomer(s, 'Bea Other');
  const providerC = await aProvider(s, admin.token, {
    businessName: 'Offered Tires',
    service_types: ['Flat Tire Repair', 'Tire Rotation'],
    location: { address: '3 Main St', lat: 37.785, lng: -122.405 },
  });

  // A completed, paid and rated card job of provider A (its wallet is credited from the capture).
  const done = await aCardJob(s, admin.token, { budget: 100, amount: 90, provider: providerA });
  const captured = await s.request('POST', '/pay/payments/capture', { token: done.customer.token, body: { requestId: done.requestId } });
  if (captured.status !== 200) throw new Error(`capture: ${captured.status} ${captured.text}`);
  await waitFor(
    async () => (await s.request<{ data: ServiceRequestView }>('GET', `/api/service-requests/${done.requestId}`, { token: done.customer.token })).body.data.tireStatus === 'Service Completed',
    { message: 'the completed job confirmed by its capture' },
  );
  const rated = await s.request<{ data: { documentId?: string; id?: string } }>('POST', '/api/ratings', {
    token: done.customer.token,
    body: { data: { request_id: done.requestId, rating: 5, comment: 'Quick and tidy' } },
  });
  if (rated.status !== 201) throw new Error(`rating: ${rated.status} ${rated.text}`);
  const ratingId = String(rated.body.data.documentId ?? rated.body.data.id);

  // Customer A's accepted card job (the card held for the bid + fee), then its open request with provider A's bid.
  const job = await aCardJob(s, admin.token, { budget: 120, amount: 110, until: 'accepted', provider: providerA });
  const acceptedBid = await s.request<{ data: BidView[] }>('GET', `/api/bids?filters[requestId][$eq]=${job.requestId}`, { token: job.customer.token });
  const acceptedBidId = acceptedBid.body.data[0]?.documentId;
  if (!acceptedBidId) throw new Error(`accepted bid: ${acceptedBid.status} ${acceptedBid.text}`);
  // aCardJob's customer profile phone.
  const customerA = { ...job.customer, profileId: await profileOf(s, job.customer.token), phone: '+1 555 000 2222' };
  const open = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', {
    token: customerA.token,
    body: { data: { tireSize: '225/65/R17', serviceType: 'Tire Rotation', budget: 80, paymentMethod: 'cash', location: { address: '500 Market St', lat: 37.79, lng: -122.4 } } },
  });
  if (open.status !== 201) throw new Error(`open request: ${open.status} ${open.text}`);
  const openRequestId = open.body.data.documentId;
  const bid = await waitFor(async () => {
    const r = await s.request<{ data: BidView }>('POST', '/api/bids', { token: providerA.token, body: { data: { requestId: openRequestId, amount: 75, estimatedArrival: 15 } } });
    return r.status === 201 ? r.body.data : null;
  }, { message: "provider A's bid on the open request" });
  await waitFor(async () => (await s.request('GET', `/api/service-requests/${openRequestId}`, { token: providerC.token })).status === 200, {
    message: 'the open request offered to provider C',
  });

  // Provider A's Stripe account record, and customer A's upload.
  const account = await s.request<{ data: { id: string } }>('POST', `/api/providers/${providerA.providerId}/create-stripe-account`, {
    token: providerA.token,
    body: { email: providerA.email, business_type: 'company', company: { name: 'Fast Tires' } },
  });
  if (account.status !== 201) throw new Error(`stripe account: ${account.status} ${account.text}`);
  const records = await s.request<{ data: { id: string; stripeAccountId: string }[] }>('GET', `/api/stripes?filters[providerId][documentId][$eq]=${providerA.providerId}`, {
    token: providerA.token,
  });
  const record = records.body.data[0];
  if (!record) throw new Error(`stripe record: ${records.status} ${records.text}`);
  const upload = await anUpload(s, customerA.token);

  return {
    admin,
    customerA,
    raterA: { ...done.customer, profileId: await profileOf(s, done.customer.token) },
    providerA,
    pendingA,
    customerB,
    providerB,
    providerC,
    openRequestId,
    openBidId: bid.documentId,
    acceptedRequestId: job.requestId,
    acceptedBidId,
    completedRequestId: done.requestId,
    paymentIntentId: job.paymentIntentId,
    ratingId,
    paymentAccountId: record.id,
    stripeAccountId: record.stripeAccountId,
    uploadId: upload.id,
    uploadName: upload.name,
    uploadSignedUrl: upload.signedUrl,
  };
}
