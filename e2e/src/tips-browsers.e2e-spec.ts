// Issue 13 item 5 in browsers, as people do it: the admin's tipping toggle (System Settings), a customer and the
// seeded provider each in its own browser, one card job.
//   admin:    System Settings: the Tipping switch as found is remembered; tipping off for now (saved on the screen)
//   customer: card request (budget $90) paid in the payment dialog (the emulator's Stripe.js stand-in, 4242...)
//   provider: bids $90, the customer accepts; 'I AM HERE', 'JOB COMPLETED'; the customer confirms (the capture)
//   summary:  /payment/{id} with tipping off: 'Tip Not applied' and no 'Add a Tip' section
//   provider: Earnings and History show the job's credit (the balance before the tip)
//   admin:    turns Tipping on and saves
//   summary:  the 'Add a Tip' section is offered; a preset is picked, then a custom amount below $1 is refused on the
//             screen, then a custom $12.50 is sent: 'Thank you! ...', the Tip line and the total include it; on the
//             next visit no tip is offered, and a second tip sent anyway is refused (409 TIP_ALREADY_GIVEN)
//   provider: Earnings: the available balance and 'Tips This Month' up by exactly $12.50 (100%, no commission);
//             History: the tip as its own entry above the job's credit
//   admin:    turns Tipping off again on the screen. The value the file found is put back in afterAll (through the
//             API, so a failure half-way does not leave it changed: the stack is shared by the files of the run).
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { earnings, money, platformFees, postCardRequest, walletHistory } from './support/card-steps';
import { logIn, logInAsAdmin, socketJoined, visibleMessages } from './support/page-steps';
import { adminToken, ok } from './support/api';
import { baseUrl } from './support/stack-env';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
/** The provider's device once it drove there: at the job's address (arrival is checked against it). */
const PROVIDER_POSITION = { latitude: 37.7751, longitude: -122.4192 };

const BUDGET = 90;
const TIP = 12.5;
const TIP_SPLIT = "A customer's tip: all of it is yours (no platform commission)";

/** The admin's System Settings tab, freshly loaded: the Tipping switch. */
async function tippingSwitch(a: Page) {
  await a.goto(`${baseUrl()}/admin`);
  await a.getByRole('tab', { name: 'System Settings' }).click();
  const toggle = a.getByRole('switch', { name: 'Tipping' });
  await toggle.waitFor({ timeout: 15000 });
  return toggle;
}

/** The admin sets the Tipping switch on System Settings and saves (when it differs); checks it stayed after a reload. */
async function adminSetsTipping(a: Page, on: boolean): Promise<void> {
  const toggle = await tippingSwitch(a);
  if ((await toggle.isChecked()) !== on) {
    await toggle.setChecked(on);
    await a.getByRole('button', { name: 'Save Settings' }).click();
    await a.getByText('System settings updated.').waitFor({ timeout: 15000 });
  }
  expect(await (await tippingSwitch(a)).isChecked()).toBe(on);
}

/** The customer's /payment/{id}, loaded again: answers what payments said of the request's payment (as the screen read it). */
async function openSummary(c: Page, requestId: string): Promise<{ tip: number | null; canTip: boolean }> {
  const read = c.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith(`/api/payments/request/${requestId}`), { timeout: 20000 });
  await c.goto(`${baseUrl()}/payment/${requestId}`);
  const res = await read;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { tip: number | null; canTip: boolean };
  await c.getByLabel('Payment summary').waitFor({ timeout: 15000 });
  // Let the screen render what it read (a frame) before looking for what it must not show.
  await c.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return body;
}

