import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  ROLES,
  UserRegistered,
  UserRoleSet,
  UserUpdated,
  containsPattern,
  pageMeta,
  type Actor,
  type AuthResponse,
  type LoginBody,
  type Paged,
  type Pagination,
  type RegisterBody,
  type SessionIssued,
  type SessionRenewed,
  type Role,
  type SetRoleBody,
  type UpdateUserBody,
  type UserView,
} from '@tiredash/contracts';
import { DataSource, In, type EntityManager } from 'typeorm';
import { requireActor, requireAdmin, requireOwnerOrAdmin } from '../common/actor-rules';
import { isUniqueViolation } from '../common/pg-errors';
import { CustomerEntity } from '../customers/entities/customer.entity';
import { ProviderEntity } from '../providers/entities/provider.entity';
import { UserEntity, type AccountType } from './entities/user.entity';
import { SessionsService } from '../sessions/sessions.service';
import { PasswordHasher } from './password-hasher';
import { toUserView } from './user.view';
import { UsersError } from './users.errors';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  role: Role | null;
}

/** Roles the API may name; anything else is a validation error. Strapi's "authenticated" means none. */
function parseRoleName(raw: string | undefined, field: string): Role | null {
  if (raw === undefined) return null;
  const name = raw.trim().toLowerCase();
  if (name === '' || name === 'authenticated') return null;
  const role = ROLES.find((r) => r === name);
  if (!role) throw UsersError.unknownRole(field);
  return role;
}

function accountTypeOf(role: Role | null): AccountType | null {
  return role === 'customer' || role === 'provider' ? role : null;
}

