// Issue 4's browser test: the card path end to end on the stack as `npm start` runs it, nothing intercepted: payments
// runs against the bundled Stripe emulator, so GET /pay/config names the emulator's Stripe.js stand-in (its /v3/),
// which the payment dialog loads and which sends card details to the emulator as Stripe.js sends them to Stripe
// (issue 14 item 1: a card payment works in a real browser on the local stack).
//   provider: /provider/settings -> 'Set Up Stripe Connect' -> hosted onboarding (emulator) -> /provider/complete
//             (countdown) -> 'Connected' with the masked bank account
//   customer: card request (budget $90) with a new card, saved -> authorisation of $100 -> request created
//   provider: bids $85 -> customer accepts: 'The charge amount is now $95.00', pays with the saved card
//   job:      the provider's /provider/tracking/{id}: 'I AM HERE', then 'JOB COMPLETED'
//   confirm:  the customer's /tracking/{id} 'Confirm Completion' (the server captures the $95, then completes)
//             -> /payment/{id} with the card summary; the provider hears 'Job Confirmed'
//   provider: the Earnings tab shows the credited 80% of $85 = $68.00 more than before, History lists it first.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { dollars, logIn, socketJoined, visibleMessages } from './support/page-steps';
import { baseUrl } from './support/stack-env';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
/** The provider's device, near its shop (its live job page streams it). */
const PROVIDER_POSITION = { latitude: 37.7936, longitude: -122.3958 };

/** The provider's Earnings tab: its available balance in dollars. */
async function availableBalance(p: Page): Promise<number> {
  await p.getByRole('tab', { name: 'Earnings' }).click();
  const value = p.getByTestId('available-balance');
  await value.waitFor({ timeout: 15000 });
  return dollars(await value.innerText());
}

/** The provider's History tab: its wallet transactions as shown, newest first ([] when it has none). */
async function walletHistory(p: Page): Promise<Array<{ service: string; amount: string }>> {
  await p.getByRole('tab', { name: 'History' }).click();
  const list = p.getByRole('list', { name: 'Wallet transactions' });
  await Promise.race([list.waitFor({ timeout: 15000 }), p.getByText('No transactions yet.').waitFor({ timeout: 15000 })]);
  const items = list.locator('.wallet-history__item');
  const rows: Array<{ service: string; amount: string }> = [];
  for (let i = 0; i < (await items.count()); i += 1) {
    const item = items.nth(i);
    rows.push({
      service: (await item.locator('.wallet-history__service').innerText()).trim(),
      amount: (await item.locator('.wallet-history__amount').innerText()).trim(),
    });
  }
  return rows;
}

/**
 * Onboards the provider through the settings page when it is not connected yet and answers the Stripe API's
 * base URL, learnt from the link the browser follows (onboarding, or the Express dashboard when already connected).
 */
async function connectProvider(provider: BrowserSession, p: Page): Promise<string> {
  await p.goto(`${baseUrl()}/provider/settings`);
  await p.getByText('Connect your Stripe account to receive payments from customers').waitFor({ timeout: 15000 });
  const badge = p.getByText(/^(Connected|Not Connected)$/);
  await badge.waitFor();
  if ((await badge.innerText()) === 'Not Connected') {
    const onboarding = p.waitForRequest((r) => r.url().includes('/connect/onboarding/'), { timeout: 15000 });
    await p.getByText('Ready to get started?').waitFor();
    await p.getByRole('button', { name: 'Set Up Stripe Connect' }).click();
    const stripeOrigin = new URL((await onboarding).url()).origin;
    // The emulator's hosted onboarding submits the account and returns to /provider/complete?providerId=...
    await p.waitForURL((url) => url.pathname === '/provider/complete' && url.searchParams.has('providerId'), { timeout: 15000 });
    await p.getByText(/Setup completed! Redirecting in \d seconds\.\.\./).waitFor({ timeout: 15000 });
    await p.getByText('Your Stripe account has been connected successfully!').waitFor();
    await p.waitForURL((url) => url.pathname === '/provider/settings', { timeout: 10000 });
    await p.getByText('Connected', { exact: true }).waitFor({ timeout: 10000 });
    await p.getByText('•••• 6789').waitFor({ timeout: 10000 });
    return stripeOrigin;
  }
  const popup = provider.context.waitForEvent('page', { timeout: 15000 });
  await p.getByRole('button', { name: 'Open Stripe Dashboard' }).click();
  const dashboard = await popup;
  await dashboard.waitForLoadState();
  const stripeOrigin = new URL(dashboard.url()).origin;
  await dashboard.close();
  return stripeOrigin;
}

