import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config';
import { formatLoginTable, runSeed, SeedRefusedError } from './seed-runner';

/**
 * `npm run seed`: migrates the identity schema, seeds the demo accounts once (idempotent by email) and
 * prints their logins. Exit 0 on success, 1 with one line on a configuration problem.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logins = await runSeed(config, process.env);
  process.stdout.write(`Identity seed: ${logins.filter((l) => l.created).length} account(s) created\n`);
  process.stdout.write(`${formatLoginTable(logins)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof SeedRefusedError)
      process.stderr.write(`${err.message}\n`);
    else
      process.stderr.write(
        `seed failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
    process.exit(1);
  },
);
