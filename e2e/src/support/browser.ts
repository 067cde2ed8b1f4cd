// Headless Debian Chromium driven by playwright-core, with a fresh profile per launch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface BrowserSession {
  context: BrowserContext;
  /** Console errors and failed page loads seen so far, for failure messages. */
  problems: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** The browser's language (navigator.language and Accept-Language), e.g. 'es-ES'; Chromium's default otherwise. */
  locale?: string;
  /** Emulates the system's reduced-motion preference (prefers-reduced-motion) for every page of the browser. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** The device's position, with the location permission granted (the user allowed it); moved later with context.setGeolocation. */
  geolocation?: { latitude: number; longitude: number };
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserSession> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: install Debian's chromium (apt-get install -y chromium)`);
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tiredash-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}),
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
  });
  const problems: string[] = [];
  const watch = (page: Page): Page => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    return page;
  };
  return {
    context,
    problems,
    newPage: async () => watch(await context.newPage()),
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
