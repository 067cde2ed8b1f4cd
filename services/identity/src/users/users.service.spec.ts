import type { INestApplicationContext } from '@nestjs/common';
import { UserRegistered, UserRoleSet, UserUpdated } from '@tiredash/contracts';
import { verifyAccessToken } from '@tiredash/auth';
import { DataSource } from 'typeorm';
import {
  createIdentityContext,
  createIdentityTestEnv,
  type IdentityTestEnv,
} from '../test-support/identity-harness';
import { aUser, errorCode, outboxRows, PASSWORD } from '../test-support/fixtures';
import { UserEntity } from './entities/user.entity';
import { UsersService } from './users.service';

describe('UsersService (real PostgreSQL)', () => {
  let env: IdentityTestEnv;
  let app: INestApplicationContext;
  let users: UsersService;

  beforeAll(async () => {
    env = await createIdentityTestEnv('users_service');
    app = await createIdentityContext(env.config);
    users = app.get(UsersService);
  });

  afterAll(async () => {
    await app?.close();
    await env?.close();
  });

  describe('register', () => {
    it('creates a user without a role, hashes the password with argon2id and answers a valid token', async () => {
      const email = `Mixed.Case-${Date.now()}@Example.test`;
      const res = await users.register({ username: 'Ann', email, password: PASSWORD });
      expect(res.user).toMatchObject({
        email: email.toLowerCase(),
        username: 'Ann',
        role: null,
        customer: null,
        business: null,
      });
      expect(res.user.documentId).toBe(res.user.id);
      const claims = verifyAccessToken(res.jwt, env.config.jwt);
      expect(claims).toMatchObject({ sub: res.user.id, role: null, email: email.toLowerCase(), jti: expect.any(String) });
      const stored = await app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ id: res.user.id });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored.passwordHash).not.toContain(PASSWORD);
    });

    it('sets customer or provider at once and writes UserRegistered to the outbox in the same transaction', async () => {
      const { auth } = await aUser(app, 'provider');
      expect(auth.user.role).toEqual({ name: 'provider', type: 'provider' });
      expect(auth.user.accountType).toBe('provider');
      expect(verifyAccessToken(auth.jwt, env.config.jwt).role).toBe('provider');
      const events = (await outboxRows(app, UserRegistered.subject)).filter(
        (r) => r.payload.userId === auth.user.id,
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.payload).toMatchObject({
        userId: auth.user.id,
        role: 'provider',
        email: auth.user.email,
      });
    });

    it('refuses the admin role with ROLE_NOT_ALLOWED and unknown roles with VALIDATION_FAILED', async () => {
      expect(
        await errorCode(
          users.register({ username: 'X', email: 'x1@example.test', password: PASSWORD, role: 'admin' }),
        ),
      ).toBe('ROLE_NOT_ALLOWED');
      expect(
        await errorCode(
          users.register({ username: 'X', email: 'x2@example.test', password: PASSWORD, role: 'Admin ' }),
        ),
      ).toBe('ROLE_NOT_ALLOWED');
      expect(
        await errorCode(
          users.register({ username: 'X', email: 'x3@example.test', password: PASSWORD, role: 'superuser' }),
        ),
      ).toBe('VALIDATION_FAILED');
      expect(await users.findByEmail('x1@example.test')).toBeNull();
    });

    it('answers EMAIL_TAKEN for a duplicate email in any letter case, also when registrations race', async () => {
      const { email } = await aUser(app, 'customer');
      expect(
        await errorCode(users.register({ username: 'Y', email: email.toUpperCase(), password: PASSWORD })),
      ).toBe('EMAIL_TAKEN');
      const raced = await Promise.allSettled(
        [1, 2, 3].map(() =>
          users.register({ username: 'Z', email: 'race@example.test', password: PASSWORD }),
        ),
      );
      expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of raced.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
        expect((r.reason as { code: string }).code).toBe('EMAIL_TAKEN');
      }
      // The refused registrations rolled back their events with their rows.
      const events = (await outboxRows(app, UserRegistered.subject)).filter(
        (e) => e.payload.email === 'race@example.test',
      );
      expect(events).toHaveLength(1);
    });
  });

  describe('login', () => {
    it('answers a token for the right password, case-insensitively on the email', async () => {
      const u = await aUser(app, 'customer');
      const res = await users.login({ identifier: u.email.toUpperCase(), password: PASSWORD });
      expect(res.user.id).toBe(u.id);
      expect(verifyAccessToken(res.jwt, env.config.jwt)).toMatchObject({ sub: u.id, role: 'customer' });
    });

    it('answers the same INVALID_CREDENTIALS for a wrong password and an unknown email', async () => {
      const u = await aUser(app, 'customer');
      const wrongPassword = await users
        .login({ identifier: u.email, password: 'not the password' })
        .catch((e: unknown) => e);
      const unknownEmail = await users
        .login({ identifier: 'nobody@example.test', password: PASSWORD })
        .catch((e: unknown) => e);
      expect(wrongPassword).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(unknownEmail).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect((unknownEmail as Error).message).toBe((wrongPassword as Error).message);
    });
  });

  describe('setRole', () => {
    it('lets a user without a role give itself customer once, with a fresh token and a UserRoleSet event', async () => {
      const u = await aUser(app, null);
      const res = await users.setRole(u.actor, { userId: u.id, roleName: 'customer' });
      expect(res.user.role).toEqual({ name: 'customer', type: 'customer' });
      expect(verifyAccessToken(res.jwt, env.config.jwt).role).toBe('customer');
      const events = (await outboxRows(app, UserRoleSet.subject)).filter((r) => r.payload.userId === u.id);
      expect(events.map((e) => e.payload)).toEqual([{ userId: u.id, role: 'customer' }]);
      // Once: switching to provider afterwards is refused.
      expect(
        await errorCode(
          users.setRole({ ...u.actor, role: 'customer' }, { userId: u.id, roleName: 'provider' }),
        ),
      ).toBe('ROLE_NOT_ALLOWED');
    });

    it('treats the role the user already has as a no-op success, even anonymously (but issues no token then)', async () => {
      const u = await aUser(app, 'provider');
      const before = (await outboxRows(app, UserRoleSet.subject)).length;
      const anon = await users.setRole(null, { userId: u.id, roleName: 'provider' });
      expect(anon.jwt).toBe('');
      expect(anon.user.role?.name).toBe('provider');
      const self = await users.setRole(u.actor, { userId: u.id, roleName: 'Provider' });
      expect(verifyAccessToken(self.jwt, env.config.jwt).sub).toBe(u.id);
      expect((await outboxRows(app, UserRoleSet.subject)).length).toBe(before);
    });

    it('refuses admin, anonymous changes and changing someone else', async () => {
      const u = await aUser(app, null);
      const other = await aUser(app, null);
      expect(await errorCode(users.setRole(u.actor, { userId: u.id, roleName: 'admin' }))).toBe(
        'ROLE_NOT_ALLOWED',
      );
      expect(await errorCode(users.setRole(null, { userId: u.id, roleName: 'customer' }))).toBe(
        'UNAUTHENTICATED',
      );
      expect(await errorCode(users.setRole(other.actor, { userId: u.id, roleName: 'customer' }))).toBe(
        'NOT_OWNER',
      );
      expect(await errorCode(users.setRole(u.actor, { userId: u.id, roleName: 'wizard' }))).toBe(
        'VALIDATION_FAILED',
      );
      const admin = await aUser(app, 'admin');
      expect(await errorCode(users.setRole(admin.actor, { userId: u.id, roleName: 'admin' }))).toBe(
        'ROLE_NOT_ALLOWED',
      );
      expect((await users.getMe(u.actor)).role).toBeNull();
    });
  });

  describe('getMe / updateUser / listUsers', () => {
    it('answers the caller with its role; anonymous is UNAUTHENTICATED', async () => {
      const u = await aUser(app, 'customer');
      expect(await users.getMe(u.actor)).toMatchObject({
        id: u.id,
        role: { name: 'customer', type: 'customer' },
      });
      expect(await errorCode(users.getMe(null))).toBe('UNAUTHENTICATED');
    });

    it('lets the user itself or an admin update it, and nobody else', async () => {
      const u = await aUser(app, 'customer');
      const other = await aUser(app, 'customer');
      const admin = await aUser(app, 'admin');
      const updated = await users.updateUser(u.actor, u.id, {
        accountType: 'customer',
        username: 'New Name',
      });
      expect(updated).toMatchObject({ accountType: 'customer', username: 'New Name' });
      expect(await errorCode(users.updateUser(other.actor, u.id, { username: 'Hacked' }))).toBe('NOT_OWNER');
      expect(await errorCode(users.updateUser(null, u.id, { username: 'Hacked' }))).toBe('UNAUTHENTICATED');
      expect(await errorCode(users.updateUser(u.actor, u.id, { email: other.email }))).toBe('EMAIL_TAKEN');
      const byAdmin = await users.updateUser(admin.actor, u.id, { username: 'By Admin' });
      expect(byAdmin.username).toBe('By Admin');
      const events = (await outboxRows(app, UserUpdated.subject)).filter((r) => r.payload.userId === u.id);
      expect(events.map((e) => e.payload)).toEqual([
        { userId: u.id, changes: { username: 'New Name' }, by: u.id },
        { userId: u.id, changes: { username: 'By Admin' }, by: admin.id },
      ]);
    });

    it('lists customers and providers for an admin only', async () => {
      const c = await aUser(app, 'customer');
      const admin = await aUser(app, 'admin');
      const page = await users.listUsers(admin.actor, { page: 1, pageSize: 100 });
      const ids = page.data.map((u) => u.id);
      expect(ids).toContain(c.id);
      expect(ids).not.toContain(admin.id);
      expect(page.data.every((u) => u.role?.name === 'customer' || u.role?.name === 'provider')).toBe(true);
      expect(page.meta.pagination.total).toBe(page.data.length);
      expect(await errorCode(users.listUsers(c.actor, { page: 1, pageSize: 10 }))).toBe('FORBIDDEN');
      expect(await errorCode(users.listUsers(null, { page: 1, pageSize: 10 }))).toBe('UNAUTHENTICATED');
    });
  });
});
