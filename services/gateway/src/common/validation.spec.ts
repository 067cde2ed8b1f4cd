import { DomainError } from '@tiredash/contracts';
import { z } from 'zod';
import { NUL_MESSAGE, nulPaths, parseOrThrow } from './validation';

describe('parseOrThrow', () => {
  const schema = z.object({ data: z.object({ name: z.string(), tags: z.array(z.string()).optional(), extra: z.record(z.string()).optional() }) });

  it('returns what the schema parsed', () => {
    expect(parseOrThrow(schema, { data: { name: 'Ann', tags: ['a'] } })).toEqual({ data: { name: 'Ann', tags: ['a'] } });
  });

  it('refuses a NUL character anywhere in what the schema let through, naming each place (PostgreSQL stores none)', () => {
    let err: unknown;
    try {
      parseOrThrow(schema, { data: { name: 'A\u0000nn', tags: ['ok', 'x\u0000'], extra: { 'k\u0000': 'v' } } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('VALIDATION_FAILED');
    expect((err as DomainError).details).toEqual([
      { path: 'data.name', message: NUL_MESSAGE },
      { path: 'data.tags.1', message: NUL_MESSAGE },
      { path: 'data.extra.k\u0000', message: NUL_MESSAGE },
    ]);
  });

  it('lets other control and unicode characters through', () => {
    expect(nulPaths({ a: 'tab\there', b: '\u202e🛞', c: ['\u0001'] })).toEqual([]);
  });
});
