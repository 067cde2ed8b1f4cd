// Steps of the card browser tests that come back to a job after its capture (disputes and refunds, issue 13 item 7):
// the provider's Stripe connection, a card request paid in the payment dialog and accepted, the provider's Earnings
// and History, the admin's Reported Issues tile and a request's page.
import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { dollars, logIn, socketJoined } from './page-steps';
import { baseUrl } from './stack-env';

export const money = (n: number): string => `$${n.toFixed(2)}`;

/** The admin's public settings (GET /api/settings): the card fee and the commission in force. */
export async function platformSettings(): Promise<{ serviceFee: number; walletFee: number }> {
  const res = await fetch(`${baseUrl()}/api/settings`);
  if (!res.ok) throw new Error(`GET /api/settings: ${res.status}`);
  return ((await res.json()) as { data: { serviceFee: number; walletFee: number } }).data;
}

/**
 * Onboards the provider through its settings page when it is not connected yet (the Stripe emulator's hosted
 * onboarding) and answers the Stripe API's base URL, learnt from the link the browser follows (onboarding, or the
 * Express dashboard when already connected). As card-payment.e2e-spec.ts does.
 */
export async function connectProvider(provider: BrowserSession, p: Page): Promise<string> {
  await p.goto(`${baseUrl()}/provider/settings`);
  await p.getByText('Connect your Stripe account to receive payments from customers').waitFor({ timeout: 20000 });
  const badge = p.getByText(/^(Connected|Not Connected)$/);
  await badge.waitFor({ timeout: 15000 });
  if ((await badge.innerText()) === 'Not Connected') {
    const onboarding = p.waitForRequest((r) => r.url().includes('/connect/onboarding/'), { timeout: 20000 });
    await p.getByText('Ready to get started?').waitFor({ timeout: 15000 });
    await p.getByRole('button', { name: 'Set Up Stripe Connect' }).click();
    const stripeOrigin = new URL((await onboarding).url()).origin;
    await p.waitForURL((url) => url.pathname === '/provider/complete' && url.searchParams.has('providerId'), { timeout: 20000 });
    await p.getByText('Your Stripe account has been connected successfully!').waitFor({ timeout: 20000 });
    await p.waitForURL((url) => url.pathname === '/provider/settings', { timeout: 20000 });
    await p.getByText('Connected', { exact: true }).waitFor({ timeout: 15000 });
    return stripeOrigin;
  }
  const popup = provider.context.waitForEvent('page', { timeout: 20000 });
  await p.getByRole('button', { name: 'Open Stripe Dashboard' }).click();
  const dashboard = await popup;
  await dashboard.waitForLoadState();
  const stripeOrigin = new URL(dashboard.url()).origin;
  await dashboard.close();
  return stripeOrigin;
}

/** The provider's dashboard read afresh (a reload: the wallet's cached answers go), its Earnings tab's available balance. */
export async function availableBalance(p: Page): Promise<number> {
  await p.goto(`${baseUrl()}/provider/dashboard`);
  await p.getByRole('tab', { name: 'Earnings' }).click({ timeout: 20000 });
  const value = p.getByTestId('available-balance');
  await value.waitFor({ timeout: 20000 });
  return dollars(await value.innerText());
}

export interface WalletRow {
  service: string;
  split: string[];
  amount: string;
}

/** The provider's dashboard read afresh, its History tab's wallet transactions as shown, newest first. */
export async function walletHistory(p: Page): Promise<WalletRow[]> {
  await p.goto(`${baseUrl()}/provider/dashboard`);
  await p.getByRole('tab', { name: 'History' }).click({ timeout: 20000 });
  const list = p.getByRole('list', { name: 'Wallet transactions' });
  const empty = p.getByText('No transactions yet. Completed card jobs and withdrawals appear here.');
  await Promise.race([list.waitFor({ timeout: 20000 }), empty.waitFor({ timeout: 20000 })]);
  if (!(await list.isVisible())) return [];
  const items = list.locator('.wallet-history__item');
  const rows: WalletRow[] = [];
  for (let i = 0; i < (await items.count()); i += 1) {
    const item = items.nth(i);
    rows.push({
      service: (await item.locator('.wallet-history__service').innerText()).trim(),
      split: (await item.locator('.wallet-history__split').allInnerTexts()).map((s) => s.trim()),
      amount: (await item.locator('.wallet-history__amount').innerText()).trim(),
    });
  }
  return rows;
}

