import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { signAccessToken } from '@tiredash/auth';
import { DomainError, UserSessionsRevoked } from '@tiredash/contracts';
import { OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import { DataSource, type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG } from '../common/identity-config.token';
import type { IdentityConfig } from '../config';
import { UserEntity } from '../users/entities/user.entity';
import { RefreshTokenEntity } from './entities/refresh-token.entity';

/** Why a user's older sessions end (README, Security model). */
export type SessionsRevokedReason = 'role' | 'approval' | 'password' | 'refresh-reuse';

export interface IssuedRefresh {
  token: string;
  expiresAt: string;
}

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

function sessionEnded(message: string): DomainError {
  return new DomainError('UNAUTHENTICATED', message);
}

/**
 * Sessions: access tokens (short-lived JWTs carrying the user's session version) and refresh tokens (opaque, stored
 * hashed, rotated on every use, in families with a bounded lifetime). Identity owns both; the gateway only keeps the
 * refresh token in an httpOnly cookie and a copy of each raised session version in Redis.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** An access token with the user's current role, e-mail and session version. */
  sign(user: UserEntity): string {
    return signAccessToken({ sub: user.id, role: user.role, email: user.email, sv: user.sessionVersion }, this.config.jwt);
  }

  /** A new refresh family (a login or a registration), living REFRESH_TOKEN_TTL_SECONDS from now. */
  async startFamily(userId: string, manager: EntityManager = this.dataSource.manager): Promise<IssuedRefresh> {
    const repo = manager.getRepository(RefreshTokenEntity);
    // Families of the user that can never be used again are dropped here (no sweeper needed).
    await repo
      .createQueryBuilder()
      .delete()
      .where('user_id = :userId AND (family_expires_at < now() OR revoked_at < now() - interval \'1 day\')', { userId })
      .execute();
    const expiresAt = new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000);
    return this.insert(manager, userId, randomUUID(), expiresAt);
  }

  /**
   * Rotation: the presented token is spent and a new one of the same family is answered, with the user (its current
   * claims: a role or approval change since is picked up here). A spent token presented again ends the family (it
   * was copied: whoever holds the newer one loses it too); an unknown, expired or ended one is refused.
   */
  async rotate(token: string): Promise<{ user: UserEntity; refresh: IssuedRefresh | null }> {
    type Outcome = { refused: string } | { refused: null; user: UserEntity; refresh: IssuedRefresh | null };
    const outcome = await this.dataSource.transaction(async (manager): Promise<Outcome> => {
      const rows: { id: string; family_id: string; user_id: string; family_expires_at: Date; rotated_at: Date | null; family_revoked: boolean }[] =
        await manager.query(
          `SELECT t."id", t."family_id", t."user_id", t."family_expires_at", t."rotated_at",
                  EXISTS (SELECT 1 FROM "identity"."refresh_tokens" f WHERE f."family_id" = t."family_id" AND f."revoked_at" IS NOT NULL) AS "family_revoked"
             FROM "identity"."refresh_tokens" t WHERE t."token_hash" = $1 FOR UPDATE OF t`,
          [hashOf(token)],
        );
      const row = rows[0];
      if (!row) return { refused: 'Session not found: sign in again' };
      if (row.family_revoked) return { refused: 'Session ended: sign in again' };
      if (new Date(row.family_expires_at).getTime() <= Date.now()) return { refused: 'Session expired: sign in again' };
      if (row.rotated_at !== null && Date.now() - new Date(row.rotated_at).getTime() < this.config.refreshReuseGraceSeconds * 1000) {
        // Rotated a moment ago: another tab (or a retried request) of the same browser sent the same cookie before the
        // first answer arrived. It gets an access token and no new refresh token: the browser keeps the newest cookie.
        const user = await manager.getRepository(UserEntity).findOne({ where: { id: row.user_id } });
        if (!user) return { refused: 'The user of this session no longer exists' };
        return { refused: null, user, refresh: null };
      }
      if (row.rotated_at !== null) {
        // Reuse of a spent token: the family ends (committed here, refused below), and so do the user's access tokens
        // issued until now (one may be the thief's; the user's other sign-ins renew theirs with their own cookie).
        await this.revokeFamily(manager, row.family_id);
        await this.revokeOlderSessions(manager, row.user_id, 'refresh-reuse', false);
        return { refused: 'Session ended: this sign-in was renewed elsewhere; sign in again' };
      }
      const user = await manager.getRepository(UserEntity).findOne({ where: { id: row.user_id } });
      if (!user) return { refused: 'The user of this session no longer exists' };
      await manager.getRepository(RefreshTokenEntity).update({ id: row.id }, { rotatedAt: new Date() });
      const refresh = await this.insert(manager, row.user_id, row.family_id, new Date(row.family_expires_at));
      return { refused: null, user, refresh };
    });
    if (outcome.refused !== null) throw sessionEnded(outcome.refused);
    return { user: outcome.user, refresh: outcome.refresh };
  }

  /** Logout: ends the family of this token (spent or not). Answers whether a family was found. */
  async endFamilyOf(token: string): Promise<{ ended: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.getRepository(RefreshTokenEntity).findOne({ where: { tokenHash: hashOf(token) } });
      if (!row) return { ended: false };
      await this.revokeFamily(manager, row.familyId);
      return { ended: true };
    });
  }

  /**
   * In the caller's transaction (the role, approval or password change itself): raises the user's session version,
   * so that every access token issued before is refused, and publishes UserSessionsRevoked (the gateway copies the
   * version into Redis, realtime disconnects the older sockets). With `endRefresh` (a password change) every refresh
   * family of the user ends too; otherwise the refresh tokens go on, and a refresh gets a token with the new claims.
   */
  async revokeOlderSessions(manager: EntityManager, userId: string, reason: SessionsRevokedReason, endRefresh: boolean): Promise<number> {
    // pg answers an UPDATE as [rows, rowCount].
    const [rows] = (await manager.query(
      `UPDATE "identity"."users" SET "session_version" = "session_version" + 1 WHERE "id" = $1 RETURNING "session_version"`,
      [userId],
    )) as [{ session_version: number }[], number];
    const raw = rows[0];
    if (!raw) throw new DomainError('NOT_FOUND', 'User not found');
    if (endRefresh) {
      await manager
        .createQueryBuilder()
        .update(RefreshTokenEntity)
        .set({ revokedAt: () => 'now()' })
        .where('user_id = :userId AND revoked_at IS NULL', { userId })
        .execute();
    }
    await this.outbox.add(manager, UserSessionsRevoked, {
      userId,
      sessionVersion: raw.session_version,
      reason,
      refreshRevoked: endRefresh,
      at: new Date().toISOString(),
    });
    return raw.session_version;
  }

  private async revokeFamily(manager: EntityManager, familyId: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(RefreshTokenEntity)
      .set({ revokedAt: () => 'now()' })
      .where('family_id = :familyId AND revoked_at IS NULL', { familyId })
      .execute();
  }

  private async insert(manager: EntityManager, userId: string, familyId: string, familyExpiresAt: Date): Promise<IssuedRefresh> {
    const token = randomBytes(32).toString('base64url');
    await manager.getRepository(RefreshTokenEntity).insert({
      id: randomUUID(),
      familyId,
      userId,
      tokenHash: hashOf(token),
      familyExpiresAt,
      rotatedAt: null,
      revokedAt: null,
    });
    return { token, expiresAt: familyExpiresAt.toISOString() };
  }
}
