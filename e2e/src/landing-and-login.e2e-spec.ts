// The Done-when browser test: the landing page renders in headless Chromium, and each demo role logs in
// through the login page and lands on its home (customer /dashboard, provider /provider/dashboard, admin /admin).
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { baseUrl, demoLogin, type DemoRole } from './support/stack-env';

const HOMES: Record<DemoRole, string> = {
  customer: '/dashboard',
  provider: '/provider/dashboard',
  admin: '/admin',
};

async function withBrowser<T>(fn: (page: Page, session: BrowserSession) => Promise<T>): Promise<T> {
  const session = await launchBrowser();
  try {
    const page = await session.newPage();
    return await fn(page, session);
  } catch (err) {
    const problems = session.problems.length ? `\nbrowser problems:\n${session.problems.join('\n')}` : '';
    if (err instanceof Error) err.message += problems;
    throw err;
  } finally {
    await session.close();
  }
}

/** The login form the user sees for a role: the Customer or Provider tab, or the Admin card. */
async function loginForm(page: Page, role: DemoRole): Promise<Locator> {
  if (role === 'admin') return adminLoginForm(page);
  const tab = page.getByRole('tab', { name: role === 'customer' ? /customer/i : /provider/i });
  await tab.click();
  await expectSelected(tab);
  return page.getByRole('tabpanel').filter({ has: page.getByLabel(/email/i) });
}

async function expectSelected(tab: Locator): Promise<void> {
  await tab.page().waitForFunction((el) => el?.getAttribute('aria-selected') === 'true', await tab.elementHandle());
}

/** Polls a locator's count (playwright-core has no test-runner assertions). */
async function waitForCount(locator: Locator, count: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await locator.count();
  while (last !== count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await locator.count();
  }
  if (last !== count) throw new Error(`expected ${count} element(s), found ${last}`);
}

/** The Admin card has no tab trigger; the login page links to it ('Admin sign in', /login?admin). */
async function adminLoginForm(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: /admin sign in/i }).click();
  await page.getByText('Admin Login', { exact: true }).waitFor();
  await waitForCount(page.getByRole('tab'), 0);
  return page.locator('form');
}

async function logIn(page: Page, role: DemoRole): Promise<void> {
  const { email, password } = demoLogin(role);
  await page.goto(`${baseUrl()}/login`);
  const form = await loginForm(page, role);
  await form.getByLabel(/email/i).fill(email);
  await form.getByLabel(/password/i).fill(password);
  await form.getByRole('button', { name: /sign in|log in|login/i }).click();
}

describe('TireDash in headless Chromium', () => {
  it('renders the landing page: hero, claims and the Sign In button', async () => {
    await withBrowser(async (page) => {
      await page.goto(`${baseUrl()}/`);
      const hero = page.getByRole('heading', { level: 1 });
      await hero.first().waitFor();
      expect((await hero.first().innerText()).trim().length).toBeGreaterThan(0);

      const body = page.locator('body');
      const text = await body.innerText();
      expect(text).toContain('24/7');
      expect(text).toMatch(/15\s*min/i);
      expect(text).toContain('500+');

      const signIn = page.getByRole('link', { name: /^sign in$/i }).or(page.getByRole('button', { name: /^sign in$/i }));
      await signIn.first().click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('tab', { name: /customer/i }).waitFor();
      await page.getByRole('tab', { name: /provider/i }).waitFor();
    });
  });

  it.each<DemoRole>(['customer', 'provider', 'admin'])('logs the demo %s in and lands on its home', async (role) => {
    await withBrowser(async (page) => {
      await logIn(page, role);
      await page.waitForURL((url) => url.pathname === HOMES[role], { timeout: 20000 });
      expect(new URL(page.url()).pathname).toBe(HOMES[role]);
      // The session survives a reload: the SPA reloads the current user and the guard keeps it home.
      const reloadedUser = page.waitForResponse((r) => r.url().includes('/api/users/me'), { timeout: 15000 });
      await page.reload();
      expect((await reloadedUser).status()).toBe(200);
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe(HOMES[role]);
    });
  });
});
