import 'reflect-metadata';
import { natsServiceHealth } from '@tiredash/messaging';
import { namespaceNote, runService } from '@tiredash/runtime';
import { bootstrapRequests } from './app.module';
import { loadConfig } from './config';

void runService('requests', loadConfig, async (config) => {
  const app = await bootstrapRequests(config);
  return { description: `listening on NATS ${config.natsUrl}${namespaceNote(config.natsNamespace)}`, health: natsServiceHealth(app), close: () => app.close() };
});
