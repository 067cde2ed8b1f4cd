import 'reflect-metadata';
import { runService } from '@tiredash/runtime';
import { createGatewayApp } from './bootstrap';
import { drainGateway } from './health/drain';
import { loadConfig } from './config';

void runService('gateway', loadConfig, async (config) => {
  const app = await createGatewayApp(config);
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  app.getHttpAdapter().getInstance().log.info({ url }, `gateway listening on ${url}`);
  return {
    description: `ready: TireDash at ${url} (API docs ${url}/api/docs)`,
    // SIGTERM: /readyz 503 at once, no new connections, the requests in flight answered, then exit 0 (runService).
    close: () => drainGateway(app),
  };
});
