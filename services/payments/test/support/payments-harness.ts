import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPublisher, MessagingClient, MessagingModule } from '@tiredash/messaging';
import type { AnyEventDef, EventPayload } from '@tiredash/contracts';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace, type TestDatabase } from '@tiredash/testing';
import Stripe from 'stripe';
// The bundled emulator, started in-process: the real SDK path runs against it (tests only).
// eslint-disable-next-line @nx/enforce-module-boundaries -- the emulator is a test double of Stripe, not a domain service
import { createStripeEmulator, randomKeys, type StripeEmulator } from '../../../stripe-emulator/src/emulator';
// The content service owns the fee settings payments applies: started beside payments unless the caller runs it.
// eslint-disable-next-line @nx/enforce-module-boundaries -- tests run the real content service, as the gateway's tests do
import { contentTestConfig, startContent } from '../../../content/src/test-support/content-harness';
import { bootstrapPayments } from '../../src/app.module';
import { loadConfig, type PaymentsConfig } from '../../src/config';

/** One test file's payments environment: its own database, NATS namespace and Stripe emulator. */
export interface PaymentsTestEnv {
  config: PaymentsConfig;
  db: TestDatabase;
  namespace: string;
  natsUrl: string;
  emulator: StripeEmulator;
  keys: { secretKey: string; publishableKey: string; webhookSecret: string };
  /** The official SDK on the emulator (the test's view of "Stripe"). */
  stripe: Stripe;
  /** The content service (the fee settings), when this environment started it. */
  content: INestMicroservice | null;
  close(): Promise<void>;
}

export async function createPaymentsTestEnv(
  label: string,
  opts: {
    namespace?: string;
    databaseUrl?: string;
    emulatorBalance?: number;
    env?: Record<string, string>;
    /** Start the content service (the fee settings) on the same database and namespace; default: when the database is this env's own. */
    content?: boolean;
  } = {},
): Promise<PaymentsTestEnv> {
  const infra = await getTestInfra();
  const db = opts.databaseUrl ? null : await createTestDatabase(label);
  const namespace = opts.namespace ?? testNamespace(label);
  const keys = randomKeys();
  const emulator = createStripeEmulator({
    ...keys,
    webhookUrl: null,
    payoutDelayMs: 30,
    initialPlatformBalance: opts.emulatorBalance,
    log: () => undefined,
  });
  const url = await emulator.listen(0);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: opts.databaseUrl ?? db?.url,
    NATS_URL: infra.natsUrl,
    NATS_NAMESPACE: namespace,
    STRIPE_API_BASE: url,
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    ...opts.env,
  });
  const content =
    (opts.content ?? !opts.databaseUrl)
      ? await startContent(contentTestConfig({ databaseUrl: opts.databaseUrl ?? db!.url, natsUrl: infra.natsUrl, namespace }))
      : null;
  const u = new URL(url);
  const stripe = new Stripe(keys.secretKey, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
  return {
    config,
    db: db ?? { url: opts.databaseUrl ?? '', name: '', drop: async () => undefined },
    namespace,
    natsUrl: infra.natsUrl,
    emulator,
    keys,
    stripe,
    content,
    close: async () => {
      await content?.close();
      await emulator.close();
      if (!opts.namespace) await cleanupNamespace(infra.natsUrl, namespace);
      await db?.drop();
    },
  };
}

export function startPayments(config: PaymentsConfig): Promise<INestMicroservice> {
  return bootstrapPayments(config, { logger: false });
}

@Module({})
class TestClientModule {}

/** The caller's side of the wire: a MessagingClient and an EventPublisher on the same namespace. */
export async function createTestClient(env: { natsUrl: string; namespace: string }): Promise<{
  client: MessagingClient;
  publish<E extends AnyEventDef>(def: E, payload: EventPayload<E>, id?: string): Promise<string>;
  context: INestApplicationContext;
}> {
  const context = await NestFactory.createApplicationContext(
    { module: TestClientModule, imports: [MessagingModule.forRoot({ serviceName: 'payments-test-client', natsUrl: env.natsUrl, namespace: env.namespace })] },
    { logger: false },
  );
  const publisher = context.get(EventPublisher);
  return {
    client: context.get(MessagingClient),
    publish: async (def, payload, id = randomUUID()) => {
      await publisher.publishRaw(def.subject, { id, subject: def.subject, occurredAt: new Date().toISOString(), payload });
      return id;
    },
    context,
  };
}
