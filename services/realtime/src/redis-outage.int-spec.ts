import { BidPlaced } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { pause, RealtimeTestEnv, type RecordingClient, type TestUser } from '../test/support/realtime-harness';
import { aRequest, bidPlaced } from '../test/support/requests-events';

/**
 * A TCP relay to the shared Redis that can cut every connection through it and refuse new ones for a while: one
 * replica's Redis link drops (a network blip, a Redis failover seen late) while the other replicas keep theirs.
 */
class CuttableRedisLink {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async open(redisUrl: string): Promise<CuttableRedisLink> {
    const u = new URL(redisUrl);
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const p = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const link = new CuttableRedisLink(port, { host: u.hostname, port: Number(u.port || 6379) });
    await link.listen();
    return link;
  }

  url(redisUrl: string): string {
    const u = new URL(redisUrl);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
  }

  /** Drops every connection through the link and refuses new ones until restore(). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  async restore(): Promise<void> {
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

const idsOf = (c: RecordingClient): string[] => c.of('new_bid').map((p) => String(p.id));

describe('realtime: a replica that loses Redis for a while (real NATS and Redis)', () => {
  let env: RealtimeTestEnv;
  let link: CuttableRedisLink;
  let customer: TestUser;
  let provider: TestUser;

  beforeAll(async () => {
    env = await RealtimeTestEnv.create('realtime_redis_outage');
    link = await CuttableRedisLink.open(env.redisUrl);
    [customer, provider] = await Promise.all([env.aCustomer(), env.aProvider()]);
  });

  afterAll(async () => {
    await env?.close();
    await link?.close();
  });

  it("delivers to its sockets, once and in order, what other replicas emitted while its Redis link was down", async () => {
    // The worker consumes and emits; the customer's socket is on an edge replica whose Redis link will drop.
    const worker = await env.startNode();
    const edge = await env.startNode({ REALTIME_FANOUT: 'false', REDIS_URL: link.url(env.redisUrl) });
    const c = await env.connect(edge.url, customer.token);
    const r = aRequest(customer);

    const before = Array.from({ length: 5 }, () => randomUUID());
    for (const id of before) await env.publish(BidPlaced, bidPlaced(r, provider, 100, id));
    await waitFor(() => c.of('new_bid').length === 5, { message: 'the first 5 bids' });

    await link.cut();
    const during = Array.from({ length: 20 }, () => randomUUID());
    for (const id of during) await env.publish(BidPlaced, bidPlaced(r, provider, 100, id));
    // The worker emitted them all while the edge could not hear: its socket is still connected.
    await pause(2000);
    expect(c.socket.connected).toBe(true);
    await link.restore();

    const after = Array.from({ length: 5 }, () => randomUUID());
    for (const id of after) await env.publish(BidPlaced, bidPlaced(r, provider, 100, id));
    await waitFor(() => c.of('new_bid').length >= 30, { timeoutMs: 20000, message: 'all 30 bids on the edge socket' });
    await pause(500);
    expect(idsOf(c)).toEqual([...before, ...during, ...after]);
    c.close();
    await edge.close();
    await worker.close();
  });
});
