import 'reflect-metadata';
import { natsServiceHealth } from '@tiredash/messaging';
import { namespaceNote, runService } from '@tiredash/runtime';
import { bootstrapPayments } from './app.module';
import { loadConfig } from './config';

void runService('payments', loadConfig, async (config) => {
  const app = await bootstrapPayments(config);
  return { description: `listening on NATS ${config.natsUrl}${namespaceNote(config.natsNamespace)}; Stripe API at ${config.stripe.apiBase}`, health: natsServiceHealth(app), close: () => app.close() };
});
