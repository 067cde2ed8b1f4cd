import { z } from 'zod';

export const ROLES = ['customer', 'provider', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles a user may give itself (once). */
export const SELF_ASSIGNABLE_ROLES = ['customer', 'provider'] as const;

/**
 * Who is asking. The gateway builds it from the verified JWT and sends it with every command;
 * `null` for anonymous calls. Domain services decide with it what the caller may read or change.
 */
export const actorSchema = z
  .object({
    userId: z.string().uuid(),
    role: roleSchema.nullable(),
  })
  .nullable();
export type Actor = z.infer<typeof actorSchema>;

/** Claims of the access token issued by identity and verified by libs/auth. */
export interface AccessTokenClaims {
  sub: string;
  role: Role | null;
  email: string;
  /** The user's session version when the token was issued: a token older than the current one is refused. */
  sv?: number;
}
