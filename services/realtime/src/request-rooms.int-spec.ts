import { CreateServiceRequest, type ServiceRequestView, type SocketAck } from '@tiredash/contracts';
import type { INestMicroservice } from '@nestjs/common';
import { waitFor } from '@tiredash/testing';
// The real requests service decides who is a party to a request (GetServiceRequest as the caller).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createRequestsTestEnv, startRequests } from '../../requests/src/test-support/requests-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { requestBody } from '../../requests/src/test-support/fixtures';
import { SocketServer } from './sockets/socket-server.service';
import { RealtimeTestEnv, type RealtimeNode, type RecordingClient, type TestUser } from '../test/support/realtime-harness';

function join(c: RecordingClient, payload: unknown): Promise<SocketAck> {
  return c.socket.timeout(10000).emitWithAck('join', payload) as Promise<SocketAck>;
}

describe('request rooms: joined only after the requests service confirmed membership', () => {
  let env: RealtimeTestEnv;
  let requests: INestMicroservice;
  let node: RealtimeNode;
  let customer: TestUser;
  let otherCustomer: TestUser;
  let provider: TestUser;
  let request: ServiceRequestView;

  beforeAll(async () => {
    env = await RealtimeTestEnv.create('realtime_rooms');
    const reqEnv = await createRequestsTestEnv('realtime_rooms', { READ_MODEL_WAIT_MS: '10000' }, { db: env.identityEnv.db, namespace: env.namespace });
    requests = await startRequests(reqEnv.config);
    node = await env.startNode();
    [customer, otherCustomer, provider] = await Promise.all([env.aCustomer(), env.aCustomer(), env.aProvider()]);
    // The customer's profile reaches the requests read model through identity's events.
    request = await waitFor(
      () => env.client.send(CreateServiceRequest, { actor: { userId: customer.userId, role: 'customer' }, body: requestBody() as never }),
      { timeoutMs: 15000, intervalMs: 300, message: 'request created' },
    );
  });

  afterAll(async () => {
    await requests?.close();
    await env?.close();
  });

  it("lets the request's customer join request:<id>", async () => {
    const c = await env.connect(node.url, customer.token);
    await expect(join(c, { userId: customer.userId, role: 'customer', requestId: request.documentId })).resolves.toEqual({
      ok: true,
      rooms: [`user:${customer.userId}`, `request:${request.documentId}`],
    });
    c.close();
  });

  it('refuses another customer and a provider the request was not offered to (nothing joined)', async () => {
    const other = await env.connect(node.url, otherCustomer.token);
    await expect(join(other, { userId: otherCustomer.userId, role: 'customer', requestId: request.documentId })).resolves.toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'not a party to this request' },
    });
    const p = await env.connect(node.url, provider.token);
    await expect(join(p, { userId: provider.businessId, role: 'provider', requestId: request.documentId })).resolves.toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    const rooms = await node.app.get(SocketServer).io.in(`request:${request.documentId}`).fetchSockets();
    expect(rooms).toHaveLength(0);
    other.close();
    p.close();
  });
});
