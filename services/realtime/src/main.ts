import 'reflect-metadata';
import { namespaceNote, runService } from '@tiredash/runtime';
import { bootstrapRealtime, drainRealtime } from './app.module';
import { loadConfig } from './config';

void runService('realtime', loadConfig, async (config) => {
  const app = await bootstrapRealtime(config);
  return {
    description: `listening on ${config.host}:${config.port} (Socket.IO /socket.io, /livez, /readyz, /health)${namespaceNote(config.natsNamespace)}`,
    // SIGTERM: /readyz 503 and no new sockets at once; the fan-out finishes its emits, then the sockets are closed
    // with a reconnect hint (see SocketServer) and the process exits 0.
    close: () => drainRealtime(app),
  };
});
