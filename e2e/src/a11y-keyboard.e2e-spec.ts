// Issue 14 item 3 (WCAG 2.2 AA), keyboard and motion: the whole job by keyboard alone (Tab, Shift+Tab, Enter, Space,
// Escape, arrow keys and typing into the focused field; no clicks, nothing filled without focus): the customer signs
// in and posts a cash request, the provider bids, the customer accepts, follows the job, opens and closes the
// extra-service and cancel dialogs, confirms the completion and rates. Every element Tab reaches shows a focus
// indicator (2.4.7); focus goes back to the opener when a dialog closes; the new bid and the status changes are
// said in polite live regions that stay in place (4.1.3). The customer's browser asks for reduced motion: nothing
// on its pages animates, the map included (2.3.3), where the provider's (no preference) does.
// The provider signs in and goes online as the other browser tests do (support/page-steps.ts).
import crypto from 'node:crypto';
import type { ElementHandle, Locator, Page } from 'playwright-core';
import { focusIndicator, movingElements } from './support/a11y';
import { launchBrowser, type BrowserSession } from './support/browser';
import { logIn, socketJoined, visibleMessages } from './support/page-steps';
import { baseUrl, demoLogin } from './support/stack-env';

/** About 2 miles from the seeded provider (1 Market St, San Francisco; service radius 25 miles). */
const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
const PROVIDER_POSITION = { latitude: 37.7936, longitude: -122.3958 };

