// Issue 13 item 2 in browsers, as people do it: a customer and the provider (each in its own browser, the job brought
// to tracking by support/job-steps.ts) and the admin. The provider's phone is 20 km from the job: 'I AM HERE' is
// refused with the distance, and a reason arrives anyway; the admin reads that reason on the request's page. The
// customer sees the wait after arrival; the provider presses 'Customer not here' (too early: the time left; after
// the wait: the no-show), and both screens show the outcome of a cash job (nothing charged). A provider not there by
// its ETA plus the grace period: the customer's screen offers 'Provider is late: cancel free', and the provider's
// no-show count on the admin's request page goes up by one. Time does not pass in a test: the request's stored times
// are moved back (as the services' int-specs move expires_at), never slept through.
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { acceptedCashJob } from './support/job-steps';
import { logInAsAdmin, visibleMessages } from './support/page-steps';
import { baseUrl, databaseUrl } from './support/stack-env';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
/** About 20 km north of the customer: beyond the arrival distance (ARRIVAL_MAX_DISTANCE_METERS, 5 km in the e2e stack). */
const FAR_AWAY = { latitude: 37.9549, longitude: -122.4194 };

/** Moves the provider's device (a few metres further on each try) until the customer's map shows the position. */
async function providerMovesTo(provider: BrowserSession, c: Page, target: { latitude: number; longitude: number }) {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const point = { latitude: target.latitude + attempt * 0.0001, longitude: target.longitude };
    await provider.context.setGeolocation(point);
    const shown = await c
      .waitForFunction((lat) => document.querySelector('.live-map__coords')?.textContent?.startsWith(lat) ?? false, point.latitude.toFixed(5), { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return point;
  }
  throw new Error(`the customer's map never showed the provider at ${target.latitude},${target.longitude}`);
}

describe('no-shows in the browsers of a customer, a provider and the admin', () => {
  let customer: BrowserSession;
  let provider: BrowserSession;
  let admin: BrowserSession;
  let db: Client;
  let adminPage: Page;
  let noShowsBefore: number;

  /** A fresh customer and provider browser for a job (each test logs both in again). */
  async function freshBrowsers(): Promise<void> {
    await customer?.close();
    await provider?.close();
    customer = await launchBrowser({ geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ geolocation: FAR_AWAY });
  }

  /** Time passes: the request's stored `column` moves back `minutes`. */
  async function movedBack(requestId: string, column: 'arrived_at' | 'accepted_at', minutes: number): Promise<void> {
    const res = await db.query(`UPDATE "requests"."service_requests" SET "${column}" = "${column}" - make_interval(mins => $2) WHERE "id" = $1`, [requestId, minutes]);
    expect(res.rowCount).toBe(1);
  }

  /** The admin's Requests tab, the newest request's page (this file's, the run being in band). */
  async function adminOpensNewestRequest(): Promise<Page> {
    const a = adminPage;
    await a.goto(`${baseUrl()}/admin`);
    await a.getByRole('tab', { name: 'Requests' }).click();
    await a.getByRole('button', { name: /^View the request of / }).first().waitFor({ timeout: 15000 });
    await a.getByRole('button', { name: /^View the request of / }).first().click();
    await a.getByRole('dialog', { name: 'Service Request' }).waitFor();
    return a;
  }

  beforeAll(async () => {
    db = new Client({ connectionString: databaseUrl() });
    await db.connect();
    admin = await launchBrowser();
    adminPage = await admin.newPage();
    await logInAsAdmin(adminPage);
  });

  afterAll(async () => {
    await customer?.close();
    await provider?.close();
    await admin?.close();
    await db?.end();
  });

  it('refuses the far arrival, takes a reason the admin reads, shows the wait, and ends the job as a customer no-show on both screens', async () => {
    await freshBrowsers();
    const c = await customer.newPage();
    const p = await provider.newPage();
    try {
      const requestId = await acceptedCashJob(c, p, 'e2e-noshow');
      await c.getByRole('status', { name: 'Status: En Route' }).waitFor({ timeout: 15000 });
      // The provider's phone streams its position (20 km away) to the job.
      await providerMovesTo(provider, c, FAR_AWAY);

      // 'I AM HERE' from there: refused with the distance; a reason is required to arrive anyway.
      await p.getByRole('button', { name: 'I AM HERE' }).click();
      const tooFar = p.getByRole('dialog', { name: 'You are not at the job yet' });
      await tooFar.waitFor({ timeout: 15000 });
      expect(await tooFar.innerText()).toMatch(/You are 2\d\.\d km from the job's address/);
      await tooFar.getByRole('button', { name: 'Arrive anyway' }).click();
      await tooFar.getByText('Say why you are arriving from here').waitFor();
      const reason = 'Customer called: the car is in the underground garage, no GPS down here';
      await tooFar.getByLabel(/Reason to arrive from here/).fill(reason);
      await tooFar.getByRole('button', { name: 'Arrive anyway' }).click();
      await p.getByRole('button', { name: 'JOB COMPLETED' }).waitFor({ timeout: 15000 });

      // Both screens show the wait for the customer.
      await c.getByRole('status', { name: 'Status: Arrived' }).waitFor({ timeout: 15000 });
      const customerWait = c.getByRole('timer', { name: 'Waiting for the customer' });
      await customerWait.getByText(/^Your provider is here\. They wait (9:\d\d|10:00) more before they may mark you absent\.$/).waitFor({ timeout: 15000 });
      const providerWait = p.getByRole('timer', { name: 'Waiting for the customer' });
      await providerWait.getByText(/^Waiting for the customer: (9:\d\d|10:00) left before you may mark them absent\.$/).waitFor();

      // Too early: the server's answer says how long is left; nothing changes.
      await providerWait.getByRole('button', { name: 'Customer not here' }).click();
      const confirm = p.getByRole('dialog', { name: 'Mark the customer absent?' });
      await confirm.getByText('The job ends as a customer no-show. It is a cash job: nobody is charged.').waitFor();
      await confirm.getByRole('button', { name: 'Customer not here' }).click();
      await confirm.getByRole('alert').getByText(/^Wait for the customer (9|10) min/).waitFor({ timeout: 15000 });
      await confirm.getByRole('button', { name: 'Keep waiting' }).click();

      // The wait is over (the arrival moved back 11 minutes): the provider marks the customer absent.
      await movedBack(requestId, 'arrived_at', 11);
      await providerWait.getByRole('button', { name: 'Customer not here' }).click();
      await confirm.getByRole('button', { name: 'Customer not here' }).click();
      const providerOutcome = p.getByRole('status', { name: 'Customer No-Show' });
      await providerOutcome
        .getByText('The customer was not there: the job ended as a no-show. It was a cash job: nothing was charged.')
        .waitFor({ timeout: 15000 });
      expect(await p.getByRole('button', { name: 'JOB COMPLETED' }).count()).toBe(0);
      await c
        .getByRole('status', { name: 'Customer No-Show' })
        .getByText('You were not at the service location: the job ended as a no-show. Nothing was charged.')
        .waitFor({ timeout: 20000 });
      expect(await c.getByRole('button', { name: 'Cancel Service' }).count()).toBe(0);

      // The admin's request page: the status, the arrival's distance and the provider's reason.
      const a = await adminOpensNewestRequest();
      const details = a.getByRole('dialog', { name: 'Service Request' });
      await details.getByText('Customer No-Show', { exact: true }).waitFor();
      await details.getByText('Arrival override reason').waitFor();
      // The reason as the details list shows it (the timeline's In Progress line quotes it too, once it has loaded).
      await details.getByText(reason, { exact: true }).waitFor();
      expect(await details.innerText()).toMatch(/\d{5} m from the job/);
      const count = (await details.innerText()).match(/No-shows: (\d+)/);
      expect(count).not.toBeNull();
      noShowsBefore = Number(count![1]);
    } catch (err) {
      throw new Error(`${(err as Error).message}\ncustomer: ${await visibleMessages(c)}\nprovider: ${await visibleMessages(p)}`);
    }
  }, 240000);

  it("offers the customer 'Provider is late: cancel free' once the ETA and the grace have passed, and counts the no-show against the provider", async () => {
    await freshBrowsers();
    const c = await customer.newPage();
    const p = await provider.newPage();
    try {
      const requestId = await acceptedCashJob(c, p, 'e2e-late');
      await c.getByRole('status', { name: 'Status: En Route' }).waitFor({ timeout: 15000 });
      expect(await c.getByRole('button', { name: 'Provider is late: cancel free' }).count()).toBe(0);

      // ETA (15 minutes) plus the grace (15) have passed and the provider has not arrived; the customer looks again.
      await movedBack(requestId, 'accepted_at', 31);
      await c.reload();
      const late = c.getByRole('region', { name: 'Your provider is late' });
      await late.waitFor({ timeout: 15000 });
      await late.getByRole('button', { name: 'Provider is late: cancel free' }).click();
      await c.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15000 });
      await c.getByText('Canceled free of charge: the provider did not arrive in time.').first().waitFor();

      const a = await adminOpensNewestRequest();
      const details = a.getByRole('dialog', { name: 'Service Request' });
      await details.getByText('Cancelled', { exact: true }).waitFor();
      await details.getByText(`No-shows: ${noShowsBefore + 1}`, { exact: false }).waitFor();
    } catch (err) {
      throw new Error(`${(err as Error).message}\ncustomer: ${await visibleMessages(c)}\nprovider: ${await visibleMessages(p)}`);
    }
  }, 240000);
});
