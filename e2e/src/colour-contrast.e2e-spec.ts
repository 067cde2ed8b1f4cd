// Issue 14 (WCAG 2.2 AA), colour contrast: axe-core, injected into the running SPA, finds no serious or critical
// violation on the landing page (the service cards' prices) and the login page (its links). Amber #d97706 text on
// white (3.2:1) failed AA's 4.5:1; text now uses --color-primary-ink.
import type { AxeResults, Result } from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser';
import { baseUrl } from './support/stack-env';

const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** axe's serious and critical violations on the page as it is now, one readable line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
      document,
      {
        resultTypes: ['violations'],
      },
    ),
  );
  const serious = results.violations.filter((v: Result) => v.impact === 'serious' || v.impact === 'critical');
  return serious.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`),
  );
}

describe('colour contrast: axe on / and /login', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    // The SPA's Content-Security-Policy allows no inline script; axe is injected as one (a test-only script).
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the landing page, with its service cards and their prices, has no serious or critical violation', async () => {
    await page.goto(`${baseUrl()}/`);
    const prices = page.locator('.service-card__price');
    await prices.first().waitFor({ timeout: 20000 });
    expect(await prices.count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the login page, with its links, has no serious or critical violation', async () => {
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('link', { name: 'Back to Home' }).first().waitFor({ timeout: 20000 });
    await page.getByLabel(/email/i).first().waitFor();
    expect(await page.getByRole('link').count()).toBeGreaterThan(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
