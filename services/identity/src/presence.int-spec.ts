import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { CreateProvider, SetProviderPresence, UpdateProvider, type ProviderView } from '@tiredash/contracts';
import type { MessagingClient } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { ProvidersService } from './providers/providers.service';
import { aUser, errorCode, providerBody, type RegisteredUser } from './test-support/fixtures';
import { createIdentityTestEnv, createTestClient, startIdentity, type IdentityTestEnv } from './test-support/identity-harness';

interface OutboxPayload {
  providerId: string;
  online: boolean;
  location: { lat: number; lng: number } | null;
  serviceLocation?: { lat: number; lng: number } | null;
}

/** The provider's Online/Offline switch, its live position, its heartbeat and the silence timeout. */
describe('provider presence (real PostgreSQL + NATS)', () => {
  let env: IdentityTestEnv;
  let app: INestMicroservice;
  let clientContext: INestApplicationContext;
  let client: MessagingClient;
  let ds: DataSource;
  let admin: RegisteredUser;

  beforeAll(async () => {
    // The sweeper runs every 200 ms here; the timeout is its minimum (10 s), so only rows aged by the test expire.
    env = await createIdentityTestEnv('identity_presence', { PROVIDER_PRESENCE_TIMEOUT_SECONDS: '10', PRESENCE_SWEEP_INTERVAL_MS: '200' });
    app = await startIdentity(env.config);
    ({ client, context: clientContext } = await createTestClient(env));
    ds = app.get(DataSource);
    admin = await aUser(app, 'admin');
  });

  afterAll(async () => {
    await clientContext?.close();
    await app?.close();
    await env?.close();
  });

  /** A provider registered as the app does: offline, no live location, its service address geocoded. */
  async function registered(): Promise<{ user: RegisteredUser; provider: ProviderView }> {
    const user = await aUser(app, 'provider');
    const provider = await client.send(CreateProvider, {
      actor: user.actor,
      body: providerBody({
        user: user.id,
        online: false,
        location: undefined,
        serviceArea: { radius: 15, address: '350 5th Ave, New York', lat: 40.7484, lng: -73.9857 },
      }),
    });
    return { user, provider };
  }

  async function updates(providerId: string): Promise<OutboxPayload[]> {
    const rows: { payload: OutboxPayload }[] = await ds.query(
      `SELECT payload FROM "identity"."outbox" WHERE subject = 'identity.evt.provider.updated.v1' ORDER BY seq`,
    );
    return rows.map((r) => r.payload).filter((p) => p.providerId === providerId);
  }

  const approve = (providerId: string) =>
    client.send(UpdateProvider, { actor: admin.actor, providerId, body: { data: { isApproved: true } } as never });

  it('keeps the geocoded service address as the base location; only the approved provider itself goes online', async () => {
    const { user, provider } = await registered();
    expect(provider).toMatchObject({ online: false, location: null, serviceArea: { radius: 15, lat: 40.7484, lng: -73.9857 } });
    const created: { payload: OutboxPayload }[] = await ds.query(
      `SELECT payload FROM "identity"."outbox" WHERE subject = 'identity.evt.provider.created.v1' AND payload->>'providerId' = $1`,
      [provider.documentId],
    );
    expect(created[0]!.payload.serviceLocation).toEqual({ lat: 40.7484, lng: -73.9857 });

    const pending = await client
      .send(SetProviderPresence, { actor: user.actor, providerId: provider.documentId, body: { online: true } })
      .catch((e: unknown) => e);
    expect(pending).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'PROVIDER_NOT_APPROVED' } });

    await approve(provider.documentId);
    const stranger = await aUser(app, 'provider');
    expect(await errorCode(client.send(SetProviderPresence, { actor: stranger.actor, providerId: provider.documentId, body: { online: true } }))).toBe(
      'NOT_OWNER',
    );
    expect(await errorCode(client.send(SetProviderPresence, { actor: admin.actor, providerId: provider.documentId, body: { online: true } }))).toBe('NOT_OWNER');
    expect(await errorCode(client.send(SetProviderPresence, { actor: null, providerId: provider.documentId, body: { online: true } }))).toBe('UNAUTHENTICATED');
  });

  it('goes online at the device position, announces only meaningful moves, and going offline forgets the live position', async () => {
    const { user, provider } = await registered();
    await approve(provider.documentId);
    const id = provider.documentId;
    const send = (body: { online: boolean; position?: { lat: number; lng: number; accuracy?: number } | null }) =>
      client.send(SetProviderPresence, { actor: user.actor, providerId: id, body });
    const before = (await updates(id)).length;

    const online = await send({ online: true, position: { lat: 40.758, lng: -73.9855, accuracy: 12 } });
    expect(online).toMatchObject({ online: true, location: { lat: 40.758, lng: -73.9855 } });
    expect(online.lastSeenAt).toEqual(expect.any(String));
    expect((await updates(id)).slice(before)).toEqual([expect.objectContaining({ online: true, location: expect.objectContaining({ lat: 40.758 }) })]);

    // A heartbeat 20 m away: recorded (lastSeenAt), announced to nobody.
    const seen: { last_seen_at: Date }[] = await ds.query(`SELECT last_seen_at FROM "identity"."providers" WHERE id = $1`, [id]);
    await new Promise((r) => setTimeout(r, 20));
    await send({ online: true, position: { lat: 40.7582, lng: -73.9855 } });
    const after: { last_seen_at: Date; location_lat: number }[] = await ds.query(
      `SELECT last_seen_at, location_lat FROM "identity"."providers" WHERE id = $1`,
      [id],
    );
    expect(after[0]!.last_seen_at.getTime()).toBeGreaterThan(seen[0]!.last_seen_at.getTime());
    expect(after[0]!.location_lat).toBe(40.758);
    expect((await updates(id)).length - before).toBe(1);

    // 1 km: announced.
    await send({ online: true, position: { lat: 40.767, lng: -73.9855 } });
    expect((await updates(id)).length - before).toBe(2);

    // Permission withdrawn: still online, matched from the service address.
    const noFix = await send({ online: true, position: null });
    expect(noFix).toMatchObject({ online: true, location: null, serviceArea: { lat: 40.7484 } });

    const offline = await send({ online: false, position: { lat: 1, lng: 1 } });
    expect(offline).toMatchObject({ online: false, location: null });
    expect((await updates(id)).at(-1)).toMatchObject({ online: false, location: null });
  });

  it('sets offline the providers whose app went silent for longer than PROVIDER_PRESENCE_TIMEOUT_SECONDS, once', async () => {
    const quiet = await registered();
    const alive = await registered();
    for (const p of [quiet, alive]) {
      await approve(p.provider.documentId);
      await client.send(SetProviderPresence, { actor: p.user.actor, providerId: p.provider.documentId, body: { online: true, position: { lat: 40.75, lng: -73.99 } } });
    }
    await ds.query(`UPDATE "identity"."providers" SET last_seen_at = now() - interval '11 seconds' WHERE id = $1`, [quiet.provider.documentId]);
    await waitFor(
      async () => {
        const rows: { online: boolean }[] = await ds.query(`SELECT online FROM "identity"."providers" WHERE id = $1`, [quiet.provider.documentId]);
        return rows[0]!.online === false;
      },
      { timeoutMs: 5000, message: 'silent provider set offline by the sweeper' },
    );
    expect((await updates(quiet.provider.documentId)).at(-1)).toMatchObject({ online: false, location: null });
    const still: { online: boolean }[] = await ds.query(`SELECT online FROM "identity"."providers" WHERE id = $1`, [alive.provider.documentId]);
    expect(still[0]!.online).toBe(true);
    // Nothing left to expire: another sweep announces nothing more.
    const count = (await updates(quiet.provider.documentId)).length;
    expect(await app.get(ProvidersService).expireSilentProviders()).toBe(0);
    expect(await updates(quiet.provider.documentId)).toHaveLength(count);
  });
});
