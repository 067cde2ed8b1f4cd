import { runService } from '@tiredash/runtime';
import { loadConfig } from './config';
import { createStripeEmulator } from './emulator';

void runService('stripe-emulator', loadConfig, async (config) => {
  const emulator = createStripeEmulator({
    secretKey: config.secretKey,
    publishableKey: config.publishableKey,
    webhookSecret: config.webhookSecret,
    webhookUrl: config.webhookUrl,
    publicUrl: config.publicUrl,
    payoutDelayMs: config.payoutDelayMs,
  });
  const url = await emulator.listen(config.port, config.host);
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return `listening on ${url} (webhooks: ${config.webhookUrl ?? 'disabled'})`;
});
