import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GetApiKey, GetSettings, httpStatusOf, UpdateApiKey, UpdateSettings, type Actor, type ErrorCode } from '@tiredash/contracts';
import { MessagingClient, MessagingModule } from '@tiredash/messaging';
import { databaseOptions, runMigrations } from '@tiredash/persistence';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace, type TestDatabase } from '@tiredash/testing';
import { Client } from 'pg';
import { contentTestConfig, startContent } from '../test-support/content-harness';
import { CONTENT_ENTITIES, CONTENT_MIGRATIONS, CONTENT_SCHEMA } from '../database/database';
import { PaymentKeysFromEnvironment1767600000000 } from '../database/migrations/1767600000000-PaymentKeysFromEnvironment';
import { PAYMENT_KEYS_MANAGED_IN_ENVIRONMENT } from './settings.service';

@Module({})
class TestClientModule {}

const NEW_KEY = 'sk_live_51HxQzTireDashSecretValue9876WXYZ';
const LEGACY_MASK = 'sk_live_…abcd';

/**
 * Payment keys are managed by payments' environment (STRIPE_SECRET_KEY): the settings refuse a new key, take the
 * mask the screen echoes back (so other settings still save), and a key stored before is dropped by a migration.
 */
describe('settings: payment keys live in the environment (real PostgreSQL + NATS)', () => {
  let db: TestDatabase;
  let pg: Client;
  let namespace: string;
  let natsUrl: string;
  let app: INestMicroservice;
  let clientContext: INestApplicationContext;
  let client: MessagingClient;
  const admin: Actor = { userId: randomUUID(), role: 'admin' };

  const stored = async () =>
    (
      await pg.query<{ sealed: string | null; mask: string | null; fee: number }>(
        'SELECT stripe_secret_key_sealed AS sealed, stripe_secret_key_mask AS mask, service_fee_dollars AS fee FROM content.settings',
      )
    ).rows[0];
  const auditCount = async () => Number((await pg.query<{ n: string }>('SELECT count(*)::text AS n FROM content.audit_log')).rows[0]!.n);

  beforeAll(async () => {
    const infra = await getTestInfra();
    natsUrl = infra.natsUrl;
    db = await createTestDatabase('content_settings');
    namespace = testNamespace('content_settings');
    // The database as it was before the payment keys moved out: a key stored through the admin settings.
    await runMigrations(
      databaseOptions({ url: db.url, schema: CONTENT_SCHEMA, entities: CONTENT_ENTITIES, migrations: CONTENT_MIGRATIONS.slice(0, CONTENT_MIGRATIONS.indexOf(PaymentKeysFromEnvironment1767600000000)) }),
    );
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    await pg.query('UPDATE content.settings SET stripe_secret_key_sealed = $1, stripe_secret_key_mask = $2', ['v1:aXY=:dGFn:c2VjcmV0', LEGACY_MASK]);

    // Start-up runs the remaining migration.
    app = await startContent(contentTestConfig({ databaseUrl: db.url, natsUrl, namespace }));
    clientContext = await NestFactory.createApplicationContext(
      { module: TestClientModule, imports: [MessagingModule.forRoot({ serviceName: 'content-test-client', natsUrl, namespace })] },
      { logger: false },
    );
    client = clientContext.get(MessagingClient);
  });

  afterAll(async () => {
    await clientContext?.close();
    await app?.close();
    await pg?.end();
    if (natsUrl && namespace) await cleanupNamespace(natsUrl, namespace);
    await db?.drop();
  });

  it('drops the key stored before (a migration), and no view returns one', async () => {
    expect(await stored()).toEqual({ sealed: null, mask: null, fee: 10 });
    expect(await client.send(GetSettings, { actor: admin })).toMatchObject({ stripeSecretKey: null, stripeSecretKeySet: false });
    expect(await client.send(GetApiKey, { actor: admin })).toMatchObject({ stripeSecretKey: null, stripeSecretKeySet: false });
    const anyone = await client.send(GetSettings, { actor: null });
    expect(anyone).not.toHaveProperty('stripeSecretKey');
    expect(anyone).toMatchObject({ stripeSecretKeySet: false });
  });

  it.each([
    ['UpdateSettings', () => client.send(UpdateSettings, { actor: admin, data: { stripeSecretKey: NEW_KEY, serviceFee: 12 } })],
    ['UpdateApiKey', () => client.send(UpdateApiKey, { actor: admin, data: { stripeSecretKey: NEW_KEY } })],
  ])('%s refuses a new secret key with a 400 naming STRIPE_SECRET_KEY of the payments service; nothing changes', async (_name, send) => {
    const audits = await auditCount();
    const err = (await send().then(
      () => null,
      (e: unknown) => e,
    )) as { code: ErrorCode; message: string; details: unknown } | null;
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', message: PAYMENT_KEYS_MANAGED_IN_ENVIRONMENT });
    expect(httpStatusOf(err!.code)).toBe(400);
    expect(err!.message).toContain('STRIPE_SECRET_KEY');
    expect(err!.message).toContain('payments service');
    expect(err!.details).toEqual([{ path: 'data.stripeSecretKey', message: PAYMENT_KEYS_MANAGED_IN_ENVIRONMENT }]);
    expect(JSON.stringify(err)).not.toContain(NEW_KEY);
    expect(await stored()).toEqual({ sealed: null, mask: null, fee: 10 });
    expect(await auditCount()).toBe(audits);
  });

  it('takes the masked value echoed back unchanged, so saving other settings still works', async () => {
    const view = await client.send(UpdateSettings, { actor: admin, data: { stripeSecretKey: LEGACY_MASK, serviceFee: 12, tipping: true } });
    expect(view).toMatchObject({ serviceFee: 12, tipping: true, stripeSecretKey: null, stripeSecretKeySet: false });
    expect(await stored()).toEqual({ sealed: null, mask: null, fee: 12 });
    // The mask alone is no change at all; clearing (the form's empty value) is accepted too.
    const audits = await auditCount();
    await client.send(UpdateApiKey, { actor: admin, data: { stripeSecretKey: LEGACY_MASK } });
    await client.send(UpdateSettings, { actor: admin, data: { stripeSecretKey: '' } });
    expect(await auditCount()).toBe(audits);
  });
});
