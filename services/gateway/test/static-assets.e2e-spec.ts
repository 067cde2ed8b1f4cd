import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startGatewayStack, type ErrorBody, type GatewayStack } from './support/gateway-harness';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The SPA as `npm run build -w frontend` writes it: hashed assets and index.html, each with .br and .gz beside it. */
function writeBuiltSpa(dir: string): { js: string; html: string } {
  const js = `export function landing(){return "TireDash landing"}\n${'console.log("chunk");\n'.repeat(200)}`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-B4x9Qz.js"></script></head><body><div id="root">TireDash built SPA</div>${' '.repeat(400)}</body></html>`;
  for (const [file, text] of [
    ['assets/index-B4x9Qz.js', js],
    ['index.html', html],
  ] as const) {
    writeFileSync(join(dir, file), text);
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  return { js, html };
}

describe('gateway: the built SPA, precompressed and cached', () => {
  let s: GatewayStack;
  let spa: { js: string; html: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_static');
    spa = writeBuiltSpa(s.staticDir);
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    s.gateway.inject({ method: 'GET', url, headers });

  it('serves a hashed asset brotli-encoded when the browser accepts br, cached as immutable for a year', async () => {
    const res = await get('/assets/index-B4x9Qz.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(spa.js) / 5);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(spa.js);
  });

  it('serves the gzip file to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/index-B4x9Qz.js', { 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(spa.js);

    const plain = await get('/assets/index-B4x9Qz.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(spa.js);
  });

  it('serves index.html compressed but never cached without revalidation (at /, /index.html and client routes)', async () => {
    for (const url of ['/', '/index.html', '/provider/dashboard']) {
      const res = await get(url, {
        accept: 'text/html,application/xhtml+xml',
        'accept-encoding': 'gzip, br',
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(spa.html);
    }
    const plain = await get('/', { accept: 'text/html' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(spa.html);
  });

  it('revalidates unhashed files outside /assets and still answers a missing asset with a 404 JSON error', async () => {
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined(); // no .br beside it: the file itself
    expect(icon.headers['cache-control']).toBe('no-cache');

    const missing = await get('/assets/index-OLDHASH.js', { 'accept-encoding': 'gzip, br' });
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as ErrorBody).error.code).toBe('NOT_FOUND');
  });
});
