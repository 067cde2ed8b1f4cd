import { DomainError, type Actor } from '@tiredash/contracts';

export type KnownActor = NonNullable<Actor>;

export function isAdmin(actor: Actor): boolean {
  return actor !== null && actor.role === 'admin';
}

/** The caller must be an admin: 401 when anonymous, 403 otherwise. */
export function requireAdmin(actor: Actor): KnownActor {
  if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
  if (actor.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only an admin may do this');
  return actor;
}

/** The caller must be logged in. */
export function requireActor(actor: Actor): KnownActor {
  if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
  return actor;
}
