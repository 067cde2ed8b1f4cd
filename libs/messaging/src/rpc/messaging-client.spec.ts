import { DomainError } from '@tiredash/contracts';
import { namespacedStream, namespacedSubject } from '../messaging.options';
import { toDomainError } from './messaging-client';
import { NoRespondersError } from './namespaced-client-nats';

describe('toDomainError', () => {
  it('rebuilds the remote RPC error body', () => {
    const e = toDomainError({ code: 'NOT_FOUND', message: 'No such bid', details: { id: 'x' } }, 's', 5000);
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ code: 'NOT_FOUND', message: 'No such bid', details: { id: 'x' } });
  });

  it('maps no responders to UNAVAILABLE and anything unknown to INTERNAL', () => {
    expect(toDomainError(new NoRespondersError('s'), 's', 1).code).toBe('UNAVAILABLE');
    expect(toDomainError('There is no matching message handler', 's', 1).code).toBe('INTERNAL');
  });
});

describe('namespacing', () => {
  it('prefixes subjects and streams only when a namespace is set', () => {
    expect(namespacedSubject('', 'a.b')).toBe('a.b');
    expect(namespacedSubject('t_1', 'a.b')).toBe('t_1.a.b');
    expect(namespacedStream('t_1', 'IDENTITY')).toBe('t_1_IDENTITY');
  });
});
