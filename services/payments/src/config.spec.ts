import { loadConfig } from './config';

const LOCAL = { TIREDASH_LOCAL: '1' };
const REAL = {
  STRIPE_API_BASE: 'https://api.stripe.com',
  STRIPE_SECRET_KEY: 'sk_test_real',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_real',
  STRIPE_WEBHOOK_SECRET: 'whsec_real',
};

describe('payments config: where the SPA loads Stripe.js from (GET /pay/config stripeJsUrl)', () => {
  it("the bundled emulator (its default address, or the one the launcher sets): the emulator's stand-in at /v3/", () => {
    expect(loadConfig(LOCAL).stripe.jsUrl).toBe('http://127.0.0.1:12111/v3/');
    expect(loadConfig({ ...LOCAL, STRIPE_API_BASE: 'http://127.0.0.1:40123/' }).stripe.jsUrl).toBe(
      'http://127.0.0.1:40123/v3/',
    );
  });

  it('STRIPE_JS_URL: where browsers reach the stand-in when it is not STRIPE_API_BASE (Docker), or none', () => {
    const compose = { ...LOCAL, STRIPE_API_BASE: 'http://stripe-emulator:12111' };
    expect(loadConfig({ ...compose, STRIPE_JS_URL: 'http://localhost:12111/v3/' }).stripe.jsUrl).toBe(
      'http://localhost:12111/v3/',
    );
    expect(loadConfig({ ...compose, STRIPE_JS_URL: 'none' }).stripe.jsUrl).toBeNull();
    expect(() => loadConfig({ ...compose, STRIPE_JS_URL: 'localhost/v3' })).toThrow(/STRIPE_JS_URL/);
  });

  it("real Stripe, or a live key: Stripe's own Stripe.js, whatever STRIPE_JS_URL says", () => {
    expect(loadConfig({ ...LOCAL, ...REAL }).stripe.jsUrl).toBeNull();
    expect(
      loadConfig({ ...LOCAL, ...REAL, STRIPE_JS_URL: 'http://localhost:12111/v3/' }).stripe.jsUrl,
    ).toBeNull();
    const liveThroughProxy = {
      ...LOCAL,
      ...REAL,
      STRIPE_API_BASE: 'http://stripe-proxy:8080',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    };
    expect(loadConfig(liveThroughProxy).stripe.jsUrl).toBeNull();
  });
});
