// Issue 13 item 1 in two browsers: a card job where the provider adds extras on site and the customer answers them
// on the tracking screen, live.
//   customer: card request (budget $90) paid with a card in the payment dialog (the emulator's Stripe.js stand-in)
//   provider: bids $90, the customer accepts; 'I AM HERE'
//   provider: 'Add Extra Service' -> the extra-service dialog (service type and price) -> Valve Replacement $25
//   customer: sees it live, approves it with the keyboard: 'The charge amount is now $X' (bid + extra + card fee)
//   provider: sees it Approved live; adds Tire Rotation $40, which the customer declines
//   job:      'JOB COMPLETED'; the customer's confirm step names bid + approved extra + fee, confirms (the capture)
//   summary:  /payment/{id} itemises the bid, the extra, the fee and the total; the declined extra is nowhere
//   history:  the customer's request list and the provider's Job History itemise the job the same way
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { logIn, socketJoined, visibleMessages } from './support/page-steps';
import { baseUrl } from './support/stack-env';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
/** The provider's device once it drove there: at the job's address (arrival is checked against it). */
const PROVIDER_POSITION = { latitude: 37.7751, longitude: -122.4192 };

const money = (n: number): string => `$${n.toFixed(2)}`;

describe('extras in two browsers: the provider adds, the customer approves (hold raised) or declines, the capture and both histories itemise it', () => {
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

  it('approve with the keyboard, decline, confirm: the summary and both histories show bid, extra, fee and total', async () => {
    const marker = `extras ${crypto.randomBytes(4).toString('hex')}`;
    let p: Page | null = null;
    let c: Page | null = null;
    try {
      const cardFee = ((await (await fetch(`${baseUrl()}/api/settings`)).json()) as { data: { serviceFee: number } }).data.serviceFee;
      p = await provider.newPage();
      const providerJoined = socketJoined(p);
      await logIn(p, 'provider');
      await p.getByRole('tab', { name: 'Requests' }).waitFor();
      await providerJoined;

      // The customer posts a card request of $90 and pays the hold ($90 + the card fee) with a card.
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
      const differentCard = dialog.getByRole('button', { name: 'Use a different card' });
      const nameField = dialog.getByLabel(/Cardholder Name/);
      await Promise.race([differentCard.waitFor({ timeout: 15000 }), nameField.waitFor({ timeout: 15000 })]);
      if (await differentCard.isVisible()) await differentCard.click();
      await nameField.fill('Casey Card');
      await dialog.getByLabel('Card number').fill('4242424242424242');
      await dialog.getByLabel(/Expiration date/).fill('12 / 34');
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByRole('button', { name: `Pay ${money(90 + cardFee)}` }).click();
      await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 20000 });
      const requestId = new URL(c.url()).pathname.split('/')[2]!;
      await customerJoined;

      // The provider bids the budget; the customer accepts (no new hold needed).
      const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
      await offer.waitFor({ timeout: 20000 });
      await offer.getByLabel('Your price ($)').fill('90');
      await offer.getByLabel('ETA (minutes)').fill('15');
      await offer.getByRole('button', { name: 'Place Bid' }).click();
      await p.getByText('Bid Placed').waitFor({ timeout: 15000 });
      const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
      await bid.waitFor({ timeout: 9000 });
      await bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }).click();
      await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 15000 });
      await p.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 20000 });

      // No extras before arrival; 'I AM HERE' opens them.
      await p.getByRole('heading', { name: 'Extra Services' }).waitFor({ timeout: 15000 });
      expect(await p.getByRole('button', { name: 'Add Extra Service' }).count()).toBe(0);
      await p.getByRole('button', { name: 'I AM HERE' }).click();
      await p.getByRole('button', { name: 'JOB COMPLETED' }).waitFor({ timeout: 15000 });
      await c.getByRole('status', { name: 'Status: Arrived' }).waitFor({ timeout: 15000 });

      // The provider adds Valve Replacement for $25 in the extra-service dialog (Add Service waits for both fields).
      await p.getByRole('button', { name: 'Add Extra Service' }).click();
      const extraDialog = p.getByRole('dialog', { name: 'Add Extra Service' });
      await extraDialog.waitFor();
      const addService = extraDialog.getByRole('button', { name: 'Add Service' });
      expect(await addService.isDisabled()).toBe(true);
      await extraDialog.getByLabel(/Service Type/).selectOption('Valve Replacement');
      await extraDialog.getByLabel(/Price/).fill('2500');
      await extraDialog.getByText('The price of an extra is between $1 and $2,000').waitFor();
      expect(await addService.isDisabled()).toBe(true);
      await extraDialog.getByLabel(/Price/).fill('25');
      await addService.click();
      await p.getByText('Extra Service Added').first().waitFor({ timeout: 15000 });
      const providerExtras = p.getByRole('list', { name: 'Extra services' });
      await providerExtras.getByText('Valve Replacement: $25.00').waitFor();
      await providerExtras.getByText('Waiting for approval').waitFor();

      // The customer sees it live and approves it with the keyboard.
      const customerExtras = c.getByRole('list', { name: 'Extra services' });
      await customerExtras.getByText('Valve Replacement: $25.00').waitFor({ timeout: 15000 });
      const approve = c.getByRole('button', { name: 'Approve Valve Replacement for $25.00' });
      await approve.focus();
      await c.keyboard.press('Enter');
      await c.getByText(`The charge amount is now ${money(90 + 25 + cardFee)}`).waitFor({ timeout: 15000 });
      await providerExtras.getByText('Approved').waitFor({ timeout: 15000 });

      // A second extra, declined: not charged.
      await p.getByRole('button', { name: 'Add Extra Service' }).click();
      await extraDialog.getByLabel(/Service Type/).selectOption('Tire Rotation');
      await extraDialog.getByLabel(/Price/).fill('40');
      await extraDialog.getByRole('button', { name: 'Add Service' }).click();
      await providerExtras.getByText('Tire Rotation: $40.00').waitFor({ timeout: 15000 });
      await c.getByRole('button', { name: 'Decline Tire Rotation for $40.00' }).click({ timeout: 15000 });
      await customerExtras.getByText('Declined').waitFor({ timeout: 15000 });
      await providerExtras.getByText('Declined').waitFor({ timeout: 15000 });
      await c.getByText(`Job total with approved extras: ${money(115)}`).waitFor();

      // JOB COMPLETED: the customer's confirm step names the bid + the approved extra + the fee, and confirms.
      await p.getByRole('button', { name: 'JOB COMPLETED' }).click();
      await p.getByText('Waiting for the customer to confirm the job.').waitFor({ timeout: 15000 });
      expect(await p.getByRole('button', { name: 'Add Extra Service' }).count()).toBe(0);
      const confirmPanel = c.getByRole('region', { name: 'Confirm completion' });
      await confirmPanel.getByText(`Confirming charges your card ${money(115 + cardFee)}.`).waitFor({ timeout: 15000 });
      await confirmPanel.getByRole('button', { name: 'Confirm Completion' }).click();
      await c.waitForURL((url) => url.pathname === `/payment/${requestId}`, { timeout: 40000 });
      const summary = c.getByLabel('Payment summary');
      await summary.waitFor({ timeout: 15000 });
      const summaryText = await summary.innerText();
      expect(summaryText).toMatch(/Service amount\s*\$90\.00/);
      expect(summaryText).toMatch(/Extra: Valve Replacement\s*\$25\.00/);
      expect(summaryText).toMatch(new RegExp(`Card processing fee\\s*\\${money(cardFee)}`));
      expect(summaryText).toMatch(new RegExp(`Total\\s*\\${money(115 + cardFee)}`));
      expect(summaryText).not.toMatch(/Tire Rotation/);
      // What the card was charged (payments' capture) is what the summary totals.
      const captured = await c.evaluate(async (id) => {
        const stored = JSON.parse(window.localStorage.getItem('tiredash.auth') ?? '{}') as { token?: string };
        const res = await fetch(`/pay/api/payments/request/${id}`, { headers: { authorization: `Bearer ${stored.token ?? ''}` } });
        return ((await res.json()) as { captured: number | null }).captured;
      }, requestId);
      expect(captured).toBe(115 + cardFee);

      // The customer's history: the job's items under its row.
      await c.goto(`${baseUrl()}/dashboard`);
      const customerRow = c.getByRole('list', { name: 'Your service requests' }).getByRole('listitem').filter({ has: c.getByLabel('Job items') }).first();
      const customerItems = customerRow.getByLabel('Job items');
      await customerItems.waitFor({ timeout: 15000 });
      const customerItemsText = await customerItems.innerText();
      expect(customerItemsText).toMatch(/Accepted bid\s*\$90\.00/);
      expect(customerItemsText).toMatch(/Extra: Valve Replacement\s*\$25\.00/);
      expect(customerItemsText).toMatch(new RegExp(`Card processing fee\\s*\\${money(cardFee)}`));
      expect(customerItemsText).toMatch(new RegExp(`Total\\s*\\${money(115 + cardFee)}`));

      // The provider's Job History: the same items.
      await p.waitForURL((url) => url.pathname === '/provider/dashboard', { timeout: 20000 });
      await p.getByRole('tab', { name: 'History' }).click();
      const providerItems = p.getByRole('list', { name: 'Your jobs' }).getByRole('listitem').first().getByLabel('Job items');
      await providerItems.waitFor({ timeout: 15000 });
      const providerItemsText = await providerItems.innerText();
      expect(providerItemsText).toMatch(/Accepted bid\s*\$90\.00/);
      expect(providerItemsText).toMatch(/Extra: Valve Replacement\s*\$25\.00/);
      expect(providerItemsText).toMatch(new RegExp(`Total\\s*\\${money(115 + cardFee)}`));
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      problems.push(`customer screen ${await visibleMessages(c)}`, `provider screen ${await visibleMessages(p)}`);
      throw new Error(`${err instanceof Error ? err.message : String(err)}\nbrowser problems:\n${problems.join('\n')}`, { cause: err });
    }
  });
});
