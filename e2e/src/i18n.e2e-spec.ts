// Issue 14 item 4's browser test: with the browser's language Spanish (Chromium's locale es-ES) the landing page,
// the login page, the customer's request screen, the provider application and the public pages (help, safety, press,
// services, about, careers, legal, contact) show no English UI string; the header's language switch turns the UI to
// English, and the choice survives a reload. (The provider's bid form and the tracking screens:
// i18n-tracking.e2e-spec.ts; the check itself: support/i18n-check.ts.)
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { cmsTexts, englishOn as englishTextsOn, englishOnlyMatchers } from './support/i18n-check';
import { baseUrl, demoLogin } from './support/stack-env';

const ENGLISH = englishOnlyMatchers();

/** The English UI texts the page shows, each with the catalogue message it is (the CMS's data left out). */
async function englishOn(page: Page): Promise<string[]> {
  return englishTextsOn(page, ENGLISH, await cmsTexts());
}

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser({ locale: 'es-ES' });
});

afterAll(async () => {
  await session?.close();
});

function withProblems(err: unknown): never {
  if (err instanceof Error && session.problems.length) err.message += `\nbrowser problems:\n${session.problems.join('\n')}`;
  throw err;
}

describe('the SPA in Spanish (browser language es-ES)', () => {
  it('has English texts to look for (the check is not empty)', () => {
    expect(ENGLISH.map((m) => m.text)).toEqual(
      expect.arrayContaining(['Book Tire Service', 'Welcome back', 'Submit Request', 'Submit Application', 'Safety Tips', 'Why Choose Us?']),
    );
  });

  it('shows the provider and customer sign-up forms (with their validation messages) and the public pages (help, safety, press, services, about, careers, legal, contact) without an English string', async () => {
    const page = await session.newPage();
    try {
      await page.goto(`${baseUrl()}/provider/register`);
      await page.getByRole('heading', { name: 'Hazte proveedor', level: 1 }).waitFor();
      await page.getByRole('group', { name: 'Servicios que ofreces' }).getByRole('checkbox', { name: 'Balanceo de ruedas' }).waitFor();
      expect(await page.title()).toMatch(/^Hazte proveedor/);
      expect(await englishOn(page)).toEqual([]);
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.getByText('El nombre completo es obligatorio').waitFor();
      await page.getByText('La tarifa por hora es obligatoria').waitFor();
      expect(await englishOn(page)).toEqual([]);

      await page.goto(`${baseUrl()}/customer/register`);
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.getByText('El nombre completo es obligatorio').waitFor();
      expect(await englishOn(page)).toEqual([]);

      // Each page with what shows it is loaded (the CMS pages show their built-in text while the CMS has none).
      const pages: Array<[string, (p: Page) => Locator]> = [
        ['/help-center', (p) => p.getByText('¿Cómo pago?', { exact: true })],
        ['/safety', (p) => p.getByRole('heading', { name: 'Consejos de seguridad' })],
        ['/press', (p) => p.getByText('marzo de 2024', { exact: true })],
        ['/services/tire-repair', (p) => p.getByRole('heading', { name: 'Reparación de neumáticos', level: 1 })],
        ['/services/tire-replacement', (p) => p.getByRole('heading', { name: 'Cambio de neumáticos', level: 1 })],
        ['/services/wheel-balancing', (p) => p.getByRole('heading', { name: 'Equilibrado de ruedas', level: 1 })],
        ['/services/emergency', (p) => p.getByText('Disponible 24/7', { exact: true })],
        ['/about', (p) => p.locator('main .prose')],
        ['/careers', (p) => p.getByRole('heading', { name: 'Puestos abiertos' })],
        ['/privacy-policy', (p) => p.locator('main .prose')],
        ['/terms-of-service', (p) => p.locator('main .prose')],
        ['/contact', (p) => p.getByText('Correo electrónico', { exact: true })],
      ];
      for (const [route, loaded] of pages) {
        await page.goto(`${baseUrl()}${route}`);
        await loaded(page).first().waitFor();
        expect({ route, english: await englishOn(page) }).toEqual({ route, english: [] });
      }
    } catch (err) {
      withProblems(err);
    } finally {
      await page.close();
    }
  });

  it('shows the landing, login and request screens without an English string; the switch to English persists', async () => {
    const page = await session.newPage();
    try {
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('link', { name: 'Reservar servicio de neumáticos' }).first().waitFor();
      await page.getByRole('heading', { name: 'Nuestros servicios' }).waitFor();
      await page.locator('.service-card').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await englishOn(page)).toEqual([]);

      await page.getByRole('link', { name: 'Iniciar sesión' }).first().click();
      await page.getByRole('heading', { name: 'Bienvenido de nuevo' }).waitFor();
      expect(await englishOn(page)).toEqual([]);

      // Signing in in Spanish.
      const { email, password } = demoLogin('customer');
      const form = page.getByRole('tabpanel');
      await form.getByLabel('Correo electrónico').fill(email);
      await form.getByLabel('Contraseña').fill(password);
      await form.getByRole('button', { name: 'Iniciar sesión como cliente' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20000 });

      // The request screen, with its validation messages.
      await page.getByRole('heading', { name: 'Solicitar servicio de neumáticos', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Tus solicitudes' }).waitFor();
      await page.getByText(/Cargando tus solicitudes/).waitFor({ state: 'detached' });
      const request = page.getByRole('form', { name: 'Solicitud de servicio' });
      await request.getByLabel('Tipo de servicio').selectOption({ index: 1 });
      await request.getByLabel('Presupuesto ($)').fill('-5');
      await request.getByRole('radio').first().check();
      await request.getByRole('button', { name: 'Enviar solicitud' }).click();
      await request.getByText('La medida del neumático es obligatoria').waitFor();
      await request.getByText('El presupuesto debe ser mayor que 0').waitFor();
      expect(await englishOn(page)).toEqual([]);

      await page.goto(`${baseUrl()}/create-request`);
      await page.getByRole('form', { name: 'Solicitud de servicio' }).waitFor();
      expect(await englishOn(page)).toEqual([]);

      // The switch: English at once, and still English after a reload.
      await page.getByLabel('Idioma').first().selectOption('en');
      await page.getByRole('heading', { name: 'Request Tire Service', level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.reload();
      await page.getByRole('button', { name: 'Submit Request' }).waitFor();
      expect(await page.getByLabel('Language').first().inputValue()).toBe('en');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    } catch (err) {
      withProblems(err);
    } finally {
      await page.close();
    }
  });
});
