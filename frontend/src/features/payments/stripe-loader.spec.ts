import { createStripeLoader } from './stripe-loader';

/** The global Stripe.js defines (a fake one here: jsdom loads no script). */
type StripeWindow = { Stripe?: (key: string) => { key: string } };
const stripeWindow = (): StripeWindow => window as unknown as StripeWindow;

/** The script tags Stripe.js loaders put in the document, by src. */
const scriptSources = (): string[] => Array.from(document.querySelectorAll('script')).map((s) => s.src);

describe('createStripeLoader: Stripe.js from where GET /pay/config says, at run time', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    delete stripeWindow().Stripe;
  });

  it('injects the named stand-in (never js.stripe.com), then calls its window.Stripe, once per script and key', async () => {
    const loader = createStripeLoader();
    const url = 'http://127.0.0.1:12111/v3/';
    const first = loader('pk_test_local', url);
    const again = loader('pk_test_local', url);
    expect(again).toBe(first);
    expect(scriptSources()).toEqual([url]);
    stripeWindow().Stripe = (key) => ({ key });
    document.querySelector('script')?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toEqual({ key: 'pk_test_local' });
    await expect(loader('pk_test_other', url)).resolves.toEqual({ key: 'pk_test_other' });
    expect(scriptSources()).toEqual([url]);
  });

  it('retries a stand-in that failed to load', async () => {
    const loader = createStripeLoader();
    const url = 'http://127.0.0.1:12111/v3/';
    const failed = loader('pk_test_local', url);
    document.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(`Failed to load Stripe.js from ${url}`);
    void loader('pk_test_local', url).catch(() => undefined);
    expect(scriptSources()).toEqual([url, url]);
  });

  it("without a URL, Stripe's own Stripe.js from https://js.stripe.com (loadStripe)", () => {
    const loader = createStripeLoader();
    void loader('pk_live_real', null).catch(() => undefined);
    const sources = scriptSources();
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^https:\/\/js\.stripe\.com\//);
  });
});
