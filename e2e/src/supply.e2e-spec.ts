// Issue 9's browser test: the marketplace loop for people who sign up in the app, with no seeded account
// but the admin and no API shortcut. A provider registers (its service address from the device position), the
// admin approves it on the admin screen, the provider switches Online at the browser's position; a customer
// registers and posts a request 1 km away; the provider sees it within 10 s and bids; the customer accepts;
// both reach tracking. Once with the provider online before the request, once going online after it (and then
// cancelling with a reason the customer is shown).
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { logInAsAdmin, socketJoined, visibleMessages } from './support/page-steps';
import { baseUrl } from './support/stack-env';

interface Place {
  provider: { latitude: number; longitude: number };
  /** About 1 km north of the provider. */
  customer: { latitude: number; longitude: number };
}

// Far from the seeded providers (San Francisco) and from each other, so each request reaches only its provider.
const NEW_YORK: Place = { provider: { latitude: 40.758, longitude: -73.9855 }, customer: { latitude: 40.767, longitude: -73.9855 } };
const CHICAGO: Place = { provider: { latitude: 41.8781, longitude: -87.6298 }, customer: { latitude: 41.8871, longitude: -87.6298 } };

/** How soon a provider must see a request (the bar). */
const SEE_WITHIN_MS = 10_000;

function sessionAt(position: Place['provider']): Promise<BrowserSession> {
  return launchBrowser({ geolocation: position });
}

/** /provider/register as a person fills it: no documents, the service address from the device position. */
async function registerProvider(page: Page, businessName: string, id: string): Promise<void> {
  const password = `Provider-${id}-pw`;
  await page.goto(`${baseUrl()}/provider/register`);
  await page.getByLabel(/^Full Name/).fill(`Sam ${id}`);
  await page.getByLabel(/^Email/).fill(`supply-provider-${id}@example.com`);
  await page.getByLabel(/^Phone/).fill('555-010-7777');
  await page.getByLabel(/^Years of Experience/).fill('4');
  await page.getByLabel(/^Business Name/).fill(businessName);
  await page.getByLabel(/^Service Radius/).fill('10');
  await page.getByLabel(/^Hourly Rate/).fill('75');
  await page.getByRole('button', { name: 'Use my current location' }).click();
  await page.getByText(/Using your current location/).waitFor();
  await page.getByRole('checkbox', { name: 'Flat Tire Repair' }).check();
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm Password/).fill(password);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL((url) => url.pathname === '/provider/dashboard', { timeout: 20000 });
  await page.getByText('Account Under Review').waitFor({ timeout: 15000 });
}

async function approveOnAdminScreen(admin: Page, businessName: string): Promise<void> {
  await admin.goto(`${baseUrl()}/admin`);
  await admin.getByRole('tab', { name: 'Provider Approvals' }).click();
  const row = admin.getByRole('listitem').filter({ hasText: businessName });
  await row.waitFor({ timeout: 15000 });
  await row.getByRole('button', { name: 'Review' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Review Provider' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await admin.getByText('Provider Approved').first().waitFor({ timeout: 15000 });
}

async function goOnline(page: Page): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Available for new requests' });
  await toggle.waitFor({ timeout: 20000 });
  if ((await toggle.getAttribute('aria-checked')) !== 'false') throw new Error('a new provider should start offline');
  await toggle.click();
  await page.locator('[role="switch"][aria-checked="true"]').waitFor({ timeout: 15000 });
  await page.getByText('requests near your current location').waitFor();
}

/** /customer/register, then the request form on the dashboard with the device location; resolves the request id. */
async function registerAndPostRequest(page: Page, id: string, marker: string): Promise<string> {
  const password = `Customer-${id}-pw`;
  await page.goto(`${baseUrl()}/customer/register`);
  await page.getByLabel(/^Full Name/).fill(`Casey ${id}`);
  await page.getByLabel(/^Email/).fill(`supply-customer-${id}@example.com`);
  await page.getByLabel(/^Phone/).fill('555-010-8888');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm Password/).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20000 });
  await page.getByRole('heading', { name: 'Request Tire Service' }).waitFor();
  await page.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
  await page.getByLabel(/Tire Size/).pressSequentially('22565r17');
  await page.getByLabel('Description').fill(`Flat front tire (${marker})`);
  await page.getByLabel(/Budget/).fill('110');
  await page.getByRole('button', { name: 'Use my current location' }).click();
  await page.getByText(/Using your current location/).waitFor();
  await page.getByRole('radio', { name: /Pay the provider directly in cash/ }).check();
  const joined = socketJoined(page);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 15000 });
  await joined;
  return new URL(page.url()).pathname.split('/')[2]!;
}

