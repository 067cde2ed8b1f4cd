import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { BidsController } from '../requests/bids.controller';
import { ServiceRequestsController } from '../requests/service-requests.controller';
import { ADMISSION_RETRY_AFTER_SECONDS, admission, registerAdmission, type AdmissionState } from './admission';

/** A call the test answers when it wants: what a bid waiting on a busy backend looks like to the front door. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('admission at the front door (bids in flight per gateway instance)', () => {
  let app: FastifyInstance;
  let state: AdmissionState;
  let gates: ReturnType<typeof gate>[];

  beforeEach(async () => {
    gates = [];
    app = Fastify();
    state = registerAdmission(app, { bid: 2 });
    app.post('/api/bids', { config: admission('bid') }, async () => {
      const g = gate();
      gates.push(g);
      await g.opened;
      return { ok: true };
    });
    app.put('/api/service-requests/:id', async () => ({ accepted: true }));
    await app.ready();
  });

  afterEach(async () => {
    for (const g of gates) g.open();
    await app.close();
  });

  const bid = () => app.inject({ method: 'POST', url: '/api/bids', payload: {} });
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setImmediate(r));
    expect(check()).toBe(true);
  };

  it('answers the bid over the limit at once with 503 UNAVAILABLE and Retry-After, and lets one in again when one ends', async () => {
    const first = bid();
    const second = bid();
    await until(() => gates.length === 2);
    expect(state.inFlight.bid).toBe(2);

    const refused = await bid();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(ADMISSION_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({ error: { status: 503, code: 'UNAVAILABLE', details: { retryAfterSeconds: ADMISSION_RETRY_AFTER_SECONDS } } });
    expect(gates).toHaveLength(2); // the refused call never reached the handler
    expect(state.refused.bid).toBe(1);

    gates[0]!.open();
    expect((await first).statusCode).toBe(200);
    expect(state.inFlight.bid).toBe(1);
    const third = bid();
    await until(() => gates.length === 3);
    gates[1]!.open();
    gates[2]!.open();
    expect([(await second).statusCode, (await third).statusCode]).toEqual([200, 200]);
    expect(state.inFlight.bid).toBe(0);
  });

  it('never makes an accept or a cancel wait behind the bids', async () => {
    void bid();
    void bid();
    await until(() => gates.length === 2);
    expect((await bid()).statusCode).toBe(503);
    const accept = await app.inject({ method: 'PUT', url: '/api/service-requests/r1', payload: {} });
    expect(accept.statusCode).toBe(200);
  });

  it('is on the real bid route, and on no request route', () => {
    const bidConfig = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, BidsController.prototype.create) as Record<string, unknown>;
    expect(bidConfig).toMatchObject({ admission: 'bid' });
    for (const name of Object.getOwnPropertyNames(ServiceRequestsController.prototype)) {
      const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, (ServiceRequestsController.prototype as unknown as Record<string, object>)[name]!) as
        | Record<string, unknown>
        | undefined;
      expect(config?.admission).toBeUndefined();
    }
  });
});
