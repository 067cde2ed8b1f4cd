// Issue 13 item 7 in the browsers of a customer, a provider and the admin, as people use them:
//   provider: connects Stripe (hosted onboarding at the emulator); Earnings and History read before the job
//   job:      card request ($90 + the card fee held with a new card in the payment dialog), bid $90, accepted,
//             'I AM HERE', 'JOB COMPLETED'; the provider reports a problem from its job screen (Payment)
//   customer: confirms (the capture) and lands on the payment summary; reports a problem there (Quality of the work,
//             the empty and the short description refused first); both see their report, open
//   admin:    the Reported Issues tile is up by the two reports; the request's page shows the timeline (the status
//             changes, the bid, the location, the capture and the provider's credit, both reports); refunds $20 with
//             the refund form: the first answer is lost on the way back, the admin clicks Refund again and the same
//             refund (the same refundId) comes back: one refund, one reversal of the provider's share
//   customer: the job_refunded toast and 'Refunded $20.00' live on the summary (the socket heard it once)
//   provider: History shows the share taken back once ('Refund of $20.00 to the customer: your share', minus the share
//             payments computes: round(refund x credit / captured)), Earnings down by exactly that
//   admin:    resolves the customer's report with a note; the tile is down by one; the customer reads the note
import type { Page, Request } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { acceptedCardJob, availableBalance, connectProvider, money, platformFees, walletHistory } from './support/card-steps';
import { adminOpensNewestRequest, readUntil, reportedIssues, reportProblem } from './support/dispute-steps';
import { logIn, logInAsAdmin, socketJoined, visibleMessages } from './support/page-steps';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
/** The provider's device once it drove there: at the job's address. */
const PROVIDER_POSITION = { latitude: 37.7751, longitude: -122.4192 };
const BID = 90;
const REFUND = 20;
const REFUND_HISTORY_LINE = `Refund of ${money(REFUND)} to the customer: your share`;

