import { randomUUID } from 'node:crypto';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AcceptBid, CreateServiceRequest, GetPhotoAccess, PlaceBid, type Actor } from '@tiredash/contracts';
import type { EventPublisher, MessagingClient } from '@tiredash/messaging';
import type { DataSource } from 'typeorm';
import { aCustomer, aProvider, requestBody } from '../test-support/fixtures';
import { createRequestsTestEnv, createTestClient, startRequests, type RequestsTestEnv } from '../test-support/requests-harness';

/**
 * requests.cmd.get-photo-access (real PostgreSQL + NATS): who may see a request's photos besides their owner and the
 * admins. The parties of the request (its customer, its accepted provider), and only for photos its customer uploaded:
 * an id of someone else's upload stored in a request (data from before the gateway checked ownership) opens nothing.
 */
describe('request photos: the parties of the request', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let clientCtx: INestApplicationContext;

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_photo_access');
    app = await startRequests(env.config);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: clientCtx } = await createTestClient(env));
  });

  afterAll(async () => {
    await clientCtx?.close();
    await app?.close();
    await env?.close();
  });

  it("answers the customer's photos to the customer and, once accepted, to its provider only; never a foreign upload stored in the request", async () => {
    const customer = await aCustomer(publisher, ds);
    const other = await aCustomer(publisher, ds);
    const accepted = await aProvider(publisher, ds, { businessName: 'Accepted', location: { lat: 37.78, lng: -122.41 } });
    const offered = await aProvider(publisher, ds, { businessName: 'Offered', location: { lat: 37.79, lng: -122.41 } });
    const own = randomUUID();
    const foreign = randomUUID();
    const stranger = randomUUID();
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: requestBody({ photos: [own, foreign] }) as never });
    const uploads = [
      { id: own, ownerId: customer.userId },
      // Someone else's upload whose id was stored in the request.
      { id: foreign, ownerId: stranger },
    ];
    const allowed = async (actor: Actor) =>
      (await client.send(GetPhotoAccess, { actor, uploads })).ids.sort();

    expect(await allowed(customer.actor)).toEqual([own]);
    expect(await allowed(accepted.actor)).toEqual([]);
    expect(await allowed(offered.actor)).toEqual([]);
    expect(await allowed(other.actor)).toEqual([]);
    // The stranger's own upload is the gateway's to answer (owner), not a request's.
    expect(await allowed({ userId: stranger, role: 'customer' })).toEqual([]);

    const bid = await client.send(PlaceBid, { actor: accepted.actor, body: { data: { requestId: request.id, amount: 100, estimatedArrival: 15 } } as never });
    await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id, requestId: request.id });

    expect(await allowed(accepted.actor)).toEqual([own]);
    expect(await allowed(offered.actor)).toEqual([]);
    expect(await allowed(other.actor)).toEqual([]);
  });
});
