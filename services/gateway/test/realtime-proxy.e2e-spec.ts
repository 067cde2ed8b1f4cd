import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BidPlaced, type EventPayload } from '@tiredash/contracts';
import { EventPublisher } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { io, type Socket } from 'socket.io-client';
import { register, startGatewayStack, type GatewayStack, type Registered } from './support/gateway-harness';

function bidFor(customerUserId: string): EventPayload<typeof BidPlaced> {
  const requestId = randomUUID();
  const bidId = randomUUID();
  const providerId = randomUUID();
  const now = new Date();
  return {
    requestId,
    customerId: randomUUID(),
    customerUserId,
    providerId,
    providerUserId: null,
    replacedBidId: null,
    bid: {
      bidId,
      documentId: bidId,
      requestId,
      providerId,
      provider: { documentId: providerId, businessName: 'Fast Tires', fullName: null, rating: null, totalJobs: 0, responseTime: null },
      amount: 75,
      estimatedArrival: '20',
      notes: null,
      message: null,
      bidStatus: 'pending',
      location: null,
      distance: null,
      submittedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 240_000).toISOString(),
      countdown: 10,
    },
  };
}

describe('gateway /socket.io proxy to realtime', () => {
  let s: GatewayStack;
  let base: string;
  let customer: Registered;
  const sockets: Socket[] = [];

  function connect(token: string | null, transports: string[]): Promise<Socket> {
    const socket = io(base, { path: '/socket.io', transports, upgrade: false, reconnection: false, forceNew: true, auth: token ? { token } : {} });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  beforeAll(async () => {
    s = await startGatewayStack('gw_realtime');
    await s.gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(s.gateway.getHttpServer().address() as AddressInfo).port}`;
    customer = await register(s, 'customer');
  });

  afterAll(async () => {
    for (const so of sockets) so.disconnect();
    await s?.close();
  });

  it.each([['websocket'], ['polling']])('connects through the gateway port over %s with a token and receives an event', async (transport) => {
    const socket = await connect(customer.token, [transport]);
    expect(socket.io.engine.transport.name).toBe(transport);
    const got: Array<{ bidId: string; amount: number }> = [];
    socket.on('new_bid', (p: { bidId: string; amount: number }) => got.push(p));
    const event = bidFor(customer.id);
    await s.gateway.get(EventPublisher).publishRaw(BidPlaced.subject, {
      id: randomUUID(),
      subject: BidPlaced.subject,
      occurredAt: new Date().toISOString(),
      payload: event,
    });
    await waitFor(() => got.length === 1, { timeoutMs: 10000 });
    expect(got[0]).toMatchObject({ bidId: event.bid.bidId, amount: 75 });
  });

  it('refuses an anonymous socket through the gateway', async () => {
    await expect(connect(null, ['websocket'])).rejects.toThrow('unauthorized');
    await expect(connect(null, ['polling'])).rejects.toThrow('unauthorized');
  });

  it('reports realtime in /ready, and names it when it is down', async () => {
    const ready = await s.request<{ checks: Record<string, { ok: boolean }> }>('GET', '/ready');
    expect(ready.body.checks.realtime).toMatchObject({ ok: true });
    await s.realtime.close();
    const down = await s.request<{ failed: string[] }>('GET', '/ready');
    expect(down.status).toBe(503);
    expect(down.body.failed).toContain('realtime');
  });
});
