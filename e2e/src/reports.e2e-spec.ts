// Issue 13 item 8 through the whole stack: the admin's Reports and Analytics tabs with figures computed from the
// services' events. People sign up and act through the API as the app does (the admin is the only seeded account):
// a provider registers, is approved, connects Stripe and goes online; a customer posts a card job (held, accepted,
// arrived, completed, confirmed: captured; rated 5), a cash job (same, confirmed) and a cash job it cancels after
// acceptance. The report, filtered to this provider (the e2e files share one database), must show exactly these
// figures; then the admin opens the tabs in the browser, sees them, a chart, and downloads a table as CSV.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { ReportsView } from '@tiredash/contracts';
import { a11yProblems } from './support/a11y';
import { launchBrowser, type BrowserSession } from './support/browser';
import { logInAsAdmin, visibleMessages } from './support/page-steps';
import { adminToken, approvedProvider, call, connectStripe, eventually as waitUntil, goOnline, ok, register, withCustomerProfile, postRequest, bidWhenOffered, acceptBid, arriveAtJob } from './support/api';

/** This file's waits are 30 s (the report is read from content's read models, which follow every service's events). */
const eventually = <T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30000): Promise<T> => waitUntil(what, probe, timeoutMs);

interface RequestView {
  documentId: string;
  createdAt: string;
  acceptedAt: string | null;
  arrivedAt?: string | null;
}

// Far from the seeded providers and from the other e2e files' places, so the requests reach only ours.
const AT = { lat: 43.615, lng: -116.2023 };
const today = () => new Date().toISOString().slice(0, 10);
const secondsBetween = (a: string, b: string) => Math.max(0, Math.floor((Date.parse(b) - Date.parse(a)) / 1000));
/** Nearest rank: the smallest value with at least p of the values at or below it. */
const nearestRank = (values: number[], p: number) => [...values].sort((x, y) => x - y)[Math.ceil(p * values.length) - 1];

