import 'reflect-metadata';
import { createGatewayApp } from './bootstrap';
import { ConfigError, loadConfig, type GatewayConfig } from './config';

async function main(): Promise<void> {
  let config: GatewayConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await createGatewayApp(config);
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  app.getHttpAdapter().getInstance().log.info({ url }, `gateway listening on ${url}`);
  process.stdout.write(`TireDash gateway ready at ${url} (API docs ${url}/api/docs)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`gateway failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
