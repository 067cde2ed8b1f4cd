import 'reflect-metadata';
import { namespaceNote, runService } from '@tiredash/runtime';
import { bootstrapIdentity } from './app.module';
import { loadConfig } from './config';

void runService('identity', loadConfig, async (config) => {
  const app = await bootstrapIdentity(config);
  app.enableShutdownHooks();
  return `listening on NATS ${config.natsUrl}${namespaceNote(config.natsNamespace)}`;
});