describe("card payment in two browsers (the Stripe emulator's Stripe.js stand-in, chosen by /pay/config, no interception)", () => {
  let customer: BrowserSession;
  let provider: BrowserSession;

  beforeAll(async () => {
    customer = await launchBrowser({ geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ geolocation: PROVIDER_POSITION });
  });

  afterAll(async () => {
    await customer?.close();
    await provider?.close();
  });

  it('card request with a new saved card -> bid at another amount -> re-authorised accept -> arrive, complete, confirm (capture) -> provider earnings', async () => {
    const marker = `card ${crypto.randomBytes(4).toString('hex')}`;
    let p: Page | null = null;
    let c: Page | null = null;
    try {
      // The provider connects its Stripe account; the hosted onboarding tells us where the Stripe API lives.
      p = await provider.newPage();
      await logIn(p, 'provider');
      const stripeApi = await connectProvider(provider, p);

      // Nothing is routed: watch where the customer's browser gets Stripe.js from and what it sends to Stripe's API.
      const config = (await (await fetch(`${baseUrl()}/pay/config`)).json()) as { stripeJsUrl: string | null };
      expect(config.stripeJsUrl).toBe(`${stripeApi}/v3/`);
      let stripeJsRequests = 0;
      const stripeApiCalls: string[] = [];
      const stripeHosts: string[] = [];
      customer.context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.hostname.endsWith('stripe.com')) stripeHosts.push(request.url());
        if (request.url() === config.stripeJsUrl) stripeJsRequests += 1;
        if (url.origin === stripeApi && url.pathname.startsWith('/v1/') && request.method() !== 'OPTIONS') {
          stripeApiCalls.push(`${request.method()} ${url.pathname}`);
        }
      });

      // The provider's dashboard: balance before, and the live request feed.
      const providerJoined = socketJoined(p);
      await p.goto(`${baseUrl()}/provider/dashboard`);
      await p.getByRole('tab', { name: 'Requests' }).waitFor({ timeout: 15000 });
      await providerJoined;
      const before = await availableBalance(p);
      const historyBefore = await walletHistory(p);
      await p.getByRole('tab', { name: 'Requests' }).click();

      // The customer posts a card request: the payment dialog authorises budget + $10 with a new, saved card.
      c = await customer.newPage();
      await logIn(c, 'customer');
      await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor();
      await c.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
      await c.getByLabel(/Tire Size/).pressSequentially('22565r17');
      await c.getByLabel('Description').fill(`Flat front tire (${marker})`);
      await c.getByLabel(/Budget/).fill('90');
      await c.getByRole('button', { name: 'Use my current location' }).click();
      await c.getByText(/Using your current location/).waitFor();
      await c.getByRole('radio', { name: /processing fee/ }).check();
      const customerJoined = socketJoined(c);
      await c.getByRole('button', { name: 'Submit Request' }).click();

      const dialog = c.getByRole('dialog', { name: 'Payment' });
      await dialog.waitFor({ timeout: 15000 });
      await dialog.getByText('Please enter your payment details to continue.').waitFor();
      const differentCard = dialog.getByRole('button', { name: 'Use a different card' });
      const nameField = dialog.getByLabel(/Cardholder Name/);
      await Promise.race([differentCard.waitFor({ timeout: 15000 }), nameField.waitFor({ timeout: 15000 })]);
      if (await differentCard.isVisible()) await differentCard.click();
      await nameField.fill('Casey Card');
      const cardNumber = dialog.getByLabel('Card number');
      await cardNumber.waitFor({ timeout: 15000 });
      expect(stripeJsRequests).toBeGreaterThan(0);
      // An invalid number is reported inline, as Stripe.js does.
      await cardNumber.fill('4242424242424241');
      await dialog.getByText('Your card number is invalid.').waitFor();
      await cardNumber.fill('4242424242424242');
      await dialog.getByLabel(/Expiration date/).fill('12 / 34');
      await dialog.getByLabel('CVC').fill('123');
      await c.waitForFunction(() => !document.body.innerText.includes('Your card number is invalid.'));
      await dialog.getByRole('checkbox', { name: 'Save this card for future payments' }).check();
      await dialog.getByRole('button', { name: 'Pay $100.00' }).click();
      await c.getByText('Card Saved').waitFor({ timeout: 15000 });
      expect(stripeApiCalls).toEqual(['POST /v1/payment_methods']);
      expect(stripeHosts).toEqual([]);
      await c.getByText('Request Created').waitFor({ timeout: 15000 });
      await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 15000 });
      const requestId = new URL(c.url()).pathname.split('/')[2];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      await customerJoined;

      // The provider sees it live and bids $85 (not the $90 budget).
      const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
      await offer.waitFor({ timeout: 20000 });
      await offer.getByLabel('Your price ($)').fill('85');
      await offer.getByLabel('ETA (minutes)').fill('15');
      await offer.getByRole('button', { name: 'Place Bid' }).click();
      await p.getByText('Bid Placed').waitFor({ timeout: 15000 });

      // The customer accepts: the amount differs, so the dialog re-authorises $95 on the saved card first.
      const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
      await bid.waitFor({ timeout: 9000 });
      await bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }).click();
      await dialog.waitFor({ timeout: 10000 });
      await dialog.getByText('The charge amount is now $95.00').waitFor();
      await dialog.getByRole('radio', { name: /Visa •••• 4242/ }).first().waitFor({ timeout: 10000 });
      await dialog.getByRole('radio', { name: /Visa •••• 4242.*Casey Card/ }).first().check();
      await dialog.getByRole('button', { name: 'Pay $95.00' }).click();
      await c.getByText('Bid Accepted!').waitFor({ timeout: 15000 });
      await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 15000 });

      // The accepted bid takes the provider to its live job; the customer follows it on /tracking/{id}.
      await p.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 20000 });
      await c.getByRole('status', { name: 'Status: En Route' }).waitFor({ timeout: 15000 });
      const steps = c.getByRole('list', { name: 'Job progress' });
      await p.getByRole('button', { name: 'I AM HERE' }).waitFor({ timeout: 15000 });
      expect(await p.getByRole('button', { name: 'JOB COMPLETED' }).count()).toBe(0);
      expect(await c.getByRole('button', { name: 'Confirm Completion' }).count()).toBe(0);

      // I AM HERE -> the customer sees Arrived; JOB COMPLETED appears only now.
      await p.getByRole('button', { name: 'I AM HERE' }).click();
      await p.getByRole('button', { name: 'JOB COMPLETED' }).waitFor({ timeout: 15000 });
      await c.getByRole('status', { name: 'Status: Arrived' }).waitFor({ timeout: 15000 });
      expect(await steps.locator('.progress-steps__item--done').count()).toBe(2);

      // JOB COMPLETED -> the customer's confirm step, which names the card charge: the $85 bid plus the $10 fee.
      await p.getByRole('button', { name: 'JOB COMPLETED' }).click();
      await p.getByText('Waiting for the customer to confirm the job.').waitFor({ timeout: 15000 });
      await c.getByRole('status', { name: 'Status: Completed' }).waitFor({ timeout: 15000 });
      const confirmPanel = c.getByRole('region', { name: 'Confirm completion' });
      await confirmPanel.getByText('Confirming charges your card $95.00.').waitFor();
      // Nothing is captured before the customer confirms: the provider's wallet has not moved.
      const availableNow = await p.evaluate(async () => {
        const stored = JSON.parse(window.localStorage.getItem('tiredash.auth') ?? '{}') as { token?: string };
        const headers = { authorization: `Bearer ${stored.token ?? ''}` };
        const me = (await (await fetch('/api/users/me', { headers })).json()) as { business: { documentId: string } | null };
        const res = await fetch(`/pay/providers/summary?providerId=${me.business?.documentId ?? ''}`, { headers });
        return ((await res.json()) as { available?: number }).available ?? null;
      });
      expect(availableNow).toBe(before);

      // Confirm Completion: the server captures the authorised card payment, then completes the job.
      const confirmed = c.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/service-requests/${requestId}`), { timeout: 40000 });
      await confirmPanel.getByRole('button', { name: 'Confirm Completion' }).click();
      const confirmResponse = await confirmed;
      expect(confirmResponse.status()).toBe(200);
      expect(((await confirmResponse.json()) as { data: { tireStatus: string } }).data.tireStatus).toBe('Service Completed');
      await c.waitForURL((url) => url.pathname === `/payment/${requestId}`, { timeout: 15000 });
      await c.getByText('Job Confirmed').first().waitFor();
      expect(await c.getByText('Payment Failed').count()).toBe(0);
      const summary = c.getByLabel('Payment summary');
      await summary.waitFor({ timeout: 15000 });
      const summaryText = await summary.innerText();
      expect(summaryText).toMatch(/Service amount\s*\$85\.00/);
      expect(summaryText).toMatch(/Service Fee\s*\$0\.00/);
      expect(summaryText).toMatch(/Card processing fee\s*\$10\.00/);
      expect(summaryText).toMatch(/Total\s*\$95\.00/);
      expect(summaryText).toMatch(/Paid by\s*Card/);
      await c.getByText('Service Completed').first().waitFor();

      // The provider hears of it, sees Completed briefly, then goes back to its dashboard.
      await p.getByText('Job Confirmed').first().waitFor({ timeout: 20000 });
      await p.waitForURL((url) => url.pathname === '/provider/dashboard', { timeout: 15000 });

      // The Earnings tab shows 80% of the $85 job credited. The ledger is credited from the capture event, so
      // allow it a moment (reloading the dashboard between looks).
      const providerPage = p;
      const earnings = async () => {
        await providerPage.goto(`${baseUrl()}/provider/dashboard`);
        return availableBalance(providerPage);
      };
      let after = await availableBalance(p);
      for (let i = 0; i < 20 && after < before + 68; i++) {
        await p.waitForTimeout(500);
        after = await earnings();
      }
      expect(after).toBeCloseTo(before + 68, 2);
      // History lists the credit first (newest first), for this job's service.
      const historyAfter = await walletHistory(p);
      expect(historyAfter).toHaveLength(historyBefore.length + 1);
      expect(historyAfter[0]).toEqual({ service: 'Flat Tire Repair', amount: '+$68.00' });
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      problems.push(`customer screen ${await visibleMessages(c)}`, `provider screen ${await visibleMessages(p)}`);
      throw new Error(`${err instanceof Error ? err.message : String(err)}\nbrowser problems:\n${problems.join('\n')}`, { cause: err });
    }
  });
});