describe('card tips in browsers: the admin turns tipping on, the customer tips a confirmed card job once, the provider gets all of it', () => {
  let customer: BrowserSession;
  let provider: BrowserSession;
  let admin: BrowserSession;
  let adminJwt: string | null = null;
  let foundTipping: boolean | null = null;

  beforeAll(async () => {
    customer = await launchBrowser({ geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ geolocation: PROVIDER_POSITION });
    admin = await launchBrowser();
    adminJwt = await adminToken();
  });

  afterAll(async () => {
    // The tipping setting this file found, back (the stack is shared by the run's files).
    if (adminJwt && foundTipping !== null) await ok('PUT', '/api/settings', { token: adminJwt, body: { data: { tipping: foundTipping } } });
    await customer?.close();
    await provider?.close();
    await admin?.close();
  });

  it('tipping off: no tip offered; on: a custom tip paid once, shown on the summary, 100% in the Earnings and its own History entry', async () => {
    const marker = `tips ${crypto.randomBytes(4).toString('hex')}`;
    let p: Page | null = null;
    let c: Page | null = null;
    let a: Page | null = null;
    try {
      const { cardFee, commissionPercent } = await platformFees();
      const jobShare = (BUDGET * 100 - Math.round((BUDGET * 100 * commissionPercent) / 100)) / 100;

      // The admin: the Tipping switch as found (put back in afterAll), off for the first look at the summary.
      a = await admin.newPage();
      await logInAsAdmin(a);
      foundTipping = await (await tippingSwitch(a)).isChecked();
      await adminSetsTipping(a, false);

      // The provider: its Earnings and History before the job, then the live request feed.
      p = await provider.newPage();
      await logIn(p, 'provider');
      const before = await earnings(p);
      const historyBefore = await walletHistory(p);
      const providerJoined = socketJoined(p);
      await p.goto(`${baseUrl()}/provider/dashboard`);
      await p.getByRole('tab', { name: 'Requests' }).waitFor({ timeout: 15000 });
      await providerJoined;

      // The customer posts a card request of $90 and pays the hold ($90 + the card fee) with a card.
      c = await customer.newPage();
      await logIn(c, 'customer');
      const requestId = await postCardRequest(c, { marker, budget: BUDGET, cardFee });

      // The provider bids the budget; the customer accepts; arrival, completion, the customer confirms (the capture).
      const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
      await offer.waitFor({ timeout: 30000 });
      await offer.getByLabel('Your price ($)').fill(String(BUDGET));
      await offer.getByLabel('ETA (minutes)').fill('15');
      await offer.getByRole('button', { name: 'Place Bid' }).click();
      await p.getByText('Bid Placed').waitFor({ timeout: 15000 });
      const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
      await bid.waitFor({ timeout: 20000 });
      await bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }).click();
      await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 20000 });
      await p.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 30000 });
      await p.getByRole('button', { name: 'I AM HERE' }).click({ timeout: 20000 });
      await p.getByRole('button', { name: 'JOB COMPLETED' }).waitFor({ timeout: 20000 });
      await c.getByRole('status', { name: 'Status: Arrived' }).waitFor({ timeout: 20000 });
      await p.getByRole('button', { name: 'JOB COMPLETED' }).click();
      await p.getByText('Waiting for the customer to confirm the job.').waitFor({ timeout: 20000 });
      const confirmPanel = c.getByRole('region', { name: 'Confirm completion' });
      await confirmPanel.getByText(`Confirming charges your card ${money(BUDGET + cardFee)}.`).waitFor({ timeout: 20000 });
      await confirmPanel.getByRole('button', { name: 'Confirm Completion' }).click();
      await c.waitForURL((url) => url.pathname === `/payment/${requestId}`, { timeout: 40000 });

      // Tipping off: the summary of the confirmed card job offers no tip.
      const off = await openSummary(c, requestId);
      expect(off).toMatchObject({ tip: null, canTip: false });
      const summary = c.getByLabel('Payment summary');
      let summaryText = await summary.innerText();
      expect(summaryText).toMatch(/Tip\s*Not applied/);
      expect(summaryText).toMatch(new RegExp(`Total\\s*\\${money(BUDGET + cardFee)}`));
      expect(summaryText).toMatch(/Paid by\s*Card/);
      expect(await c.getByRole('region', { name: 'Add a Tip' }).count()).toBe(0);
      expect(await c.getByRole('button', { name: /tip$/ }).count()).toBe(0);

      // The provider, back on its dashboard: the job's credit in History, and the balance it makes (before the tip).
      await p.waitForURL((url) => url.pathname === '/provider/dashboard', { timeout: 30000 });
      let historyMid = await walletHistory(p);
      for (let i = 0; i < 30 && historyMid.length < historyBefore.length + 1; i++) {
        await p.waitForTimeout(1000);
        historyMid = await walletHistory(p);
      }
      expect(historyMid).toHaveLength(historyBefore.length + 1);
      expect(historyMid[0]).toMatchObject({ service: 'Flat Tire Repair', amount: `+${money(jobShare)}` });
      const mid = await earnings(p);
      expect(mid.available).toBeCloseTo(before.available + jobShare, 2);

      // The admin turns tipping on, on the System Settings screen.
      await adminSetsTipping(a, true);

      // The customer's summary now offers the tip (payments reads the setting: look again until it does).
      const tipSection = c.getByRole('region', { name: 'Add a Tip' });
      let on = await openSummary(c, requestId);
      for (let i = 0; i < 20 && !on.canTip; i++) {
        await c.waitForTimeout(1000);
        on = await openSummary(c, requestId);
      }
      expect(on).toMatchObject({ tip: null, canTip: true });
      await tipSection.waitFor({ timeout: 15000 });
      await tipSection.getByText('Thank your provider with a tip on the card you paid with. All of it goes to them.').waitFor();
      const presets = tipSection.getByRole('group', { name: 'Tip amount' });
      expect(await presets.getByRole('button').allInnerTexts()).toEqual(['$5.00', '$10.00', '$15.00', '$20.00']);

      // A preset is picked (pressed; the button names it), then a custom amount replaces it.
      await presets.getByRole('button', { name: '$10.00' }).click();
      expect(await presets.getByRole('button', { name: '$10.00' }).getAttribute('aria-pressed')).toBe('true');
      await tipSection.getByRole('button', { name: 'Add $10.00 tip' }).waitFor();
      const custom = tipSection.getByLabel('Custom amount ($)');
      await custom.fill('0.50');
      expect(await presets.getByRole('button', { name: '$10.00' }).getAttribute('aria-pressed')).toBe('false');
      await tipSection.getByRole('button', { name: 'Add tip', exact: true }).click();
      await tipSection.getByText('Enter an amount from $1.00 to $500.00.').waitFor({ timeout: 15000 });
      await custom.fill('12.50');
      await tipSection.getByRole('button', { name: `Add ${money(TIP)} tip` }).click();
      await tipSection.getByRole('status').getByText(`Thank you! Your ${money(TIP)} tip was sent to your provider.`).waitFor({ timeout: 30000 });
      expect(await tipSection.getByRole('alert').count()).toBe(0);
      // The summary's Tip line and total include it.
      await summary.getByText(money(TIP), { exact: true }).waitFor({ timeout: 15000 });
      summaryText = await summary.innerText();
      expect(summaryText).toMatch(new RegExp(`Tip\\s*\\${money(TIP)}`));
      expect(summaryText).toMatch(new RegExp(`Total\\s*\\${money(BUDGET + cardFee + TIP)}`));
      expect(await tipSection.getByRole('button', { name: /tip$/ }).count()).toBe(0);

      // The next visit: the tip is paid, no second one is offered; one sent anyway is refused.
      const paid = await openSummary(c, requestId);
      expect(paid).toMatchObject({ tip: TIP, canTip: false });
      summaryText = await summary.innerText();
      expect(summaryText).toMatch(new RegExp(`Tip\\s*\\${money(TIP)}`));
      expect(await tipSection.count()).toBe(0);
      const second = await c.evaluate(async (id) => {
        const stored = JSON.parse(window.localStorage.getItem('tiredash.auth') ?? '{}') as { token?: string };
        const res = await fetch(`/pay/api/payments/request/${id}/tip`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${stored.token ?? ''}` },
          body: JSON.stringify({ amount: 500 }),
        });
        const body = (await res.json()) as { error?: { details?: { reason?: string } } };
        return { status: res.status, reason: body.error?.details?.reason ?? null };
      }, requestId);
      expect(second).toEqual({ status: 409, reason: 'TIP_ALREADY_GIVEN' });

      // The provider's Earnings: exactly the tip more (all of it), counted as this month's tips.
      const after = await earnings(p);
      expect(after.available).toBeCloseTo(mid.available + TIP, 2);
      expect(after.monthTips).toBeCloseTo(mid.monthTips + TIP, 2);
      // History: the tip as its own entry, newest, above the job's credit.
      const historyAfter = await walletHistory(p);
      expect(historyAfter).toHaveLength(historyBefore.length + 2);
      expect(historyAfter[0]).toEqual({ service: 'Tip · Flat Tire Repair', amount: `+${money(TIP)}`, split: [TIP_SPLIT] });
      expect(historyAfter[1]).toEqual(historyMid[0]);

      // The admin turns tipping off again on the screen.
      await adminSetsTipping(a, false);
    } catch (err) {
      const problems = [
        ...customer.problems.map((x) => `customer ${x}`),
        ...provider.problems.map((x) => `provider ${x}`),
        ...admin.problems.map((x) => `admin ${x}`),
      ];
      problems.push(`customer screen ${await visibleMessages(c)}`, `provider screen ${await visibleMessages(p)}`, `admin screen ${await visibleMessages(a)}`);
      throw new Error(`${err instanceof Error ? err.message : String(err)}\nbrowser problems:\n${problems.join('\n')}`, { cause: err });
    }
  }, 300000);
});
