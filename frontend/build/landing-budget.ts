import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** The landing page's JavaScript budget (issue 11, issue 14 item 5): 150 kB gzipped, kB as Vite prints it (1,000 bytes). */
export const LANDING_BUDGET_BYTES = 150_000;

export interface LandingFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface LandingReport {
  files: LandingFile[];
  gzipBytes: number;
  limitBytes: number;
  withinBudget: boolean;
}

/** What the budget needs of a chunk in Rollup's output bundle: the files it imports statically. */
export interface ChunkImports {
  imports?: readonly string[];
}

const SCRIPT_SRC = /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["'][^>]*>/gi;
const LINK_TAG = /<link\b[^>]*>/gi;

/** The JavaScript files index.html makes the browser load on any page: its module scripts and modulepreloads. */
export function landingScripts(html: string): string[] {
  const found: string[] = [];
  for (const [, src] of html.matchAll(SCRIPT_SRC)) if (src) found.push(src);
  for (const [tag] of html.matchAll(LINK_TAG)) {
    if (!/\brel=["']modulepreload["']/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) found.push(href);
  }
  // Same-origin paths as emitted with base '/': '/assets/x.js' is the bundle's 'assets/x.js'.
  return [...new Set(found.filter((f) => !/^[a-z]+:\/\//i.test(f)).map((f) => f.replace(/^\.?\//, '')))];
}

/** The files plus every chunk they import statically, transitively (what the browser fetches before `/` runs). */
export function withStaticImports(
  files: readonly string[],
  bundle: Readonly<Record<string, ChunkImports>>,
): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of bundle[file]?.imports ?? []) visit(dep);
  };
  files.forEach(visit);
  return [...seen];
}

/** Gzip (level 9) sizes of the landing page's JavaScript in a built outDir. */
export function measureLanding(
  outDir: string,
  bundle: Readonly<Record<string, ChunkImports>>,
  limitBytes = LANDING_BUDGET_BYTES,
): LandingReport {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = withStaticImports(landingScripts(html), bundle)
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    .map((file) => {
      const code = readFileSync(join(outDir, file));
      return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, gzipBytes, limitBytes, withinBudget: gzipBytes <= limitBytes };
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(2)} kB`;

export function formatLandingReport(report: LandingReport): string {
  const width = Math.max(...report.files.map((f) => f.file.length), 10);
  const lines = report.files.map(
    (f) => `  ${f.file.padEnd(width)}  ${kB(f.bytes).padStart(10)}  gzip ${kB(f.gzipBytes).padStart(9)}`,
  );
  const verdict = report.withinBudget ? 'within' : 'OVER';
  return [
    `landing page (/) JavaScript: ${kB(report.gzipBytes)} gzipped (${report.gzipBytes} bytes), budget ${kB(report.limitBytes)}: ${verdict}`,
    ...lines,
  ].join('\n');
}

/**
 * Prints the landing page's gzipped JavaScript after every build (index.html's module script and modulepreloads,
 * plus their static imports) and fails a production build when it exceeds the budget. Lazy route chunks are not counted:
 * `/` does not load them.
 */
export function landingBudget(limitBytes = LANDING_BUDGET_BYTES): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tiredash:landing-budget',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? config.build.outDir;
      const chunks: Record<string, ChunkImports> = {};
      for (const [file, out] of Object.entries(bundle))
        if (out.type === 'chunk') chunks[file] = { imports: out.imports };
      const report = measureLanding(outDir, chunks, limitBytes);
      config.logger.info(formatLandingReport(report));
      if (!config.isProduction) {
        // NODE_ENV other than production (e.g. 'test' inherited from jest) builds React's development bundles,
        // twice the size: the budget is for what ships.
        config.logger.warn(
          `landing page budget not enforced: not a production build (NODE_ENV=${process.env.NODE_ENV})`,
        );
        return;
      }
      if (!report.withinBudget) {
        this.error(
          `The landing page loads ${kB(report.gzipBytes)} of gzipped JavaScript, over the ${kB(limitBytes)} budget: ` +
            'load what `/` does not need lazily (frontend/src/app/routes.tsx) instead of raising the budget.',
        );
      }
    },
  };
}
