// Issue 14 item 4's browser test: with the browser's language Spanish (Chromium's locale es-ES) the landing page,
// the login page and the customer's request screen show no English UI string; the header's language switch turns
// the UI to English, and the choice survives a reload. (The tracking screens: i18n-tracking.e2e-spec.ts.)
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { baseUrl, demoLogin } from './support/stack-env';

const LOCALES = path.join(__dirname, '..', '..', 'frontend', 'src', 'shared', 'i18n', 'locales');

function stringsOfJson(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOfJson);
  return [];
}

/** The string literals of the English catalogue modules (locales/en/*.ts): the English UI texts. */
function englishTexts(): string[] {
  const out = new Set<string>();
  for (const file of fs.readdirSync(path.join(LOCALES, 'en')).filter((f) => f.endsWith('.ts'))) {
    const source = fs
      .readFileSync(path.join(LOCALES, 'en', file), 'utf8')
      .replace(/^import .*$/gm, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const m of source.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)) {
      out.add((m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1'));
    }
  }
  return [...out];
}

/**
 * Every English text of the catalogue that Spanish does not also use (so 'Error' or 'Normal' never count), as a
 * pattern over a whole UI text (placeholders match anything).
 */
function englishOnlyMatchers(): Array<{ text: string; pattern: RegExp }> {
  const spanish = new Set(
    fs
      .readdirSync(path.join(LOCALES, 'es'))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => stringsOfJson(JSON.parse(fs.readFileSync(path.join(LOCALES, 'es', f), 'utf8')))),
  );
  const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  return englishTexts()
    .filter((text) => /[A-Za-z]{3}/.test(text) && !spanish.has(text) && !/^\w+\/[\w/]+$/.test(text))
    .map((text) => ({ text, pattern: new RegExp(`^${text.split(/\{\w+\}|<\/?\w+>/).map(escape).join('.*')}$`, 's') }));
}

/** What a person sees or hears: visible text nodes, labels, titles, placeholders, alt texts, the tab's title. */
async function uiTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (el: Element | null): boolean =>
      !!el && (el as HTMLElement).checkVisibility?.({ visibilityProperty: true }) !== false;
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      // <option>s are not "visible" boxes but are read out and listed: they count.
      if (text && (visible(node.parentElement) || node.parentElement?.tagName === 'OPTION')) out.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
    if (description) out.push(description);
    return out;
  });
}

const ENGLISH = englishOnlyMatchers();

/**
 * What the admin wrote in the CMS for the landing page (hero, service cards...): data shown as stored, in the language
 * it was written in, not UI text. Other browser tests of the run edit it (admin-content adds an English card), so it
 * is read from the API at the time of the check and left out.
 */
async function cmsTexts(): Promise<Set<string>> {
  const res = await fetch(`${baseUrl()}/api/home?populate=*`);
  if (!res.ok) throw new Error(`GET /api/home -> ${res.status}`);
  return new Set(stringsOfJson(await res.json()).map((s) => s.replace(/\s+/g, ' ').trim()));
}

/** The English UI texts the page shows, each with the catalogue message it is. */
async function englishOn(page: Page): Promise<string[]> {
  const found = new Set<string>();
  const data = await cmsTexts();
  for (const text of await uiTexts(page)) {
    if (data.has(text)) continue;
    const hit = ENGLISH.find((m) => m.pattern.test(text));
    if (hit) found.add(`"${text}" (${hit.text})`);
  }
  return [...found];
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
    expect(ENGLISH.map((m) => m.text)).toEqual(expect.arrayContaining(['Book Tire Service', 'Welcome back', 'Submit Request']));
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
