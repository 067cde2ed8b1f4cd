import { createHash } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { verifyAccessToken } from '@tiredash/auth';
import { UserSessionsRevoked } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { createIdentityContext, createIdentityTestEnv, type IdentityTestEnv } from '../test-support/identity-harness';
import { aUser, errorCode, outboxRows, PASSWORD } from '../test-support/fixtures';
import { UsersService } from '../users/users.service';
import { RefreshTokenEntity } from './entities/refresh-token.entity';

/** The refresh-token store of identity, against the real PostgreSQL. */
describe('refresh tokens and session versions (real PostgreSQL)', () => {
  let env: IdentityTestEnv;
  let app: INestApplicationContext;
  let users: UsersService;
  let db: DataSource;

  beforeAll(async () => {
    env = await createIdentityTestEnv('identity_sessions', { REFRESH_TOKEN_TTL_SECONDS: '3600' });
    app = await createIdentityContext(env.config);
    users = app.get(UsersService);
    db = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await env?.close();
  });

  const signIn = async () => {
    const u = await aUser(app, 'customer');
    const session = await users.login({ identifier: u.email, password: PASSWORD });
    return { ...u, session };
  };
  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
  const rowOf = (token: string) => db.getRepository(RefreshTokenEntity).findOneByOrFail({ tokenHash: hashOf(token) });
  /** The refresh token a renewal rotated to (a renewal within the grace rotates nothing). */
  const rotatedTo = (renewal: { refresh: { token: string } | null }): string => {
    if (!renewal.refresh) throw new Error('the renewal rotated nothing');
    return renewal.refresh.token;
  };
  /** As if the token had been spent longer ago than REFRESH_REUSE_GRACE_SECONDS. */
  const spentLongAgo = (token: string) =>
    db.query(`UPDATE "identity"."refresh_tokens" SET "rotated_at" = "rotated_at" - interval '1 minute' WHERE "token_hash" = $1`, [hashOf(token)]);

  it('stores only the hash of a refresh token, in a new family per sign-in, living REFRESH_TOKEN_TTL_SECONDS', async () => {
    const { id, email, session } = await signIn();
    expect(session.refresh.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await rowOf(session.refresh.token);
    expect(row).toMatchObject({ userId: id, rotatedAt: null, revokedAt: null });
    expect(Math.abs(row.familyExpiresAt.getTime() - (Date.now() + 3600_000))).toBeLessThan(10_000);
    expect(session.refresh.expiresAt).toBe(row.familyExpiresAt.toISOString());
    const stored: { n: string }[] = await db.query(`SELECT count(*)::text AS n FROM "identity"."refresh_tokens" WHERE "token_hash" = $1 OR "token_hash" LIKE $2`, [
      session.refresh.token,
      `%${session.refresh.token.slice(0, 12)}%`,
    ]);
    expect(stored[0]!.n).toBe('0');
    const again = await users.login({ identifier: email, password: PASSWORD });
    expect((await rowOf(again.refresh.token)).familyId).not.toBe(row.familyId);
  });

  it('rotates: the new token is of the same family with the same end, the old one is spent; a spent one ends the family', async () => {
    const { session } = await signIn();
    const renewed = await users.refresh(session.refresh.token);
    const next = rotatedTo(renewed);
    expect(next).not.toBe(session.refresh.token);
    expect(renewed.refresh?.expiresAt).toBe(session.refresh.expiresAt);
    const [spent, fresh] = [await rowOf(session.refresh.token), await rowOf(next)];
    expect(spent.rotatedAt).not.toBeNull();
    expect(fresh.familyId).toBe(spent.familyId);

    await spentLongAgo(session.refresh.token);
    expect(await errorCode(users.refresh(session.refresh.token))).toBe('UNAUTHENTICATED');
    // The access tokens issued so far end too (one may be the thief's).
    const reuse = (await outboxRows(app, UserSessionsRevoked.subject)).filter((e) => e.payload.userId === spent.userId);
    expect(reuse.map((e) => e.payload)).toEqual([expect.objectContaining({ sessionVersion: 1, reason: 'refresh-reuse', refreshRevoked: false })]);
    const family = await db.getRepository(RefreshTokenEntity).findBy({ familyId: spent.familyId });
    expect(family.every((t) => t.revokedAt !== null)).toBe(true);
    expect(await errorCode(users.refresh(next))).toBe('UNAUTHENTICATED');
  });

  it('rotates once for two renewals with the same token at the same moment (two tabs): the other gets an access token only', async () => {
    const { id, session } = await signIn();
    const [a, b] = await Promise.all([users.refresh(session.refresh.token), users.refresh(session.refresh.token)]);
    expect([a, b].filter((r) => r.refresh !== null)).toHaveLength(1);
    for (const r of [a, b]) expect(verifyAccessToken(r.jwt, env.config.jwt).sub).toBe(id);
    // Nothing was ended: the family goes on with the one new token.
    const next = rotatedTo(a.refresh ? a : b);
    expect(rotatedTo(await users.refresh(next))).not.toBe(next);
    expect((await outboxRows(app, UserSessionsRevoked.subject)).filter((e) => e.payload.userId === id)).toEqual([]);
  });

  it('refuses an expired family, an ended one (logout) and an unknown token, even within the grace', async () => {
    const { session } = await signIn();
    await db.query(`UPDATE "identity"."refresh_tokens" SET "family_expires_at" = now() - interval '1 second' WHERE "token_hash" = $1`, [
      createHash('sha256').update(session.refresh.token).digest('hex'),
    ]);
    expect(await errorCode(users.refresh(session.refresh.token))).toBe('UNAUTHENTICATED');

    const other = await signIn();
    const otherNext = rotatedTo(await users.refresh(other.session.refresh.token));
    expect(await users.endRefreshFamily(otherNext)).toEqual({ ended: true });
    // Spent a moment ago (within the grace), but its family ended: refused.
    expect(await errorCode(users.refresh(other.session.refresh.token))).toBe('UNAUTHENTICATED');
    expect(await errorCode(users.refresh(otherNext))).toBe('UNAUTHENTICATED');
    expect(await users.endRefreshFamily('y'.repeat(43))).toEqual({ ended: false });
    expect(await errorCode(users.refresh('y'.repeat(43)))).toBe('UNAUTHENTICATED');
  });

  it("an admin's password change raises the version and ends every refresh family of the user, in one transaction with its event", async () => {
    const u = await signIn();
    const second = await users.login({ identifier: u.email, password: PASSWORD });
    const admin = await aUser(app, 'admin');
    expect(verifyAccessToken(u.session.jwt, env.config.jwt).sv).toBe(0);

    expect(await errorCode(users.updateUser(u.actor, u.id, { password: 'new-password-123' }))).toBe('FORBIDDEN');
    await users.updateUser(admin.actor, u.id, { password: 'new-password-123' });

    for (const token of [u.session.refresh.token, second.refresh.token]) expect(await errorCode(users.refresh(token))).toBe('UNAUTHENTICATED');
    const events = (await outboxRows(app, UserSessionsRevoked.subject)).filter((e) => e.payload.userId === u.id);
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ sessionVersion: 1, reason: 'password', refreshRevoked: true })]);
    const fresh = await users.login({ identifier: u.email, password: 'new-password-123' });
    expect(verifyAccessToken(fresh.jwt, env.config.jwt).sv).toBe(1);
  });

  it('a role change raises the version but the refresh goes on, renewing with the new role and version', async () => {
    const u = await aUser(app, null);
    const session = await users.login({ identifier: u.email, password: PASSWORD });
    const set = await users.setRole(u.actor, { userId: u.id, roleName: 'provider' });
    expect(verifyAccessToken(set.jwt, env.config.jwt)).toMatchObject({ role: 'provider', sv: 1 });
    const renewed = await users.refresh(session.refresh.token);
    expect(verifyAccessToken(renewed.jwt, env.config.jwt)).toMatchObject({ role: 'provider', sv: 1 });
    const events = (await outboxRows(app, UserSessionsRevoked.subject)).filter((e) => e.payload.userId === u.id);
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ sessionVersion: 1, reason: 'role', refreshRevoked: false })]);
  });
});
