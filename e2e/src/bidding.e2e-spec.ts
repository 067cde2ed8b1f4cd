// Issue 3's browser test: a customer and the approved demo provider, each in its own Chromium, go through
// request (cash) -> the provider sees it live and bids -> the customer sees the bid live and accepts ->
// the customer lands on /tracking/{id} and the provider gets 'Bid Accepted!' (and its live job page).
import crypto from 'node:crypto';
import { launchBrowser, type BrowserSession } from './support/browser';
import { logIn, socketJoined } from './support/page-steps';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };

describe('live bidding in two browsers', () => {
  let customer: BrowserSession;
  let provider: BrowserSession;

  beforeAll(async () => {
    customer = await launchBrowser({ geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser();
  });

  afterAll(async () => {
    await customer?.close();
    await provider?.close();
  });

  it('request -> live bid -> accept -> tracking', async () => {
    const marker = `e2e ${crypto.randomBytes(4).toString('hex')}`;
    try {
      // The provider opens its dashboard first: its socket joins with the business id.
      const p = await provider.newPage();
      const providerJoined = socketJoined(p);
      await logIn(p, 'provider');
      await p.getByRole('tab', { name: 'Requests' }).waitFor();
      await providerJoined;

      // The customer fills the request form (cash) with the device location and submits.
      const c = await customer.newPage();
      await logIn(c, 'customer');
      await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor();
      await c.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
      await c.getByLabel(/Tire Size/).pressSequentially('22565r17');
      expect(await c.getByLabel(/Tire Size/).inputValue()).toBe('225/65/R17');
      await c.getByLabel('Description').fill(`Flat rear tire (${marker})`);
      await c.getByLabel(/Budget/).fill('90');
      await c.getByRole('button', { name: 'Use my current location' }).click();
      await c.getByText(/Using your current location/).waitFor();
      await c.getByRole('radio', { name: /Pay the provider directly in cash/ }).check();
      const customerJoined = socketJoined(c);
      await c.getByRole('button', { name: 'Submit Request' }).click();
      await c.getByText('Request Created').waitFor({ timeout: 15000 });
      await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 15000 });
      const requestId = new URL(c.url()).pathname.split('/')[2];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      await customerJoined;

      // The provider receives it live ('New Service Request!') and bids.
      const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
      await offer.waitFor({ timeout: 20000 });
      await p.getByText('New Service Request!').first().waitFor();
      await offer.getByLabel('Your price ($)').fill('85');
      await offer.getByLabel('ETA (minutes)').fill('15');
      await offer.getByRole('button', { name: 'Place Bid' }).click();
      await p.getByText('Bid Placed').waitFor({ timeout: 15000 });
      await offer.getByText('Bid submitted. Waiting for the customer to choose.').waitFor();

      // The customer sees the bid live (within its 10 s display countdown) and accepts it.
      const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
      await bid.waitFor({ timeout: 9000 });
      expect(await bid.innerText()).toContain('$85.00');
      expect(await bid.innerText()).toContain('15 min');
      await bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }).click();
      await c.getByText('Bid Accepted!').waitFor({ timeout: 15000 });
      await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 15000 });

      // The provider hears of it and goes to the live job.
      await p.getByText('Bid Accepted!').waitFor({ timeout: 20000 });
      await p.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 15000 });
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      if (err instanceof Error && problems.length > 0) err.message += `\nbrowser problems:\n${problems.join('\n')}`;
      throw err;
    }
  });
});
