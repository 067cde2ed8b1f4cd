import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GetMedia, GetMediaRecords, RegisterUploads, SetLogo, type Actor, type StoredFile } from '@tiredash/contracts';
import { MessagingClient, MessagingModule } from '@tiredash/messaging';
import { databaseOptions, runMigrations } from '@tiredash/persistence';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace, type TestDatabase } from '@tiredash/testing';
import { Client } from 'pg';
import { CONTENT_ENTITIES, CONTENT_MIGRATIONS, CONTENT_SCHEMA } from '../database/database';
import { UploadVisibility1767700000000 } from '../database/migrations/1767700000000-UploadVisibility';
import { contentTestConfig, startContent } from '../test-support/content-harness';

@Module({})
class TestClientModule {}

const file = (name: string): StoredFile => {
  const id = randomUUID();
  return { id, name, fileName: name, mime: 'image/png', size: 10, storageKey: `2026/11/${id}/${name}` };
};

/**
 * Uploads know their owner and whether they are public site content (real PostgreSQL + NATS): the migration makes
 * existing rows private except an admin's logos, new rows get their visibility from the purpose (never from the
 * caller), the records the gateway serves from carry owner and visibility, and a private upload never becomes the logo.
 */
describe('media: owner and visibility (real PostgreSQL + NATS)', () => {
  let db: TestDatabase;
  let pg: Client;
  let namespace: string;
  let natsUrl: string;
  let app: INestMicroservice;
  let clientContext: INestApplicationContext;
  let client: MessagingClient;
  const adminId = randomUUID();
  const providerId = randomUUID();
  const admin: Actor = { userId: adminId, role: 'admin' };
  const provider: Actor = { userId: providerId, role: 'provider' };
  const legacy = { logo: randomUUID(), document: randomUUID(), photo: randomUUID() };

  beforeAll(async () => {
    natsUrl = (await getTestInfra()).natsUrl;
    db = await createTestDatabase('content_media');
    namespace = testNamespace('content_media');
    // The database before uploads had a visibility: a logo, an ID document and a request photo already stored.
    await runMigrations(
      databaseOptions({
        url: db.url,
        schema: CONTENT_SCHEMA,
        entities: CONTENT_ENTITIES,
        migrations: CONTENT_MIGRATIONS.slice(0, CONTENT_MIGRATIONS.indexOf(UploadVisibility1767700000000)),
      }),
    );
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    for (const [id, purpose, by] of [
      [legacy.logo, 'logo', adminId],
      [legacy.document, 'registration', providerId],
      [legacy.photo, 'request-photo', randomUUID()],
    ] as const) {
      await pg.query(
        `INSERT INTO content.media (id, purpose, name, file_name, mime, size_bytes, storage_key, uploaded_by) VALUES ($1, $2, 'a.png', 'a.png', 'image/png', 10, $3, $4)`,
        [id, purpose, `old/${id}/a.png`, by],
      );
    }
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

  it('makes existing uploads private, except the logos an admin uploaded', async () => {
    const rows = await pg.query<{ id: string; visibility: string }>('SELECT id, visibility FROM content.media');
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.visibility]))).toEqual({
      [legacy.logo]: 'public',
      [legacy.document]: 'private',
      [legacy.photo]: 'private',
    });
    expect(await client.send(GetMedia, { id: legacy.document })).toMatchObject({ ownerId: providerId, visibility: 'private', purpose: 'registration' });
  });

  it('records the uploader as owner and the visibility of the purpose: only a logo is public', async () => {
    const [doc] = await client.send(RegisterUploads, { actor: provider, purpose: 'registration', files: [file('id.png')] });
    const [image] = await client.send(RegisterUploads, { actor: provider, purpose: 'profile-image', files: [file('license.png')] });
    const [photo] = await client.send(RegisterUploads, { actor: provider, purpose: 'request-photo', files: [file('tire.png')] });
    const [logo] = await client.send(RegisterUploads, { actor: admin, purpose: 'logo', files: [file('logo.png')] });
    expect([doc, image, photo, logo].map((m) => m!.visibility)).toEqual(['private', 'private', 'private', 'public']);

    const unknown = randomUUID();
    const records = await client.send(GetMediaRecords, { ids: [doc!.id, logo!.id, unknown] });
    expect(records.map((r) => [r.id, r.ownerId, r.visibility]).sort()).toEqual(
      [
        [doc!.id, providerId, 'private'],
        [logo!.id, adminId, 'public'],
      ].sort(),
    );
    const stored = await pg.query<{ uploaded_by: string; visibility: string }>('SELECT uploaded_by, visibility FROM content.media WHERE id = $1', [doc!.id]);
    expect(stored.rows).toEqual([{ uploaded_by: providerId, visibility: 'private' }]);
  });

  it('refuses a private upload as the logo (400), leaving the logo and the audit log as they were', async () => {
    await client.send(SetLogo, { actor: admin, logo: legacy.logo });
    const audits = (await pg.query<{ n: string }>('SELECT count(*)::text AS n FROM content.audit_log')).rows[0]!.n;
    const err = (await client.send(SetLogo, { actor: admin, logo: legacy.document }).then(
      () => null,
      (e: unknown) => e,
    )) as { code: string; message: string } | null;
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The logo must be an image uploaded as a logo' });
    const settings = await pg.query<{ logo_media_id: string }>('SELECT logo_media_id FROM content.settings');
    expect(settings.rows[0]!.logo_media_id).toBe(legacy.logo);
    expect((await pg.query<{ n: string }>('SELECT count(*)::text AS n FROM content.audit_log')).rows[0]!.n).toBe(audits);
  });
});
