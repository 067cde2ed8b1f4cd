import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already, source maps are for devtools only. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export interface PrecompressResult {
  file: string;
  br: boolean;
  gz: boolean;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file under
 * dir, each only when it is smaller than the file. The gateway serves them (@fastify/static `preCompressed`), so
 * no request pays for compression.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  return Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const [br, gzData] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      const result = { file, br: br.length < data.length, gz: gzData.length < data.length };
      await Promise.all([
        result.br && writeFile(`${file}.br`, br),
        result.gz && writeFile(`${file}.gz`, gzData),
      ]);
      return result;
    }),
  );
}

/** Build plugin: precompresses the whole outDir (assets, index.html and the copied public files) once it is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tiredash:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      const outDir = options.dir ?? config.build.outDir;
      const results = await precompressDir(outDir);
      config.logger.info(
        `precompressed ${results.filter((r) => r.br || r.gz).length} files (.br, .gz) in ${outDir}`,
      );
    },
  };
}
