// Steps of card jobs several browser tests share: the customer posts a card request and pays its hold in the payment
// dialog (the Stripe emulator's Stripe.js stand-in), the provider reads its Earnings and History tabs.
import type { Page } from 'playwright-core';
import { baseUrl } from './stack-env';
import { dollars, socketJoined } from './page-steps';

/** Dollars as the screens show them: '$95.00'. */
export const money = (n: number): string => `$${n.toFixed(2)}`;

/** The admin's money settings in force (public GET /api/settings): the card fee in dollars, the commission in percent. */
export async function platformFees(): Promise<{ cardFee: number; commissionPercent: number }> {
  const res = await fetch(`${baseUrl()}/api/settings`);
  if (!res.ok) throw new Error(`GET /api/settings: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { serviceFee: number; walletFee: number } };
  return { cardFee: data.serviceFee, commissionPercent: data.walletFee };
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
  await dialog.waitFor({ timeout: 15000 });
  const differentCard = dialog.getByRole('button', { name: 'Use a different card' });
  const nameField = dialog.getByLabel(/Cardholder Name/);
  await Promise.race([differentCard.waitFor({ timeout: 15000 }), nameField.waitFor({ timeout: 15000 })]);
  if (await differentCard.isVisible()) await differentCard.click();
  await nameField.fill('Casey Card');
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel(/Expiration date/).fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${money(o.budget + o.cardFee)}` }).click();
  await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 30000 });
  const requestId = new URL(c.url()).pathname.split('/')[2]!;
  await customerJoined;
  return requestId;
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
  /** The row's split note ('' when it has none). */
  split: string;
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
    const split = item.locator('.wallet-history__split');
    rows.push({
      service: (await item.locator('.wallet-history__service').innerText()).trim(),
      amount: (await item.locator('.wallet-history__amount').innerText()).trim(),
      split: (await split.count()) > 0 ? (await split.innerText()).trim() : '',
    });
  }
  return rows;
}
