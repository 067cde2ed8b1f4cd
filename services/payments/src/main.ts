import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { bootstrapPayments } from './app.module';
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
  const app = await bootstrapPayments(config);
  app.enableShutdownHooks();
  new Logger('payments').log(`payments listening on NATS ${config.natsUrl}; Stripe API at ${config.stripe.apiBase}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`payments failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
