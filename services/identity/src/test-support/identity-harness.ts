import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagingClient, MessagingModule } from '@tiredash/messaging';
import {
  cleanupNamespace,
  createTestDatabase,
  getTestInfra,
  testNamespace,
  type TestDatabase,
} from '@tiredash/testing';
import { AppModule, bootstrapIdentity } from '../app.module';
import { loadConfig, type IdentityConfig } from '../config';

/**
 * Test environment of one test file: its own database and NATS namespace, a config pointing at them (cheap
 * argon2 cost so tests stay fast) and `close()` to drop both.
 */
export interface IdentityTestEnv {
  config: IdentityConfig;
  db: TestDatabase;
  namespace: string;
  natsUrl: string;
  close(): Promise<void>;
}

export async function createIdentityTestEnv(label: string, overrides: Record<string, string> = {}): Promise<IdentityTestEnv> {
  const infra = await getTestInfra();
  const db = await createTestDatabase(label);
  const namespace = testNamespace(label);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    NATS_URL: infra.natsUrl,
    NATS_NAMESPACE: namespace,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    ...overrides,
  });
  return {
    config,
    db,
    namespace,
    natsUrl: infra.natsUrl,
    close: async () => {
      await cleanupNamespace(infra.natsUrl, namespace);
      await db.drop();
    },
  };
}

/** The identity module tree without the RPC listener: services are called directly (rules tests). */
export function createIdentityContext(config: IdentityConfig): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
}

/** The running microservice, as the gateway's tests start it. */
export function startIdentity(config: IdentityConfig): Promise<INestMicroservice> {
  return bootstrapIdentity(config, { logger: false });
}

@Module({})
class TestClientModule {}

/** A separate Nest context holding a MessagingClient on the same namespace: the gateway's side of the wire. */
export async function createTestClient(
  env: IdentityTestEnv,
): Promise<{ client: MessagingClient; context: INestApplicationContext }> {
  const context = await NestFactory.createApplicationContext(
    {
      module: TestClientModule,
      imports: [
        MessagingModule.forRoot({
          serviceName: 'identity-test-client',
          natsUrl: env.natsUrl,
          namespace: env.namespace,
        }),
      ],
    },
    { logger: false },
  );
  return { client: context.get(MessagingClient), context };
}
