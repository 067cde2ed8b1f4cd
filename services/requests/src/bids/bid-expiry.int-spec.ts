import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { EventPublisher, MessagingClient } from '@tiredash/messaging';
import { AcceptBid, CreateServiceRequest, DomainError, ListServiceRequests, PlaceBid } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';
import { aCustomer, aProvider, outboxRows, requestBody } from '../test-support/fixtures';
import { createRequestsTestEnv, createTestClient, startRequests, type RequestsTestEnv } from '../test-support/requests-harness';

describe('bid expiry (BIDDING_WINDOW_SECONDS=1)', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let ctx: INestApplicationContext;

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_expiry', { BIDDING_WINDOW_SECONDS: '1', BID_SWEEP_INTERVAL_MS: '100' });
    app = await startRequests(env.config);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: ctx } = await createTestClient(env));
  });

  afterAll(async () => {
    await ctx?.close();
    await app?.close();
    await env?.close();
  });

  it('expires a pending bid after the window with a bid.expired event; it can no longer be accepted; the request stays listable', async () => {
    const customer = await aCustomer(publisher, ds);
    const provider = await aProvider(publisher, ds);
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: requestBody() as never });
    const bid = await client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: request.id, amount: 80, estimatedArrival: 10 } } });
    expect(new Date(bid.expiresAt).getTime() - new Date(bid.submittedAt).getTime()).toBe(1000);
    const [expired] = await waitFor(async () => {
      const rows = await outboxRows(ds, 'requests.evt.bid.expired.v1');
      return rows.length > 0 ? rows : null;
    }, { timeoutMs: 5000 });
    expect(expired!.payload).toMatchObject({
      requestId: request.id,
      bidId: bid.id,
      providerId: provider.providerId,
      providerUserId: provider.userId,
      customerId: customer.customerId,
      customerUserId: customer.userId,
    });
    const err = await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'CONFLICT', details: { reason: 'BID_NOT_OPEN' } });
    const mine = await client.send(ListServiceRequests, { actor: customer.actor });
    expect(mine.data.map((r) => [r.id, r.tireStatus, r.bids[0]?.bidStatus])).toEqual([[request.id, 'Bids Open', 'expired']]);
    // Exactly one event per bid, even with repeated sweeps.
    await new Promise((r) => setTimeout(r, 300));
    expect(await outboxRows(ds, 'requests.evt.bid.expired.v1')).toHaveLength(1);
  });
});
