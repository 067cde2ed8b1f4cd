// Issue 13 item 4 through the gateway: the job chat between a customer and the provider of an accepted job. People
// sign up and act through the API as the app does: a provider registers, the admin approves it, it goes online; a
// customer registers and posts a cash request; the provider bids, the customer accepts. Both hold a socket as the
// tracking screens do. Messages go both ways over REST and arrive live (`job_message`) on the other party's socket
// exactly once, a retried send included; strangers are refused; with the admin's `messaging` toggle off the chat is
// refused (403 MESSAGING_DISABLED) and the admin still reads it. The toggle is put back at the end (the stack is
// shared by the files of the run, which run in band).
import crypto from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { adminToken, approvedProvider, call, eventually, goOnline, ok, register, withCustomerProfile, openSocket, bidWhenOffered, acceptBid, requestData, type ErrorBody } from './support/api';

interface Message {
  id: string;
  requestId: string;
  senderRole: 'customer' | 'provider';
  text: string;
  clientMessageId: string;
}

// Far from the seeded providers (San Francisco) and from the other e2e files' places: the request reaches only ours.
const PROVIDER_AT = { lat: 40.7608, lng: -111.891 };
const CUSTOMER_AT = { lat: 40.768, lng: -111.891 };

describe('job chat through the gateway: both parties of an accepted job, live on each socket once, obeying the messaging toggle', () => {
  const id = crypto.randomBytes(4).toString('hex');
  let admin: string;
  let messagingWas: boolean;
  let provider: { token: string; userId: string; providerId: string };
  let customer: { token: string; userId: string };
  let stranger: { token: string };
  let requestId: string;
  const sockets: Socket[] = [];
  const received: Record<'customer' | 'provider', Message[]> = { customer: [], provider: [] };

  const signUp = (role: 'customer' | 'provider', who: string) => register(role, `chat-${who}-${id}@example.com`, `Chat-${id}-pw`);

  const aCustomer = async (who: string) => withCustomerProfile(await signUp('customer', who), `Casey ${who} ${id}`, '555-010-5151');

  /** A socket as the tracking screens hold one: joined with the request; every `job_message` it hears kept. */
  const connect = (token: string, join: { userId: string; role: 'customer' | 'provider' }, into: Message[]): Promise<Socket> =>
    openSocket(token, sockets, { ...join, requestId }, (s) => s.on('job_message' as never, ((m: Message) => into.push(m)) as never));

  const post = (token: string, text: string, clientMessageId: string = crypto.randomUUID()) =>
    call<{ data: Message } & ErrorBody>('POST', `/api/service-requests/${requestId}/messages`, { token, body: { data: { text, clientMessageId } } });

  /** Waits until both sockets heard `ids`, then a quiet second more, so a late duplicate would be caught. */
  async function settle(ids: string[]): Promise<void> {
    await eventually('the messages on both sockets', async () =>
      ids.every((m) => received.customer.some((x) => x.id === m) && received.provider.some((x) => x.id === m)),
    );
    await new Promise((r) => setTimeout(r, 1500));
  }

  const copies = (side: 'customer' | 'provider', messageId: string): number => received[side].filter((m) => m.id === messageId).length;

  beforeAll(async () => {
    admin = await adminToken();
    messagingWas = (await ok<{ data: { messaging: boolean } }>('GET', '/api/settings', { token: admin })).data.messaging;
    if (!messagingWas) await ok('PUT', '/api/settings', { token: admin, body: { data: { messaging: true } } });

    // The provider's application, approval and Online switch.
    const p = await approvedProvider(await signUp('provider', 'provider'), { businessName: `Wasatch Tires ${id}`, fullName: 'Dana Chat', phone: '555-010-5252' }, admin);
    await goOnline(p, PROVIDER_AT);
    provider = p;

    customer = await aCustomer('customer');
    stranger = await aCustomer('stranger');

    // The customer posts a cash request; the provider bids once it reached it; the customer accepts.
    const created = await ok<{ data: { documentId: string } }>('POST', '/api/service-requests', {
      token: customer.token,
      body: { data: requestData({ budget: 90, paymentMethod: 'cash', at: { ...CUSTOMER_AT, address: 'Temple Square, Salt Lake City' }, description: `chat ${id}` }) },
    });
    requestId = created.data.documentId;
    const bidId = await bidWhenOffered(provider, requestId, 85);
    await acceptBid(customer, requestId, bidId);

    await connect(customer.token, { userId: customer.userId, role: 'customer' }, received.customer);
    await connect(provider.token, { userId: provider.providerId, role: 'provider' }, received.provider);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    if (admin && messagingWas !== undefined) await ok('PUT', '/api/settings', { token: admin, body: { data: { messaging: messagingWas } } });
  });

  it('messages both ways arrive live on the other party (and the sender\'s own socket) exactly once, a retried send included, and read back newest first', async () => {
    const fromCustomer = await post(customer.token, '  The car is in the north lot  ');
    expect(fromCustomer.status).toBe(201);
    expect(fromCustomer.body.data).toMatchObject({ requestId, senderRole: 'customer', text: 'The car is in the north lot' });

    const retryId = crypto.randomUUID();
    const fromProvider = await post(provider.token, 'Ten minutes away', retryId);
    expect(fromProvider.status).toBe(201);
    // The app retries after a lost answer: the same message, nothing new for anyone.
    const retried = await post(provider.token, 'Ten minutes away', retryId);
    expect(retried.body.data.id).toBe(fromProvider.body.data.id);

    const ids = [fromCustomer.body.data.id, fromProvider.body.data.id];
    await settle(ids);
    for (const m of ids) expect({ m, customer: copies('customer', m), provider: copies('provider', m) }).toEqual({ m, customer: 1, provider: 1 });
    expect(received.provider.find((m) => m.id === fromCustomer.body.data.id)).toMatchObject({ senderRole: 'customer', text: 'The car is in the north lot' });
    expect(received.customer.find((m) => m.id === fromProvider.body.data.id)).toMatchObject({ senderRole: 'provider', text: 'Ten minutes away' });

    for (const token of [customer.token, provider.token, admin]) {
      const page = await ok<{ data: Message[]; meta: { canSend: boolean; pagination: { total: number } } }>('GET', `/api/service-requests/${requestId}/messages`, { token });
      expect(page.data.map((m) => m.text)).toEqual(['Ten minutes away', 'The car is in the north lot']);
      expect(page.meta).toMatchObject({ canSend: token !== admin, pagination: { total: 2 } });
    }
  });

  it('refuses another customer, an admin writing, and an empty or too long text (400 with the message)', async () => {
    const before = received.provider.length;
    expect((await post(stranger.token, 'hello?')).body.error).toMatchObject({ status: 403, code: 'NOT_OWNER' });
    expect((await call<ErrorBody>('GET', `/api/service-requests/${requestId}/messages`, { token: stranger.token })).status).toBe(403);
    expect((await post(admin, 'admin here')).body.error).toMatchObject({ status: 403, code: 'ROLE_NOT_ALLOWED' });
    expect((await post(customer.token, '   ')).body.error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const long = await post(customer.token, 'x'.repeat(1001));
    expect(long.body.error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(long.text).toContain('A message is at most 1000 characters');
    expect((await call('POST', `/api/service-requests/${requestId}/messages`, { body: { data: { text: 'hi', clientMessageId: crypto.randomUUID() } } })).status).toBe(401);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.provider.length).toBe(before);
  });

  it("with the admin's messaging toggle off the parties are refused (403 MESSAGING_DISABLED) and nothing reaches a socket; the admin still reads; on again it works", async () => {
    await ok('PUT', '/api/settings', { token: admin, body: { data: { messaging: false } } });
    const before = { customer: received.customer.length, provider: received.provider.length };
    try {
      // Probed with a read (a write probe could land while requests still has messaging on).
      await eventually('requests to see messaging off', async () => {
        const res = await call<ErrorBody>('GET', `/api/service-requests/${requestId}/messages`, { token: customer.token });
        return res.status === 403;
      });
      const refused = await post(customer.token, 'are you there?');
      expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'Messaging is turned off on this platform', details: { reason: 'MESSAGING_DISABLED' } });
      expect((await post(provider.token, 'still here')).body.error).toMatchObject({ status: 403, details: { reason: 'MESSAGING_DISABLED' } });
      expect((await call<ErrorBody>('GET', `/api/service-requests/${requestId}/messages`, { token: provider.token })).body.error).toMatchObject({
        status: 403,
        details: { reason: 'MESSAGING_DISABLED' },
      });
      expect((await ok<{ data: Message[] }>('GET', `/api/service-requests/${requestId}/messages`, { token: admin })).data).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 1000));
      expect({ customer: received.customer.length, provider: received.provider.length }).toEqual(before);
    } finally {
      await ok('PUT', '/api/settings', { token: admin, body: { data: { messaging: true } } });
    }
    // Probed with reads too: sends are rate-limited per account (CHAT_RATE_LIMIT).
    await eventually('requests to see messaging on', async () => {
      const res = await call('GET', `/api/service-requests/${requestId}/messages`, { token: provider.token });
      return res.status === 200;
    });
    const backOn = await post(provider.token, 'back online');
    expect(backOn.status).toBe(201);
    const back = backOn.body.data;
    await settle([back.id]);
    expect(copies('customer', back.id)).toBe(1);
  });
});
