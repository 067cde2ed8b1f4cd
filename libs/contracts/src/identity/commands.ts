import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand } from '../common/messages';
import type { Paged } from '../common/query';
import { paginationSchema, searchSchema } from '../common/query';
import {
  customerCreateBodySchema,
  customerUpdateBodySchema,
  loginBodySchema,
  providerCreateBodySchema,
  providerFiltersSchema,
  providerUpdateBodySchema,
  providerPresenceBodySchema,
  registerBodySchema,
  setRoleBodySchema,
  updateUserBodySchema,
} from './schemas';
import type { AuthResponse, CustomerView, ProviderView, SessionIssued, SessionRenewed, UserView } from './views';

/**
 * Identity's NATS request-reply subjects (`identity.cmd.<verb-noun>`). Each request carries the
 * caller (`actor`, from the verified token; null when anonymous) and the API body.
 */
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });
const id = z.string().uuid();

export const Login = defineCommand<SessionIssued>()('identity.cmd.login', loginBodySchema);

export const RegisterUser = defineCommand<SessionIssued>()('identity.cmd.register-user', registerBodySchema);

/** An opaque refresh token (the cookie's value, base64url of 32 random bytes). */
const refreshTokenSchema = z.string().min(20).max(200);

/**
 * Exchanges a refresh token for a new access token and a new refresh token of the same family (rotation).
 * A token already rotated ends its whole family (reuse detection); an expired or revoked one is UNAUTHENTICATED.
 */
export const RefreshSession = defineCommand<SessionRenewed>()('identity.cmd.refresh-session', z.object({ refreshToken: refreshTokenSchema }).strict());

/** Logout: ends the refresh family of this token (answers whether one was ended). */
export const EndRefreshFamily = defineCommand<{ ended: boolean }>()('identity.cmd.end-refresh-family', z.object({ refreshToken: refreshTokenSchema }).strict());

export const GetMe = defineCommand<UserView>()('identity.cmd.get-me', withActor({}));

export const UpdateUser = defineCommand<UserView>()(
  'identity.cmd.update-user',
  withActor({ userId: id, body: updateUserBodySchema }),
);

/** Answers a fresh token, since the role is one of its claims. */
export const SetUserRole = defineCommand<AuthResponse>()(
  'identity.cmd.set-user-role',
  withActor({ body: setRoleBodySchema }),
);

export const ListUsers = defineCommand<Paged<UserView>>()(
  'identity.cmd.list-users',
  withActor({ pagination: paginationSchema, search: searchSchema }),
);

export const CreateCustomer = defineCommand<CustomerView>()(
  'identity.cmd.create-customer',
  withActor({ body: customerCreateBodySchema }),
);

export const GetCustomer = defineCommand<CustomerView>()('identity.cmd.get-customer', withActor({ customerId: id }));

export const UpdateCustomer = defineCommand<CustomerView>()(
  'identity.cmd.update-customer',
  withActor({ customerId: id, body: customerUpdateBodySchema }),
);

export const CreateProvider = defineCommand<ProviderView>()(
  'identity.cmd.create-provider',
  withActor({ body: providerCreateBodySchema }),
);

export const GetProvider = defineCommand<ProviderView>()('identity.cmd.get-provider', withActor({ providerId: id }));

export const ListProviders = defineCommand<Paged<ProviderView>>()(
  'identity.cmd.list-providers',
  withActor({ filters: providerFiltersSchema, pagination: paginationSchema, search: searchSchema }),
);

export const UpdateProvider = defineCommand<ProviderView>()(
  'identity.cmd.update-provider',
  withActor({ providerId: id, body: providerUpdateBodySchema }),
);

/** The Online/Offline switch, the live position and the heartbeat of the provider's app (owner only). */
export const SetProviderPresence = defineCommand<ProviderView>()(
  'identity.cmd.set-provider-presence',
  withActor({ providerId: id, body: providerPresenceBodySchema }),
);

/** Readiness probe of the service itself (database reachable). */
export const IdentityPing = defineCommand<{ ok: true }>()('identity.cmd.ping', z.object({}));
