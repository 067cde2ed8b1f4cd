import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EventPublisher, MessagingClient } from '@tiredash/messaging';
import {
  RatingCreated,
  RequestConfirmed,
  UpdatePage,
  type AnyEventDef,
  type AuditEntryView,
  type EventPayload,
  type MediaView,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { Client } from 'pg';
import { providerData, register, startGatewayStack, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';

interface Data<T> {
  data: T;
}
interface Paged<T> {
  data: T[];
  meta: { pagination: { total: number } };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const png = (bytes = 64): Buffer => Buffer.concat([PNG, randomBytes(Math.max(0, bytes - PNG.length))]);
const jpeg = (bytes = 64): Buffer => Buffer.concat([JPEG, randomBytes(Math.max(0, bytes - JPEG.length))]);
const MB = 1024 * 1024;

interface Part {
  name: string;
  data: Buffer;
  type?: string;
}

function multipart(files: Part[], fields: Record<string, string> = {}): { payload: Buffer; contentType: string } {
  const boundary = `----tiredash${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const STRIPE_KEY = 'sk_live_51HxQzTireDashSecretValue9876WXYZ';

describe('gateway: content, settings, uploads, stats and audit (real identity + content services)', () => {
  let s: GatewayStack;
  let admin: { token: string; id: string };
  let customer: Registered;
  let provider: Registered;
  let pg: Client;

  beforeAll(async () => {
    s = await startGatewayStack('gw_content');
    admin = await s.anAdmin();
    customer = await register(s, 'customer');
    provider = await register(s, 'provider');
    pg = new Client({ connectionString: s.env.db.url });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await s?.close();
  });

  const upload = async (token: string | undefined, files: Part[], fields: Record<string, string> = {}) => {
    const { payload, contentType } = multipart(files, fields);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await s.gateway.inject({ method: 'POST', url: '/api/upload', headers, payload });
    return { status: res.statusCode, body: JSON.parse(res.body) as unknown, text: res.body };
  };
  const auditEntries = async (): Promise<AuditEntryView[]> => {
    const res = await s.request<Paged<AuditEntryView>>('GET', '/api/audit-log?pagination[pageSize]=100', { token: admin.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const mediaRows = async (): Promise<number> =>
    Number((await pg.query<{ n: string }>('SELECT count(*)::text AS n FROM content.media')).rows[0]!.n);
  const storedFiles = (): string[] => {
    const root = join(s.dataDir, 'uploads');
    const walk = (dir: string): string[] => {
      let out: string[] = [];
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return [];
      }
      for (const n of names) {
        const p = join(dir, n);
        out = statSync(p).isDirectory() ? out.concat(walk(p)) : out.concat(p);
      }
      return out;
    };
    return walk(root);
  };

  describe('public content', () => {
    it('is open to read with {data} shapes and empty values before any save', async () => {
      const home = await s.request<Data<Record<string, unknown>>>('GET', '/api/home?populate=*');
      expect(home.status).toBe(200);
      expect(home.body.data).toMatchObject({ heroHeading1: '', heroHeading2: '', heroParagraph: '', Cards: [], logo: null });
      for (const [path, keys] of [
        ['/api/about', ['headerText', 'infoText']],
        ['/api/contact', ['email', 'phone', 'address']],
        ['/api/careers', ['introText', 'positions']],
        ['/api/privacy-policy', ['text']],
        ['/api/terms-of-service', ['content']],
        ['/api/logo', []],
      ] as const) {
        const res = await s.request<Data<Record<string, unknown> | null>>('GET', path);
        expect(res.status).toBe(200);
        for (const k of keys) expect(res.body.data).toHaveProperty(k);
      }
      const settings = await s.request<Data<Record<string, unknown>>>('GET', '/api/settings');
      expect(settings.status).toBe(200);
      expect(settings.body.data).toMatchObject({ serviceFee: 10, walletFee: 20, stripeSecretKeySet: false });
      expect(settings.body.data).not.toHaveProperty('stripeSecretKey');
    });

    it('answers with an ETag and public max-age=30, and 304 on a matching If-None-Match', async () => {
      const first = await s.request('GET', '/api/about');
      expect(first.headers['cache-control']).toBe('public, max-age=30');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await s.request('GET', '/api/about', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const other = await s.request('GET', '/api/about', { headers: { 'if-none-match': '"nope"' } });
      expect(other.status).toBe(200);
    });
  });

  describe('who may change what', () => {
    const changes: [string, string, unknown][] = [
      ['PUT', '/api/home', { data: { heroHeading1: 'x' } }],
      ['PUT', '/api/about', { data: { headerText: 'x' } }],
      ['PUT', '/api/contact', { data: { address: 'x' } }],
      ['PUT', '/api/careers', { data: { introText: 'x' } }],
      ['PUT', '/api/privacy-policy', { data: { text: 'x' } }],
      ['PUT', '/api/terms-of-service', { data: { content: 'x' } }],
      ['PUT', '/api/settings', { data: { tipping: true } }],
      ['PUT', '/api/api-key', { data: { mapboxKey: 'pk.x' } }],
      ['PUT', '/api/logo', { data: { logo: null } }],
      ['GET', '/api/api-key', undefined],
      ['GET', '/api/dashboard', undefined],
      ['GET', '/api/statistics', undefined],
      ['GET', '/api/audit-log', undefined],
    ];

    it('a customer or a provider gets 403 on every change and admin read, anonymous 401, and nothing changes', async () => {
      const before = await auditEntries();
      for (const [method, url, body] of changes) {
        for (const who of [customer, provider]) {
          const res = await s.request<ErrorBody>(method as 'PUT', url, { token: who.token, body });
          expect({ url, status: res.status }).toEqual({ url, status: 403 });
          expect(res.body.error.code).toBe('FORBIDDEN');
        }
        const anon = await s.request<ErrorBody>(method as 'PUT', url, { body });
        expect({ url, status: anon.status }).toEqual({ url, status: 401 });
      }
      const settings = await s.request<Data<{ tipping: boolean }>>('GET', '/api/settings');
      expect(settings.body.data.tipping).toBe(false);
      expect(await auditEntries()).toHaveLength(before.length);
    });

    it('content refuses a non-admin even when asked over NATS directly (not only the gateway)', async () => {
      const client = s.gateway.get(MessagingClient);
      await expect(
        client.send(UpdatePage, { actor: { userId: customer.id, role: 'customer' }, page: 'about', data: { headerText: 'hacked' } }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('admin changes', () => {
    it('stores admin HTML without script tags, event handlers or javascript: URLs, with exactly one audit entry', async () => {
      const before = await auditEntries();
      const res = await s.request<Data<{ headerText: string; infoText: string }>>('PUT', '/api/about', {
        token: admin.token,
        body: {
          data: {
            headerText: 'About TireDash',
            infoText: '<p>We come to you.<script>alert(1)</script></p><img src="https://cdn.test/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
          },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.infoText).toBe('<p>We come to you.</p><img src="https://cdn.test/a.png" /><a>x</a>');
      const stored = await pg.query<{ data: { infoText: string } }>(`SELECT data FROM content.pages WHERE key = 'about'`);
      expect(stored.rows[0]!.data.infoText).not.toMatch(/script|onerror|javascript:/i);
      const read = await s.request<Data<{ infoText: string }>>('GET', '/api/about');
      expect(read.body.data.infoText).toBe(res.body.data.infoText);

      const after = await auditEntries();
      expect(after).toHaveLength(before.length + 1);
      expect(after[0]).toMatchObject({
        by: admin.id,
        action: 'content.page.updated',
        target: 'page:about',
        before: { headerText: null, infoText: null },
        after: { headerText: 'About TireDash', infoText: res.body.data.infoText },
        source: 'content',
      });
    });

    it('saves the hero and cards (price as text) and a repeated identical save adds no audit entry', async () => {
      const body = {
        data: {
          heroHeading1: 'Flat tire?',
          heroHeading2: 'We come to you.',
          heroParagraph: 'Mobile tire service.',
          Cards: [{ title: 'Tire Repair', body: 'Patch and plug', icon: 'repair', price: 100 }],
        },
      };
      const first = await s.request<Data<{ Cards: { price: string }[] }>>('PUT', '/api/home', { token: admin.token, body });
      expect(first.status).toBe(200);
      expect(first.body.data.Cards).toEqual([{ title: 'Tire Repair', body: 'Patch and plug', icon: 'repair', price: '100' }]);
      const count = (await auditEntries()).length;
      const second = await s.request('PUT', '/api/home', { token: admin.token, body });
      expect(second.status).toBe(200);
      expect(await auditEntries()).toHaveLength(count);
      const bad = await s.request<ErrorBody>('PUT', '/api/home', { token: admin.token, body: { data: { Cards: [{ title: 'x', body: 'y', price: -1 }] } } });
      expect(bad.status).toBe(400);
    });

    it('refuses a payment secret key (managed in the deployment environment): nothing stored, audited or published; other settings still save', async () => {
      const n = (await auditEntries()).length;
      for (const [url, data] of [
        ['/api/settings', { stripeSecretKey: STRIPE_KEY, serviceFee: 12 }],
        ['/api/api-key', { stripeSecretKey: STRIPE_KEY }],
      ] as const) {
        const refused = await s.request<ErrorBody>('PUT', url, { token: admin.token, body: { data } });
        expect(refused.status).toBe(400);
        expect(refused.body.error.message).toBe(
          'Payment keys are managed in the deployment environment (STRIPE_SECRET_KEY of the payments service), not in the admin settings.',
        );
        expect(refused.body.error.details).toEqual([{ path: 'data.stripeSecretKey', message: refused.body.error.message }]);
        expect(refused.text).not.toContain(STRIPE_KEY);
      }
      expect(await auditEntries()).toHaveLength(n);
      const row = await pg.query<{ sealed: string | null; fee: number }>('SELECT stripe_secret_key_sealed AS sealed, service_fee_dollars AS fee FROM content.settings');
      expect(row.rows[0]).toEqual({ sealed: null, fee: 10 });
      const dump = await pg.query<{ t: string }>(`SELECT string_agg(t::text, ' ') AS t FROM (SELECT * FROM content.outbox) t`);
      expect(dump.rows[0]!.t ?? '').not.toContain(STRIPE_KEY);

      const adminView = await s.request<Data<{ stripeSecretKey: string | null; stripeSecretKeySet: boolean }>>('GET', '/api/settings', { token: admin.token });
      expect(adminView.body.data).toMatchObject({ stripeSecretKey: null, stripeSecretKeySet: false });
      // Clearing (the form's empty value) and other settings still save.
      const put = await s.request('PUT', '/api/settings', { token: admin.token, body: { data: { stripeSecretKey: '', serviceFee: 12, tipping: true } } });
      expect(put.status).toBe(200);
      expect((put.body as Data<{ serviceFee: number }>).data.serviceFee).toBe(12);
      const fee = await s.request<ErrorBody>('PUT', '/api/settings', { token: admin.token, body: { data: { walletFee: 12.5 } } });
      expect(fee.status).toBe(400);
    });
  });

  describe('cache', () => {
    it('drops the cached answer on the content event, even for a change made elsewhere', async () => {
      const first = await s.request<Data<{ address: string }>>('GET', '/api/contact');
      const etag = String(first.headers.etag);
      expect((await s.request('GET', '/api/contact', { headers: { 'if-none-match': etag } })).status).toBe(304);

      // Changed behind the gateway's back (as another replica would): only the event can drop this replica's cache.
      const client = s.gateway.get(MessagingClient);
      await client.send(UpdatePage, { actor: { userId: admin.id, role: 'admin' }, page: 'contact', data: { address: '1 Event Way' } });
      const fresh = await waitFor(
        async () => {
          const res = await s.request<Data<{ address: string }>>('GET', '/api/contact', { headers: { 'if-none-match': etag } });
          return res.status === 200 && res.body.data.address === '1 Event Way' ? res : null;
        },
        { timeoutMs: 10_000, message: 'cache dropped by content.evt.page.updated.v1' },
      );
      expect(fresh.headers.etag).not.toBe(etag);
    });

    it('a change through this gateway is visible at once', async () => {
      await s.request('GET', '/api/careers');
      const put = await s.request('PUT', '/api/careers', {
        token: admin.token,
        body: { data: { introText: 'Join us', positions: [{ title: 'Technician', location: 'Austin, TX' }] } },
      });
      expect(put.status).toBe(200);
      const read = await s.request<Data<{ introText: string; positions: unknown[] }>>('GET', '/api/careers');
      expect(read.body.data).toMatchObject({ introText: 'Join us', positions: [{ title: 'Technician', location: 'Austin, TX' }] });
    });
  });

  describe('uploads', () => {
    it('stores images and answers [{id, url, name, mime, size}]; the (signed, private) url serves the bytes with their type', async () => {
      const a = png(300);
      const res = await upload(provider.token, [
        { name: 'license.png', data: a },
        { name: 'id card.jpg', data: jpeg(200), type: 'image/jpeg' },
      ]);
      expect(res.status).toBe(201);
      const items = res.body as MediaView[];
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({ name: 'license.png', mime: 'image/png', size: 300 });
      expect(items[1]).toMatchObject({ name: 'id card.jpg', mime: 'image/jpeg', size: 200 });
      // Registration documents are private: the uploader gets a short-lived signed URL (trust-uploads.e2e-spec.ts).
      expect(items[0]!.url).toMatch(new RegExp(`^/api/uploads/${items[0]!.id}/license\\.png\\?expires=\\d+&signature=`));
      const file = await s.gateway.inject({ method: 'GET', url: items[0]!.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(file.rawPayload.equals(a)).toBe(true);
      expect((await s.gateway.inject({ method: 'GET', url: `/api/uploads/${items[0]!.id}/other.png` })).statusCode).toBe(404);

      // Looked up by id alone (how a provider's documents are shown): the owner and admins only.
      const info = await s.request<{ id: string; url: string; name: string; mime: string; size: number }>(
        'GET',
        `/api/upload/files/${items[0]!.id}`,
        { token: admin.token },
      );
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ id: items[0]!.id, documentId: items[0]!.id, name: 'license.png', mime: 'image/png', size: 300 });
      expect(info.body.url).toMatch(new RegExp(`^/api/uploads/${items[0]!.id}/license\\.png\\?expires=\\d+&signature=`));
      expect((await s.request('GET', `/api/upload/files/${items[0]!.id}`)).status).toBe(401);
      expect((await s.request('GET', `/api/upload/files/00000000-0000-4000-8000-000000000000`, { token: admin.token })).status).toBe(404);
    });

    it('refuses a non-image named .png, a 6th file and an over-limit file with the spec messages, leaving no row and no file', async () => {
      const rows = await mediaRows();
      const files = storedFiles().length;

      const fake = await upload(customer.token, [{ name: 'photo.png', data: Buffer.from('GIF? no, just text pretending to be a png') }]);
      expect(fake.status).toBe(400);
      expect((fake.body as ErrorBody).error.message).toBe('photo.png is not an image file');

      const six = await upload(customer.token, Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: png() })), { purpose: 'request-photo' });
      expect(six.status).toBe(400);
      expect((six.body as ErrorBody).error.message).toBe('Maximum 5 files allowed');

      const big = await upload(customer.token, [{ name: 'big.png', data: png(5 * MB + 1) }]);
      expect(big.status).toBe(413);
      expect((big.body as ErrorBody).error.message).toBe('big.png is too large. Maximum size is 5MB');

      const profile = await upload(provider.token, [{ name: 'face.png', data: png(2 * MB + 10) }], { purpose: 'profile-image' });
      expect(profile.status).toBe(413);
      expect((profile.body as ErrorBody).error.message).toBe('face.png is too large. Maximum size is 2MB');
      const two = await upload(provider.token, [{ name: 'a.png', data: png() }, { name: 'b.png', data: png() }], { purpose: 'profile-image' });
      expect((two.body as ErrorBody).error.message).toBe('Maximum 1 file allowed');

      // One good file and one bad one: the whole batch is refused.
      const mixed = await upload(customer.token, [{ name: 'ok.png', data: png() }, { name: 'evil.png', data: Buffer.from('<svg onload=alert(1)>') }]);
      expect(mixed.status).toBe(400);
      expect(await mediaRows()).toBe(rows);
      expect(storedFiles()).toHaveLength(files);

      expect((await upload(undefined, [{ name: 'a.png', data: png() }])).status).toBe(401);
    });

    it('accepts exactly 5 files of 5 MB each for registration', async () => {
      const res = await upload(provider.token, Array.from({ length: 5 }, (_, i) => ({ name: `doc${i}.png`, data: png(5 * MB) })));
      expect(res.status).toBe(201);
      expect(res.body).toHaveLength(5);
    });

    it('the logo: admin only, set with PUT /api/logo, shown on /api/home, one audit entry', async () => {
      expect((await upload(customer.token, [{ name: 'logo.png', data: png() }], { purpose: 'logo' })).status).toBe(403);
      const up = await upload(admin.token, [{ name: 'logo.png', data: png() }], { purpose: 'logo' });
      expect(up.status).toBe(201);
      const logoId = (up.body as MediaView[])[0]!.id;
      const n = (await auditEntries()).length;
      const put = await s.request<Data<{ id: string; url: string }>>('PUT', '/api/logo', { token: admin.token, body: { data: { logo: logoId } } });
      expect(put.status).toBe(200);
      expect(put.body.data).toEqual({ id: logoId, url: `/api/uploads/${logoId}/logo.png` });
      const home = await s.request<Data<{ logo: { id: string; url: string } }>>('GET', '/api/home');
      expect(home.body.data.logo).toEqual(put.body.data);
      const entries = await auditEntries();
      expect(entries).toHaveLength(n + 1);
      expect(entries[0]).toMatchObject({ action: 'content.logo.updated', before: { logo: null }, after: { logo: logoId } });
    });
  });

  describe('stats and identity audit (fed by identity events)', () => {
    it('counts customers and providers and records the approval with before and after', async () => {
      const c = await s.request('POST', '/api/customers', { token: customer.token, body: { data: { fullName: 'Casey', phone: '+1 555 000 1111' } } });
      expect(c.status).toBe(201);
      const p = await s.request<Data<{ documentId: string }>>('POST', '/api/providers', { token: provider.token, body: providerData({ user: provider.id }) });
      expect(p.status).toBe(201);
      const stats = await waitFor(
        async () => {
          const res = await s.request<Data<Record<string, number>>>('GET', '/api/dashboard', { token: admin.token });
          return res.body.data.totalCustomers === 1 && res.body.data.totalProviders === 1 ? res.body.data : null;
        },
        { timeoutMs: 10_000, message: 'stats fed by CustomerCreated/ProviderCreated' },
      );
      expect(stats).toMatchObject({ totalRevenue: 0, jobsToday: 0, averageRating: 0, reportedIssues: 0 });
      const statistics = await s.request<Data<Record<string, number>>>('GET', '/api/statistics', { token: admin.token });
      expect(statistics.body.data.totalProviders).toBe(1);

      // Revenue and rating tiles come from the requests service's events: two confirmed jobs (one delivered
      // twice: counted once) and two ratings.
      const publish = async <D extends AnyEventDef>(def: D, payload: EventPayload<D>, id = randomUUID()) =>
        s.gateway.get(EventPublisher).publishRaw(def.subject, { id, subject: def.subject, occurredAt: new Date().toISOString(), payload });
      const job = (amount: number) => ({
        requestId: randomUUID(),
        customerId: randomUUID(),
        customerUserId: randomUUID(),
        providerId: randomUUID(),
        providerUserId: null,
        paymentMethod: 'cash' as const,
        amount,
        serviceType: 'Flat Tire Repair',
        providerTotalJobs: 1,
        confirmedAt: new Date().toISOString(),
      });
      const first = job(85.5);
      const firstId = randomUUID();
      await publish(RequestConfirmed, first, firstId);
      await publish(RequestConfirmed, first, firstId);
      await publish(RequestConfirmed, first);
      await publish(RequestConfirmed, job(40));
      for (const rating of [5, 4]) {
        await publish(RatingCreated, {
          ratingId: randomUUID(),
          requestId: first.requestId,
          providerId: first.providerId,
          customerId: first.customerId,
          rating,
          averageRating: rating,
          ratingCount: 1,
          createdAt: new Date().toISOString(),
        });
      }
      const tiles = await waitFor(
        async () => {
          const res = await s.request<Data<Record<string, number>>>('GET', '/api/dashboard', { token: admin.token });
          return res.body.data.averageRating > 0 && res.body.data.totalRevenue === 125.5 ? res.body.data : null;
        },
        { timeoutMs: 10_000, message: 'revenue and rating tiles fed by RequestConfirmed/RatingCreated' },
      );
      expect(tiles).toMatchObject({ totalRevenue: 125.5, averageRating: 4.5, reportedIssues: 0 });

      const approve = await s.request('PUT', `/api/providers/${p.body.data.documentId}`, { token: admin.token, body: { data: { isApproved: true } } });
      expect(approve.status).toBe(200);
      const entry = await waitFor(
        async () => (await auditEntries()).find((e) => e.action === 'identity.provider.approved'),
        { timeoutMs: 10_000, message: 'audit entry from ProviderApproved' },
      );
      expect(entry).toMatchObject({
        by: admin.id,
        target: `provider:${p.body.data.documentId}`,
        before: { isApproved: null },
        after: { isApproved: true },
        source: 'identity',
      });
      expect((await auditEntries()).filter((e) => e.action === 'identity.provider.approved')).toHaveLength(1);

      // The user-management edits: an admin changing a customer's name and a provider's business name.
      const cust = c.body as Data<{ documentId: string }>;
      const editCustomer = await s.request('PUT', `/api/customers/${cust.data.documentId}`, {
        token: admin.token,
        body: { data: { fullName: 'Casey Admin-Edited' } },
      });
      expect(editCustomer.status).toBe(200);
      const editProvider = await s.request('PUT', `/api/providers/${p.body.data.documentId}`, {
        token: admin.token,
        body: { data: { businessName: 'Renamed Tires' } },
      });
      expect(editProvider.status).toBe(200);
      // A customer editing its own profile is not an admin change.
      await s.request('PUT', `/api/customers/${cust.data.documentId}`, { token: customer.token, body: { data: { phone: '+1 555 000 2222' } } });
      const customerEntry = await waitFor(
        async () => (await auditEntries()).find((e) => e.action === 'identity.customer.updated'),
        { timeoutMs: 10_000, message: 'audit entry from CustomerUpdated' },
      );
      expect(customerEntry).toMatchObject({
        by: admin.id,
        target: `customer:${cust.data.documentId}`,
        before: { fullName: 'Casey' },
        after: { fullName: 'Casey Admin-Edited' },
      });
      const providerEntry = await waitFor(
        async () => (await auditEntries()).find((e) => e.action === 'identity.provider.updated'),
        { timeoutMs: 10_000, message: 'audit entry from ProviderUpdated' },
      );
      expect(providerEntry).toMatchObject({ by: admin.id, before: { businessName: expect.any(String) }, after: { businessName: 'Renamed Tires' } });
      // Exactly one entry each: the approval was not recorded a second time from its ProviderUpdated event,
      // and the customer's own edit left none.
      await new Promise((r) => setTimeout(r, 500));
      const all = await auditEntries();
      expect(all.filter((e) => e.action === 'identity.provider.updated')).toHaveLength(1);
      expect(all.filter((e) => e.action === 'identity.customer.updated')).toHaveLength(1);
    });
  });

  describe('failure part-way', () => {
    it('an upload whose registration fails leaves neither rows nor files (content down: 503)', async () => {
      const rows = await mediaRows();
      const files = storedFiles().length;
      await s.content.close();
      const res = await upload(customer.token, [{ name: 'a.png', data: png() }, { name: 'b.png', data: png() }]);
      expect(res.status).toBe(503);
      expect(await mediaRows()).toBe(rows);
      expect(storedFiles()).toHaveLength(files);
    });
  });
});
