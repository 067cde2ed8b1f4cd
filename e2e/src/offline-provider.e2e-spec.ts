// Issue 14 item 2's browser test: a provider on a job loses the network, presses 'I AM HERE' and 'JOB COMPLETED'
// (the screen says they wait to be sent), comes back online, and the customer receives provider_arrived and
// job_completed exactly once each (the customer's page shows Completed; a socket of the customer's own counts the
// events). The taps survive a reload of the page while offline (the outbox is in IndexedDB).
import type { Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { launchBrowser, type BrowserSession } from './support/browser';
import { acceptedCashJob } from './support/job-steps';
import { visibleMessages } from './support/page-steps';
import { baseUrl } from './support/stack-env';

const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
const PROVIDER_START = { latitude: 37.7936, longitude: -122.3958 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Socket.IO connection of the customer's own (its token from the page), counting the job events it receives. */
async function customerListener(c: Page, requestId: string): Promise<{ socket: Socket; events: Record<string, unknown[]> }> {
  const auth = await c.evaluate(() => JSON.parse(localStorage.getItem('tiredash.auth') ?? 'null') as { token: string; user: { id: string } });
  const events: Record<string, unknown[]> = { provider_arrived: [], job_completed: [] };
  const socket = io(baseUrl(), { path: '/socket.io', transports: ['websocket'], auth: { token: auth.token }, forceNew: true });
  const on = socket.on.bind(socket) as unknown as (event: string, listener: (p: unknown) => void) => void;
  for (const name of Object.keys(events)) on(name, (p) => events[name]!.push(p));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the customer socket did not join')), 15000);
    socket.on('connect', () => {
      socket.emit('join' as never, { userId: auth.user.id, role: 'customer', requestId } as never, ((a: { ok: boolean }) => {
        clearTimeout(timer);
        if (a.ok) resolve();
        else reject(new Error(`join refused: ${JSON.stringify(a)}`));
      }) as never);
    });
  });
  return { socket, events };
}

describe('provider offline: arrival and completion are queued and reach the customer once when back online', () => {
  let customer: BrowserSession;
  let provider: BrowserSession;
  let listener: Socket | null = null;

  beforeAll(async () => {
    customer = await launchBrowser({ geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ geolocation: PROVIDER_START });
  });

  afterAll(async () => {
    listener?.close();
    await customer?.close();
    await provider?.close();
  });

  it('marks arrival and completion offline, shows them waiting, sends them once on reconnection', async () => {
    let p: Page | null = null;
    let c: Page | null = null;
    try {
      p = await provider.newPage();
      c = await customer.newPage();
      const requestId = await acceptedCashJob(c, p, 'e2e-offline');
      await c.getByRole('status', { name: 'Status: En Route' }).waitFor({ timeout: 15000 });
      const { socket, events } = await customerListener(c, requestId);
      listener = socket;
      await p.getByRole('button', { name: 'I AM HERE' }).waitFor({ timeout: 15000 });

      // The network goes away: the taps are taken, the screen moves on and says what waits.
      await provider.context.setOffline(true);
      await p.getByText('You are offline', { exact: false }).waitFor();
      await p.getByRole('button', { name: 'I AM HERE' }).click();
      await p.getByText('1 update waiting to be sent', { exact: false }).waitFor();
      await p.getByRole('button', { name: 'JOB COMPLETED' }).click();
      await p.getByText('2 updates waiting to be sent', { exact: false }).waitFor();
      await p.getByText('Waiting for the customer to confirm the job.').waitFor();

      // Still offline after a reload: the shell comes from the service worker and the taps from IndexedDB.
      await p.reload();
      await p.getByText('2 updates waiting to be sent', { exact: false }).waitFor({ timeout: 15000 });
      expect(await p.getByRole('button', { name: 'I AM HERE' }).count()).toBe(0);

      await sleep(1500);
      expect(events.provider_arrived).toHaveLength(0);
      expect(events.job_completed).toHaveLength(0);
      await c.getByRole('status', { name: 'Status: En Route' }).waitFor();

      // Back online: both are sent, in order, and the customer hears of each once.
      await provider.context.setOffline(false);
      await c.getByRole('status', { name: 'Status: Completed' }).waitFor({ timeout: 30000 });
      await p.getByText(/updates? waiting to be sent/).waitFor({ state: 'detached', timeout: 15000 });
      const started = Date.now();
      while (events.job_completed!.length === 0 && Date.now() - started < 15000) await sleep(100);
      await sleep(2000); // anything sent twice would have arrived by now
      expect(events.provider_arrived).toHaveLength(1);
      expect(events.job_completed).toHaveLength(1);
      expect(events.provider_arrived[0]).toMatchObject({ requestId });
      expect(events.job_completed[0]).toMatchObject({ requestId });
      const steps = c.getByRole('list', { name: 'Job progress' });
      expect(await steps.locator('.progress-steps__item--done').count()).toBe(3);
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      if (err instanceof Error) {
        const body = async (page: Page | null) => (page && !page.isClosed() ? (await page.locator('body').innerText().catch(() => '')).slice(0, 1500) : '-');
        err.message += `\nprovider at ${p?.url() ?? '-'}: ${await visibleMessages(p)}\n${await body(p)}\ncustomer at ${c?.url() ?? '-'}: ${await visibleMessages(c)}`;
        if (problems.length > 0) err.message += `\nbrowser problems:\n${problems.join('\n')}`;
      }
      throw err;
    }
  });
});
