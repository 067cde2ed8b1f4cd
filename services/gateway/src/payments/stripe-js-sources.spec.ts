import { DomainError, type PaymentsConfigView } from '@tiredash/contracts';
import pino from 'pino';
import {
  askStripeJsStandInSources,
  type PaymentsConfigSource,
  stripeJsStandInSources,
} from './stripe-js-sources';

const silent = pino({ level: 'silent' });
const answering = (view: PaymentsConfigView): PaymentsConfigSource => ({ send: () => Promise.resolve(view) });

describe("the Content-Security-Policy's Stripe.js sources (payments' stripeJsUrl)", () => {
  it("allows the emulator's stand-in origin only when payments names one", async () => {
    const local = {
      publishableKey: 'pk_test_x',
      stripeSecretKey: 'pk_test_x',
      stripeJsUrl: 'http://127.0.0.1:40123/v3/',
    };
    expect(await askStripeJsStandInSources(answering(local), 1000, silent)).toEqual([
      'http://127.0.0.1:40123',
    ]);
    const real = { publishableKey: 'pk_live_x', stripeSecretKey: 'pk_live_x', stripeJsUrl: null };
    expect(await askStripeJsStandInSources(answering(real), 1000, silent)).toEqual([]);
    expect(stripeJsStandInSources('http://localhost:12111/v3/')).toEqual(['http://localhost:12111']);
  });

  it('allows nothing more when payments does not answer (unavailable, or silent past the timeout)', async () => {
    const unavailable: PaymentsConfigSource = {
      send: () =>
        Promise.reject(new DomainError('UNAVAILABLE', 'No service answers payments.cmd.get-config')),
    };
    expect(await askStripeJsStandInSources(unavailable, 1000, silent)).toEqual([]);
    const silentPayments: PaymentsConfigSource = { send: () => new Promise<never>(() => undefined) };
    expect(await askStripeJsStandInSources(silentPayments, 20, silent)).toEqual([]);
  });
});
