// Issue 13 item 4 in two browsers: after an accepted cash job (support/job-steps), the customer and the provider
// write to each other in the Messages panel of their tracking pages (the customer with Enter, the provider from its
// customer card's Send Message button); each message shows on the other page live, once, and is announced there in
// the polite live region.
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { acceptedCashJob } from './support/job-steps';
import { socketJoined } from './support/page-steps';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };

/** The page's tracking screen again, its socket joined (so what follows must come live). */
async function reopened(page: Page): Promise<void> {
  const joined = socketJoined(page);
  await page.reload();
  await joined;
  await page.getByRole('heading', { name: 'Messages' }).waitFor({ timeout: 15000 });
}

describe('job chat in two browsers', () => {
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

  it('the customer writes with the keyboard, the provider reads it live and answers, the customer reads the answer live', async () => {
    try {
      const p = await provider.newPage();
      const c = await customer.newPage();
      await acceptedCashJob(c, p, 'e2e-chat');
      await reopened(p);
      await reopened(c);
      await c.getByText('No messages yet.').waitFor();

      const box = c.getByRole('textbox', { name: 'Message' });
      await box.fill('Blue sedan, north lot');
      await box.press('Enter');
      await c.getByRole('list', { name: 'Conversation' }).getByText('Blue sedan, north lot').waitFor({ timeout: 15000 });
      expect(await box.inputValue()).toBe('');

      const providerLog = p.getByRole('list', { name: 'Conversation' });
      await providerLog.getByText('Blue sedan, north lot').waitFor({ timeout: 15000 });
      await p.getByText(/^New message from .+: Blue sedan, north lot$/).waitFor({ state: 'attached', timeout: 5000 });

      // The customer card's Send Message takes the provider to the message box; the answer is typed and sent there.
      await p.getByRole('button', { name: 'Send Message' }).click();
      await p.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === null && document.activeElement?.tagName === 'TEXTAREA');
      await p.keyboard.type('Ten minutes away');
      await p.getByRole('button', { name: 'Send', exact: true }).click();
      await c.getByRole('list', { name: 'Conversation' }).getByText('Ten minutes away').waitFor({ timeout: 15000 });
      await c.getByText(/^New message from .+: Ten minutes away$/).waitFor({ state: 'attached', timeout: 5000 });
      // Each once on both pages.
      expect(await c.getByRole('list', { name: 'Conversation' }).getByRole('listitem').count()).toBe(2);
      expect(await providerLog.getByRole('listitem').count()).toBe(2);
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      if (err instanceof Error && problems.length > 0) err.message += `\nbrowser problems:\n${problems.join('\n')}`;
      throw err;
    }
  });
});
