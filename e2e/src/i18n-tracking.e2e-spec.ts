// Issue 14 item 4's browser test for the provider's bidding and the tracking screens: with the browser's language
// Spanish, the provider's dashboard tabs and bid form (with its validation message and toasts), the customer's
// bidding page, the customer's /tracking/{id} and the provider's live job (with their dialogs, before and after
// 'I AM HERE') show no English UI string. The job is brought to tracking as people would (support/job-steps.ts
// acceptedCashJob), by users who had picked English with the language switch; on the screens checked they drop that
// choice, so the browser's language applies again.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { englishOn as englishTextsOn, englishOnlyMatchers, LANGUAGE_STORAGE_KEY, type EnglishMatcher } from './support/i18n-check';
import { acceptedCashJob } from './support/job-steps';
import { logIn, socketJoined } from './support/page-steps';

const CUSTOMER_POSITION = { latitude: 37.7749, longitude: -122.4194 };
const PROVIDER_START = { latitude: 37.7936, longitude: -122.3958 };

/** The English UI texts the page shows (with the catalogue's message each one is). */
function englishOn(page: Page, matchers: EnglishMatcher[]): Promise<string[]> {
  return englishTextsOn(page, matchers);
}

/** The person had chosen English with the switch; now the browser's language (Spanish) applies again. */
async function backToBrowserLanguage(page: Page): Promise<void> {
  const joined = socketJoined(page);
  await page.evaluate((key) => window.localStorage.removeItem(key), LANGUAGE_STORAGE_KEY);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  await joined;
}

