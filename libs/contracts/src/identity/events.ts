import { z } from 'zod';
import { roleSchema } from '../common/actor';
import { defineEvent, STREAMS } from '../common/messages';
import { geoPointSchema } from './schemas';

/** Identity's domain events on the IDENTITY stream, published through the outbox. */
const S = STREAMS.IDENTITY.name;

export const UserRegistered = defineEvent(
  S,
  'identity.evt.user.registered.v1',
  z.object({ userId: z.string().uuid(), email: z.string(), role: roleSchema.nullable(), registeredAt: z.string() }),
);

export const UserRoleSet = defineEvent(
  S,
  'identity.evt.user.role-set.v1',
  z.object({ userId: z.string().uuid(), role: roleSchema }),
);

/**
 * The user's older sessions end: access tokens issued before `sessionVersion` are refused (the gateway and realtime
 * keep the version in Redis); with `refreshRevoked` (a password change) its refresh tokens were revoked too.
 */
export const UserSessionsRevoked = defineEvent(
  S,
  'identity.evt.user.sessions-revoked.v1',
  z.object({
    userId: z.string().uuid(),
    sessionVersion: z.number().int().positive(),
    /** refresh-reuse: a spent refresh token came back (copied): the tokens issued from its family may be a thief's. */
    reason: z.enum(['role', 'approval', 'password', 'refresh-reuse']),
    refreshRevoked: z.boolean(),
    at: z.string(),
  }),
);

export const UserUpdated = defineEvent(
  S,
  'identity.evt.user.updated.v1',
  z.object({ userId: z.string().uuid(), changes: z.record(z.unknown()), by: z.string().uuid() }),
);

export const customerSnapshotSchema = z.object({
  customerId: z.string().uuid(),
  userId: z.string().uuid(),
  fullName: z.string(),
  phone: z.string(),
  paymentMethod: z.enum(['cash', 'card']).nullable(),
});

/**
 * What an update event adds to the snapshot: who made the change and the previous values of the fields that
 * changed (the snapshot holds the new ones), so an admin's edit can be audited with before and after.
 */
export const changeMetaShape = {
  by: z.string().uuid().optional(),
  before: z.record(z.unknown()).optional(),
};

export const CustomerCreated = defineEvent(S, 'identity.evt.customer.created.v1', customerSnapshotSchema);
export const CustomerUpdated = defineEvent(
  S,
  'identity.evt.customer.updated.v1',
  customerSnapshotSchema.extend(changeMetaShape),
);

/** Everything another domain needs of a provider (matching, bids, payouts) without reading identity's tables. */
export const providerSnapshotSchema = z.object({
  providerId: z.string().uuid(),
  userId: z.string().uuid(),
  businessName: z.string(),
  fullName: z.string().nullable(),
  phone: z.string(),
  serviceTypes: z.array(z.string()),
  serviceRadiusMiles: z.number(),
  serviceAddress: z.string().nullable(),
  /** The live device position while online (null when unknown or offline). */
  location: geoPointSchema.nullable(),
  /** The geocoded service address: the base position matching uses while no live position is known. */
  serviceLocation: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
  online: z.boolean(),
  isApproved: z.boolean().nullable(),
  hourlyRateCents: z.number().int(),
  yearsExperience: z.number().int(),
});
export type ProviderSnapshot = z.infer<typeof providerSnapshotSchema>;

export const ProviderCreated = defineEvent(S, 'identity.evt.provider.created.v1', providerSnapshotSchema);
export const ProviderUpdated = defineEvent(
  S,
  'identity.evt.provider.updated.v1',
  providerSnapshotSchema.extend(changeMetaShape),
);
export const ProviderApproved = defineEvent(
  S,
  'identity.evt.provider.approved.v1',
  z.object({ providerId: z.string().uuid(), userId: z.string().uuid(), by: z.string().uuid(), at: z.string() }),
);
export const ProviderRejected = defineEvent(
  S,
  'identity.evt.provider.rejected.v1',
  z.object({ providerId: z.string().uuid(), userId: z.string().uuid(), by: z.string().uuid(), at: z.string() }),
);
