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

/** The caller must be an admin. */
export function requireAdmin(actor: Actor): KnownActor {
  const known = requireActor(actor);
  if (known.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only an admin may do this');
  return known;
}

/** The caller must own the thing (its user id is `ownerUserId`) or be an admin. */
export function requireOwnerOrAdmin(actor: Actor, ownerUserId: string, what: string): KnownActor {
  const known = requireActor(actor);
  if (known.role !== 'admin' && known.userId !== ownerUserId) {
    throw new DomainError('NOT_OWNER', `You may only access your own ${what}`);
  }
  return known;
}
