import { DomainError, type Actor } from '@tiredash/contracts';

export type KnownActor = NonNullable<Actor>;

/** The caller must be logged in. */
export function requireActor(actor: Actor): KnownActor {
  if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
  return actor;
}

export function isAdmin(actor: Actor): boolean {
  return actor !== null && actor.role === 'admin';
}
