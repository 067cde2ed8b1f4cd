// Steps of card jobs several browser tests share: the provider connects Stripe, the customer posts a card request and
// pays its hold in the payment dialog (the Stripe emulator's Stripe.js stand-in), the provider bids and the customer
// accepts, the provider reads its Earnings and History tabs.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { dollars, logIn, socketJoined } from './page-steps';
import { baseUrl } from './stack-env';

/** Dollars as the screens show them: '$95.00'. */
export const money = (n: number): string => `$${n.toFixed(2)}`;

/** The admin's money settings in force (public GET /api/settings): the card fee in dollars, the commission in percent. */
export async function platformFees(): Promise<{ cardFee: number; commissionPercent: number }> {
  const res = await fetch(`${baseUrl()}/api/settings`);
  if (!res.ok) throw new Error(`GET /api/settings: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { serviceFee: number; walletFee: number } };
  return { cardFee: data.serviceFee, commissionPercent: data.walletFee };
}

/** Fills the payment dialog's new-card form (the Stripe.js stand-in) with `number`, choosing a new card over a saved one. */
export async function enterCard(c: Page, number: string, name: string): Promise<void> {
  const dialog = c.getByRole('dialog', { name: 'Payment' });
  const differentCard = dialog.getByRole('button', { name: 'Use a different card' });
  const nameField = dialog.getByLabel(/Cardholder Name/);
  await Promise.race([differentCard.waitFor({ timeout: 20000 }), nameField.waitFor({ timeout: 20000 })]);
  if (await differentCard.isVisible()) await differentCard.click();
  await nameField.fill(name);
  const cardNumber = dialog.getByLabel('Card number');
  await cardNumber.waitFor({ timeout: 15000 });
  await cardNumber.fill(number);
  await dialog.getByLabel(/Expiration date/).fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
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

/**
 * The customer (logged in, on /dashboard) posts a Flat Tire Repair card request of `budget` at its device location,
 * described with `marker`, and pays the hold (budget + `cardFee`) with a new card 4242 4242 4242 4242 in the payment
 * dialog. Answers the request id once the customer is on /bidding/{id} and its realtime channel joined.
 */
export async function postCardRequest(c: Page, o: { marker: string; budget: number; cardFee: number }): Promise<string> {
  await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor({ timeout: 15000 });
  await c.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
  await c.getByLabel(/Tire Size/).pressSequentially('22565r17');
  await c.getByLabel('Description').fill(`Flat front tire (${o.marker})`);
  await c.getByLabel(/Budget/).fill(String(o.budget));
  await c.getByRole('button', { name: 'Use my current location' }).click();
  await c.getByText(/Using your current location/).waitFor({ timeout: 15000 });
  await c.getByRole('radio', { name: /processing fee/ }).check();
  const customerJoined = socketJoined(c);
  await c.getByRole('button', { name: 'Submit Request' }).click();
  const dialog = c.getByRole('dialog', { name: 'Payment' });
  await dialog.waitFor({ timeout: 20000 });
  await enterCard(c, '4242424242424242', 'Casey Card');
  await dialog.getByRole('button', { name: `Pay ${money(o.budget + o.cardFee)}` }).click();
  await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 30000 });
  const requestId = new URL(c.url()).pathname.split('/')[2]!;
  await customerJoined;
  return requestId;
}

/**
 * The bidding flow up to acceptance of a $90 CARD job (as extras-browsers.e2e-spec.ts): the provider waits for
 * requests on its dashboard, the customer posts the request at its device location and pays the hold ($90 + the card
 * fee) with a new card in the payment dialog; the provider bids $90, the customer accepts. Returns the request id with
 * the customer on /tracking/{id} and the provider on /provider/tracking/{id}.
 */
export async function acceptedCardJob(c: Page, p: Page, cardFee: number, label = 'e2e-card-job'): Promise<{ requestId: string; marker: string }> {
  const marker = `${label} ${crypto.randomBytes(4).toString('hex')}`;
  const providerJoined = socketJoined(p);
  await p.goto(`${baseUrl()}/provider/dashboard`);
  await p.getByRole('tab', { name: 'Requests' }).waitFor({ timeout: 20000 });
  await providerJoined;

  await logIn(c, 'customer');
  const requestId = await postCardRequest(c, { marker, budget: 90, cardFee });

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

/** The provider's Earnings tab (freshly loaded): its available balance and this month's tips in dollars (0 when not shown). */
export async function earnings(p: Page): Promise<{ available: number; monthTips: number }> {
  await p.goto(`${baseUrl()}/provider/dashboard`);
  await p.getByRole('tab', { name: 'Earnings' }).click();
  const value = p.getByTestId('available-balance');
  await value.waitFor({ timeout: 15000 });
  const tipsStat = p.locator('.stat').filter({ has: p.getByText('Tips This Month', { exact: true }) });
  const monthTips = (await tipsStat.count()) > 0 ? dollars(await tipsStat.locator('.stat__value').innerText()) : 0;
  return { available: dollars(await value.innerText()), monthTips };
}

/** The provider's Earnings tab (freshly loaded): its available balance in dollars. */
export async function availableBalance(p: Page): Promise<number> {
  return (await earnings(p)).available;
}

export interface WalletRow {
  service: string;
  amount: string;
  /** The row's split notes ([] when it has none). */
  split: string[];
}

/** The provider's History tab (freshly loaded): its wallet transactions as shown, newest first ([] when it has none). */
export async function walletHistory(p: Page): Promise<WalletRow[]> {
  await p.goto(`${baseUrl()}/provider/dashboard`);
  await p.getByRole('tab', { name: 'History' }).click();
  const list = p.getByRole('list', { name: 'Wallet transactions' });
  await Promise.race([list.waitFor({ timeout: 15000 }), p.getByText('No transactions yet.').waitFor({ timeout: 15000 })]);
  const items = list.locator('.wallet-history__item');
  const rows: WalletRow[] = [];
  for (let i = 0; i < (await items.count()); i += 1) {
    const item = items.nth(i);
    rows.push({
      service: (await item.locator('.wallet-history__service').innerText()).trim(),
      amount: (await item.locator('.wallet-history__amount').innerText()).trim(),
      split: (await item.locator('.wallet-history__split').allInnerTexts()).map((t) => t.trim()),
    });
  }
  return rows;
}
