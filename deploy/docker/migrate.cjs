// Runs the pending migrations of the service in this image, then exits: the Kubernetes init container `migrate`
// (deploy/k8s/base) runs it before the service starts. The same steps as `npm run migrate` (scripts/migrate.mjs) for
// one service, without building anything: the service's built dist/database/database.js exports <NAME>_SCHEMA,
// <NAME>_ENTITIES and <NAME>_MIGRATIONS, and libs/persistence creates the schema and runs the migrations under the
// schema's advisory lock, so pods starting together run them once, one after the other.
// Usage: node /app/migrate.cjs [service folder, default: the working directory, /app/services/<SERVICE>]
// DATABASE_URL (required); DATABASE_DIRECT_URL, when set, is used instead (behind PgBouncer in transaction mode the
// session lock needs a direct connection). Exit 0 when migrated or up to date, 1 with one line on stderr otherwise.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

async function main() {
  const serviceDir = path.resolve(process.argv[2] || process.cwd());
  const name = path.basename(serviceDir);
  const url = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
  if (!url) throw new Error(`${name}: DATABASE_URL is required`);
  const file = path.join(serviceDir, 'dist', 'database', 'database.js');
  if (!fs.existsSync(file)) throw new Error(`${name}: no ${path.relative(serviceDir, file)} (not a service with a database, or not built)`);
  // Resolve from the service, as the service itself does (its node_modules, the workspace links to libs/).
  const serviceRequire = createRequire(path.join(serviceDir, 'package.json'));
  const mod = serviceRequire(file);
  const prefix = Object.keys(mod).find((k) => k.endsWith('_SCHEMA'))?.replace(/_SCHEMA$/, '');
  if (!prefix || !mod[`${prefix}_MIGRATIONS`] || !mod[`${prefix}_ENTITIES`]) {
    throw new Error(`${name}: dist/database/database.js exports no <NAME>_SCHEMA, _ENTITIES and _MIGRATIONS`);
  }
  const persistence = serviceRequire('@tiredash/persistence');
  const schema = mod[`${prefix}_SCHEMA`];
  await persistence.ensureSchema(url, schema);
  const ran = await persistence.runMigrations(
    persistence.databaseOptions({
      url,
      schema,
      entities: mod[`${prefix}_ENTITIES`],
      migrations: mod[`${prefix}_MIGRATIONS`],
      // Already a direct connection: the search_path startup option, and two connections (the lock, the migrations).
      directUrl: null,
      poolSize: 2,
    }),
  );
  process.stdout.write(`${name} (schema ${schema}): ${ran.length ? `ran ${ran.join(', ')}` : 'up to date'}\n`);
}

main().catch((err) => {
  process.stderr.write(`migrate: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
