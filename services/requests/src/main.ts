import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { bootstrapRequests } from './app.module';
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
  const app = await bootstrapRequests(config);
  app.enableShutdownHooks();
  new Logger('requests').log(
    `requests listening on NATS ${config.natsUrl}${config.natsNamespace ? ` (namespace ${config.natsNamespace})` : ''}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `requests failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
