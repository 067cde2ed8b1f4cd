import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  formatLandingReport,
  landingBudget,
  landingScripts,
  measureLanding,
  withStaticImports,
} from './landing-budget';

const html = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-A1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-B2.js">
<link rel="stylesheet" crossorigin href="/assets/index-C3.css">
<link crossorigin rel="modulepreload" href="/assets/redux-D4.js">
<script src="https://js.stripe.com/v3"></script>
</head><body><div id="root"></div></body></html>`;

describe('landing page budget', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'landing-budget-'));
    mkdirSync(join(dir, 'assets'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads index.html's module scripts and modulepreloads (not stylesheets, not other origins)", () => {
    expect(landingScripts(html)).toEqual(['assets/index-A1.js', 'assets/react-B2.js', 'assets/redux-D4.js']);
  });

  it('adds the static imports of those chunks, transitively, and never the dynamic ones', () => {
    const bundle = {
      'assets/index-A1.js': { imports: ['assets/react-B2.js', 'assets/shared-E5.js'] },
      'assets/shared-E5.js': { imports: ['assets/util-F6.js'] },
      'assets/util-F6.js': { imports: ['assets/index-A1.js'] },
      'assets/admin-page-G7.js': { imports: ['assets/react-B2.js'] },
    };
    expect(withStaticImports(['assets/index-A1.js'], bundle).sort()).toEqual([
      'assets/index-A1.js',
      'assets/react-B2.js',
      'assets/shared-E5.js',
      'assets/util-F6.js',
    ]);
  });

  it('sums the gzip sizes of what `/` loads and fails over the limit', () => {
    // Random bytes do not compress: each file's gzip size is about its size.
    const files = {
      'assets/index-A1.js': 40_000,
      'assets/react-B2.js': 70_000,
      'assets/redux-D4.js': 30_000,
      'assets/lazy-H8.js': 90_000,
      'assets/admin-page-G7.js': 50_000,
    };
    for (const [file, size] of Object.entries(files)) writeFileSync(join(dir, file), randomBytes(size));
    writeFileSync(join(dir, 'index.html'), html);
    const bundle = {
      'assets/index-A1.js': { imports: ['assets/react-B2.js'] },
      'assets/react-B2.js': {},
      'assets/redux-D4.js': {},
    };

    const report = measureLanding(dir, bundle, 150_000);
    expect(report.files.map((f) => f.file)).toEqual([
      'assets/react-B2.js',
      'assets/index-A1.js',
      'assets/redux-D4.js',
    ]);
    const expected = ['assets/index-A1.js', 'assets/react-B2.js', 'assets/redux-D4.js']
      .map((f) => gzipSync(readFileSync(join(dir, f)), { level: 9 }).length)
      .reduce((a, b) => a + b, 0);
    expect(report.gzipBytes).toBe(expected);
    expect(report.withinBudget).toBe(true);

    // The entry starts importing the 90 kB chunk statically: over budget.
    const over = measureLanding(
      dir,
      { ...bundle, 'assets/index-A1.js': { imports: ['assets/react-B2.js', 'assets/lazy-H8.js'] } },
      150_000,
    );
    expect(over.gzipBytes).toBeGreaterThan(150_000);
    expect(over.withinBudget).toBe(false);
    expect(formatLandingReport(over)).toMatch(
      /^landing page \(\/\) JavaScript: 2\d\d\.\d\d kB gzipped \(\d+ bytes\), budget 150\.00 kB: OVER\n {2}assets\/lazy-H8\.js/,
    );
  });

  it('prints the report after the build and fails a production build over the budget', () => {
    writeFileSync(join(dir, 'assets', 'index-A1.js'), randomBytes(20_000));
    writeFileSync(join(dir, 'assets', 'react-B2.js'), randomBytes(20_000));
    writeFileSync(join(dir, 'assets', 'redux-D4.js'), randomBytes(20_000));
    writeFileSync(join(dir, 'index.html'), html);
    const logged: string[] = [];
    type Hooks = {
      configResolved(config: unknown): void;
      writeBundle(
        this: { error(message: string): never },
        options: { dir?: string },
        bundle: Record<string, unknown>,
      ): void;
    };
    const run = (limit: number, production = true) => {
      const plugin = landingBudget(limit) as unknown as Hooks;
      plugin.configResolved({
        logger: { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) },
        build: { outDir: dir },
        isProduction: production,
      });
      const bundle = { 'assets/index-A1.js': { type: 'chunk', imports: [] } };
      plugin.writeBundle.call(
        {
          error: (message: string) => {
            throw new Error(message);
          },
        },
        { dir },
        bundle,
      );
    };
    expect(() => run(100_000)).not.toThrow();
    expect(logged[0]).toMatch(/^landing page \(\/\) JavaScript: 60\.\d\d kB gzipped .*: within/);
    expect(() => run(50_000)).toThrow(
      /The landing page loads 60\.\d\d kB of gzipped JavaScript, over the 50\.00 kB budget/,
    );
    // A development build (NODE_ENV=test from jest: React's development bundles) is reported, not failed.
    logged.length = 0;
    expect(() => run(50_000, false)).not.toThrow();
    expect(logged[1]).toMatch(/^landing page budget not enforced: not a production build/);
  });
});
