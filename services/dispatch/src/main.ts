import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { bootstrapDispatch } from './app.module';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await bootstrapDispatch(config);
  app.enableShutdownHooks();
  new Logger('dispatch').log(
    `dispatch listening on NATS ${config.natsUrl}${config.natsNamespace ? ` (namespace ${config.natsNamespace})` : ''}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `dispatch failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
