import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { PlaceBid, type ServiceRequestView } from '@tiredash/contracts';
import { SERVICE_ATTRIBUTE, createLogger, installTestTracing, useLoggerForNest } from '@tiredash/runtime';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';
import { providerData, register, startGatewayStack, type GatewayStack } from './support/gateway-harness';

/**
 * Issue 12 item 4, "Done when": one bid's trace shows spans from the gateway, requests and realtime. The bid goes
 * through the real path, gateway HTTP -> NATS command -> requests (bid + outbox row in one transaction) -> outbox
 * relay -> JetStream -> realtime fan-out -> socket emit, with every service in this process recording into one
 * in-memory exporter; the log lines the consumers write meanwhile carry the request id the gateway was given.
 */

// Before anything starts: every service of this process records into it.
const exporter = installTestTracing();

const serviceOf = (span: ReadableSpan): unknown => span.attributes[SERVICE_ATTRIBUTE];
const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;

describe('request id and trace context from the gateway through NATS and JetStream to the socket emit', () => {
  let s: GatewayStack;
  let ds: DataSource;
  const logs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    s = await startGatewayStack('gw_tracing', {}, { services: ['requests'] });
    ds = s.requests!.get<DataSource>(getDataSourceToken());
    // Every Nest logger of the services in this process (their consumers' lines included), as JSON lines.
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
        cb();
      },
    });
    useLoggerForNest(createLogger('test', { level: 'debug', destination: sink }));
  });

  afterAll(async () => {
    await s?.close();
  });

  it("puts one bid's spans from the gateway, requests and realtime in one trace, each the child of the step before, and the request id in the consumer's log line", async () => {
    const admin = await s.anAdmin();
    const customer = await register(s, 'customer');
    const customerProfile = await s.request<{ data: { documentId: string } }>('POST', '/api/customers', {
      token: customer.token,
      body: { data: { fullName: 'Trace Customer', phone: '+1 555 000 2222', paymentMethod: 'cash', user: customer.id } },
    });
    expect(customerProfile.status).toBe(201);
    const provider = await register(s, 'provider');
    const profile = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', {
      token: provider.token,
      body: providerData({ user: provider.id, businessName: 'Trace Tires', location: { address: 'x', lat: 37.78, lng: -122.41 } }),
    });
    expect(profile.status).toBe(201);
    const providerId = profile.body.data.documentId;
    expect((await s.request('PUT', `/api/providers/${providerId}`, { token: admin.token, body: { data: { isApproved: true } } })).status).toBe(200);
    await waitFor(
      async () => ((await ds.query(`SELECT 1 FROM "requests"."provider_profiles" WHERE id = $1 AND is_approved`, [providerId])) as unknown[]).length === 1,
      { message: 'the approved provider in the requests read model' },
    );
    const created = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', {
      token: customer.token,
      body: {
        data: {
          tireSize: '225/65/R17',
          serviceType: 'Tire Replacement',
          budget: 150,
          urgency: 'normal',
          priority: 'normal',
          paymentMethod: 'cash',
          location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
          address: '500 Market St',
          lat: 37.79,
          lng: -122.4,
        },
      },
    });
    expect(created.status).toBe(201);
    const requestId = created.body.data.documentId;
    await waitFor(
      async () => ((await ds.query(`SELECT 1 FROM "requests"."offers" WHERE request_id = $1 AND provider_id = $2`, [requestId, providerId])) as unknown[]).length === 1,
      { message: 'the request offered to the provider' },
    );

    // The bid, as a client that already traces would send it: its trace is continued, its request id kept.
    const traceId = randomBytes(16).toString('hex');
    const clientSpanId = randomBytes(8).toString('hex');
    const reqId = `bid-${randomUUID()}`;
    const bid = await s.request('POST', '/api/bids', {
      token: provider.token,
      headers: { traceparent: `00-${traceId}-${clientSpanId}-01`, 'x-request-id': reqId },
      body: { data: { requestId, provider: providerId, amount: 120, estimatedArrival: '15', bidStatus: 'pending' } },
    });
    expect(bid.status).toBe(201);
    expect(bid.headers['x-request-id']).toBe(reqId);

    const ofTrace = (): ReadableSpan[] => exporter.getFinishedSpans().filter((sp) => sp.spanContext().traceId === traceId);
    await waitFor(() => ofTrace().some((sp) => sp.name === 'emit new_bid'), { timeoutMs: 15000, message: 'the new_bid emit in the bid trace' });
    const spans = ofTrace();
    const one = (name: string, service: string): ReadableSpan => {
      const found = spans.filter((sp) => sp.name === name && serviceOf(sp) === service);
      expect({ name, service, count: found.length }).toEqual({ name, service, count: 1 });
      return found[0]!;
    };

    expect([...new Set(spans.map(serviceOf))]).toEqual(expect.arrayContaining(['gateway', 'requests', 'realtime']));
    const http = one('POST /api/bids', 'gateway');
    const send = one(`${PlaceBid.subject} send`, 'gateway');
    const receive = one(`${PlaceBid.subject} receive`, 'requests');
    const publish = one('requests.evt.bid.placed.v1 publish', 'requests');
    const consume = one('requests.evt.bid.placed.v1 process', 'realtime');
    const emit = one('emit new_bid', 'realtime');
    // Each step is the child of the one before it: the context crossed Fastify, NATS headers, the outbox row and JetStream.
    expect(parentOf(http)).toBe(clientSpanId);
    expect(parentOf(send)).toBe(http.spanContext().spanId);
    expect(parentOf(receive)).toBe(send.spanContext().spanId);
    expect(parentOf(publish)).toBe(receive.spanContext().spanId);
    expect(parentOf(consume)).toBe(publish.spanContext().spanId);
    expect(parentOf(emit)).toBe(consume.spanContext().spanId);
    expect(http.attributes['http.response.status_code']).toBe(201);

    // The consumer that emitted new_bid logged it with the request id and trace the gateway was given.
    const consumerLine = logs.find((l) => l.context === 'JetStreamFanout' && String(l.msg).includes('emitted new_bid'));
    expect(consumerLine).toMatchObject({ requestId: reqId, traceId, level: 20 });
    // The stored event carries them too (what a consumer in another process continues from).
    const [row] = (await ds.query(
      `SELECT headers FROM "requests"."outbox" WHERE subject = 'requests.evt.bid.placed.v1' AND payload->>'requestId' = $1`,
      [requestId],
    )) as { headers: Record<string, string> }[];
    expect(row?.headers).toMatchObject({ 'x-request-id': reqId, traceparent: `00-${traceId}-${receive.spanContext().spanId}-01` });
  });
});
