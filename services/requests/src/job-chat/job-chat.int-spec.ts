import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { EventPublisher, MessagingClient } from '@tiredash/messaging';
import {
  AcceptBid,
  CancelServiceRequest,
  ConfirmCompletion,
  CreateServiceRequest,
  DomainError,
  JOB_CHAT_MESSAGES,
  JobMessageSent,
  ListJobMessages,
  MarkArrived,
  PlaceBid,
  ReportCompletion,
  SendJobMessage,
  UpdateSettings,
  type ServiceRequestView,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
// The content service owns the `messaging` toggle the chat obeys: the real one, on the same database and namespace.
// eslint-disable-next-line @nx/enforce-module-boundaries -- tests run the real content service, as payments' tests do
import { contentTestConfig, startContent } from '../../../content/src/test-support/content-harness';
import { aCustomer, aProvider, outboxRows, requestBody, type TestCustomer, type TestProvider } from '../test-support/fixtures';
import { createRequestsTestEnv, createTestClient, startRequests, type RequestsTestEnv } from '../test-support/requests-harness';

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

describe('job chat (real PostgreSQL, NATS and content service)', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let content: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let clientCtx: INestApplicationContext;
  let provider: TestProvider;
  let losingProvider: TestProvider;
  let otherProvider: TestProvider;
  let otherCustomer: TestCustomer;
  const admin = { userId: randomUUID(), role: 'admin' as const };

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_chat');
    content = await startContent(contentTestConfig({ databaseUrl: env.db.url, natsUrl: env.natsUrl, namespace: env.namespace }));
    app = await startRequests(env.config);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: clientCtx } = await createTestClient(env));
    provider = await aProvider(publisher, ds, { businessName: 'Chat Tires', location: { address: '1 Main St', lat: 37.78, lng: -122.41 } });
    losingProvider = await aProvider(publisher, ds, { businessName: 'Second Tires', location: { address: '2 Main St', lat: 37.785, lng: -122.41 } });
    // Far away: never offered these requests.
    otherProvider = await aProvider(publisher, ds, { businessName: 'Far Tires', location: { address: 'LA', lat: 34.05, lng: -118.24 } });
    otherCustomer = await aCustomer(publisher, ds, { fullName: 'Olive Other' });
  });

  afterAll(async () => {
    await clientCtx?.close();
    await app?.close();
    await content?.close();
    await env?.close();
  });

  /** A request of a new customer, bid on by `provider` and `losingProvider`, `provider`'s bid accepted. */
  async function anAcceptedJob(): Promise<{ customer: TestCustomer; job: ServiceRequestView }> {
    const customer = await aCustomer(publisher, ds, { fullName: 'Casey Chat' });
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: requestBody() as never });
    const bid = await client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: request.id, amount: 120, estimatedArrival: 12 } } });
    await client.send(PlaceBid, { actor: losingProvider.actor, body: { data: { requestId: request.id, amount: 110, estimatedArrival: 9 } } });
    const job = await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id, requestId: request.id });
    return { customer, job };
  }

  const send = (actor: TestCustomer['actor'], requestId: string, text: string, clientMessageId = randomUUID()) =>
    client.send(SendJobMessage, { actor, requestId, body: { data: { text, clientMessageId } } });

  const stored = async (requestId: string): Promise<number> =>
    Number(((await ds.query(`SELECT count(*)::int AS n FROM "requests"."job_messages" WHERE request_id = $1`, [requestId])) as { n: number }[])[0]!.n);

  async function setMessaging(on: boolean): Promise<void> {
    await client.send(UpdateSettings, { actor: admin, data: { messaging: on } });
    // The change reaches requests through content's settings event (every replica drops its copy).
    const { customer, job } = await anAcceptedJob();
    await waitFor(
      async () => {
        const r = await send(customer.actor, job.id, 'probe').then(
          () => 'sent',
          (e: unknown) => (e instanceof DomainError ? ((e.details as { reason?: string } | undefined)?.reason ?? e.code) : 'other'),
        );
        return on ? r === 'sent' : r === 'MESSAGING_DISABLED';
      },
      { message: `requests sees messaging ${on ? 'on' : 'off'}` },
    );
  }

  it('the customer and the accepted provider write to each other; each message is stored once with its event, and both read the conversation newest first', async () => {
    const { customer, job } = await anAcceptedJob();
    const first = await send(customer.actor, job.id, '  Gate code is 4321, the car is in bay 2  ');
    expect(first).toMatchObject({
      requestId: job.id,
      senderRole: 'customer',
      senderUserId: customer.userId,
      senderName: 'Casey Chat',
      text: 'Gate code is 4321, the car is in bay 2',
    });
    const reply = await send(provider.actor, job.id, 'Thanks, 10 minutes away');
    expect(reply).toMatchObject({ senderRole: 'provider', senderUserId: provider.userId, senderName: 'Chat Tires' });

    for (const reader of [customer.actor, provider.actor]) {
      const page = await client.send(ListJobMessages, { actor: reader, requestId: job.id, pagination: { page: 1, pageSize: 25 } });
      expect(page.data.map((m) => m.text)).toEqual(['Thanks, 10 minutes away', 'Gate code is 4321, the car is in bay 2']);
      expect(page.meta).toMatchObject({ canSend: true, pagination: { page: 1, pageSize: 25, total: 2, pageCount: 1 } });
    }
    const second = await client.send(ListJobMessages, { actor: customer.actor, requestId: job.id, pagination: { page: 2, pageSize: 1 } });
    expect(second.data.map((m) => m.id)).toEqual([first.id]);

    const events = (await outboxRows(ds, JobMessageSent.subject)).filter((r) => r.payload.requestId === job.id);
    expect(events).toHaveLength(2);
    expect(events[1]!.payload).toMatchObject({
      customerUserId: customer.userId,
      providerId: provider.providerId,
      providerUserId: provider.userId,
      message: { id: reply.id, text: 'Thanks, 10 minutes away' },
    });
  });

  it('a retried send (same clientMessageId) answers the stored message and stores and announces nothing more, even when sent concurrently', async () => {
    const { customer, job } = await anAcceptedJob();
    const clientMessageId = randomUUID();
    const once = await send(customer.actor, job.id, 'Are you close?', clientMessageId);
    const again = await send(customer.actor, job.id, 'Are you close?', clientMessageId);
    expect(again).toEqual(once);
    const racing = randomUUID();
    const all = await Promise.all(Array.from({ length: 5 }, () => send(customer.actor, job.id, 'Hello?', racing)));
    expect(new Set(all.map((m) => m.id)).size).toBe(1);
    expect(await stored(job.id)).toBe(2);
    expect((await outboxRows(ds, JobMessageSent.subject)).filter((r) => r.payload.requestId === job.id)).toHaveLength(2);
    // The same id for another text is a client bug: refused, nothing stored.
    const reused = await rejection(send(customer.actor, job.id, 'Something else', clientMessageId));
    expect(reused).toMatchObject({ code: 'CONFLICT', details: { reason: 'CLIENT_MESSAGE_ID_REUSED' } });
    expect(await stored(job.id)).toBe(2);
  });

  it('refuses another customer, another provider, a provider that bid and was not chosen, and an admin writing; nothing is stored', async () => {
    const { job } = await anAcceptedJob();
    for (const [who, actor] of [
      ['other customer', otherCustomer.actor],
      ['other provider', otherProvider.actor],
      ['not-accepted provider', losingProvider.actor],
    ] as const) {
      const sent = await rejection(send(actor, job.id, `hello from the ${who}`));
      expect({ who, code: sent.code, message: sent.message }).toEqual({ who, code: 'NOT_OWNER', message: JOB_CHAT_MESSAGES.notParty });
      const read = await rejection(client.send(ListJobMessages, { actor, requestId: job.id, pagination: { page: 1, pageSize: 25 } }));
      expect({ who, code: read.code }).toEqual({ who, code: 'NOT_OWNER' });
    }
    const byAdmin = await rejection(send(admin, job.id, 'admin here'));
    expect(byAdmin).toMatchObject({ code: 'ROLE_NOT_ALLOWED', message: JOB_CHAT_MESSAGES.adminReadOnly });
    expect(await stored(job.id)).toBe(0);
    expect(await rejection(send(otherCustomer.actor, randomUUID(), 'nobody'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an empty, blank or too long text with a clear message (the command schema, as the gateway validates it)', async () => {
    const { customer, job } = await anAcceptedJob();
    for (const [text, message] of [
      ['', JOB_CHAT_MESSAGES.textRequired],
      ['   \n ', JOB_CHAT_MESSAGES.textRequired],
      ['x'.repeat(1001), JOB_CHAT_MESSAGES.textTooLong],
    ] as const) {
      const e = await rejection(send(customer.actor, job.id, text));
      expect(e.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(e.details)).toContain(message);
    }
    expect(await stored(job.id)).toBe(0);
    // 1000 characters (after trimming) is the most.
    expect((await send(customer.actor, job.id, ` ${'y'.repeat(1000)} `)).text).toHaveLength(1000);
  });

  it('opens at Accepted, stays open through arrival and the completion report, then is read-only (history) once the job ended', async () => {
    const customer = await aCustomer(publisher, ds);
    const open = await client.send(CreateServiceRequest, { actor: customer.actor, body: requestBody() as never });
    expect(await rejection(send(customer.actor, open.id, 'anyone?'))).toMatchObject({ code: 'CONFLICT', details: { reason: 'CHAT_NOT_OPEN' } });
    expect(await rejection(client.send(ListJobMessages, { actor: customer.actor, requestId: open.id, pagination: { page: 1, pageSize: 25 } }))).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'CHAT_NOT_OPEN' },
    });

    const { customer: c, job } = await anAcceptedJob();
    await send(c.actor, job.id, 'accepted');
    // No dispatch runs here (no streamed position): the provider says why, as the app lets it (the check: job-progress).
    await client.send(MarkArrived, { actor: provider.actor, requestId: job.id, overrideReason: 'No position streamed in this test' });
    await send(provider.actor, job.id, 'arrived');
    await client.send(ReportCompletion, { actor: provider.actor, requestId: job.id });
    await send(c.actor, job.id, 'looks good');
    await client.send(ConfirmCompletion, { actor: c.actor, requestId: job.id });
    for (const actor of [c.actor, provider.actor]) {
      expect(await rejection(send(actor, job.id, 'after the end'))).toMatchObject({ code: 'CONFLICT', message: JOB_CHAT_MESSAGES.ended, details: { reason: 'CHAT_CLOSED' } });
      const history = await client.send(ListJobMessages, { actor, requestId: job.id, pagination: { page: 1, pageSize: 25 } });
      expect(history.data.map((m) => m.text)).toEqual(['looks good', 'arrived', 'accepted']);
      expect(history.meta.canSend).toBe(false);
    }

    const { customer: c2, job: cancelled } = await anAcceptedJob();
    await send(provider.actor, cancelled.id, 'on my way');
    await client.send(CancelServiceRequest, { actor: c2.actor, requestId: cancelled.id });
    expect(await rejection(send(provider.actor, cancelled.id, 'why?'))).toMatchObject({ code: 'CONFLICT', details: { reason: 'CHAT_CLOSED' } });
    expect((await client.send(ListJobMessages, { actor: c2.actor, requestId: cancelled.id, pagination: { page: 1, pageSize: 25 } })).data).toHaveLength(1);
  });

  it("admins read any job's chat, read-only", async () => {
    const { customer, job } = await anAcceptedJob();
    await send(customer.actor, job.id, 'for the record');
    const page = await client.send(ListJobMessages, { actor: admin, requestId: job.id, pagination: { page: 1, pageSize: 25 } });
    expect(page.data.map((m) => [m.senderRole, m.text])).toEqual([['customer', 'for the record']]);
    expect(page.meta.canSend).toBe(false);
  });

  it("with the admin's messaging toggle off the parties can neither write nor read (403 MESSAGING_DISABLED), admins still read; on again, the chat works", async () => {
    const { customer, job } = await anAcceptedJob();
    await send(customer.actor, job.id, 'before the switch');
    await setMessaging(false);
    try {
      const before = await stored(job.id);
      for (const actor of [customer.actor, provider.actor]) {
        const sent = await rejection(send(actor, job.id, 'while off'));
        expect(sent).toMatchObject({ code: 'FORBIDDEN', message: JOB_CHAT_MESSAGES.disabled, details: { reason: 'MESSAGING_DISABLED' } });
        const read = await rejection(client.send(ListJobMessages, { actor, requestId: job.id, pagination: { page: 1, pageSize: 25 } }));
        expect(read).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'MESSAGING_DISABLED' } });
      }
      expect(await stored(job.id)).toBe(before);
      const forAdmin = await client.send(ListJobMessages, { actor: admin, requestId: job.id, pagination: { page: 1, pageSize: 25 } });
      expect(forAdmin.data.map((m) => m.text)).toEqual(['before the switch']);
    } finally {
      await setMessaging(true);
    }
    expect((await send(provider.actor, job.id, 'back on')).text).toBe('back on');
  });
});