/** The provider sees the request within 10 s, bids; the customer accepts; both reach tracking. */
async function bidAcceptTrack(provider: Page, customer: Page, requestId: string, businessName: string, marker: string, since: number): Promise<void> {
  const offer = provider.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
  await offer.waitFor({ timeout: Math.max(1000, SEE_WITHIN_MS - (Date.now() - since)) });
  await offer.getByLabel('Your price ($)').fill('95');
  await offer.getByLabel('ETA (minutes)').fill('12');
  await offer.getByRole('button', { name: 'Place Bid' }).click();
  await offer.getByText('Bid submitted. Waiting for the customer to choose.').waitFor({ timeout: 15000 });

  const bid = customer.getByRole('listitem', { name: `Bid from ${businessName}` });
  await bid.waitFor({ timeout: 9000 });
  await bid.getByRole('button', { name: new RegExp(`Accept bid from ${businessName}`) }).click();
  await customer.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 15000 });
  await provider.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 20000 });
}

describe('supply: a provider who signs up in the app gets work (browser)', () => {
  let admin: BrowserSession;

  beforeAll(async () => {
    admin = await launchBrowser();
    await logInAsAdmin(await admin.newPage());
  });

  afterAll(async () => {
    await admin?.close();
  });

  async function loop(place: Place, onlineFirst: boolean): Promise<void> {
    const id = crypto.randomBytes(4).toString('hex');
    const businessName = `Supply Tires ${id}`;
    const marker = `supply ${id}`;
    const providerSession = await sessionAt(place.provider);
    const customerSession = await sessionAt(place.customer);
    let p: Page | null = null;
    let c: Page | null = null;
    try {
      p = await providerSession.newPage();
      await registerProvider(p, businessName, id);
      await approveOnAdminScreen((await admin.context.pages())[0]!, businessName);
      // The open dashboard flips from 'Account Under Review' to the switch and the tabs by itself.
      await p.getByRole('tab', { name: 'Requests' }).waitFor({ timeout: 30000 });
      await p.getByText('You are offline. Switch to Online above to be offered requests near you.').waitFor();

      c = await customerSession.newPage();
      let requestId: string;
      let since: number;
      if (onlineFirst) {
        await goOnline(p);
        requestId = await registerAndPostRequest(c, id, marker);
        since = Date.now();
        await c.getByText('Sent to 1 nearby provider.').waitFor({ timeout: 10000 });
      } else {
        requestId = await registerAndPostRequest(c, id, marker);
        // Posted while nobody nearby was online: the customer is told, nothing reaches the offline provider.
        await c.getByText('No provider nearby is online right now.').waitFor({ timeout: 10000 });
        await new Promise((r) => setTimeout(r, 1500));
        expect(await p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker }).count()).toBe(0);
        await goOnline(p);
        since = Date.now();
        // The customer's screen counts the provider who came online, live.
        await c.getByText('Sent to 1 nearby provider.').waitFor({ timeout: 10000 });
      }
      await bidAcceptTrack(p, c, requestId, businessName, marker, since);
      if (!onlineFirst) {
        // The provider cancels with a reason; the customer is told why.
        await p.getByRole('button', { name: 'Cancel job' }).click();
        const dialog = p.getByRole('dialog', { name: 'Cancel this job?' });
        await dialog.getByRole('radio', { name: 'Vehicle breakdown' }).check();
        await dialog.getByRole('button', { name: 'Cancel job' }).click();
        await p.waitForURL((url) => url.pathname === '/provider/dashboard', { timeout: 15000 });
        await c.getByText('This job was canceled: Vehicle breakdown. You can post a new request.').waitFor({ timeout: 15000 });
      }
    } catch (err) {
      const problems = [...providerSession.problems.map((x) => `provider ${x}`), ...customerSession.problems.map((x) => `customer ${x}`)];
      if (err instanceof Error) {
        err.message += `\nprovider page: ${await visibleMessages(p)}\ncustomer page: ${await visibleMessages(c)}`;
        if (problems.length > 0) err.message += `\nbrowser problems:\n${problems.join('\n')}`;
      }
      throw err;
    } finally {
      await providerSession.close();
      await customerSession.close();
    }
  }

  it('provider online first: registers, is approved, goes online; a new customer posts 1 km away; bid, accept, tracking', async () => {
    await loop(NEW_YORK, true);
  });

  it('provider online after the request was posted: offered the open request when it goes online', async () => {
    await loop(CHICAGO, false);
  });
});