/** The admin's /admin read afresh: the number on the Reported Issues tile (once loaded). */
export async function reportedIssues(a: Page): Promise<number> {
  await a.goto(`${baseUrl()}/admin`);
  const tile = a.locator('.stat').filter({ has: a.getByText('Reported Issues', { exact: true }) });
  const value = tile.locator('.stat__value');
  await value.filter({ hasText: /^\d[\d,]*$/ }).waitFor({ timeout: 20000 });
  return Number((await value.innerText()).replace(/,/g, ''));
}

/** Reads `read` again (each read reloads its page) until `want` holds of it; answers the last value read. */
export async function readUntil<T>(read: () => Promise<T>, want: (value: T) => boolean, timeoutMs = 40000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (want(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The admin's Requests tab, the newest request's page (the 'Service Request' dialog). */
export async function adminOpensNewestRequest(a: Page): Promise<Locator> {
  await a.goto(`${baseUrl()}/admin`);
  await a.getByRole('tab', { name: 'Requests' }).click({ timeout: 20000 });
  const view = a.getByRole('button', { name: /^View the request of / }).first();
  await view.waitFor({ timeout: 20000 });
  await view.click();
  const dialog = a.getByRole('dialog', { name: 'Service Request' });
  await dialog.waitFor({ timeout: 15000 });
  return dialog;
}

/**
 * The bidding flow up to acceptance of a CARD job (as extras-browsers.e2e-spec.ts): the provider waits for requests
 * on its dashboard, the customer posts a $90 request at its device location and pays the hold ($90 + the card fee)
 * with a new card 4242 4242 4242 4242 in the payment dialog; the provider bids $90, the customer accepts. Returns the
 * request id with the customer on /tracking/{id} and the provider on /provider/tracking/{id}.
 */
export async function acceptedCardJob(c: Page, p: Page, cardFee: number, label = 'e2e-card-job'): Promise<{ requestId: string; marker: string }> {
  const marker = `${label} ${crypto.randomBytes(4).toString('hex')}`;
  const providerJoined = socketJoined(p);
  await p.goto(`${baseUrl()}/provider/dashboard`);
  await p.getByRole('tab', { name: 'Requests' }).waitFor({ timeout: 20000 });
  await providerJoined;

  await logIn(c, 'customer');
  await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor({ timeout: 20000 });
  await c.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
  await c.getByLabel(/Tire Size/).pressSequentially('22565r17');
  await c.getByLabel('Description').fill(`Flat front tire (${marker})`);
  await c.getByLabel(/Budget/).fill('90');
  await c.getByRole('button', { name: 'Use my current location' }).click();
  await c.getByText(/Using your current location/).waitFor({ timeout: 15000 });
  await c.getByRole('radio', { name: /processing fee/ }).check();
  const customerJoined = socketJoined(c);
  await c.getByRole('button', { name: 'Submit Request' }).click();
  const dialog = c.getByRole('dialog', { name: 'Payment' });
  await dialog.waitFor({ timeout: 20000 });
  const differentCard = dialog.getByRole('button', { name: 'Use a different card' });
  const nameField = dialog.getByLabel(/Cardholder Name/);
  await Promise.race([differentCard.waitFor({ timeout: 20000 }), nameField.waitFor({ timeout: 20000 })]);
  if (await differentCard.isVisible()) await differentCard.click();
  await nameField.fill('Casey Card');
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel(/Expiration date/).fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${money(90 + cardFee)}` }).click();
  await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 30000 });
  const requestId = new URL(c.url()).pathname.split('/')[2]!;
  await customerJoined;

  const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
  await offer.waitFor({ timeout: 30000 });
  await offer.getByLabel('Your price ($)').fill('90');
  await offer.getByLabel('ETA (minutes)').fill('15');
  await offer.getByRole('button', { name: 'Place Bid' }).click();
  await p.getByText('Bid Placed').first().waitFor({ timeout: 20000 });
  const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
  await bid.waitFor({ timeout: 20000 });
  await bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }).click();
  await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 20000 });
  await p.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 30000 });
  return { requestId, marker };
}

/** 'Report a problem' on a job's screen: the dialog, a category (its label) and a description, sent. */
export async function reportProblem(page: Page, category: string, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Report a problem' }).click({ timeout: 20000 });
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.waitFor({ timeout: 15000 });
  await dialog.getByLabel(/What is the problem about\?/).selectOption({ label: category });
  await dialog.getByLabel(/Describe the problem/).fill(description);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await page.getByRole('status').filter({ hasText: 'Report sent' }).first().waitFor({ timeout: 20000 });
  await dialog.waitFor({ state: 'detached', timeout: 15000 });
}
