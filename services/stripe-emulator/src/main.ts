import { ConfigError, loadConfig } from './config';
import { createStripeEmulator } from './emulator';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const emulator = createStripeEmulator({
    secretKey: config.secretKey,
    publishableKey: config.publishableKey,
    webhookSecret: config.webhookSecret,
    webhookUrl: config.webhookUrl,
    publicUrl: config.publicUrl,
    payoutDelayMs: config.payoutDelayMs,
  });
  const url = await emulator.listen(config.port, config.host);
  process.stdout.write(
    `${JSON.stringify({ level: 'info', msg: `stripe-emulator listening on ${url}`, webhooks: config.webhookUrl ?? 'disabled' })}\n`,
  );
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`stripe-emulator failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
