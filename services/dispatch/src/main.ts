import 'reflect-metadata';
import { natsServiceHealth } from '@tiredash/messaging';
import { namespaceNote, runService } from '@tiredash/runtime';
import { bootstrapDispatch } from './app.module';
import { loadConfig } from './config';

void runService('dispatch', loadConfig, async (config) => {
  const app = await bootstrapDispatch(config);
  return { description: `listening on NATS ${config.natsUrl}${namespaceNote(config.natsNamespace)}`, health: natsServiceHealth(app), close: () => app.close() };
});
