import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { EventPublisher, MessagingClient } from '@tiredash/messaging';
import { CreateServiceRequest, PlaceBid } from '@tiredash/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { aCustomer, aProvider, requestBody } from '../test-support/fixtures';
import { createRequestsTestEnv, createTestClient, startRequests, type RequestsTestEnv } from '../test-support/requests-harness';
import { ViewsService } from '../views/views.service';

/**
 * Found by `npm run chaos` (restart PostgreSQL during a bidding burst): the bid path holds a raw pg client between
 * its two statements, and PostgreSQL's fast shutdown ends every backend (FATAL 57P01). A checked-out client has no
 * 'error' listener, so the process died of an unhandled 'error' event; a replica of requests exited.
 */
describe('a bid whose connection the server ends between its two statements', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let ctx: INestApplicationContext;

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_bid_connloss');
    app = await startRequests(env.config);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: ctx } = await createTestClient(env));
  });

  afterAll(async () => {
    await ctx?.close();
    await app?.close();
    await env?.close();
  });

  it('fails that bid, keeps the process serving, and the retried bid is stored', async () => {
    const customer = await aCustomer(publisher, ds);
    const provider = await aProvider(publisher, ds);
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: requestBody() as never });
    const views = app.get(ViewsService);
    const original = views.responseSeconds.bind(views);
    // Between the bid's two statements: the server ends the bid's backend, as a PostgreSQL restart does, and the
    // FATAL reaches the idle checked-out client.
    jest.spyOn(views, 'responseSeconds').mockImplementationOnce(async (m: EntityManager, ids: string[]) => {
      const ended: unknown[] = await ds.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%pg_advisory_xact_lock%'`,
      );
      expect(ended).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 300));
      return original(m, ids);
    });
    const bid = { actor: provider.actor, body: { data: { requestId: request.id, amount: 90, estimatedArrival: 10 } } };
    await expect(client.send(PlaceBid, bid)).rejects.toBeDefined();
    const placed = await client.send(PlaceBid, bid);
    const rows: { n: string }[] = await ds.query(`SELECT count(*)::text AS n FROM "requests"."bids" WHERE "request_id" = $1`, [request.id]);
    expect(rows[0]!.n).toBe('1');
    expect(placed.requestId ?? request.id).toBe(request.id);
  });
});
