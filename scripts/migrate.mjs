#!/usr/bin/env node
// `npm run migrate`: runs every service's pending migrations against DATABASE_URL without starting the
// services (they also migrate themselves at start-up). A service takes part when its built
// dist/database/database.js exports <NAME>_SCHEMA, <NAME>_ENTITIES and <NAME>_MIGRATIONS.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_DATABASE_URL, ensureDatabase, redact } from './lib/infra.mjs';
import { ROOT, StackError, log } from './lib/util.mjs';
import { buildBackend, discoverServices, ensureInstalled } from './lib/workspace.mjs';

const require = createRequire(import.meta.url);

function migrationSetOf(service) {
  const file = path.join(service.dir, 'dist', 'database', 'database.js');
  if (!fs.existsSync(file)) return null;
  const mod = require(file);
  const prefix = Object.keys(mod)
    .find((k) => k.endsWith('_SCHEMA'))
    ?.replace(/_SCHEMA$/, '');
  if (!prefix || !mod[`${prefix}_MIGRATIONS`] || !mod[`${prefix}_ENTITIES`]) return null;
  return { schema: mod[`${prefix}_SCHEMA`], entities: mod[`${prefix}_ENTITIES`], migrations: mod[`${prefix}_MIGRATIONS`] };
}

async function main() {
  await ensureInstalled();
  await buildBackend();
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  try {
    if (await ensureDatabase(url)) log(`created database ${new URL(url).pathname.slice(1)}`);
  } catch (err) {
    throw new StackError(`PostgreSQL at ${redact(url)} is not usable (${err.message}): start it or set DATABASE_URL`);
  }
  const persistence = require(path.join(ROOT, 'libs', 'persistence'));
  let count = 0;
  for (const service of discoverServices()) {
    const set = migrationSetOf(service);
    if (!set) continue;
    count += 1;
    await persistence.ensureSchema(url, set.schema);
    const ran = await persistence.runMigrations(persistence.databaseOptions({ url, ...set }));
    log(`${service.name} (schema ${set.schema}): ${ran.length ? `ran ${ran.join(', ')}` : 'up to date'}`);
  }
  if (count === 0) log('no service exports a migration set (dist/database/database.js)');
}

main().catch((err) => {
  process.stderr.write(`[tiredash] ${err instanceof StackError ? err.message : err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
