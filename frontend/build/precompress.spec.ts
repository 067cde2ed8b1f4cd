import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside every text asset, at any depth, that decompress to the file', async () => {
    const js = 'export const greeting = "hello";\n'.repeat(200);
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><body>${'<p>TireDash</p>'.repeat(50)}</body></html>`,
    );
    writeFileSync(join(dir, 'assets', 'index-A1.js'), js);
    writeFileSync(join(dir, 'assets', 'index-C3.css'), '.page { color: #111; }\n'.repeat(100));
    writeFileSync(
      join(dir, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(40)}</svg>`,
    );

    await precompressDir(dir);

    for (const file of ['index.html', 'assets/index-A1.js', 'assets/index-C3.css', 'favicon.svg']) {
      const original = readFileSync(join(dir, file));
      const br = readFileSync(join(dir, `${file}.br`));
      const gz = readFileSync(join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br)).toEqual(original);
      expect(gunzipSync(gz)).toEqual(original);
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
    }
    expect(readFileSync(join(dir, 'assets', 'index-A1.js.br')).length).toBeLessThan(200);
  });

  it('skips images, source maps and files that compression would not make smaller', async () => {
    writeFileSync(join(dir, 'assets', 'marker-icon-B2.png'), randomBytes(2000));
    writeFileSync(join(dir, 'assets', 'index-A1.js.map'), '{"version":3}'.repeat(100));
    writeFileSync(join(dir, 'assets', 'noise-D4.js'), randomBytes(2000).toString('base64url').slice(0, 8));

    await precompressDir(dir);

    for (const file of ['assets/marker-icon-B2.png', 'assets/index-A1.js.map', 'assets/noise-D4.js']) {
      expect(existsSync(join(dir, `${file}.br`))).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`))).toBe(false);
    }
  });
});
