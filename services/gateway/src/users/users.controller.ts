import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor, OptionalAuth, Roles } from '@tiredash/auth';
import {
  DomainError,
  GetMe,
  ListUsers,
  SetUserRole,
  UpdateUser,
  paginationSchema,
  searchSchema,
  setRoleBodySchema,
  updateUserBodySchema,
  type Actor,
  type AuthResponse,
  type Paged,
  type UserView,
} from '@tiredash/contracts';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseBracketQuery } from '../common/bracket-query';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/** What an anonymous POST /api/user-role/update gets back: no token and no personal data. */
export interface AnonymousRoleAnswer {
  user: { id: string; documentId: string; role: UserView['role'] };
}

@ApiTags('users')
@Controller('api')
export class UsersController {
  constructor(private readonly rpc: RpcService) {}

  @Get('users/me')
  @ApiQuery({ name: 'populate', required: false, description: 'Accepted for compatibility (`*`); the role and profiles are always included' })
  @ApiRoute({ summary: 'The logged-in user with role and profiles', errors: [401] })
  me(@CurrentActor() actor: Actor): Promise<UserView> {
    return this.rpc.send(GetMe, { actor });
  }

  @Put('users/:id')
  @ApiRoute({ summary: 'Update a user (itself, or anyone for an admin; a password only by an admin, which ends the user\'s sessions)', body: updateUserBodySchema, errors: [400, 401, 403, 404] })
  update(@CurrentActor() actor: Actor, @Param('id') rawId: string, @Body() raw: unknown): Promise<UserView> {
    const userId = parseId(rawId);
    const known = requireKnown(actor);
    if (known.role !== 'admin' && known.userId !== userId) {
      throw new DomainError('NOT_OWNER', 'You may only change your own account');
    }
    return this.rpc.send(UpdateUser, { actor, userId, body: parseOrThrow(updateUserBodySchema, raw) });
  }

  /**
   * The spec's client sends this without a token right after registering. With a token a user may set its
   * own role once (customer or provider); without one the call is accepted only when it changes nothing.
   */
  @OptionalAuth()
  @Post('user-role/update')
  @HttpCode(200)
  @ApiRoute({ summary: 'Set the role of a user (own role once; anonymous only when unchanged)', body: setRoleBodySchema, errors: [400, 401, 403, 409] })
  async setRole(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<AuthResponse | AnonymousRoleAnswer> {
    const body = parseOrThrow(setRoleBodySchema, raw);
    if (body.roleName.trim().toLowerCase() === 'admin' && actor?.role !== 'admin') {
      throw new DomainError('ROLE_NOT_ALLOWED', 'The admin role cannot be given this way');
    }
    if (actor !== null && actor.role !== 'admin' && actor.userId !== body.userId) {
      throw new DomainError('NOT_OWNER', 'You may only set your own role');
    }
    const answer = await this.rpc.send(SetUserRole, { actor, body });
    if (actor !== null) return answer;
    return { user: { id: answer.user.id, documentId: answer.user.documentId, role: answer.user.role } };
  }

  @Roles('admin')
  @Get('users')
  @ApiQuery({ name: 'pagination[page]', required: false, type: Number })
  @ApiQuery({ name: 'pagination[pageSize]', required: false, type: Number })
  @ApiQuery({ name: 'search', required: false, description: 'Name, e-mail, phone or business name contains (case-insensitive)' })
  @ApiRoute({ summary: 'Admin: list customers and providers, searchable', errors: [400, 401, 403] })
  list(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<Paged<UserView>> {
    const q = parseBracketQuery(query);
    const pagination = parseOrThrow(paginationSchema, q.pagination, 'Query parameter pagination');
    const search = parseOrThrow(searchSchema, q.search, 'Query parameter search');
    return this.rpc.send(ListUsers, { actor, pagination, search });
  }
}

function requireKnown(actor: Actor): NonNullable<Actor> {
  if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
  return actor;
}
