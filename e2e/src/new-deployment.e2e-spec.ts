// A tab opened before a deployment asks for a lazy page chunk the new build no longer has (its hashed file is
// gone). The SPA reloads once to pick up the new index.html; if the chunk still fails after that reload it shows
// an error page with 'Try again' instead of reloading in a loop.
import type { Route } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { baseUrl } from './support/stack-env';

const LOGIN_CHUNK = /\/assets\/login-page-[^/]+\.js$/;
const readFlag = () => sessionStorage.getItem('tiredash:chunk-reload');

describe('a lazy page chunk removed by a new deployment (headless Chromium)', () => {
  it('reloads the page once, then shows the error page instead of reloading again; Try again recovers', async () => {
    const session = await launchBrowser();
    try {
      const page = await session.newPage();
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(loads).toBe(1);

      // From now on the login page's chunk answers 404, as after a deployment that replaced it.
      const gone = (route: Route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' });
      await page.route(LOGIN_CHUNK, gone);
      await page
        .getByRole('link', { name: /^sign in$/i })
        .first()
        .click();

      const error = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
      await error.waitFor({ timeout: 15000 });
      expect(loads).toBe(2); // exactly one reload
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(readFlag)).not.toBeNull();
      await page.waitForTimeout(1000);
      expect(loads).toBe(2); // and no loop

      // The chunk is served again: 'Try again' reloads, the login page renders and the flag is cleared.
      await page.unroute(LOGIN_CHUNK, gone);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('tab', { name: /customer/i }).waitFor({ timeout: 15000 });
      expect(loads).toBe(3);
      expect(await page.evaluate(readFlag)).toBeNull();
    } catch (err) {
      if (err instanceof Error && session.problems.length)
        err.message += `\nbrowser problems:\n${session.problems.join('\n')}`;
      throw err;
    } finally {
      await session.close();
    }
  });
});
