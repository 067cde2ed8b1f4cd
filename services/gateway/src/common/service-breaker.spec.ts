import { DomainError } from '@tiredash/contracts';
import { ServiceBreaker } from './service-breaker';

const noResponders = (): Promise<never> => Promise.reject(new DomainError('UNAVAILABLE', 'No service answers content.cmd.get-page'));
const timeout = (): Promise<never> => Promise.reject(new DomainError('TIMEOUT', 'No reply from content.cmd.get-page within 5000 ms'));

describe('ServiceBreaker (the gateway degrades per service)', () => {
  let t: number;
  let breaker: ServiceBreaker;

  beforeEach(() => {
    t = 1_000_000;
    breaker = new ServiceBreaker({ failureThreshold: 3, openMs: 5000, retryAfterSeconds: 5, now: () => t });
  });

  it('answers a command nobody takes with SERVICE_UNAVAILABLE naming the service and when to come back', async () => {
    await expect(breaker.run('content', noResponders)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { service: 'content', retryAfterSeconds: 5 },
    });
  });

  it('after failures in a row (timeouts too) fails fast without calling the service, then lets one trial through', async () => {
    for (let i = 0; i < 3; i += 1) await expect(breaker.run('content', timeout)).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(breaker.isOpen('content')).toBe(true);
    const call = jest.fn(() => Promise.resolve('page'));
    await expect(breaker.run('content', call)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { service: 'content' } });
    expect(call).not.toHaveBeenCalled();
    // Other services are not affected.
    await expect(breaker.run('requests', () => Promise.resolve('ok'))).resolves.toBe('ok');

    t += 5001;
    await expect(breaker.run('content', call)).resolves.toBe('page');
    expect(call).toHaveBeenCalledTimes(1);
    expect(breaker.isOpen('content')).toBe(false);
  });

  it('a failed trial opens the circuit again; a refusal from the service counts as an answer', async () => {
    for (let i = 0; i < 3; i += 1) await expect(breaker.run('content', noResponders)).rejects.toThrow();
    t += 5001;
    await expect(breaker.run('content', noResponders)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(breaker.isOpen('content')).toBe(true);

    t += 5001;
    const refusal = new DomainError('NOT_FOUND', 'no such page');
    await expect(breaker.run('content', () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(breaker.isOpen('content')).toBe(false);
    // An UNAVAILABLE the service answered itself (its own dependency is down) is passed on unchanged.
    const own = new DomainError('UNAVAILABLE', 'Stripe is unavailable');
    for (let i = 0; i < 4; i += 1) await expect(breaker.run('payments', () => Promise.reject(own))).rejects.toBe(own);
    expect(breaker.isOpen('payments')).toBe(false);
  });

  it('names the service of a subject by its first segment', () => {
    expect(ServiceBreaker.serviceOf('content.cmd.get-page')).toBe('content');
    expect(ServiceBreaker.serviceOf('requests.cmd.place-bid')).toBe('requests');
  });
});
