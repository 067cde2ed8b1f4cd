// Issue 6's browser test: a new provider applies with two documents, the admin sees them in the review dialog
// and approves, and the provider's open dashboard switches from 'Account Under Review' to the tabs without a
// reload; then the admin edits the hero and a service card and the landing page shows the change.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser';
import { logInAsAdmin } from './support/page-steps';
import { baseUrl } from './support/stack-env';

// ---- a small valid PNG (solid colour), generated here -------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A width x height RGB PNG of one colour. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- helpers ---------------------------------------------------------------------------------------------

async function withSessions<T>(count: number, fn: (sessions: BrowserSession[]) => Promise<T>): Promise<T> {
  const sessions: BrowserSession[] = [];
  try {
    for (let i = 0; i < count; i++) sessions.push(await launchBrowser());
    return await fn(sessions);
  } catch (err) {
    const problems = sessions.flatMap((s) => s.problems);
    if (err instanceof Error && problems.length) err.message += `\nbrowser problems:\n${problems.join('\n')}`;
    throw err;
  } finally {
    for (const s of sessions) await s.close();
  }
}

async function waitForText(scope: Locator | Page, text: string | RegExp, timeout = 15000): Promise<void> {
  await scope.getByText(text).first().waitFor({ state: 'visible', timeout });
}

/** Resolves once the image has loaded a real picture (naturalWidth > 0). */
async function expectImageLoaded(img: Locator): Promise<void> {
  await img.waitFor({ state: 'visible', timeout: 15000 });
  const handle = await img.elementHandle();
  await img.page().waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, handle, { timeout: 15000 });
}

// ---- the test -------------------------------------------------------------------------------------------

describe('provider onboarding, approval and homepage content (browser)', () => {
  it('approves a new provider live and publishes a hero and card change to the landing page', async () => {
    const id = crypto.randomBytes(4).toString('hex');
    const businessName = `E2E Tires ${id}`;
    const email = `e2e-provider-${id}@example.com`;
    const password = `Provider-${id}-pw`;

    await withSessions(3, async ([providerSession, adminSession, visitorSession]) => {
      // 1. The provider applies with two documents.
      const provider = await providerSession.newPage();
      await provider.goto(`${baseUrl()}/provider/register`);
      await provider.getByLabel(/^Full Name/).fill('Erin Two-Docs');
      await provider.getByLabel(/^Email/).fill(email);
      await provider.getByLabel(/^Phone/).fill('555-010-4242');
      await provider.getByLabel(/^Years of Experience/).fill('6');
      await provider.getByLabel(/^Business Name/).fill(businessName);
      await provider.getByLabel(/^Service Radius/).fill('30');
      await provider.getByLabel(/^Hourly Rate/).fill('85');
      await provider.getByRole('checkbox', { name: 'Tire Replacement' }).check();
      await provider.getByLabel('Government ID', { exact: true }).setInputFiles({ name: 'government-id.png', mimeType: 'image/png', buffer: png(64, 40, [30, 144, 255]) });
      await provider.getByLabel('Business License', { exact: true }).setInputFiles({ name: 'business-license.png', mimeType: 'image/png', buffer: png(64, 40, [245, 158, 11]) });
      await provider.getByRole('button', { name: 'Remove government-id.png' }).waitFor();
      await provider.getByRole('button', { name: 'Remove business-license.png' }).waitFor();
      await provider.getByLabel(/^Password/).fill(password);
      await provider.getByLabel(/^Confirm Password/).fill(password);

      const uploaded = provider.waitForResponse((r) => r.url().endsWith('/api/upload') && r.request().method() === 'POST');
      await provider.getByRole('button', { name: 'Submit Application' }).click();
      expect([200, 201]).toContain((await uploaded).status());
      await provider.waitForURL((url) => url.pathname === '/provider/dashboard', { timeout: 20000 });
      await waitForText(provider, 'Application Submitted!');
      await waitForText(provider, 'Account Under Review');
      // Marks this document: a reload would lose the mark.
      await provider.evaluate(() => {
        (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload = true;
      });

      // 2. The admin reviews the application with its two documents and approves it.
      const admin = await adminSession.newPage();
      await logInAsAdmin(admin);
      await admin.getByRole('tab', { name: 'Provider Approvals' }).click();
      const row = admin.getByRole('listitem').filter({ hasText: businessName });
      await row.waitFor({ timeout: 15000 });
      await row.getByRole('button', { name: 'Review' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Review Provider' });
      await dialog.waitFor();
      await expectImageLoaded(dialog.getByRole('img', { name: 'Business ID' }));
      await expectImageLoaded(dialog.getByRole('img', { name: 'Business License' }));
      await dialog.getByRole('button', { name: 'Enlarge Business License' }).click();
      const enlarged = admin.getByRole('dialog', { name: 'Business License' });
      await expectImageLoaded(enlarged.getByRole('img', { name: 'Business License' }));
      await admin.keyboard.press('Escape');
      await enlarged.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await waitForText(admin, 'Provider Approved');
      await row.waitFor({ state: 'detached', timeout: 15000 });

      // 3. The provider's open dashboard flips to the tabs by itself.
      await provider.getByRole('tab', { name: 'Requests' }).waitFor({ timeout: 20000 });
      expect(await provider.getByText('Account Under Review').count()).toBe(0);
      expect(await provider.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload)).toBe(true);

      // 4. The admin edits the hero and the first service card.
      const heading = `Flat tire ${id}?`;
      const cardTitle = `Mobile Fix ${id}`;
      await admin.getByRole('tab', { name: 'Homepage Settings' }).click();
      const heroHeading = admin.getByLabel('Hero Heading 1');
      await heroHeading.waitFor({ timeout: 15000 });
      await heroHeading.fill(heading);
      await admin.getByRole('button', { name: 'Save Hero' }).click();
      await waitForText(admin, 'Hero section updated.');

      const cards = admin.getByRole('list', { name: 'Service cards' });
      await admin.getByRole('button', { name: 'Add Service Card' }).click();
      const first = cards.getByRole('listitem').first();
      expect(await first.getByLabel(/^Title/).inputValue()).toBe('New Service');
      await first.getByLabel(/^Title/).fill(cardTitle);
      await first.getByLabel(/^Price/).fill('79');
      await admin.getByRole('button', { name: 'Update Service Cards' }).click();
      await waitForText(admin, 'Service cards updated.');

      // 5. A visitor's landing page shows the change.
      const visitor = await visitorSession.newPage();
      await visitor.goto(`${baseUrl()}/`);
      await waitForText(visitor.getByRole('heading', { level: 1 }), heading);
      const card = visitor.locator('.service-card').filter({ hasText: cardTitle });
      await card.waitFor({ timeout: 15000 });
      expect(await card.innerText()).toContain('From $79');
    });
  });
});
