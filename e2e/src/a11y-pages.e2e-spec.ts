// Issue 14 item 3 (WCAG 2.2 AA on every page and role): every route of the SPA (frontend/src/app/routes.tsx), as each
// role that can see it (visitor; customer; provider, pending and approved; admin), with the page's dialogs open, has
// no serious or critical violation of axe-core's WCAG 2.0/2.1/2.2 A and AA rules, and every pointer target that is not
// inline in a sentence is at least 24x24 CSS px (2.5.8). Each role's findings are listed together in its failure.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { a11yProblems, horizontalOverflow } from './support/a11y';
import { launchBrowser, type BrowserSession } from './support/browser';
import { logIn, logInAsAdmin, socketJoined, visibleMessages } from './support/page-steps';
import { baseUrl } from './support/stack-env';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
const PROVIDER_POSITION = { latitude: 37.7936, longitude: -122.3958 };

/** A 16x12 PNG, for the pending provider's documents. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAAFUlEQVR4nGOQm/CfJMQwqmFUA3YEAPGcQdDNpvImAAAAAElFTkSuQmCC', 'base64');

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/login?admin',
  '/customer/register',
  '/provider/register',
  '/about',
  '/contact',
  '/careers',
  '/press',
  '/help-center',
  '/safety',
  '/privacy-policy',
  '/terms-of-service',
  '/services/tire-repair',
  '/services/tire-replacement',
  '/services/wheel-balancing',
  '/services/emergency',
  '/no-such-page',
];

/** Public pages a signed-in user still sees, with the signed-in header (the visitor's test covers every one). */
const PUBLIC_SIGNED_IN = ['/', '/services/tire-repair', '/no-such-page'];

/** Waits until the page has its main heading and no loading spinner (a page that keeps one is checked as it is). */
async function settled(page: Page): Promise<void> {
  await page.locator('main :is(h1, h2)').first().waitFor({ timeout: 20000 });
  await page.waitForFunction(() => document.querySelectorAll('.spinner').length === 0, undefined, { timeout: 10000 }).catch(() => undefined);
}