describe('keyboard only, with reduced motion: post, bid, accept, track, confirm and rate', () => {
  let customer: BrowserSession;
  let provider: BrowserSession;
  /** Every element Tab or Shift+Tab reached, and those of them without a visible focus indicator. */
  const reached: string[] = [];
  const withoutIndicator: string[] = [];

  /** Presses Tab (or Shift+Tab) until focus is on or in the target, checking the focus indicator at each stop. */
  async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
    const handle = await target.elementHandle({ timeout: 20000 });
    const path: string[] = [];
    for (let i = 0; i < max; i += 1) {
      await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      const focus = await focusIndicator(page);
      path.push(focus.element);
      reached.push(focus.element);
      // Focus on the document itself (past the last element, before the first) needs no indicator.
      if (!focus.visible && focus.element !== '(body)') withoutIndicator.push(`${new URL(page.url()).pathname}: ${focus.element}`);
      const here = await page.evaluate((el) => el !== null && document.activeElement !== null && (el === document.activeElement || el.contains(document.activeElement)), handle);
      if (here) return;
    }
    throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target}; focus went through: ${path.join(' > ')}`);
  }

  /** The element that has focus now is the one given. */
  const focused = (page: Page, handle: ElementHandle) => page.evaluate((el) => el === document.activeElement, handle);

  beforeAll(async () => {
    customer = await launchBrowser({ reducedMotion: 'reduce', geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ geolocation: PROVIDER_POSITION });
  });

  afterAll(async () => {
    await customer?.close();
    await provider?.close();
  });

  it('takes a cash job from request to rating with the keyboard alone', async () => {
    let c: Page | null = null;
    let p: Page | null = null;
    try {
      c = await customer.newPage();
      p = await provider.newPage();
      const marker = `kbd ${crypto.randomBytes(4).toString('hex')}`;

      const providerJoined = socketJoined(p);
      await logIn(p, 'provider');
      await p.getByRole('tab', { name: 'Requests' }).waitFor();
      await providerJoined;

      // The customer signs in: the Customer tab is selected; Tab to the fields, type, Enter submits.
      const { email, password } = demoLogin('customer');
      await c.goto(`${baseUrl()}/login`);
      const form = c.getByRole('tabpanel');
      await tabTo(c, form.getByLabel(/email/i));
      await c.keyboard.type(email);
      await tabTo(c, form.getByLabel(/password/i));
      await c.keyboard.type(password);
      await c.keyboard.press('Enter');
      await c.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20000 });
      await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor();

      // The request form: the select by typing its option's name, the location button by Enter, the payment
      // radios by arrow keys.
      const serviceType = c.getByLabel(/Service Type/);
      await tabTo(c, serviceType);
      await c.keyboard.type('Flat Tire Repair');
      expect(await serviceType.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Flat Tire Repair');
      await tabTo(c, c.getByLabel(/Tire Size/));
      await c.keyboard.type('22565r17');
      await tabTo(c, c.getByLabel('Description'));
      await c.keyboard.type(`Flat rear tire (${marker})`);
      await tabTo(c, c.getByLabel(/Budget/));
      await c.keyboard.type('90');
      await tabTo(c, c.getByRole('button', { name: 'Use my current location' }));
      await c.keyboard.press('Enter');
      await c.getByText(/Using your current location/).waitFor();
      const cash = c.getByRole('radio', { name: /Pay the provider directly in cash/ });
      const card = c.getByRole('radio', { name: /processing fee/ });
      // Tab enters the group on its checked radio, or on the first (cash) when none is: Space or an arrow key.
      await tabTo(c, c.getByRole('group', { name: /Payment Method/ }));
      await c.keyboard.press((await cash.evaluate((el) => el === document.activeElement)) ? 'Space' : 'ArrowUp');
      expect(await cash.isChecked()).toBe(true);
      expect(await card.isChecked()).toBe(false);
      const customerJoined = socketJoined(c);
      await tabTo(c, c.getByRole('button', { name: 'Submit Request' }));
      await c.keyboard.press('Enter');
      await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 15000 });
      const requestId = new URL(c.url()).pathname.split('/')[2]!;
      await customerJoined;
      // The bids' live region is in place, and silent, before any bid arrives.
      await c.getByText('Waiting for bids from nearby providers...').waitFor();
      const announcer = c.locator('.bidding__bids p.visually-hidden[role="status"][aria-live="polite"]');
      expect(await announcer.count()).toBe(1);
      expect(await announcer.textContent()).toBe('');
      const announcerHandle = (await announcer.elementHandle())!;

      // The provider bids from its dashboard's offer, by keyboard.
      const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
      await offer.waitFor({ timeout: 20000 });
      await tabTo(p, offer.getByLabel('Your price ($)'));
      await p.keyboard.type('85');
      await tabTo(p, offer.getByLabel('ETA (minutes)'));
      await p.keyboard.type('15');
      await tabTo(p, offer.getByRole('button', { name: 'Place Bid' }));
      await p.keyboard.press('Enter');
      await p.getByText('Bid Placed').first().waitFor({ timeout: 15000 });

      // The customer hears of the bid (the same region's text changes) and accepts it within its 10 seconds.
      const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
      await bid.waitFor({ timeout: 9000 });
      await c.waitForFunction((el) => el.isConnected && el.textContent === 'New bid from Rapid Roadside Tires: $85.00, arrives in 15 min', announcerHandle, { timeout: 5000 });
      await tabTo(c, bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }));
      await c.keyboard.press('Enter');
      await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 15000 });
      await p.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 20000 });

      // Tracking: the status region, then the extra-service dialog (Escape) and the cancel dialog (Keep Service):
      // focus moves into each and comes back to the button that opened it.
      const status = c.getByRole('status', { name: 'Status: En Route' });
      await status.waitFor({ timeout: 15000 });
      const statusHandle = (await status.elementHandle())!;
      await c.locator('.leaflet-container').waitFor();
      expect(await movingElements(c)).toEqual([]);

      const extraButton = c.getByRole('button', { name: 'Request Extra Service' });
      await tabTo(c, extraButton);
      const extraHandle = (await extraButton.elementHandle())!;
      await c.keyboard.press('Enter');
      const extra = c.getByRole('dialog');
      await extra.waitFor();
      expect(await extra.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await c.keyboard.press('Escape');
      await extra.waitFor({ state: 'detached' });
      expect(await focused(c, extraHandle)).toBe(true);
      expect((await focusIndicator(c)).visible).toBe(true);

      const cancelButton = c.getByRole('button', { name: 'Cancel Service' });
      await tabTo(c, cancelButton);
      const cancelHandle = (await cancelButton.elementHandle())!;
      await c.keyboard.press('Space');
      const cancel = c.getByRole('dialog', { name: /Cancel/ });
      await cancel.waitFor();
      expect(await cancel.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      // Focus stays in the dialog: Shift+Tab from its first control wraps to its last.
      await tabTo(c, cancel.getByRole('button', { name: 'Keep Service' }), { backwards: true, max: 6 });
      await c.keyboard.press('Enter');
      await cancel.waitFor({ state: 'detached' });
      expect(await focused(c, cancelHandle)).toBe(true);

      // The provider's buttons by keyboard; the customer's status region says each change.
      const provMotion = await movingElements(p);
      expect(provMotion.some((m) => m.startsWith('Leaflet animation'))).toBe(true);
      expect(provMotion.some((m) => m.startsWith('transition'))).toBe(true);
      await tabTo(p, p.getByRole('button', { name: 'I AM HERE' }));
      await p.keyboard.press('Enter');
      await c.waitForFunction((el) => el.isConnected && el.textContent === 'Arrived', statusHandle, { timeout: 15000 });
      await tabTo(p, p.getByRole('button', { name: 'JOB COMPLETED' }));
      await p.keyboard.press('Enter');
      await c.waitForFunction((el) => el.isConnected && el.textContent === 'Completed', statusHandle, { timeout: 15000 });
      expect(await statusHandle.getAttribute('aria-live')).toBe('polite');

      // Confirm (cash), then rate five stars with the arrow keys and write a review.
      await tabTo(c, c.getByRole('button', { name: 'Confirm Completion' }));
      await c.keyboard.press('Enter');
      await c.waitForURL((url) => url.pathname === `/payment/${requestId}`, { timeout: 15000 });
      await c.getByRole('button', { name: 'Submit Rating' }).waitFor({ timeout: 15000 });
      expect(await movingElements(c)).toEqual([]);
      await tabTo(c, c.getByRole('group', { name: /Your Rating/i }));
      for (let i = 0; i < 5 && !(await c.getByRole('radio', { name: '5 stars' }).isChecked()); i += 1) await c.keyboard.press('ArrowRight');
      await c.locator('input[name="rating"][value="5"]:checked').waitFor({ state: 'attached' });
      await tabTo(c, c.getByLabel('Review (optional)'));
      await c.keyboard.type('Keyboard only, and it all worked.');
      await tabTo(c, c.getByRole('button', { name: 'Submit Rating' }));
      await c.keyboard.press('Enter');
      await c.getByText('Rating Submitted').first().waitFor({ timeout: 15000 });
      await c.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15000 });

      expect(withoutIndicator).toEqual([]);
      expect(reached.length).toBeGreaterThan(20);
    } catch (err) {
      if (err instanceof Error) {
        err.message += `\ncustomer: ${await visibleMessages(c)}\nprovider: ${await visibleMessages(p)}`;
        if (withoutIndicator.length > 0) err.message += `\nno focus indicator on: ${withoutIndicator.join(', ')}`;
        const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
        if (problems.length > 0) err.message += `\nbrowser problems:\n${problems.join('\n')}`;
      }
      throw err;
    }
  });
});
