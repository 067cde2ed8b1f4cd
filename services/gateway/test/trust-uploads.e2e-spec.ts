import { randomBytes } from 'node:crypto';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { BidView, MediaView, ProviderView, ServiceRequestView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';
import { providerData, register, startGatewayStack, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';

/**
 * Trust, privacy of uploads (issue 10, item 4): an uploaded file is served only to its owner, the admins and the
 * parties (customer, accepted provider) of a request it belongs to, through short-lived signed URLs with
 * `Cache-Control: private`; an admin's logo stays public. Identifiers stored in profiles and requests must name the
 * caller's own uploads.
 */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes = 64): Buffer => Buffer.concat([PNG, randomBytes(Math.max(0, bytes - PNG.length))]);

function multipart(files: { name: string; data: Buffer }[], fields: Record<string, string>): { payload: Buffer; contentType: string } {
  const boundary = `----tiredash${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Party extends Registered {
  profileId: string;
}

/** UPLOAD_URL_TTL_SECONDS by default. */
const TTL_SECONDS = 300;
const SIGNED = /^\/api\/uploads\/[0-9a-f-]{36}\/[^?]+\?expires=\d+&signature=[A-Za-z0-9_-]+$/;

describe('uploads are private by default (identity, requests and content through the gateway)', () => {
  let s: GatewayStack;
  let ds: DataSource;
  let admin: { token: string; id: string };
  let customer: Party;
  let otherCustomer: Party;
  let accepted: Party;
  let otherProvider: Party;
  let photo: MediaView;
  let photoBytes: Buffer;
  let requestId: string;
  let offeredBeforeAccept: number;

  const upload = async (token: string, name: string, purpose: string, data: Buffer = png()): Promise<MediaView> => {
    const { payload, contentType } = multipart([{ name, data }], { purpose });
    const res = await s.gateway.inject({ method: 'POST', url: '/api/upload', headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, payload });
    if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    return (JSON.parse(res.body) as MediaView[])[0]!;
  };
  const fetchFile = async (url: string) => {
    const res = await s.gateway.inject({ method: 'GET', url });
    const json = String(res.headers['content-type'] ?? '').includes('application/json') ? (JSON.parse(res.body) as ErrorBody) : null;
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, error: json?.error };
  };
  const fileInfo = (token: string, id: string) => s.request<{ id: string; url: string } & ErrorBody>('GET', `/api/upload/files/${id}`, { token });
  const requestsOf = async (customerId: string): Promise<number> =>
    Number(((await ds.query(`SELECT count(*)::text AS n FROM "requests"."service_requests" WHERE customer_id = $1`, [customerId])) as { n: string }[])[0]!.n);

  async function aCustomer(): Promise<Party> {
    const c = await register(s, 'customer');
    const res = await s.request<{ data: { documentId: string } }>('POST', '/api/customers', {
      token: c.token,
      body: { data: { fullName: 'Casey Customer', phone: '+1 555 000 1111', paymentMethod: 'cash', user: c.id } },
    });
    if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
    return { ...c, profileId: res.body.data.documentId };
  }

  async function aProvider(name: string, documents: Record<string, string> = {}): Promise<Party> {
    const p = await register(s, 'provider');
    const res = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', {
      token: p.token,
      body: providerData({ user: p.id, businessName: name, location: { address: name, lat: 37.78, lng: -122.41 }, ...documents }),
    });
    if (res.status !== 201) throw new Error(`provider: ${res.status} ${res.text}`);
    const id = res.body.data.documentId;
    const ok = await s.request('PUT', `/api/providers/${id}`, { token: admin.token, body: { data: { isApproved: true } } });
    if (ok.status !== 200) throw new Error(`approve: ${ok.status} ${ok.text}`);
    await waitFor(
      async () => ((await ds.query(`SELECT 1 FROM "requests"."provider_profiles" WHERE id = $1 AND is_approved`, [id])) as unknown[]).length === 1,
      { message: `read model of ${name}` },
    );
    return { ...p, profileId: id };
  }

  const createBody = (photos: unknown[]) => ({
    data: {
      tireSize: '225/65/R17',
      tireStatus: 'Bids Open',
      serviceType: 'Tire Replacement',
      budget: 150,
      photos,
      location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
      address: '500 Market St',
      lat: 37.79,
      lng: -122.4,
      description: 'Front right',
    },
  });

  beforeAll(async () => {
    s = await startGatewayStack('gw_trust_uploads', {}, { services: ['requests'] });
    ds = s.requests!.get<DataSource>(getDataSourceToken());
    admin = await s.anAdmin();
    customer = await aCustomer();
    otherCustomer = await aCustomer();
    accepted = await aProvider('Alpha Tires');
    otherProvider = await aProvider('Beta Tires');

    // The customer's request with a photo; both providers are offered it, one bids and is accepted.
    photoBytes = png(200);
    photo = await upload(customer.token, 'flat.png', 'request-photo', photoBytes);
    const created = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', { token: customer.token, body: createBody([photo.id]) });
    expect(created.status).toBe(201);
    requestId = created.body.data.documentId;
    const bid = await s.request<{ data: BidView }>('POST', '/api/bids', {
      token: accepted.token,
      body: { data: { requestId, amount: 140, estimatedArrival: '15' } },
    });
    expect(bid.status).toBe(201);
    // While the request is open, an offered provider is not yet a party (checked below).
    offeredBeforeAccept = (await fileInfo(accepted.token, photo.id)).status;
    const acc = await s.request('PUT', `/api/service-requests/${requestId}`, {
      token: customer.token,
      body: { data: { tireStatus: 'Accepted', accepted_bid: bid.body.data.documentId } },
    });
    expect(acc.status).toBe(200);
  });

  afterAll(async () => {
    await s?.close();
  });

  it('answers the uploader a freshly signed URL of its private file, never a plain one', () => {
    expect(photo).toMatchObject({ visibility: 'private', purpose: 'request-photo' });
    expect(photo.url).toMatch(SIGNED);
  });

  it('refuses an anonymous (unsigned), expired or tampered fetch of a private file with a clear JSON error', async () => {
    const plain = photo.url.split('?')[0]!;
    const unsigned = await fetchFile(plain);
    expect(unsigned.status).toBe(403);
    expect(unsigned.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'SIGNATURE_REQUIRED' } });
    expect(unsigned.error!.message).toMatch(/private/);

    const url = new URL(photo.url, 'http://gateway');
    const sig = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const tamperedSig = await fetchFile(`${plain}?expires=${expires}&signature=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
    expect(tamperedSig.status).toBe(403);
    expect(tamperedSig.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'SIGNATURE_INVALID' } });
    // A longer life with the same signature, or the signature of one file on another.
    expect((await fetchFile(`${plain}?expires=${expires + 3600}&signature=${sig}`)).error).toMatchObject({ details: { reason: 'SIGNATURE_INVALID' } });
    const mine = await upload(otherCustomer.token, 'mine.png', 'request-photo');
    const swapped = await fetchFile(`${mine.url.split('?')[0]!}?${url.searchParams.toString()}`);
    expect(swapped.status).toBe(403);

    // A correct link, used after its lifetime (the clock moved on): refused as expired.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + (TTL_SECONDS + 60) * 1000);
    let expired: Awaited<ReturnType<typeof fetchFile>>;
    try {
      expired = await fetchFile(photo.url);
    } finally {
      clock.mockRestore();
    }
    expect(expired.status).toBe(403);
    expect(expired.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'URL_EXPIRED' } });
    expect(expired.error!.message).toMatch(/expired/);
  });

  it('answers another customer, another provider and a merely offered provider no URL (404), the owner, an admin and the accepted provider a signed one served with Cache-Control: private', async () => {
    expect(offeredBeforeAccept).toBe(404);
    for (const outsider of [otherCustomer, otherProvider]) {
      const res = await fileInfo(outsider.token, photo.id);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Upload not found');
      expect(res.text).not.toContain('signature');
    }
    for (const entitled of [customer.token, admin.token, accepted.token]) {
      const info = await fileInfo(entitled, photo.id);
      expect(info.status).toBe(200);
      expect(info.body.url).toMatch(SIGNED);
      const file = await fetchFile(info.body.url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/);
      expect(Number(/max-age=(\d+)/.exec(String(file.headers['cache-control']))![1])).toBeLessThanOrEqual(TTL_SECONDS);
      expect(file.bytes.equals(photoBytes)).toBe(true);
    }
  });

  it("fills a request's photo URLs for its customer, its accepted provider and admins only", async () => {
    for (const token of [customer.token, accepted.token, admin.token]) {
      const view = await s.request<{ data: ServiceRequestView }>('GET', `/api/service-requests/${requestId}?populate=photos`, { token });
      expect(view.status).toBe(200);
      expect(view.body.data.photos).toEqual([{ id: photo.id, url: expect.stringMatching(SIGNED) as unknown }]);
      expect((await fetchFile(view.body.data.photos[0]!.url!)).status).toBe(200);
    }
    const list = await s.request<{ data: ServiceRequestView[] }>('GET', '/api/service-requests', { token: accepted.token });
    expect(list.body.data.find((r) => r.documentId === requestId)?.photos[0]?.url).toMatch(SIGNED);
  });

  it("shows a provider's documents to itself and the admins only", async () => {
    const p = await register(s, 'provider');
    const doc = await upload(p.token, 'id-card.png', 'registration');
    const created = await s.request<{ data: ProviderView }>('POST', '/api/providers', { token: p.token, body: providerData({ user: p.id, businessId: doc.id }) });
    expect(created.status).toBe(201);
    expect((await fileInfo(p.token, doc.id)).status).toBe(200);
    expect((await fileInfo(admin.token, doc.id)).status).toBe(200);
    expect((await fileInfo(customer.token, doc.id)).status).toBe(404);
    expect((await fileInfo(accepted.token, doc.id)).status).toBe(404);
    expect((await fetchFile(doc.url.split('?')[0]!)).status).toBe(403);
  });

  it("keeps an admin's logo public: plain URL, served to anyone with the long public cache; a private upload cannot become the logo", async () => {
    const logo = await upload(admin.token, 'logo.png', 'logo');
    expect(logo).toMatchObject({ visibility: 'public', url: `/api/uploads/${logo.id}/logo.png` });
    const put = await s.request<{ data: { id: string; url: string } }>('PUT', '/api/logo', { token: admin.token, body: { data: { logo: logo.id } } });
    expect(put.status).toBe(200);
    expect(put.body.data.url).toBe(`/api/uploads/${logo.id}/logo.png`);
    const file = await fetchFile(put.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const refused = await s.request<ErrorBody>('PUT', '/api/logo', { token: admin.token, body: { data: { logo: photo.id } } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('The logo must be an image uploaded as a logo');
    expect((await s.request<{ data: { logo: { id: string } } }>('GET', '/api/home')).body.data.logo.id).toBe(logo.id);
  });

  it("refuses a request naming someone else's upload as a photo (403) or an id that is no upload (400); nothing is stored", async () => {
    const before = await requestsOf(otherCustomer.profileId);
    const foreign = await s.request<ErrorBody>('POST', '/api/service-requests', { token: otherCustomer.token, body: createBody([photo.id]) });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ code: 'NOT_OWNER', message: 'data.photos.0: you can only use files you uploaded yourself' });
    expect(foreign.body.error.details).toEqual([{ path: 'data.photos.0', message: 'This upload belongs to another account' }]);
    const made = await s.request<ErrorBody>('POST', '/api/service-requests', { token: otherCustomer.token, body: createBody(['00000000-0000-4000-8000-000000000000', 7]) });
    expect(made.status).toBe(400);
    expect(made.body.error.details!.map((d) => d.path)).toEqual(['data.photos.0', 'data.photos.1']);
    expect(await requestsOf(otherCustomer.profileId)).toBe(before);
  });

  it("refuses a provider profile naming someone else's upload as a document (403), nothing stored; an admin may name any", async () => {
    const owner = await register(s, 'provider');
    const doc = await upload(owner.token, 'license.png', 'profile-image');

    // Creating a profile with it.
    const thief = await register(s, 'provider');
    const create = await s.request<ErrorBody>('POST', '/api/providers', { token: thief.token, body: providerData({ user: thief.id, businessLicense: doc.id }) });
    expect(create.status).toBe(403);
    expect(create.body.error).toMatchObject({ code: 'NOT_OWNER', message: 'data.businessLicense: you can only use files you uploaded yourself' });
    expect(await ds.query(`SELECT 1 FROM "requests"."provider_profiles" WHERE user_id = $1`, [thief.id])).toEqual([]);
    const profiles = await s.request<{ data: ProviderView[] }>('GET', '/api/providers?pagination[pageSize]=100', { token: admin.token });
    expect(profiles.body.data.some((p) => p.businessLicense === doc.id || p.user?.email === thief.email)).toBe(false);

    // Updating one's profile with it.
    const update = await s.request<ErrorBody>('PUT', `/api/providers/${otherProvider.profileId}`, { token: otherProvider.token, body: { data: { businessId: doc.id } } });
    expect(update.status).toBe(403);
    expect(update.body.error.code).toBe('NOT_OWNER');
    const unchanged = await s.request<{ data: ProviderView }>('GET', `/api/providers/${otherProvider.profileId}`, { token: otherProvider.token });
    expect(unchanged.body.data.businessId).toBeNull();
    // Its own upload is fine.
    const own = await upload(otherProvider.token, 'mine.png', 'profile-image');
    const ok = await s.request<{ data: ProviderView }>('PUT', `/api/providers/${otherProvider.profileId}`, { token: otherProvider.token, body: { data: { businessId: own.id } } });
    expect([ok.status, ok.body.data.businessId]).toEqual([200, own.id]);

    // An admin editing may reference any upload.
    const byAdmin = await s.request<{ data: ProviderView }>('PUT', `/api/providers/${otherProvider.profileId}`, { token: admin.token, body: { data: { businessLicense: doc.id } } });
    expect([byAdmin.status, byAdmin.body.data.businessLicense]).toEqual([200, doc.id]);
  });
});
