import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GetSettings, httpStatusOf, PLATFORM_FEE_RANGES, UpdateSettings, type Actor, type ErrorCode, type SettingsData } from '@tiredash/contracts';
import { MessagingClient, MessagingModule } from '@tiredash/messaging';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace, type TestDatabase } from '@tiredash/testing';
import { Client } from 'pg';
import { contentTestConfig, startContent } from '../test-support/content-harness';

@Module({})
class TestClientModule {}

type Refusal = { code: ErrorCode; message: string; details?: unknown };

/**
 * The money settings of System Settings (issue 13, item 6): only an admin changes them, each within its range, and
 * anyone reads them (payments applies them; the customer's payment dialog shows the card fee).
 */
describe('settings: fees, commission and the minimum withdrawal (real PostgreSQL + NATS)', () => {
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
      await pg.query<Record<string, number>>(
        `SELECT service_fee_dollars AS "serviceFee", wallet_fee_percent AS "walletFee", cancellation_fee_dollars AS "cancellationFee",
                no_show_fee_dollars AS "noShowFee", min_withdrawal_dollars AS "minWithdrawal" FROM content.settings`,
      )
    ).rows[0];
  const refusal = (p: Promise<unknown>): Promise<Refusal | null> =>
    p.then(
      () => null,
      (e: unknown) => e as Refusal,
    );

  beforeAll(async () => {
    const infra = await getTestInfra();
    natsUrl = infra.natsUrl;
    db = await createTestDatabase('content_fee_settings');
    namespace = testNamespace('content_fee_settings');
    app = await startContent(contentTestConfig({ databaseUrl: db.url, natsUrl, namespace }));
    pg = new Client({ connectionString: db.url });
    await pg.connect();
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

  it('starts at the defaults ($10 card fee, 20% commission, no cancellation or no-show fee, $5 minimum withdrawal), readable by anyone', async () => {
    const defaults = { serviceFee: 10, walletFee: 20, cancellationFee: 0, noShowFee: 0, minWithdrawal: 5 };
    expect(await stored()).toEqual(defaults);
    expect(await client.send(GetSettings, { actor: null })).toMatchObject(defaults);
    for (const [key, range] of Object.entries(PLATFORM_FEE_RANGES)) expect(defaults[key as keyof typeof defaults]).toBe(range.default);
  });

  it('an admin changes each of them: stored, answered, audited and announced (the event payments drops its copy on)', async () => {
    const wanted = { serviceFee: 5, walletFee: 15, cancellationFee: 7, noShowFee: 12, minWithdrawal: 20 };
    const view = await client.send(UpdateSettings, { actor: admin, data: wanted });
    expect(view).toMatchObject(wanted);
    expect(await stored()).toEqual(wanted);
    expect(await client.send(GetSettings, { actor: null })).toMatchObject(wanted);
    const audit = await pg.query<{ after: Record<string, number> }>(
      `SELECT after FROM content.audit_log WHERE action = 'content.settings.updated' ORDER BY at DESC LIMIT 1`,
    );
    expect(audit.rows[0]!.after).toEqual(wanted);
    const events = await pg.query<{ payload: { fields: string[] } }>(`SELECT payload FROM content.outbox WHERE subject LIKE '%settings.updated%' ORDER BY seq`);
    expect(events.rows.at(-1)!.payload.fields.sort()).toEqual(Object.keys(wanted).sort());
  });

  it.each([
    ['a customer', { userId: randomUUID(), role: 'customer' } as Actor, 'FORBIDDEN'],
    ['a provider', { userId: randomUUID(), role: 'provider' } as Actor, 'FORBIDDEN'],
    ['nobody signed in', null, 'UNAUTHENTICATED'],
  ])('refuses %s (%s), nothing changes', async (_who, actor, code) => {
    const before = await stored();
    const err = await refusal(client.send(UpdateSettings, { actor, data: { walletFee: 30, serviceFee: 1, cancellationFee: 50, noShowFee: 50, minWithdrawal: 1 } }));
    expect(err).toMatchObject({ code });
    expect(httpStatusOf(err!.code)).toBe(code === 'FORBIDDEN' ? 403 : 401);
    expect(await stored()).toEqual(before);
  });

  it.each<[string, SettingsData]>([
    ['a commission above 50%', { walletFee: 51 }],
    ['a negative commission', { walletFee: -1 }],
    ['a fractional commission', { walletFee: 12.5 }],
    ['a card fee above $100', { serviceFee: 101 }],
    ['a negative card fee', { serviceFee: -5 }],
    ['a cancellation fee above $100', { cancellationFee: 101 }],
    ['a negative cancellation fee', { cancellationFee: -1 }],
    ['a no-show fee above $100', { noShowFee: 150 }],
    ['a minimum withdrawal of $0', { minWithdrawal: 0 }],
    ['a minimum withdrawal above $1000', { minWithdrawal: 1001 }],
    ['a fractional minimum withdrawal', { minWithdrawal: 5.5 }],
  ])('refuses %s (400), nothing changes', async (_what, data) => {
    const before = await stored();
    const err = await refusal(client.send(UpdateSettings, { actor: admin, data }));
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(httpStatusOf(err!.code)).toBe(400);
    expect(JSON.stringify(err!.details)).toContain(Object.keys(data)[0]);
    expect(await stored()).toEqual(before);
  });
});
