import 'reflect-metadata';
import { namespaceNote, runService } from '@tiredash/runtime';
import { bootstrapRealtime } from './app.module';
import { loadConfig } from './config';

void runService('realtime', loadConfig, async (config) => {
  const app = await bootstrapRealtime(config);
  app.enableShutdownHooks();
  return `listening on ${config.host}:${config.port} (Socket.IO /socket.io, /health)${namespaceNote(config.natsNamespace)}`;
});