describe('the tracking screens in Spanish (the browser language)', () => {
  let customer: BrowserSession;
  let provider: BrowserSession;
  const matchers = englishOnlyMatchers();

  // Each test signs in afresh: its own browser profiles (no session of the other test's left signed in).
  beforeEach(async () => {
    customer = await launchBrowser({ locale: 'es-ES', geolocation: CUSTOMER_POSITION });
    provider = await launchBrowser({ locale: 'es-ES', geolocation: PROVIDER_START });
    for (const session of [customer, provider]) {
      // Chose English with the language switch on an earlier visit.
      await session.context.addInitScript((key) => {
        if (!sessionStorage.getItem('e2e-language-set')) {
          sessionStorage.setItem('e2e-language-set', '1');
          localStorage.setItem(key, 'en');
        }
      }, LANGUAGE_STORAGE_KEY);
    }
  });

  afterEach(async () => {
    await customer?.close();
    await provider?.close();
  });

  it("shows the provider's dashboard tabs, a request's bid form (with its validation) and the bid toasts, and the customer's bidding page, without an English string", async () => {
    const c = await customer.newPage();
    const p = await provider.newPage();
    const marker = `e2e-i18n-bid ${crypto.randomBytes(4).toString('hex')}`;
    try {
      // The provider, on the dashboard in the browser's language.
      await logIn(p, 'provider');
      await p.getByRole('tab', { name: 'Requests' }).waitFor();
      await backToBrowserLanguage(p);
      await p.getByRole('tab', { name: 'Solicitudes' }).waitFor();
      await p.getByText('Las nuevas solicitudes cerca de ti aparecen aquí en cuanto llegan.').waitFor();
      expect(await englishOn(p, matchers)).toEqual([]);
      // The dashboard's other tabs, each once it has loaded.
      const tabs: Array<[string, string]> = [
        ['Historial', 'Historial de trabajos'],
        ['Ganancias', 'Saldo disponible'],
        ['Reseñas', 'Tu valoración'],
        ['Perfil', 'Editar perfil'],
      ];
      for (const [tab, loaded] of tabs) {
        await p.getByRole('tab', { name: tab }).click();
        await p.getByRole('tabpanel').getByText(loaded).first().waitFor();
        expect({ tab, english: await englishOn(p, matchers) }).toEqual({ tab, english: [] });
      }
      await p.getByRole('tab', { name: 'Solicitudes' }).click();
      await p.getByText('Las nuevas solicitudes cerca de ti aparecen aquí en cuanto llegan.').waitFor();

      // The customer (who chose English) posts a cash request near the provider, as in support/job-steps.ts.
      await logIn(c, 'customer');
      await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor();
      await c.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
      await c.getByLabel(/Tire Size/).pressSequentially('22565r17');
      await c.getByLabel('Description').fill(`Flat rear tire (${marker})`);
      await c.getByLabel(/Budget/).fill('90');
      await c.getByRole('button', { name: 'Use my current location' }).click();
      await c.getByText(/Using your current location/).waitFor();
      await c.getByRole('radio', { name: /Pay the provider directly in cash/ }).check();
      const customerJoined = socketJoined(c);
      await c.getByRole('button', { name: 'Submit Request' }).click();
      await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 15000 });
      await customerJoined;
      // The customer follows the bidding in the browser's language.
      await backToBrowserLanguage(c);
      await c.getByRole('button', { name: 'Cancelar solicitud' }).waitFor();
      expect(await englishOn(c, matchers)).toEqual([]);

      // The offer reaches the provider in Spanish: the toast, the request's summary, the bid form.
      const offer = p.getByRole('listitem', { name: 'Solicitud de Reparación de llanta ponchada' }).filter({ hasText: marker });
      await offer.waitFor({ timeout: 20000 });
      await p.getByText('¡Nueva solicitud de servicio!').waitFor();
      expect(await englishOn(p, matchers)).toEqual([]);
      await offer.getByLabel('Tu precio ($)').fill('0');
      await offer.getByRole('button', { name: 'Hacer oferta' }).click();
      await offer.getByText('El precio debe ser al menos 1').waitFor();
      expect(await englishOn(p, matchers)).toEqual([]);
      await offer.getByLabel('Tu precio ($)').fill('85');
      await offer.getByLabel('Tiempo de llegada (minutos)').fill('15');
      await offer.getByRole('button', { name: 'Hacer oferta' }).click();
      await p.getByText('Oferta enviada', { exact: true }).waitFor({ timeout: 15000 });
      await offer.getByText('Oferta enviada. Esperando a que el cliente elija.').waitFor();
      await offer.getByRole('button', { name: 'Actualizar oferta' }).waitFor();
      expect(await englishOn(p, matchers)).toEqual([]);

      // The customer sees the bid, in Spanish, and cancels the request: the provider is told, in Spanish, why its
      // bid is gone.
      await c.getByRole('listitem', { name: 'Oferta de Rapid Roadside Tires' }).waitFor({ timeout: 9000 });
      expect(await englishOn(c, matchers)).toEqual([]);
      await c.getByRole('button', { name: 'Cancelar solicitud' }).click();
      await p.getByText('Solicitud cancelada', { exact: true }).waitFor({ timeout: 15000 });
      await offer.waitFor({ state: 'detached' });
      expect(await englishOn(p, matchers)).toEqual([]);
      await c.getByRole('button', { name: 'Cancelar solicitud' }).waitFor({ state: 'detached' });
      expect(await englishOn(c, matchers)).toEqual([]);
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      if (err instanceof Error && problems.length > 0) err.message += `\nbrowser problems:\n${problems.join('\n')}`;
      throw err;
    }
  });

  it('shows the customer tracking and the provider live job, with their dialogs, without an English string', async () => {
    expect(matchers.length).toBeGreaterThan(100);
    const c = await customer.newPage();
    const p = await provider.newPage();
    try {
      await acceptedCashJob(c, p, 'e2e-i18n');
      await backToBrowserLanguage(c);
      await backToBrowserLanguage(p);

      // The customer, en route: the status, the map, the provider, the details, help; then two dialogs.
      await c.getByRole('status', { name: 'Estado: En camino' }).waitFor({ timeout: 15000 });
      await c.getByText('No se pudo cargar el mapa').waitFor();
      await c.getByText('Reparación de llanta ponchada').first().waitFor();
      expect(await englishOn(c, matchers)).toEqual([]);
      await c.getByRole('button', { name: 'Solicitar servicio adicional' }).click();
      const extra = c.getByRole('dialog', { name: 'Solicitar servicio adicional' });
      await extra.waitFor();
      expect(await englishOn(c, matchers)).toEqual([]);
      await extra.getByRole('button', { name: 'Cancelar' }).click();
      await c.getByRole('button', { name: 'Cancelar servicio' }).click();
      const cancel = c.getByRole('dialog', { name: '¿Cancelar este servicio?' });
      await cancel.waitFor();
      expect(await englishOn(c, matchers)).toEqual([]);
      await cancel.getByRole('button', { name: 'Mantener servicio' }).click();

      // The provider's live job, and its cancel dialog.
      await p.getByRole('button', { name: 'YA LLEGUÉ' }).waitFor({ timeout: 15000 });
      await p.getByText('Cliente', { exact: true }).waitFor();
      expect(await englishOn(p, matchers)).toEqual([]);
      await p.getByRole('button', { name: 'Cancelar trabajo' }).click();
      const reasons = p.getByRole('dialog', { name: '¿Cancelar este trabajo?' });
      await reasons.getByRole('radio', { name: 'Avería del vehículo' }).waitFor();
      expect(await englishOn(p, matchers)).toEqual([]);
      await reasons.getByRole('button', { name: 'Mantener el trabajo' }).click();

      // Arrived: both screens move on, still in Spanish.
      await p.getByRole('button', { name: 'YA LLEGUÉ' }).click();
      await p.getByRole('button', { name: 'TRABAJO TERMINADO' }).waitFor({ timeout: 15000 });
      await c.getByRole('status', { name: 'Estado: Llegó' }).waitFor({ timeout: 15000 });
      expect(await englishOn(p, matchers)).toEqual([]);
      expect(await englishOn(c, matchers)).toEqual([]);
    } catch (err) {
      const problems = [...customer.problems.map((x) => `customer ${x}`), ...provider.problems.map((x) => `provider ${x}`)];
      if (err instanceof Error && problems.length > 0) err.message += `\nbrowser problems:\n${problems.join('\n')}`;
      throw err;
    }
  });
});