describe('reports and analytics: a small real scenario, its figures exact through the gateway and on the screens', () => {
  const id = crypto.randomBytes(4).toString('hex');
  const businessName = `Report Tires ${id}`;
  let admin: string;
  let provider: { token: string; providerId: string };
  let customer: { token: string; email: string; customerId: string };
  let from: string;
  let expected: {
    revenueCents: number;
    cardCents: number;
    commissionCents: number;
    acceptance: number[];
    arrival: number[];
  };
  let browser: BrowserSession | null = null;
  let page: Page | null = null;

  const signUp = (role: 'customer' | 'provider') => register(role, `reports-${role}-${id}@example.com`, `Reports-${id}-pw`);

  const post = (budget: number, paymentMethod: 'card' | 'cash'): Promise<string> =>
    postRequest(customer, { budget, paymentMethod, at: { ...AT, address: 'Capitol Blvd, Boise' }, description: `reports ${id}` });

  const bidAndAccept = async (requestId: string, amount: number): Promise<void> => acceptBid(customer, requestId, await bidWhenOffered(provider, requestId, amount));

  async function arriveCompleteConfirm(requestId: string): Promise<void> {
    await arriveAtJob(provider, requestId);
    await ok('POST', `/api/dispatch/jobs/${requestId}/completed`, { token: provider.token });
    await eventually('the confirmation', async () => {
      const res = await call('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Service Completed' } } });
      return res.status === 200;
    });
  }

  const view = async (requestId: string): Promise<RequestView> =>
    (await ok<{ data: RequestView }>('GET', `/api/service-requests/${requestId}`, { token: customer.token })).data;

  const report = (query: string, token = admin) => call<{ data: ReportsView }>('GET', `/api/reports?${query}`, { token });

  beforeAll(async () => {
    from = today();
    admin = await adminToken();

    const p = await approvedProvider(await signUp('provider'), { businessName, fullName: 'Robin Reports', phone: '555-010-6161' }, admin);
    await connectStripe(p, businessName);
    await goOnline(p, AT);
    provider = { token: p.token, providerId: p.providerId };

    customer = await withCustomerProfile(await signUp('customer'), `Casey Reports ${id}`, '555-010-6262');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('is for admins only, and refuses a malformed range', async () => {
    expect((await call('GET', '/api/reports')).status).toBe(401);
    expect((await report('', customer.token)).status).toBe(403);
    expect((await report('', provider.token)).status).toBe(403);
    expect((await report('from=2026-03-11&to=2026-03-10')).status).toBe(400);
    expect((await report('from=yesterday')).status).toBe(400);
    expect((await report('from=2024-01-01&to=2025-12-31')).status).toBe(400);
    expect((await report('mine=1')).status).toBe(400);
  });

  it('counts a card job, a cash job and a cancelled job exactly', async () => {
    const settings = (await ok<{ data: { serviceFee: number; walletFee: number } }>('GET', '/api/settings')).data;

    // A card job of $90: held, accepted, arrived, completed, confirmed (captured $90 + the card fee); rated 5.
    const card = await post(90, 'card');
    await bidAndAccept(card, 90);
    await arriveCompleteConfirm(card);
    await ok('POST', '/api/ratings', { token: customer.token, body: { data: { requestId: card, providerId: provider.providerId, rating: 5 } } });

    // A cash job of $60, confirmed; a cash job of $40 the customer cancels after accepting a bid.
    const cash = await post(60, 'cash');
    await bidAndAccept(cash, 60);
    await arriveCompleteConfirm(cash);
    const cancelled = await post(40, 'cash');
    await bidAndAccept(cancelled, 40);
    await ok('PUT', `/api/service-requests/${cancelled}`, { token: customer.token, body: { data: { tireStatus: 'Cancelled' } } });

    const cardCents = (90 + settings.serviceFee) * 100;
    const views = await Promise.all([card, cash, cancelled].map(view));
    expected = {
      revenueCents: cardCents + 6000,
      cardCents,
      commissionCents: settings.serviceFee * 100 + Math.round((9000 * settings.walletFee) / 100),
      acceptance: views.map((v) => secondsBetween(v.createdAt, v.acceptedAt!)),
      arrival: views.slice(0, 2).map((v) => secondsBetween(v.acceptedAt!, v.arrivedAt!)),
    };

    const to = today();
    const query = `from=${from}&to=${to}&provider=${encodeURIComponent(businessName)}`;
    const r = await eventually('the report to show the scenario', async () => {
      const res = await report(query);
      const d = res.body.data;
      return res.status === 200 && d.totals.jobsCompleted === 2 && d.rates.cancelled === 1 && d.topProviders[0]?.ratingCount === 1 && d.totals.revenueCents === expected.revenueCents ? d : null;
    });
    expect(r.provider).toBe(businessName);
    expect(r.totals).toEqual({
      revenueCents: expected.revenueCents,
      cardRevenueCents: cardCents,
      cashRevenueCents: 6000,
      noShowFeeCents: 0,
      commissionCents: expected.commissionCents,
      requests: 3,
      jobsAccepted: 3,
      jobsCompleted: 2,
    });
    expect(r.days.reduce((s, d) => s + d.revenueCents, 0)).toBe(expected.revenueCents);
    expect(r.days.reduce((s, d) => s + d.commissionCents, 0)).toBe(expected.commissionCents);
    expect(r.rates).toEqual({
      requests: 3,
      accepted: 3,
      cancelled: 1,
      customerNoShows: 0,
      providerNoShows: 0,
      cancellationRate: 0.3333,
      customerNoShowRate: 0,
      providerNoShowRate: 0,
    });
    expect(r.acceptanceTime).toMatchObject({
      count: 3,
      p50Seconds: nearestRank(expected.acceptance, 0.5),
      p90Seconds: nearestRank(expected.acceptance, 0.9),
      maxSeconds: Math.max(...expected.acceptance),
    });
    expect(r.acceptanceTime.bins.reduce((s, b) => s + b.count, 0)).toBe(3);
    expect(r.arrivalTime).toMatchObject({ count: 2, p50Seconds: nearestRank(expected.arrival, 0.5), maxSeconds: Math.max(...expected.arrival) });
    expect(r.topProviders).toEqual([
      { providerId: provider.providerId, businessName, jobs: 2, revenueCents: expected.revenueCents, averageRating: 5, ratingCount: 1 },
    ]);
    // By its documentId: the same figures.
    expect((await report(`from=${from}&to=${to}&provider=${provider.providerId}`)).body.data.totals).toEqual(r.totals);
  });

  it('shows the figures on the Reports and Analytics tabs, with a chart, and downloads a table as CSV', async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
    try {
      await logInAsAdmin(page);
      const reportsTab = page.getByRole('tab', { name: 'Reports', exact: true });
      await reportsTab.click();
      const panel = page.getByRole('tabpanel');
      await panel.getByLabel('Provider (name or ID)').fill(businessName);
      await panel.getByRole('button', { name: 'Show', exact: true }).click();
      const top = panel.getByRole('table', { name: 'Top providers by revenue in the range' });
      const row = top.getByRole('row', { name: new RegExp(businessName) });
      await row.waitFor({ timeout: 20000 });
      const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(await row.innerText()).toMatch(new RegExp(`${esc(businessName)}\\s+2\\s+${esc(money(expected.revenueCents))}\\s+5\\.0 \\(1\\)`));
      const summary = await panel.locator('.report-summary').innerText();
      expect(summary).toContain(money(expected.revenueCents));
      expect(summary).toContain(money(expected.commissionCents));
      // A chart is drawn (bars of the per-day revenue) beside its table.
      await panel.locator('.report-chart svg.recharts-surface').first().waitFor();
      expect(await panel.locator('.report-chart .recharts-bar-rectangle').count()).toBeGreaterThan(0);
      expect(await panel.getByRole('table', { name: 'Revenue and jobs per day' }).getByRole('row').count()).toBeGreaterThan(1);
      expect(await a11yProblems(page, 'the Reports tab')).toEqual([]);

      // The top-providers table as CSV: exactly its row, escaped.
      const [download] = await Promise.all([page.waitForEvent('download'), top.locator('xpath=../..').getByRole('button', { name: /Download CSV/ }).click()]);
      const file = await download.path();
      const csv = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      expect(csv).toBe(`Provider,Jobs,Revenue,Rating\r\n${businessName},2,${(expected.revenueCents / 100).toFixed(2)},5\r\n`);

      // Analytics: the rates of this provider's requests and the two distributions.
      const analyticsTab = page.getByRole('tab', { name: 'Analytics', exact: true });
      await analyticsTab.click();
      const analytics = page.getByRole('tabpanel');
      await analytics.getByLabel('Provider (name or ID)').fill(businessName);
      await analytics.getByRole('button', { name: 'Show', exact: true }).click();
      const rates = analytics.getByRole('table', { name: 'Cancellation and no-show rates of the requests posted in the range' });
      await rates.waitFor({ timeout: 20000 });
      expect(await rates.getByRole('row', { name: /Cancelled requests/ }).innerText()).toMatch(/Cancelled requests\s+1\s+3\s+33\.3%/);
      expect(await rates.getByRole('row', { name: /Customer no-shows/ }).innerText()).toMatch(/Customer no-shows\s+0\s+3\s+0%/);
      const acceptance = analytics.getByRole('table', { name: 'Acceptance time (request posted to bid accepted)' });
      const counts = (await acceptance.locator('tbody td').allInnerTexts()).map(Number);
      expect(counts.reduce((s, n) => s + n, 0)).toBe(3);
      expect(await analytics.locator('.report-chart svg.recharts-surface').count()).toBe(2);
      expect(await a11yProblems(page, 'the Analytics tab')).toEqual([]);

      // A range with nothing in it: the empty state.
      await analytics.getByLabel('From', { exact: true }).fill('2020-01-01');
      await analytics.getByLabel('To', { exact: true }).fill('2020-01-02');
      await analytics.getByRole('button', { name: 'Show', exact: true }).click();
      await analytics.getByText('No activity in this range.').waitFor();
      expect(browser.problems).toEqual([]);
    } catch (err) {
      throw new Error(`${(err as Error).message}\nshown: ${await visibleMessages(page)}\nbrowser: ${browser.problems.join('\n')}`);
    }
  });
});