describe('WCAG 2.2 AA: every page and dialog, as every role (axe and target size)', () => {
  const sessions: BrowserSession[] = [];
  let visitor: BrowserSession;
  let customer: BrowserSession;
  let provider: BrowserSession;
  let admin: BrowserSession;
  const pendingBusiness = `A11y Tires ${crypto.randomBytes(4).toString('hex')}`;
  /** Whatever the role's test found, page by page. */
  let problems: string[] = [];

  const check = async (page: Page, where: string) => {
    problems.push(...(await a11yProblems(page, where)));
  };
  const visit = async (page: Page, path: string, where = path) => {
    await page.goto(`${baseUrl()}${path}`);
    await settled(page);
    await check(page, where);
  };
  /** Runs a role's visits, then fails with everything found (and what the pages showed when a step broke). */
  const asRole = async (pages: () => Page[], body: () => Promise<void>) => {
    problems = [];
    try {
      await body();
    } catch (err) {
      if (err instanceof Error) {
        for (const page of pages()) err.message += `\n${await visibleMessages(page)}`;
        const seen = sessions.flatMap((s) => s.problems);
        if (seen.length > 0) err.message += `\nbrowser problems:\n${seen.join('\n')}`;
        if (problems.length > 0) err.message += `\nfound before the failure:\n${problems.join('\n')}`;
      }
      throw err;
    }
    expect(problems).toEqual([]);
  };

  beforeAll(async () => {
    visitor = await launchBrowser();
    customer = await launchBrowser({ geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ geolocation: PROVIDER_POSITION });
    admin = await launchBrowser();
    sessions.push(visitor, customer, provider, admin);
  });

  afterAll(async () => {
    for (const s of sessions) await s?.close();
  });

  it('visitor: every public page (wide and 320px wide), the 404 page, and the login form with its errors', async () => {
    const v = await visitor.newPage();
    await asRole(
      () => [v],
      async () => {
        for (const path of PUBLIC_PAGES) await visit(v, path);
        // The phone layout (spec: mobile below 768px), where the header and the cards stack.
        await v.setViewportSize({ width: 320, height: 720 });
        for (const path of PUBLIC_PAGES) {
          await visit(v, path, `${path} (320px wide)`);
          problems.push(...(await horizontalOverflow(v)).map((o) => `${path} (320px wide): reflow (1.4.10) ${o}`));
        }
        await v.setViewportSize({ width: 1280, height: 900 });
        // The login form with its validation errors shown.
        await v.goto(`${baseUrl()}/login`);
        await v.getByRole('tabpanel').getByRole('button', { name: /sign in/i }).click();
        await v.locator('.field__error, [role="alert"]').first().waitFor();
        await check(v, '/login (errors)');
      },
    );
  }, 240000); // 36 pages, each through axe: slow on a loaded CI machine

  it('provider, pending: the application form filled in, then its dashboard, settings and profile', async () => {
    const p = await visitor.newPage();
    await asRole(
      () => [p],
      async () => {
        const id = crypto.randomBytes(4).toString('hex');
        const password = `Provider-${id}-pw`;
        await p.goto(`${baseUrl()}/provider/register`);
        await p.getByLabel(/^Full Name/).fill('Pat Pending');
        await p.getByLabel(/^Email/).fill(`a11y-provider-${id}@example.com`);
        await p.getByLabel(/^Phone/).fill('555-010-4243');
        await p.getByLabel(/^Years of Experience/).fill('4');
        await p.getByLabel(/^Business Name/).fill(pendingBusiness);
        await p.getByLabel(/^Service Radius/).fill('20');
        await p.getByLabel(/^Hourly Rate/).fill('70');
        await p.getByRole('checkbox', { name: 'Tire Replacement' }).check();
        await p.getByLabel('Government ID', { exact: true }).setInputFiles({ name: 'government-id.png', mimeType: 'image/png', buffer: PNG });
        await p.getByLabel('Business License', { exact: true }).setInputFiles({ name: 'business-license.png', mimeType: 'image/png', buffer: PNG });
        await p.getByRole('button', { name: 'Remove business-license.png' }).waitFor();
        await p.getByLabel(/^Password/).fill(password);
        await p.getByLabel(/^Confirm Password/).fill(password);
        await check(p, '/provider/register (filled in, with thumbnails)');
        await p.getByRole('button', { name: 'Submit Application' }).click();
        await p.waitForURL((url) => url.pathname === '/provider/dashboard', { timeout: 20000 });
        await p.getByText('Account Under Review').first().waitFor({ timeout: 15000 });
        await check(p, '/provider/dashboard (pending)');
        for (const path of ['/provider/settings', '/provider/profile', '/provider/complete', ...PUBLIC_SIGNED_IN]) {
          await visit(p, path, `${path} (pending provider)`);
        }
      },
    );
  });

  it('admin: every tab, the review dialog with an enlarged document, and the user edit dialog', async () => {
    const a = await admin.newPage();
    await asRole(
      () => [a],
      async () => {
        await logInAsAdmin(a);
        await settled(a);
        await check(a, '/admin (Provider Approvals)');
        const row = a.getByRole('listitem').filter({ hasText: pendingBusiness });
        await row.waitFor({ timeout: 15000 });
        await row.getByRole('button', { name: 'Review' }).click();
        const review = a.getByRole('dialog', { name: 'Review Provider' });
        await review.waitFor();
        await review.getByRole('img', { name: 'Business License' }).waitFor();
        await check(a, '/admin review dialog');
        await review.getByRole('button', { name: 'Enlarge Business License' }).click();
        const enlarged = a.getByRole('dialog', { name: 'Business License' });
        await enlarged.waitFor();
        await check(a, '/admin enlarged document dialog');
        await a.keyboard.press('Escape');
        await enlarged.waitFor({ state: 'detached' });
        await a.keyboard.press('Escape');
        await review.waitFor({ state: 'detached' });

        for (const tab of ['User Management', 'System Settings', 'Homepage Settings', 'Audit']) {
          await a.getByRole('tab', { name: tab }).click();
          await a.getByRole('tabpanel').waitFor();
          await a.waitForFunction(() => document.querySelectorAll('.spinner').length === 0, undefined, { timeout: 15000 });
          await check(a, `/admin (${tab})`);
          if (tab === 'User Management') {
            await a.getByRole('button', { name: /^Edit / }).first().click();
            const edit = a.getByRole('dialog');
            await edit.waitFor();
            await check(a, '/admin user edit dialog');
            await a.keyboard.press('Escape');
            await edit.waitFor({ state: 'detached' });
          }
        }
        for (const path of PUBLIC_SIGNED_IN) await visit(a, path, `${path} (admin)`);
      },
    );
  });

  it('customer and approved provider: dashboards, the request form, bidding, tracking, the summary, and their dialogs', async () => {
    let c: Page | null = null;
    let p: Page | null = null;
    await asRole(
      () => [c, p].filter((x): x is Page => x !== null),
      async () => {
        c = await customer.newPage();
        p = await provider.newPage();
        const marker = `a11y ${crypto.randomBytes(4).toString('hex')}`;

        // The approved provider, online, with its tabs.
        const providerJoined = socketJoined(p);
        await logIn(p, 'provider');
        await p.getByRole('tab', { name: 'Requests' }).waitFor();
        await providerJoined;
        await settled(p);
        await check(p, '/provider/dashboard (Requests)');
        for (const tab of ['History', 'Earnings', 'Reviews', 'Profile']) {
          await p.getByRole('tab', { name: tab }).click();
          await p.getByRole('tabpanel').waitFor();
          await p.waitForFunction(() => document.querySelectorAll('.spinner').length === 0, undefined, { timeout: 15000 });
          await check(p, `/provider/dashboard (${tab})`);
        }
        await p.getByRole('tab', { name: 'Requests' }).click();

        // The customer: dashboard, the request form with its errors, the payment dialog of a card request.
        await logIn(c, 'customer');
        await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor();
        await settled(c);
        await check(c, '/dashboard');
        await visit(c, '/create-request');
        await c.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
        await c.getByLabel(/Tire Size/).pressSequentially('22565r17');
        await c.getByLabel('Description').fill(`Flat rear tire (${marker})`);
        await c.getByLabel(/Budget/).fill('90');
        await c.getByRole('button', { name: 'Use my current location' }).click();
        await c.getByText(/Using your current location/).waitFor();
        await c.getByRole('radio', { name: /processing fee/ }).check();
        await check(c, '/create-request (filled in)');
        await c.getByRole('button', { name: 'Submit Request' }).click();
        const payment = c.getByRole('dialog', { name: 'Payment' });
        await payment.waitFor({ timeout: 15000 });
        await Promise.race([
          payment.getByRole('button', { name: 'Use a different card' }).waitFor({ timeout: 15000 }),
          payment.getByLabel('Card number').waitFor({ timeout: 15000 }),
        ]);
        await check(c, '/create-request payment dialog');
        await c.keyboard.press('Escape');
        await payment.waitFor({ state: 'detached' });

        // A cash request: the bidding screen waiting, the provider's offer and its own bidding screen, the bid.
        await c.getByRole('radio', { name: /Pay the provider directly in cash/ }).check();
        const customerJoined = socketJoined(c);
        await c.getByRole('button', { name: 'Submit Request' }).click();
        await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 15000 });
        const requestId = new URL(c.url()).pathname.split('/')[2]!;
        await customerJoined;
        await settled(c);
        await check(c, '/bidding/:id (waiting for bids)');

        const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
        await offer.waitFor({ timeout: 20000 });
        await check(p, '/provider/dashboard (a request offered)');
        await visit(p, `/bidding/${requestId}`, '/bidding/:id (provider)');
        await p.getByLabel('Your price ($)').fill('85');
        await p.getByLabel('ETA (minutes)').fill('15');
        await p.getByRole('button', { name: 'Place Bid' }).click();
        await p.getByText('Bid Placed').first().waitFor({ timeout: 15000 });
        await check(p, '/bidding/:id (provider, bid placed)');

        // The bid is shown for 10 seconds: checked while it is there, then accepted.
        const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
        await bid.waitFor({ timeout: 9000 });
        await check(c, '/bidding/:id (a bid shown)');
        await bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }).click();
        await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 15000 });
        await visit(p, `/bidding/${requestId}`, '/bidding/:id (provider, bid accepted)');
        await p.getByRole('link', { name: 'Go to the job' }).waitFor();
        await p.goto(`${baseUrl()}/provider/tracking/${requestId}`);

        // Tracking, en route: the page, the extra-service and cancel dialogs; the provider's page and its cancel dialog.
        await c.getByRole('status', { name: 'Status: En Route' }).waitFor({ timeout: 15000 });
        await settled(c);
        await check(c, '/tracking/:id (en route)');
        await c.setViewportSize({ width: 320, height: 720 });
        await check(c, '/tracking/:id (en route, 320px wide)');
        problems.push(...(await horizontalOverflow(c)).map((o) => `/tracking/:id (320px wide): reflow (1.4.10) ${o}`));
        await p.setViewportSize({ width: 320, height: 720 });
        await check(p, '/provider/tracking/:id (en route, 320px wide)');
        problems.push(...(await horizontalOverflow(p)).map((o) => `/provider/tracking/:id (320px wide): reflow (1.4.10) ${o}`));
        await c.setViewportSize({ width: 1280, height: 900 });
        await p.setViewportSize({ width: 1280, height: 900 });
        await c.getByRole('button', { name: 'Request Extra Service' }).click();
        const extra = c.getByRole('dialog');
        await extra.waitFor();
        await check(c, '/tracking/:id extra-service dialog');
        await c.keyboard.press('Escape');
        await extra.waitFor({ state: 'detached' });
        await c.getByRole('button', { name: 'Cancel Service' }).click();
        const cancel = c.getByRole('dialog');
        await cancel.waitFor();
        await check(c, '/tracking/:id cancel dialog');
        await cancel.getByRole('button', { name: 'Keep Service' }).click();
        await cancel.waitFor({ state: 'detached' });

        await p.getByRole('button', { name: 'I AM HERE' }).waitFor({ timeout: 15000 });
        await settled(p);
        await check(p, '/provider/tracking/:id (en route)');
        await p.getByRole('button', { name: 'Cancel job' }).click();
        const providerCancel = p.getByRole('dialog', { name: 'Cancel this job?' });
        await providerCancel.waitFor();
        await providerCancel.getByRole('button', { name: 'Cancel job' }).click();
        await providerCancel.getByText('Please choose a reason.').waitFor();
        await check(p, '/provider/tracking/:id cancel dialog (with its error)');
        await p.keyboard.press('Escape');
        await providerCancel.waitFor({ state: 'detached' });

        // Arrived, completed, confirmed (cash): both tracking pages at each step, the rating dialog, the summary.
        await p.getByRole('button', { name: 'I AM HERE' }).click();
        await p.getByRole('button', { name: 'JOB COMPLETED' }).waitFor({ timeout: 15000 });
        await c.getByRole('status', { name: 'Status: Arrived' }).waitFor({ timeout: 15000 });
        await check(p, '/provider/tracking/:id (arrived)');
        await check(c, '/tracking/:id (arrived)');
        await p.getByRole('button', { name: 'JOB COMPLETED' }).click();
        await p.getByText('Waiting for the customer to confirm the job.').waitFor({ timeout: 15000 });
        await c.getByRole('button', { name: 'Confirm Completion' }).waitFor({ timeout: 15000 });
        await check(p, '/provider/tracking/:id (completed)');
        await check(c, '/tracking/:id (completion reported)');
        await c.getByRole('button', { name: 'Confirm Completion' }).click();
        await c.waitForURL((url) => url.pathname === `/payment/${requestId}`, { timeout: 15000 });
        // The provider hears of it (a toast that goes after a while: waited for now, not after the customer's checks).
        await p.getByText('Job Confirmed').first().waitFor({ timeout: 20000 });
        await c.getByRole('button', { name: 'Submit Rating' }).waitFor({ timeout: 15000 });
        await settled(c);
        await check(c, '/payment/:id (summary and rating form)');
        await c.getByRole('button', { name: 'Submit Rating' }).click();
        await c.getByText('Rating Required').first().waitFor();
        await check(c, '/payment/:id (rating required)');

        await visit(c, `/tracking/${requestId}`, '/tracking/:id (confirmed)');
        await c.getByRole('button', { name: 'Rate Provider' }).click();
        const rate = c.getByRole('dialog');
        await rate.waitFor();
        await check(c, '/tracking/:id rating dialog');
        await c.keyboard.press('Escape');
        await rate.waitFor({ state: 'detached' });

        // The provider's job over: payment settings (connected through the Stripe emulator's hosted onboarding when
        // not yet, with /provider/complete's countdown on the way back), the withdraw dialog, the other pages.
        await visit(p, '/provider/settings', '/provider/settings (provider)');
        const badge = p.getByText(/^(Connected|Not Connected)$/);
        await badge.waitFor({ timeout: 15000 });
        if ((await badge.innerText()) === 'Not Connected') {
          await p.getByRole('button', { name: 'Set Up Stripe Connect' }).click();
          await p.waitForURL((url) => url.pathname === '/provider/complete' && url.searchParams.has('providerId'), { timeout: 15000 });
          await p.getByText(/Setup completed! Redirecting in \d seconds\.\.\./).waitFor({ timeout: 15000 });
          await check(p, '/provider/complete?providerId (countdown)');
          await p.waitForURL((url) => url.pathname === '/provider/settings', { timeout: 10000 });
          await p.getByText('Connected', { exact: true }).waitFor({ timeout: 10000 });
          await settled(p);
          await check(p, '/provider/settings (connected)');
        }
        await visit(p, '/provider/dashboard', '/provider/dashboard (provider)');
        await p.getByRole('tab', { name: 'Earnings' }).click();
        const withdrawButton = p.getByRole('button', { name: 'Withdraw Funds' });
        await p.waitForFunction(() => Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Withdraw Funds' && !b.disabled), undefined, { timeout: 15000 });
        await withdrawButton.click();
        const withdraw = p.getByRole('dialog', { name: 'Withdraw Funds' });
        await withdraw.waitFor();
        await check(p, '/provider/dashboard withdraw dialog');
        await p.keyboard.press('Escape');
        await withdraw.waitFor({ state: 'detached' });
        for (const path of ['/provider/profile', '/provider/complete', ...PUBLIC_SIGNED_IN]) {
          await visit(p, path, `${path} (provider)`);
        }
        for (const path of ['/dashboard', ...PUBLIC_SIGNED_IN]) await visit(c, path, `${path} (customer)`);

        // The admin's Requests tab and a request's page with its job chat, now that a job exists.
        const a = await admin.newPage();
        await a.goto(`${baseUrl()}/admin`);
        await a.getByRole('tab', { name: 'Requests' }).click();
        await a.getByRole('button', { name: /^View the request of / }).first().waitFor({ timeout: 15000 });
        await a.waitForFunction(() => document.querySelectorAll('.spinner').length === 0, undefined, { timeout: 15000 });
        await check(a, '/admin (Requests)');
        await a.getByRole('button', { name: /^View the request of / }).first().click();
        const requestPage = a.getByRole('dialog');
        await requestPage.waitFor();
        await a.waitForFunction(() => document.querySelectorAll('.spinner').length === 0, undefined, { timeout: 15000 });
        await check(a, '/admin request dialog');
        await a.keyboard.press('Escape');
        await requestPage.waitFor({ state: 'detached' });
        await c.setViewportSize({ width: 320, height: 720 });
        await visit(c, '/dashboard', '/dashboard (320px wide)');
        problems.push(...(await horizontalOverflow(c)).map((o) => `/dashboard (320px wide): reflow (1.4.10) ${o}`));
        await p.setViewportSize({ width: 320, height: 720 });
        await visit(p, '/provider/dashboard', '/provider/dashboard (320px wide)');
        problems.push(...(await horizontalOverflow(p)).map((o) => `/provider/dashboard (320px wide): reflow (1.4.10) ${o}`));
      },
    );
  }, 240000); // two browsers through a whole job with some 40 checks: slow on a loaded CI machine
});
