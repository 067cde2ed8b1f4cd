import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPublisher, MessagingClient, MessagingModule } from '@tiredash/messaging';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace, type TestDatabase } from '@tiredash/testing';
import { bootstrapRequests } from '../app.module';
import { loadConfig, type RequestsConfig } from '../config';

/** One test file's environment: its own database and NATS namespace, and `close()` to drop both. */
export interface RequestsTestEnv {
  config: RequestsConfig;
  db: TestDatabase;
  namespace: string;
  natsUrl: string;
  close(): Promise<void>;
}

export async function createRequestsTestEnv(
  label: string,
  overrides: Partial<Record<'BIDDING_WINDOW_SECONDS' | 'BID_SWEEP_INTERVAL_MS' | 'READ_MODEL_WAIT_MS' | 'REQUEST_OPEN_SECONDS', string>> = {},
  shared?: { db: TestDatabase; namespace: string },
): Promise<RequestsTestEnv> {
  const infra = await getTestInfra();
  const db = shared?.db ?? (await createTestDatabase(label));
  const namespace = shared?.namespace ?? testNamespace(label);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    NATS_URL: infra.natsUrl,
    NATS_NAMESPACE: namespace,
    BID_SWEEP_INTERVAL_MS: '200',
    ...overrides,
  });
  return {
    config,
    db,
    namespace,
    natsUrl: infra.natsUrl,
    close: async () => {
      if (shared) return;
      await cleanupNamespace(infra.natsUrl, namespace);
      await db.drop();
    },
  };
}

/** The running microservice, as the gateway's tests start it. */
export function startRequests(config: RequestsConfig): Promise<INestMicroservice> {
  return bootstrapRequests(config, { logger: false });
}

@Module({})
class TestClientModule {}

/** The gateway's side of the wire on the same namespace: a MessagingClient and an EventPublisher (to play identity). */
export async function createTestClient(
  env: Pick<RequestsTestEnv, 'natsUrl' | 'namespace'>,
): Promise<{ client: MessagingClient; publisher: EventPublisher; context: INestApplicationContext }> {
  const context = await NestFactory.createApplicationContext(
    {
      module: TestClientModule,
      imports: [MessagingModule.forRoot({ serviceName: 'requests-test-client', natsUrl: env.natsUrl, namespace: env.namespace })],
    },
    { logger: false },
  );
  return { client: context.get(MessagingClient), publisher: context.get(EventPublisher), context };
}