/** Users, credentials and roles. Every change is written with its outbox event in one transaction. */
@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
  ) {}

  async register(body: RegisterBody): Promise<SessionIssued> {
    const role = parseRoleName(body.role, 'role');
    if (role === 'admin') throw UsersError.adminNotAllowed();
    const user = await this.createUser({
      username: body.username,
      email: body.email,
      password: body.password,
      role,
    });
    return this.startSession(user);
  }

  /**
   * Creates a user with any role (admin included): used by `register` (which refuses admin) and by the
   * seed. Emails are compared case-insensitively; a taken one is EMAIL_TAKEN.
   */
  async createUser(input: NewUser): Promise<UserEntity> {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const repo = manager.getRepository(UserEntity);
        if (await repo.exists({ where: { email } })) throw UsersError.emailTaken();
        const user = repo.create({
          id: randomUUID(),
          username: input.username.trim(),
          email,
          passwordHash,
          role: input.role,
          accountType: accountTypeOf(input.role),
        });
        await repo.insert(user);
        await this.outbox.add(manager, UserRegistered, {
          userId: user.id,
          email: user.email,
          role: user.role,
          registeredAt: user.createdAt.toISOString(),
        });
        return user;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw UsersError.emailTaken();
      throw err;
    }
  }

  async login(body: LoginBody): Promise<SessionIssued> {
    const email = body.identifier.trim().toLowerCase();
    const user = await this.dataSource.getRepository(UserEntity).findOne({ where: { email } });
    const ok = user
      ? await this.hasher.verify(user.passwordHash, body.password)
      : await this.hasher.verifyAgainstDummy(body.password);
    if (!user || !ok) throw UsersError.invalidCredentials();
    return this.startSession(user);
  }

  /**
   * POST /api/auth/refresh: the refresh token is rotated and a new access token answered with the user's current
   * role and session version (a role or approval change since the last token is picked up here).
   */
  async refresh(refreshToken: string): Promise<SessionRenewed> {
    const { user, refresh } = await this.sessions.rotate(refreshToken);
    return { jwt: this.sessions.sign(user), user: await this.view(this.dataSource.manager, user), refresh };
  }

  /** Logout: the refresh family of this token ends. */
  endRefreshFamily(refreshToken: string): Promise<{ ended: boolean }> {
    return this.sessions.endFamilyOf(refreshToken);
  }

  async getMe(actor: Actor): Promise<UserView> {
    const known = requireActor(actor);
    const user = await this.dataSource.getRepository(UserEntity).findOne({ where: { id: known.userId } });
    if (!user) throw new UsersError('UNAUTHENTICATED', 'The user of this token no longer exists');
    return this.view(this.dataSource.manager, user);
  }

  /**
   * A user may give itself customer or provider once (while it has no role); an admin may do the same on
   * behalf of a user without a role. Naming the role the user already has succeeds without a change, even
   * anonymously (the spec's client sends this call without a token), but then no token is issued.
   * Nobody ever gets admin this way.
   */
  async setRole(actor: Actor, body: SetRoleBody): Promise<AuthResponse> {
    const role = parseRoleName(body.roleName, 'roleName');
    if (role === null) throw UsersError.unknownRole('roleName');
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(UserEntity);
      const user = await repo.findOne({ where: { id: body.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) {
        if (actor === null) throw new UsersError('UNAUTHENTICATED', 'Authentication required');
        throw UsersError.userNotFound();
      }
      const self = actor !== null && actor.userId === user.id;
      if (user.role === role) {
        return { jwt: self ? this.sign(user) : '', user: await this.view(manager, user) };
      }
      const known = requireActor(actor);
      if (!self && known.role !== 'admin')
        throw new UsersError('NOT_OWNER', 'You may only set your own role');
      if (role === 'admin') throw UsersError.adminNotAllowed();
      if (user.role !== null) throw UsersError.roleAlreadySet();
      user.role = role;
      user.accountType ??= accountTypeOf(role);
      await repo.save(user);
      await this.outbox.add(manager, UserRoleSet, { userId: user.id, role });
      // Tokens naming the old role end; the refresh cookie goes on and renews with the new role.
      user.sessionVersion = await this.sessions.revokeOlderSessions(manager, user.id, 'role', false);
      return { jwt: self ? this.sign(user) : '', user: await this.view(manager, user) };
    });
  }

  /**
   * The user itself or an admin; emits UserUpdated with the fields that changed. A new password is an admin's call
   * (no self-service route takes the current password yet) and ends every session of the user: its access tokens
   * and its refresh tokens.
   */
  async updateUser(actor: Actor, userId: string, body: UpdateUserBody): Promise<UserView> {
    const known = requireActor(actor);
    if (body.password !== undefined && known.role !== 'admin') {
      throw new UsersError('FORBIDDEN', 'Only an admin sets a password here', [{ path: 'password', message: 'Not writable' }]);
    }
    // Hashed before the row is locked (argon2 takes a while).
    const passwordHash = body.password === undefined ? undefined : await this.hasher.hash(body.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const repo = manager.getRepository(UserEntity);
        const user = await repo.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
        if (!user) {
          if (known.role !== 'admin' && known.userId !== userId) {
            throw new UsersError('NOT_OWNER', 'You may only change your own account');
          }
          throw UsersError.userNotFound();
        }
        requireOwnerOrAdmin(known, user.id, 'account');
        const changes: Record<string, unknown> = {};
        if (body.username !== undefined && body.username !== user.username) {
          user.username = body.username;
          changes.username = body.username;
        }
        if (body.email !== undefined && body.email !== user.email) {
          if (await repo.exists({ where: { email: body.email } })) throw UsersError.emailTaken();
          user.email = body.email;
          changes.email = body.email;
        }
        if (body.accountType !== undefined && body.accountType !== user.accountType) {
          user.accountType = body.accountType;
          changes.accountType = body.accountType;
        }
        if (passwordHash !== undefined) {
          user.passwordHash = passwordHash;
          // Never the password or its hash: only that it changed.
          changes.password = 'changed';
        }
        if (Object.keys(changes).length > 0) {
          await repo.save(user);
          await this.outbox.add(manager, UserUpdated, { userId: user.id, changes, by: known.userId });
        }
        if (passwordHash !== undefined) {
          user.sessionVersion = await this.sessions.revokeOlderSessions(manager, user.id, 'password', true);
        }
        return this.view(manager, user);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw UsersError.emailTaken();
      throw err;
    }
  }

  /** Admin only: the customers and providers (admins and users without a role are left out, as in the spec). */
  /** Customers and providers, newest first; `search` matches name, e-mail, phone or business name (any case). */
  async listUsers(actor: Actor, pagination: Pagination, search?: string): Promise<Paged<UserView>> {
    requireAdmin(actor);
    const qb = this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('u.role IN (:...roles)', { roles: ['customer', 'provider'] });
    if (search) {
      qb.andWhere(
        `(u.username ILIKE :p OR u.email ILIKE :p
          OR EXISTS (SELECT 1 FROM "identity"."customers" c WHERE c."user_id" = u.id AND (c."full_name" ILIKE :p OR c."phone" ILIKE :p))
          OR EXISTS (SELECT 1 FROM "identity"."providers" pr WHERE pr."user_id" = u.id
                     AND (pr."business_name" ILIKE :p OR pr."full_name" ILIKE :p OR pr."phone" ILIKE :p)))`,
        { p: containsPattern(search) },
      );
    }
    const [users, total] = await qb
      .orderBy('u.createdAt', 'DESC')
      .addOrderBy('u.id', 'ASC')
      .skip((pagination.page - 1) * pagination.pageSize)
      .take(pagination.pageSize)
      .getManyAndCount();
    const ids = users.map((u) => u.id);
    const [customers, providers] = ids.length
      ? await Promise.all([
          this.dataSource.getRepository(CustomerEntity).find({ where: { userId: In(ids) } }),
          this.dataSource.getRepository(ProviderEntity).find({ where: { userId: In(ids) } }),
        ])
      : [[], []];
    const customerOf = new Map(customers.map((c) => [c.userId, c]));
    const providerOf = new Map(providers.map((p) => [p.userId, p]));
    return {
      data: users.map((u) => toUserView(u, customerOf.get(u.id) ?? null, providerOf.get(u.id) ?? null)),
      meta: pageMeta(pagination.page, pagination.pageSize, total),
    };
  }

  async findByEmail(email: string): Promise<UserEntity | null> {
    return this.dataSource
      .getRepository(UserEntity)
      .findOne({ where: { email: email.trim().toLowerCase() } });
  }

  private async view(manager: EntityManager, user: UserEntity): Promise<UserView> {
    const [customer, provider] = await Promise.all([
      manager.getRepository(CustomerEntity).findOne({ where: { userId: user.id } }),
      manager.getRepository(ProviderEntity).findOne({ where: { userId: user.id } }),
    ]);
    return toUserView(user, customer, provider);
  }

  private sign(user: UserEntity): string {
    return this.sessions.sign(user);
  }

  /** A login or registration: an access token and a new refresh family. */
  private async startSession(user: UserEntity): Promise<SessionIssued> {
    const refresh = await this.sessions.startFamily(user.id);
    return { jwt: this.sign(user), user: await this.view(this.dataSource.manager, user), refresh };
  }
}
