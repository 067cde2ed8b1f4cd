import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import {
  CreateCustomer,
  CreateProvider,
  GetCustomer,
  GetMe,
  GetProvider,
  IdentityPing,
  ListProviders,
  ListUsers,
  Login,
  ProviderApproved,
  ProviderRejected,
  RegisterUser,
  SetUserRole,
  UpdateProvider,
  UpdateUser,
  UserRegistered,
  type AuthResponse,
  type EventPayload,
} from '@tiredash/contracts';
import { verifyAccessToken } from '@tiredash/auth';
import {
  EventConsumers,
  EventPublisher,
  MessagingConnection,
  type MessagingClient,
} from '@tiredash/messaging';
import { sleep, waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import {
  createIdentityTestEnv,
  createTestClient,
  startIdentity,
  type IdentityTestEnv,
} from './test-support/identity-harness';
import { errorCode, providerBody } from './test-support/fixtures';
import { UsersService } from './users/users.service';

/** identity as the gateway sees it: commands over NATS request-reply, events on JetStream. */
describe('identity over NATS (real PostgreSQL + NATS)', () => {
  let env: IdentityTestEnv;
  let app: INestMicroservice;
  let clientContext: INestApplicationContext;
  let client: MessagingClient;
  let n = 0;

  beforeAll(async () => {
    env = await createIdentityTestEnv('identity_int');
    app = await startIdentity(env.config);
    ({ client, context: clientContext } = await createTestClient(env));
  });

  afterAll(async () => {
    await clientContext?.close();
    await app?.close();
    await env?.close();
  });

  const password = 'integration-pass';
  const register = (role?: string): Promise<AuthResponse> =>
    client.send(RegisterUser, {
      username: `user${++n}`,
      email: `User${n}.${Date.now()}@Example.test`,
      password,
      role,
    });
  const actorOf = (auth: AuthResponse) => ({ userId: auth.user.id, role: auth.user.role?.name ?? null });
  const anAdmin = async () => {
    const email = `admin${++n}@example.test`;
    await app.get(UsersService).createUser({ username: 'Admin', email, password, role: 'admin' });
    return client.send(Login, { identifier: email, password });
  };

  it('answers the readiness ping', async () => {
    expect(await client.send(IdentityPing, {})).toEqual({ ok: true });
  });

  it('registers, logs in and answers /users/me', async () => {
    const reg = await register('customer');
    expect(reg.user.role).toEqual({ name: 'customer', type: 'customer' });
    const login = await client.send(Login, { identifier: reg.user.email.toUpperCase(), password });
    const claims = verifyAccessToken(login.jwt, env.config.jwt);
    expect(claims).toMatchObject({ sub: reg.user.id, role: 'customer', email: reg.user.email, jti: expect.any(String) });
    const me = await client.send(GetMe, { actor: { userId: claims.sub, role: claims.role } });
    expect(me).toMatchObject({
      id: reg.user.id,
      documentId: reg.user.id,
      email: reg.user.email,
      customer: null,
    });

    expect(
      await errorCode(client.send(Login, { identifier: reg.user.email, password: 'wrong-password' })),
    ).toBe('INVALID_CREDENTIALS');
    expect(await errorCode(client.send(Login, { identifier: 'ghost@example.test', password }))).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(await errorCode(client.send(GetMe, { actor: null }))).toBe('UNAUTHENTICATED');
  });

  it('validates payloads before the handler runs (VALIDATION_FAILED with field errors)', async () => {
    const err = await client
      .send(RegisterUser, { username: '', email: 'not-an-email', password: 'short' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED' });
    const paths = ((err as { details: { path: string }[] }).details ?? []).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'email', 'password']));
  });

  it('enforces the role rules', async () => {
    expect(await errorCode(register('admin'))).toBe('ROLE_NOT_ALLOWED');
    const dup = await register('provider');
    expect(
      await errorCode(client.send(RegisterUser, { username: 'x', email: dup.user.email, password })),
    ).toBe('EMAIL_TAKEN');

    const fresh = await register();
    expect(fresh.user.role).toBeNull();
    // Anonymous: only the role already held is accepted (a no-op).
    expect(
      await errorCode(
        client.send(SetUserRole, { actor: null, body: { userId: fresh.user.id, roleName: 'customer' } }),
      ),
    ).toBe('UNAUTHENTICATED');
    const set = await client.send(SetUserRole, {
      actor: actorOf(fresh),
      body: { userId: fresh.user.id, roleName: 'provider' },
    });
    expect(verifyAccessToken(set.jwt, env.config.jwt).role).toBe('provider');
    const noop = await client.send(SetUserRole, {
      actor: null,
      body: { userId: fresh.user.id, roleName: 'provider' },
    });
    expect(noop.user.role?.name).toBe('provider');
    expect(noop.jwt).toBe('');
    const asProvider = { userId: fresh.user.id, role: 'provider' as const };
    expect(
      await errorCode(
        client.send(SetUserRole, {
          actor: asProvider,
          body: { userId: fresh.user.id, roleName: 'customer' },
        }),
      ),
    ).toBe('ROLE_NOT_ALLOWED');
    expect(
      await errorCode(
        client.send(SetUserRole, { actor: asProvider, body: { userId: fresh.user.id, roleName: 'admin' } }),
      ),
    ).toBe('ROLE_NOT_ALLOWED');

    const customer = await register('customer');
    expect(
      await errorCode(
        client.send(ListUsers, { actor: actorOf(customer), pagination: { page: 1, pageSize: 10 } }),
      ),
    ).toBe('FORBIDDEN');
    const admin = await anAdmin();
    const list = await client.send(ListUsers, {
      actor: actorOf(admin),
      pagination: { page: 1, pageSize: 100 },
    });
    expect(list.data.map((u) => u.id)).toContain(customer.user.id);
  });

  it('enforces ownership of users, customers and providers', async () => {
    const alice = await register('customer');
    const bob = await register('customer');
    const profile = await client.send(CreateCustomer, {
      actor: actorOf(alice),
      body: { data: { fullName: 'Alice', phone: '+1 555 000 1111', user: alice.user.id } },
    });
    expect((await client.send(GetCustomer, { actor: actorOf(alice), customerId: profile.id })).fullName).toBe(
      'Alice',
    );
    expect(await errorCode(client.send(GetCustomer, { actor: actorOf(bob), customerId: profile.id }))).toBe(
      'NOT_OWNER',
    );
    expect(
      await errorCode(
        client.send(UpdateUser, { actor: actorOf(bob), userId: alice.user.id, body: { username: 'bob' } }),
      ),
    ).toBe('NOT_OWNER');
    const me = await client.send(GetMe, { actor: actorOf(alice) });
    expect(me.customer?.id).toBe(profile.id);

    const prov = await register('provider');
    const p = await client.send(CreateProvider, { actor: actorOf(prov), body: providerBody() });
    expect(
      await errorCode(
        client.send(UpdateProvider, {
          actor: actorOf(prov),
          providerId: p.id,
          body: { data: { walletBalance: 1e3 } },
        }),
      ),
    ).toBe('FIELD_NOT_WRITABLE');
    expect(
      await errorCode(
        client.send(UpdateProvider, {
          actor: actorOf(alice),
          providerId: p.id,
          body: { data: { isApproved: true } },
        }),
      ),
    ).toBe('NOT_OWNER');
    const own = await client.send(UpdateProvider, {
      actor: actorOf(prov),
      providerId: p.id,
      body: { data: { service_types: 'Tire Rotation, Emergency Service', hourlyRate: '95' } },
    });
    expect(own).toMatchObject({ service_types: ['Tire Rotation', 'Emergency Service'], hourlyRate: 95 });
    // Pending: another user does not see it at all; approved, it sees the public card.
    await expect(client.send(GetProvider, { actor: actorOf(alice), providerId: p.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const admin = await anAdmin();
    await client.send(UpdateProvider, { actor: actorOf(admin), providerId: p.id, body: { data: { isApproved: true } } as never });
    expect((await client.send(GetProvider, { actor: actorOf(alice), providerId: p.id })).businessName).toBe(
      'Fast Tires',
    );
  });

  it('announces approvals and rejections on JetStream', async () => {
    const approved: EventPayload<typeof ProviderApproved>[] = [];
    const rejected: EventPayload<typeof ProviderRejected>[] = [];
    const consumers = app.get(EventConsumers);
    await consumers.subscribe(ProviderApproved, { durable: 'test_approved' }, (payload) => {
      approved.push(payload);
    });
    await consumers.subscribe(ProviderRejected, { durable: 'test_rejected' }, (payload) => {
      rejected.push(payload);
    });
    const admin = await anAdmin();
    const a = await register('provider');
    const b = await register('provider');
    const pa = await client.send(CreateProvider, { actor: actorOf(a), body: providerBody() });
    const pb = await client.send(CreateProvider, { actor: actorOf(b), body: providerBody() });
    const pending = await client.send(ListProviders, {
      actor: actorOf(admin),
      filters: { isApproved: { $null: 'true' } },
      pagination: { page: 1, pageSize: 100 },
    });
    expect(pending.data.map((p) => p.id)).toEqual(expect.arrayContaining([pa.id, pb.id]));

    await client.send(UpdateProvider, {
      actor: actorOf(admin),
      providerId: pa.id,
      body: { data: { isApproved: true } },
    });
    await client.send(UpdateProvider, {
      actor: actorOf(admin),
      providerId: pb.id,
      body: { data: { isApproved: false } },
    });
    await waitFor(
      () => approved.some((e) => e.providerId === pa.id) && rejected.some((e) => e.providerId === pb.id),
      {
        timeoutMs: 10000,
        message: 'approval events',
      },
    );
    expect(approved.filter((e) => e.providerId === pa.id)).toEqual([
      expect.objectContaining({ userId: a.user.id, by: admin.user.id }),
    ]);
    expect(rejected.filter((e) => e.providerId === pb.id)).toEqual([
      expect.objectContaining({ userId: b.user.id, by: admin.user.id }),
    ]);
    expect(approved.some((e) => e.providerId === pb.id)).toBe(false);
  });

  it('delivers UserRegistered to a JetStream consumer exactly once even when the relay publishes it twice', async () => {
    const seen: { eventId: string; userId: string }[] = [];
    const durable = 'test_user_registered';
    await app.get(EventConsumers).subscribe(UserRegistered, { durable }, (payload, ctx) => {
      seen.push({ eventId: ctx.eventId, userId: payload.userId });
    });
    const ds = app.get(DataSource);
    const jsm = app.get(MessagingConnection).jsm;
    const stream = `${env.namespace}_IDENTITY`;

    const user = await register('customer');
    const [row] = (await ds.query(
      `SELECT id, subject, payload, occurred_at FROM identity.outbox WHERE subject = $1 AND payload->>'userId' = $2`,
      [UserRegistered.subject, user.user.id],
    )) as { id: string; subject: string; payload: EventPayload<typeof UserRegistered>; occurred_at: Date }[];
    expect(row).toBeDefined();
    await waitFor(() => seen.some((s) => s.userId === user.user.id), {
      timeoutMs: 10000,
      message: 'first delivery',
    });
    const published = async () =>
      (
        (await ds.query(`SELECT published_at FROM identity.outbox WHERE id = $1`, [row!.id])) as {
          published_at: Date | null;
        }[]
      )[0]!.published_at;
    await waitFor(async () => (await published()) !== null, { message: 'relay marked the row published' });
    const messagesBefore = (await jsm.streams.info(stream)).state.messages;

    // The relay publishes the same row again (as after a crash between publish and commit):
    // JetStream drops it as a duplicate of the same Nats-Msg-Id.
    await ds.query(`UPDATE identity.outbox SET published_at = NULL WHERE id = $1`, [row!.id]);
    await waitFor(async () => (await published()) !== null, {
      timeoutMs: 10000,
      message: 'relay published the row again',
    });
    expect((await jsm.streams.info(stream)).state.messages).toBe(messagesBefore);

    // Even a copy that gets past JetStream's de-duplication (another Nats-Msg-Id) is skipped by the inbox.
    const envelope = {
      id: row!.id,
      subject: row!.subject,
      occurredAt: new Date(row!.occurred_at).toISOString(),
      payload: row!.payload,
    };
    await app.get(EventPublisher).publishRaw(UserRegistered.subject, envelope, { msgID: `${row!.id}-copy` });
    const last = (await jsm.streams.info(stream)).state.last_seq;
    expect((await jsm.streams.info(stream)).state.messages).toBe(messagesBefore + 1);
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(stream, durable);
        return info.delivered.stream_seq >= last && info.num_ack_pending === 0;
      },
      { timeoutMs: 10000, message: 'consumer handled the copy' },
    );
    await sleep(200);
    expect(seen.filter((s) => s.eventId === row!.id)).toHaveLength(1);
    const inbox = (await ds.query(
      `SELECT count(*)::int AS n FROM identity.inbox WHERE consumer = $1 AND event_id = $2`,
      [durable, row!.id],
    )) as { n: number }[];
    expect(inbox[0]!.n).toBe(1);
  });
});
