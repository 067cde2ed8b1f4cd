// Steps of the browser tests that come back to a job after its capture (disputes and refunds, issue 13 item 7): a
// party's 'Report a problem', the admin's Reported Issues tile and a request's page. The card job itself and the
// provider's wallet: card-steps.ts.
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './stack-env';

/** The admin's /admin read afresh: the number on the Reported Issues tile (once loaded). */
export async function reportedIssues(a: Page): Promise<number> {
  await a.goto(`${baseUrl()}/admin`);
  const tile = a.locator('.stat').filter({ has: a.getByText('Reported Issues', { exact: true }) });
  const value = tile.locator('.stat__value');
  await value.filter({ hasText: /^\d[\d,]*$/ }).waitFor({ timeout: 20000 });
  return Number((await value.innerText()).replace(/,/g, ''));
}

/** Reads `read` again (each read reloads its page) until `want` holds of it; answers the last value read. */
export async function readUntil<T>(read: () => Promise<T>, want: (value: T) => boolean, timeoutMs = 40000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (want(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The admin's Requests tab, the newest request's page (the 'Service Request' dialog). */
export async function adminOpensNewestRequest(a: Page): Promise<Locator> {
  await a.goto(`${baseUrl()}/admin`);
  await a.getByRole('tab', { name: 'Requests' }).click({ timeout: 20000 });
  const view = a.getByRole('button', { name: /^View the request of / }).first();
  await view.waitFor({ timeout: 20000 });
  await view.click();
  const dialog = a.getByRole('dialog', { name: 'Service Request' });
  await dialog.waitFor({ timeout: 15000 });
  return dialog;
}

/** 'Report a problem' on a job's screen: the dialog, a category (its label) and a description, sent. */
export async function reportProblem(page: Page, category: string, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Report a problem' }).click({ timeout: 20000 });
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.waitFor({ timeout: 15000 });
  await dialog.getByLabel(/What is the problem about\?/).selectOption({ label: category });
  await dialog.getByLabel(/Describe the problem/).fill(description);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await page.getByRole('status').filter({ hasText: 'Report sent' }).first().waitFor({ timeout: 20000 });
  await dialog.waitFor({ state: 'detached', timeout: 15000 });
}
