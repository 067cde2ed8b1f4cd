import { DomainError } from '@tiredash/contracts';
import { z } from 'zod';

const uuid = z.string().uuid();

/** Resource ids are UUIDs (`documentId`); anything else cannot name an existing resource. */
export function parseId(raw: string): string {
  const r = uuid.safeParse(raw);
  if (!r.success) throw new DomainError('NOT_FOUND', 'Not found', [{ path: 'id', message: 'Unknown id' }]);
  return r.data;
}
