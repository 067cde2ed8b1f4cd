import 'reflect-metadata';
import { natsServiceHealth } from '@tiredash/messaging';
import { namespaceNote, runService } from '@tiredash/runtime';
import { bootstrapIdentity } from './app.module';
import { loadConfig } from './config';

void runService('identity', loadConfig, async (config) => {
  const app = await bootstrapIdentity(config);
  return { description: `listening on NATS ${config.natsUrl}${namespaceNote(config.natsNamespace)}`, health: natsServiceHealth(app), close: () => app.close() };
});