describe('disputes and refunds in the browsers of a customer, a provider and the admin', () => {
  let customer: BrowserSession;
  let provider: BrowserSession;
  let admin: BrowserSession;
  let c: Page | null = null;
  let p: Page | null = null;
  let a: Page | null = null;

  // What the steps learn, in order.
  let cardFee: number;
  let commission: number;
  let tileBefore: number;
  let balanceBefore: number;
  let refundRowsBefore: number;
  let requestId: string;
  let marker: string;
  let creditCents: number;
  let reversal: number;
  const customerDescription = () => `The spare was not tightened properly (${marker})`;
  const providerDescription = () => `The customer says the card was charged twice (${marker})`;
  /** The `job_refunded` frames the customer's page received, for this file's request. */
  const refundFrames: string[] = [];

  async function failWith(err: unknown): Promise<never> {
    const problems = [
      ...customer.problems.map((x) => `customer ${x}`),
      ...provider.problems.map((x) => `provider ${x}`),
      ...admin.problems.map((x) => `admin ${x}`),
    ];
    problems.push(`customer screen ${await visibleMessages(c)}`, `provider screen ${await visibleMessages(p)}`, `admin screen ${await visibleMessages(a)}`);
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nbrowser problems:\n${problems.join('\n')}`, { cause: err });
  }

  /** Runs a step, its failure told with what the three screens show. */
  const step = (fn: () => Promise<void>) => async () => {
    try {
      await fn();
    } catch (err) {
      await failWith(err);
    }
  };

  beforeAll(async () => {
    customer = await launchBrowser({ geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ geolocation: PROVIDER_POSITION });
    admin = await launchBrowser();
    c = await customer.newPage();
    p = await provider.newPage();
    a = await admin.newPage();
    c.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"job_refunded"')) refundFrames.push(frame.payload);
      });
    });
  });

  afterAll(async () => {
    await customer?.close();
    await provider?.close();
    await admin?.close();
  });

  it(
    'reads the settings, the tile and the provider wallet before the job',
    step(async () => {
      ({ cardFee, commissionPercent: commission } = await platformFees());
      await logInAsAdmin(a!);
      tileBefore = await reportedIssues(a!);

      await logIn(p!, 'provider');
      await connectProvider(provider, p!);
      balanceBefore = await availableBalance(p!);
      refundRowsBefore = (await walletHistory(p!)).filter((r) => r.split.includes(REFUND_HISTORY_LINE)).length;
    }),
    120000,
  );

  it(
    'runs a card job to completion; the provider reports a problem from its job screen and sees it open',
    step(async () => {
      ({ requestId, marker } = await acceptedCardJob(c!, p!, cardFee, 'e2e-dispute'));
      await p!.getByRole('button', { name: 'I AM HERE' }).click({ timeout: 20000 });
      await c!.getByRole('status', { name: 'Status: Arrived' }).waitFor({ timeout: 20000 });
      await p!.getByRole('button', { name: 'JOB COMPLETED' }).click({ timeout: 20000 });
      await p!.getByText('Waiting for the customer to confirm the job.').waitFor({ timeout: 20000 });

      // The provider's job screen offers 'Report a problem' (its Report a problem card).
      await p!.getByRole('heading', { name: 'Report a problem' }).waitFor({ timeout: 15000 });
      await p!.getByText('Something went wrong with this job? Tell us and an admin will look into it.').waitFor();
      await reportProblem(p!, 'Payment', providerDescription());
      const providerReports = p!.getByRole('list', { name: 'Your reports' });
      await providerReports.waitFor({ timeout: 20000 });
      const providerReport = providerReports.getByRole('listitem');
      expect(await providerReport.count()).toBe(1);
      const providerReportText = await providerReport.innerText();
      expect(providerReportText).toMatch(/^Payment · /);
      expect(providerReportText).toContain(providerDescription());
      expect(providerReportText).toContain('Open: an admin will look into it.');
      // One open report per party: no second one while it is open.
      expect(await p!.getByRole('button', { name: 'Report a problem' }).count()).toBe(0);
    }),
    240000,
  );

  it(
    'confirms (the capture) and reports a problem from the payment summary, the invalid forms refused first',
    step(async () => {
      const confirmPanel = c!.getByRole('region', { name: 'Confirm completion' });
      await confirmPanel.getByText(`Confirming charges your card ${money(BID + cardFee)}.`).waitFor({ timeout: 20000 });
      // The summary opens its own realtime channel (the tracking screen's closes on confirmation).
      const summaryJoined = socketJoined(c!);
      await confirmPanel.getByRole('button', { name: 'Confirm Completion' }).click();
      await c!.waitForURL((url) => url.pathname === `/payment/${requestId}`, { timeout: 40000 });
      const summary = c!.getByLabel('Payment summary');
      await summary.waitFor({ timeout: 20000 });
      expect(await summary.innerText()).toMatch(new RegExp(`Total\\s*\\${money(BID + cardFee)}`));
      expect(await summary.innerText()).not.toContain('Refunded');
      await summaryJoined;

      // The report dialog refuses a missing category and description, then a short description.
      await c!.getByRole('button', { name: 'Report a problem' }).click({ timeout: 20000 });
      const dialog = c!.getByRole('dialog', { name: 'Report a problem' });
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Choose what the problem is about').waitFor({ timeout: 10000 });
      await dialog.locator('.field__error').filter({ hasText: /^Describe the problem$/ }).waitFor();
      await dialog.getByLabel(/What is the problem about\?/).selectOption({ label: 'Quality of the work' });
      await dialog.getByLabel(/Describe the problem/).fill('Loose');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Describe the problem in at least 10 characters').waitFor({ timeout: 10000 });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 10000 });

      await reportProblem(c!, 'Quality of the work', customerDescription());
      const customerReports = c!.getByRole('list', { name: 'Your reports' });
      await customerReports.waitFor({ timeout: 20000 });
      const customerReport = customerReports.getByRole('listitem');
      expect(await customerReport.count()).toBe(1);
      const customerReportText = await customerReport.innerText();
      expect(customerReportText).toMatch(/^Quality of the work · /);
      expect(customerReportText).toContain(customerDescription());
      expect(customerReportText).toContain('Open: an admin will look into it.');
      expect(customerReportText).not.toContain(providerDescription());
      expect(await c!.getByRole('button', { name: 'Report a problem' }).count()).toBe(0);
    }),
    120000,
  );

  it(
    "credits the provider the bid less the commission and counts both reports on the admin's tile",
    step(async () => {
      creditCents = BID * 100 - Math.round((BID * 100 * commission) / 100);
      const credited = await readUntil(() => availableBalance(p!), (v) => Math.round(v * 100) !== Math.round(balanceBefore * 100));
      expect(Math.round(credited * 100)).toBe(Math.round(balanceBefore * 100) + creditCents);
      const credit = (await walletHistory(p!))[0];
      expect(credit).toEqual({
        service: 'Flat Tire Repair',
        split: [`${100 - commission}% of ${money(BID)} (${commission}% platform commission)`],
        amount: `+${money(creditCents / 100)}`,
      });

      const tile = await readUntil(() => reportedIssues(a!), (n) => n >= tileBefore + 2);
      expect(tile).toBe(tileBefore + 2);
    }),
    120000,
  );

  it(
    "shows the admin the request's timeline: status changes, the bid, the location, the payments and both reports",
    step(async () => {
      const d = await adminOpensNewestRequest(a!);
      const reports = d.getByRole('list', { name: 'Reported problems' });
      await reports.waitFor({ timeout: 20000 });
      // This file's request (the newest): its reports carry the file's marker.
      expect(await reports.getByRole('listitem').count()).toBe(2);
      const customerItem = reports.getByRole('listitem').filter({ hasText: customerDescription() });
      const providerItem = reports.getByRole('listitem').filter({ hasText: providerDescription() });
      expect(await customerItem.innerText()).toMatch(/^Quality of the work · by the customer Casey Customer · /);
      expect(await providerItem.innerText()).toMatch(/^Payment · by the provider Rapid Roadside Tires · /);

      // Each status change with its time; the arrival ('In Progress') with how far from the job's address it was.
      const statuses = (await d.getByRole('list', { name: 'Timeline' }).getByRole('listitem').allInnerTexts()).map((s) => s.split(' — ').pop()!.trim());
      expect(statuses).toEqual(['Bids Open', 'Accepted', expect.stringMatching(/^In Progress \(\d+ m from the job address\)$/), 'Completion Reported', 'Service Completed']);
      const bids = await d.getByRole('list', { name: 'Bids' }).getByRole('listitem').allInnerTexts();
      expect(bids).toHaveLength(1);
      expect(bids[0]).toMatch(new RegExp(`^Rapid Roadside Tires: \\${money(BID)}, ETA 15 min \\(accepted\\) · `));
      const location = await d.getByRole('region', { name: 'Location' }).innerText();
      expect(location).toContain('Distance from the provider to the job at acceptance');
      expect(location).toMatch(/Arrived\s*\S.* min after acceptance/);

      const payments = d.getByRole('region', { name: 'Payments' });
      const paymentsText = await payments.innerText();
      expect(paymentsText).toMatch(new RegExp(`Captured\\s*\\${money(BID + cardFee)} · `));
      expect(paymentsText).toMatch(/Refunded\s*\$0\.00/);
      expect(await payments.getByRole('list', { name: "Provider's wallet entries" }).getByRole('listitem').allInnerTexts()).toEqual([
        `Job credit: ${money(creditCents / 100)}`,
      ]);
      const form = payments.getByRole('form', { name: 'Refund the card payment' });
      await form.getByText(`At most ${money(BID + cardFee)} is left to refund.`).waitFor();
      // The form refuses more than is left before asking anyone.
      await form.getByLabel('Refund amount ($)').fill(String(BID + cardFee + 1));
      await form.getByRole('button', { name: 'Refund' }).click();
      await form.getByText(`At most ${money(BID + cardFee)} is left to refund`, { exact: true }).waitFor({ timeout: 10000 });
    }),
    120000,
  );

  it(
    'refunds $20 once although the first answer is lost and the admin clicks Refund again; the customer hears it live',
    step(async () => {
      const capturedCents = (BID + cardFee) * 100;
      // payments' rule (services/payments/src/refunds/refunds.service.ts): the provider gives back its share of the
      // refund, in proportion to what it was credited of the capture: round(refund x credit / captured).
      reversal = Math.round((REFUND * 100 * creditCents) / capturedCents) / 100;

      const d = a!.getByRole('dialog', { name: 'Service Request' });
      const payments = d.getByRole('region', { name: 'Payments' });
      const form = payments.getByRole('form', { name: 'Refund the card payment' });
      const posted: string[] = [];
      const watch = (r: Request) => {
        if (r.method() === 'POST' && r.url().endsWith(`/api/admin/service-requests/${requestId}/refunds`)) posted.push(r.postData() ?? '');
      };
      a!.on('request', watch);
      // The first refund reaches the server, but its answer is lost on the way back (the connection drops).
      const lostAnswers: number[] = [];
      await a!.route(`**/api/admin/service-requests/${requestId}/refunds`, async (route) => {
        if (lostAnswers.length > 0) {
          await route.continue();
          return;
        }
        lostAnswers.push((await route.fetch()).status());
        await route.abort('connectionreset');
      });
      const customerToast = c!.getByRole('status').filter({ hasText: `Refunded ${money(REFUND)}` }).first().waitFor({ timeout: 30000 });
      customerToast.catch(() => undefined);

      await form.getByLabel('Refund amount ($)').fill(String(REFUND));
      await form.getByRole('button', { name: 'Refund' }).click();
      await form.getByText('The refund could not be made.').waitFor({ timeout: 20000 });
      // The admin clicks Refund again: the same refund, answered this time.
      await form.getByRole('button', { name: 'Refund' }).click();
      await a!.getByRole('status').filter({ hasText: `Refunded ${money(REFUND)}` }).first().waitFor({ timeout: 20000 });
      a!.off('request', watch);
      await a!.unroute(`**/api/admin/service-requests/${requestId}/refunds`);
      // The lost answer was the server's success; both posts carried the same refund.
      expect(lostAnswers).toEqual([200]);
      expect(posted).toHaveLength(2);
      const ids = posted.map((body) => (JSON.parse(body) as { data: { refundId: string; amount: number } }).data);
      expect(ids[0]).toEqual(ids[1]);
      expect(ids[0]!.amount).toBe(REFUND * 100);

      // The request's page: one refund, one reversal of the provider's share, what is left.
      const refundLines = payments.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
      await refundLines.first().waitFor({ timeout: 20000 });
      const lines = await refundLines.allInnerTexts();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Refund \\${money(REFUND)} \\(succeeded\\), \\${money(reversal)} back from the provider · `));
      expect(await payments.getByRole('list', { name: "Provider's wallet entries" }).getByRole('listitem').allInnerTexts()).toEqual([
        `Job credit: ${money(creditCents / 100)}`,
        `Refund reversal: -${money(reversal)}`,
      ]);
      expect(await payments.innerText()).toMatch(new RegExp(`Refunded\\s*\\${money(REFUND)}`));
      await form.getByText(`At most ${money(BID + cardFee - REFUND)} is left to refund.`).waitFor({ timeout: 15000 });

      // The customer's open summary: the toast and 'Refunded $20.00', live; the event came once.
      await customerToast;
      await c!.getByRole('status').filter({ hasText: 'Refund' }).filter({ hasText: `Refunded ${money(REFUND)}` }).first().waitFor();
      const summary = c!.getByLabel('Payment summary');
      await summary.getByText('Refunded', { exact: true }).waitFor({ timeout: 20000 });
      expect(await summary.innerText()).toMatch(new RegExp(`Total\\s*\\${money(BID + cardFee)}\\s*Refunded\\s*\\${money(REFUND)}`));
      const heard = refundFrames.filter((f) => f.includes(requestId));
      expect(heard).toHaveLength(1);
      expect(heard[0]).toContain(`"amount":${REFUND}`);
    }),
    120000,
  );

  it(
    "takes the provider's share back exactly once: History's one reversal and Earnings down by the share; a reload shows one refund",
    step(async () => {
      const rows = await readUntil(
        () => walletHistory(p!),
        (r) => r.filter((x) => x.split.includes(REFUND_HISTORY_LINE)).length > refundRowsBefore,
      );
      const refundRows = rows.filter((r) => r.split.includes(REFUND_HISTORY_LINE));
      expect(refundRows).toHaveLength(refundRowsBefore + 1);
      expect(rows[0]).toEqual({ service: 'Refund', split: [REFUND_HISTORY_LINE], amount: `-${money(reversal)}` });
      const balance = await availableBalance(p!);
      expect(Math.round(balance * 100)).toBe(Math.round(balanceBefore * 100) + creditCents - Math.round(reversal * 100));

      // The admin reloads the request's page: still one refund and one reversal; what is left is the capture less $20.
      const d = await adminOpensNewestRequest(a!);
      const payments = d.getByRole('region', { name: 'Payments' });
      await payments.getByRole('list', { name: 'Refunds' }).waitFor({ timeout: 20000 });
      expect(await payments.getByRole('list', { name: 'Refunds' }).getByRole('listitem').count()).toBe(1);
      expect(await payments.getByRole('list', { name: "Provider's wallet entries" }).getByText(/^Refund reversal: /).count()).toBe(1);
      await payments.getByText(`At most ${money(BID + cardFee - REFUND)} is left to refund.`).waitFor();

      // The customer's summary read again: the same 'Refunded $20.00'.
      await c!.reload();
      const summary = c!.getByLabel('Payment summary');
      // The summary shows before the payment's own read answers: the refund line comes with that read.
      await summary.getByText('Refunded', { exact: true }).waitFor({ timeout: 20000 });
      expect(await summary.innerText()).toMatch(new RegExp(`Total\\s*\\${money(BID + cardFee)}\\s*Refunded\\s*\\${money(REFUND)}`));
    }),
    180000,
  );

  it(
    "resolves the customer's report with a note: the tile is down by one and the customer reads the note",
    step(async () => {
      const d = a!.getByRole('dialog', { name: 'Service Request' });
      const reports = d.getByRole('list', { name: 'Reported problems' });
      const item = reports.getByRole('listitem').filter({ hasText: customerDescription() });
      const form = item.getByRole('form', { name: 'Resolve the report of Casey Customer' });
      await form.getByRole('button', { name: 'Resolve' }).click({ timeout: 20000 });
      await form.getByText('Write a resolution note').waitFor({ timeout: 10000 });
      const note = `Refunded ${money(REFUND)} for the loose spare`;
      await form.getByLabel('Resolution note').fill(note);
      await form.getByRole('button', { name: 'Resolve' }).click();
      await a!.getByRole('status').filter({ hasText: 'The report is resolved.' }).first().waitFor({ timeout: 20000 });
      await item.getByText(`Resolved: ${note}`).waitFor({ timeout: 20000 });
      // The provider's report stays open with its form.
      await reports.getByRole('listitem').filter({ hasText: providerDescription() }).getByRole('form', { name: 'Resolve the report of Rapid Roadside Tires' }).waitFor();

      const tile = await readUntil(() => reportedIssues(a!), (n) => n <= tileBefore + 1);
      expect(tile).toBe(tileBefore + 1);

      await c!.reload();
      const customerReport = c!.getByRole('list', { name: 'Your reports' }).getByRole('listitem');
      await customerReport.getByText(`Resolved: ${note}`).waitFor({ timeout: 20000 });
      expect(await customerReport.count()).toBe(1);
      // Resolved: the customer may report again.
      await c!.getByRole('button', { name: 'Report a problem' }).waitFor();
    }),
    120000,
  );
});
