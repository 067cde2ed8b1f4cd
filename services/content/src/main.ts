import 'reflect-metadata';
import { natsServiceHealth } from '@tiredash/messaging';
import { namespaceNote, runService } from '@tiredash/runtime';
import { bootstrapContent } from './app.module';
import { loadConfig } from './config';

void runService('content', loadConfig, async (config) => {
  const app = await bootstrapContent(config);
  return { description: `listening on NATS ${config.natsUrl}${namespaceNote(config.natsNamespace)}`, health: natsServiceHealth(app), close: () => app.close() };
});
