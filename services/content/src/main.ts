import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { bootstrapContent } from './app.module';
import { ConfigError, loadConfig, type ContentConfig } from './config';

async function main(): Promise<void> {
  let config: ContentConfig;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await bootstrapContent(config);
  app.enableShutdownHooks();
  new Logger('content').log(
    `content listening on NATS ${config.natsUrl}${config.natsNamespace ? ` (namespace ${config.natsNamespace})` : ''}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`content failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
