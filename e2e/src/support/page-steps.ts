// Steps several browser tests share: logging in as a seeded user, waiting for the realtime channel, reading
// what a page shows for failure messages.
import type { Page, WebSocket } from 'playwright-core';
import { baseUrl, demoLogin } from './stack-env';

/**
 * Resolves when the page's Socket.IO connection has joined its rooms (the server acknowledged `join` with ok).
 * Start waiting before the navigation that opens the socket.
 */
export function socketJoined(page: Page, timeoutMs = 30000): Promise<void> {
  const joined = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page did not join the realtime channel')), timeoutMs);
    const watch = (ws: WebSocket) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && /^43\d*\[\{"ok":true/.test(frame.payload)) {
          clearTimeout(timer);
          page.off('websocket', watch);
          resolve();
        }
      });
    };
    page.on('websocket', watch);
  });
  // Awaited by the test; a failure elsewhere first must not leave an unhandled rejection behind.
  joined.catch(() => undefined);
  return joined;
}

/**
 * Logs a seeded customer or provider in through /login and waits for its dashboard. A browser still signed in as
 * that role (an earlier test of the file) is sent on to its dashboard by /login: nothing more to do then.
 */
export async function logIn(page: Page, role: 'customer' | 'provider'): Promise<void> {
  const { email, password } = demoLogin(role);
  const dashboard = role === 'customer' ? '/dashboard' : '/provider/dashboard';
  await page.goto(`${baseUrl()}/login`);
  const tab = page.getByRole('tab', { name: role === 'customer' ? /customer/i : /provider/i });
  const signedIn = page.waitForURL((url) => url.pathname === dashboard, { timeout: 15000 }).then(
    () => true,
    () => false,
  );
  if (await Promise.race([tab.waitFor({ timeout: 15000 }).then(() => false, () => false), signedIn])) return;
  await tab.click();
  const form = page.getByRole('tabpanel');
  await form.getByLabel(/email/i).fill(email);
  await form.getByLabel(/password/i).fill(password);
  await form.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === dashboard, { timeout: 20000 });
}

/** Logs the seeded admin in through /login?admin and waits for /admin. */
export async function logInAsAdmin(page: Page): Promise<void> {
  const { email, password } = demoLogin('admin');
  await page.goto(`${baseUrl()}/login?admin`);
  await page.getByText('Admin Login', { exact: true }).waitFor();
  const form = page.locator('form');
  await form.getByLabel(/email/i).fill(email);
  await form.getByLabel(/password/i).fill(password);
  await form.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === '/admin', { timeout: 20000 });
}

/** What the page shows in its toasts, alerts and dialogs, for failure messages. */
export async function visibleMessages(page: Page | null): Promise<string> {
  if (!page || page.isClosed()) return '(no page)';
  const texts = await page
    .locator('.toaster, [role="alert"], [role="dialog"]')
    .allInnerTexts()
    .catch(() => []);
  return `${page.url()}: ${texts.join(' | ').replace(/\s+/g, ' ').slice(0, 1500)}`;
}

/** A money text ('$1,234.50', '+$68.00') as a number of dollars. */
export const dollars = (text: string): number => Number(text.replace(/[^0-9.-]/g, ''));
