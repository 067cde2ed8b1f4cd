import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { bootstrapRealtime } from './app.module';
import { ConfigError, loadConfig, type RealtimeConfig } from './config';

async function main(): Promise<void> {
  let config: RealtimeConfig;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await bootstrapRealtime(config);
  app.enableShutdownHooks();
  new Logger('realtime').log(
    `realtime listening on ${config.host}:${config.port} (Socket.IO /socket.io, /health)${config.natsNamespace ? ` namespace ${config.natsNamespace}` : ''}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`realtime failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
