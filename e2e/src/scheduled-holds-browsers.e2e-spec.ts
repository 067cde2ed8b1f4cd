// Issue 13 item 3 in two browsers: a card job booked 10 days out. The customer posts it on the request screen with a
// Scheduled Time 10 days ahead: the payment dialog saves the card (Save card) instead of authorising, and the request
// and tracking screens say when the card will be authorised. Time passes with the Stripe emulator's test clock (which
// payments reads): 23 hours before the job payments authorises the card off-session. One customer's card is held and
// the job runs and is captured; another card declines off-session: the customer's tracking screen says so live with
// 'Update card', the provider's job screen says the payment is pending, the customer gives another card in the card
// dialog (Stripe.js, the emulator's stand-in) and the hold is placed; then the job runs and is captured.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { advanceEmulatorClock, cardFeeSetting, emulatorNow } from './support/api';
import { availableBalance, connectProvider, enterCard } from './support/card-steps';
import { logIn, socketJoined, visibleMessages } from './support/page-steps';
import { baseUrl } from './support/stack-env';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
const PROVIDER_POSITION = { latitude: 37.7936, longitude: -122.3958 };
const DAY = 24 * 3600;
const BUDGET = 90;
describe('scheduled holds in two browsers: a job 10 days out, its card saved, held off-session ahead of it, a decline fixed by the customer', () => {
  let customer: BrowserSession;
  let provider: BrowserSession;
  let cardFee: number;

  beforeAll(async () => {
    customer = await launchBrowser({ geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ geolocation: PROVIDER_POSITION });
    cardFee = await cardFeeSetting();
  });

  afterAll(async () => {
    await customer?.close();
    await provider?.close();
  });

  /**
   * The customer posts a card request scheduled 10 days out (emulator time) with `cardNumber`: the dialog saves the
   * card; the provider bids the budget, the customer accepts. Both end on the job's tracking screens.
   */
  async function scheduledJob(c: Page, p: Page, cardNumber: string): Promise<string> {
    const marker = `scheduled ${crypto.randomBytes(4).toString('hex')}`;
    const providerJoined = socketJoined(p);
    await p.goto(`${baseUrl()}/provider/dashboard`);
    await p.getByRole('tab', { name: 'Requests' }).waitFor({ timeout: 15000 });
    await providerJoined;

    await c.goto(`${baseUrl()}/dashboard`);
    await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor({ timeout: 15000 });
    await c.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
    await c.getByLabel(/Tire Size/).pressSequentially('22565r17');
    await c.getByLabel('Description').fill(`Flat tire next week (${marker})`);
    await c.getByLabel(/Budget/).fill(String(BUDGET));
    // 10 days from now on the payment processor's clock, as the browser writes a local date and time.
    const at = (await emulatorNow()) * 1000 + 10 * DAY * 1000;
    const local = await c.evaluate((ms) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, at);
    await c.getByLabel('Scheduled Time').fill(local);
    await c.getByRole('button', { name: 'Use my current location' }).click();
    await c.getByText(/Using your current location/).waitFor();
    await c.getByRole('radio', { name: /processing fee/ }).check();
    const customerJoined = socketJoined(c);
    await c.getByRole('button', { name: 'Submit Request' }).click();

    const dialog = c.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor({ timeout: 15000 });
    await dialog
      .getByText('This job is more than 6 days away, longer than a card authorisation lasts: your card is saved now and authorised 24 hours before the job.')
      .waitFor();
    await enterCard(c, cardNumber, 'Sky Scheduled');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await c.getByText('Request Created').waitFor({ timeout: 15000 });
    await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 15000 });
    const requestId = new URL(c.url()).pathname.split('/')[2]!;
    await customerJoined;
    // The request screen: saved, not held, and when it will be.
    const banner = c.getByRole('status', { name: 'Card payment for this job' });
    await banner.getByText(new RegExp(`Your card is saved\\. We will authorise \\$${BUDGET + cardFee}\\.00 on .+, 24 hours before the job\\.`)).waitFor({ timeout: 15000 });

    const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
    await offer.waitFor({ timeout: 20000 });
    await offer.getByLabel('Your price ($)').fill(String(BUDGET));
    await offer.getByLabel('ETA (minutes)').fill('15');
    await offer.getByRole('button', { name: 'Place Bid' }).click();
    await p.getByText('Bid Placed').waitFor({ timeout: 15000 });

    const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
    await bid.waitFor({ timeout: 9000 });
    await bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }).click();
    await c.getByText('Bid Accepted!').waitFor({ timeout: 15000 });
    await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 15000 });
    await p.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 20000 });
    await c.getByRole('status', { name: 'Card payment for this job' }).getByText(/Your card is saved\./).waitFor({ timeout: 15000 });
    // The provider is told the payment is not authorised yet.
    await p.getByText("Payment pending: the customer's card is not authorised for this job yet. It cannot be charged until it is.").waitFor({ timeout: 15000 });
    return requestId;
  }

  /** The provider arrives and completes; the customer confirms (the capture) and sees the summary. */
  async function runAndConfirm(c: Page, p: Page, requestId: string): Promise<void> {
    await p.getByRole('button', { name: 'I AM HERE' }).click();
    await p.getByRole('button', { name: 'JOB COMPLETED' }).waitFor({ timeout: 15000 });
    await p.getByRole('button', { name: 'JOB COMPLETED' }).click();
    const confirmPanel = c.getByRole('region', { name: 'Confirm completion' });
    await confirmPanel.getByText(`Confirming charges your card $${BUDGET + cardFee}.00.`).waitFor({ timeout: 15000 });
    const confirmed = c.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/service-requests/${requestId}`), { timeout: 40000 });
    await confirmPanel.getByRole('button', { name: 'Confirm Completion' }).click();
    expect((await confirmed).status()).toBe(200);
    await c.waitForURL((url) => url.pathname === `/payment/${requestId}`, { timeout: 15000 });
    const summary = c.getByLabel('Payment summary');
    await summary.waitFor({ timeout: 15000 });
    expect(await summary.innerText()).toMatch(new RegExp(`Total\\s*\\$${BUDGET + cardFee}\\.00`));
    await p.getByText('Job Confirmed').first().waitFor({ timeout: 20000 });
  }

  it('held off-session 23 hours before the job without the customer, then run, captured and credited', async () => {
    let c: Page | null = null;
    let p: Page | null = null;
    try {
      p = await provider.newPage();
      await logIn(p, 'provider');
      await connectProvider(provider, p);
      const before = await availableBalance(p);
      c = await customer.newPage();
      await logIn(c, 'customer');
      const requestId = await scheduledJob(c, p, '4242424242424242');

      // Nine days and an hour later (the job is 23 hours away): payments authorises the card off-session; both
      // tracking screens hear of it.
      await advanceEmulatorClock(9 * DAY + 3600);
      await c
        .getByRole('status', { name: 'Card payment for this job' })
        .getByText(`Your card is authorised for $${BUDGET + cardFee}.00.`)
        .waitFor({ timeout: 30000 });
      await p.getByText(/Payment pending/).waitFor({ state: 'detached', timeout: 30000 });

      await runAndConfirm(c, p, requestId);
      // 80% of the job credited to the provider (the default commission; the card fee stays with the platform).
      const expected = before + BUDGET * 0.8;
      let after = await availableBalance(p);
      for (let i = 0; i < 20 && after < expected; i++) {
        await p.waitForTimeout(500);
        after = await availableBalance(p);
      }
      expect(after).toBeCloseTo(expected, 2);
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      problems.push(`customer screen ${await visibleMessages(c)}`, `provider screen ${await visibleMessages(p)}`);
      throw new Error(`${err instanceof Error ? err.message : String(err)}\nbrowser problems:\n${problems.join('\n')}`, { cause: err });
    }
  });

  it('an off-session decline tells the customer live, who updates the card; the hold is placed and the job is captured', async () => {
    let c: Page | null = null;
    let p: Page | null = null;
    try {
      p = await provider.newPage();
      await logIn(p, 'provider');
      c = await customer.newPage();
      await logIn(c, 'customer');
      const requestId = await scheduledJob(c, p, '4000000000000341');

      await advanceEmulatorClock(9 * DAY + 3600);
      const alert = c.getByRole('alert', { name: 'Card payment for this job' });
      await alert.getByText('Payment needs attention').waitFor({ timeout: 30000 });
      await alert.getByText('We could not authorise your card for this job: Your card was declined. Update your card so the job can go ahead.').waitFor();
      await p.getByText(/Payment pending/).waitFor();

      // The customer gives another card in the card dialog: authorised now.
      await alert.getByRole('button', { name: 'Update card' }).click();
      const dialog = c.getByRole('dialog', { name: 'Payment' });
      await dialog.getByText('Enter or confirm a card: it is authorised now for this job.').waitFor({ timeout: 15000 });
      await enterCard(c, '4242424242424242', 'Sky Scheduled');
      await dialog.getByRole('button', { name: `Pay $${BUDGET + cardFee}.00` }).click();
      await c.getByText('Your card is authorised for this job.').waitFor({ timeout: 15000 });
      await c
        .getByRole('status', { name: 'Card payment for this job' })
        .getByText(`Your card is authorised for $${BUDGET + cardFee}.00.`)
        .waitFor({ timeout: 15000 });
      await p.getByText(/Payment pending/).waitFor({ state: 'detached', timeout: 30000 });

      await runAndConfirm(c, p, requestId);
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      problems.push(`customer screen ${await visibleMessages(c)}`, `provider screen ${await visibleMessages(p)}`);
      throw new Error(`${err instanceof Error ? err.message : String(err)}\nbrowser problems:\n${problems.join('\n')}`, { cause: err });
    }
  });
});
