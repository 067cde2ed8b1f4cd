import { DomainError, type Actor, type Role } from '@tiredash/contracts';

export type KnownActor = NonNullable<Actor>;

export function requireActor(actor: Actor): KnownActor {
  if (!actor) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
  return actor;
}

export function requireRole(actor: Actor, ...roles: Role[]): KnownActor {
  const known = requireActor(actor);
  if (known.role === null || !roles.includes(known.role)) throw new DomainError('FORBIDDEN', `Only ${roles.join(' or ')} may do this`);
  return known;
}

export const isAdmin = (a: KnownActor): boolean => a.role === 'admin';
