import 'reflect-metadata';
import { runService } from '@tiredash/runtime';
import { createGatewayApp } from './bootstrap';
import { loadConfig } from './config';

void runService('gateway', loadConfig, async (config) => {
  const app = await createGatewayApp(config);
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  app.getHttpAdapter().getInstance().log.info({ url }, `gateway listening on ${url}`);
  return `ready: TireDash at ${url} (API docs ${url}/api/docs)`;
});
