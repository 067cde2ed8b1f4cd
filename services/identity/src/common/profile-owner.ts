import { DomainError } from '@tiredash/contracts';
import type { KnownActor } from './actor-rules';

/**
 * The user a new profile belongs to: the `user` link of the body (the spec's client sends it), which
 * must be the caller itself unless the caller is an admin; the caller when the link is left out.
 */
export function resolveProfileOwner(actor: KnownActor, user: string | number | undefined): string {
  if (user === undefined) return actor.userId;
  if (typeof user === 'number') {
    throw new DomainError('VALIDATION_FAILED', 'Invalid user link', [
      { path: 'data.user', message: 'Must be a user id (uuid)' },
    ]);
  }
  if (user !== actor.userId && actor.role !== 'admin') {
    throw new DomainError('NOT_OWNER', 'You may only create a profile for yourself');
  }
  return user;
}
