import { AdmissionLimiter } from './admission-limiter';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('AdmissionLimiter', () => {
  const busy = () => new Error('busy');

  it('runs at most `concurrency` at once and starts the waiting ones in order as places free up', async () => {
    const limiter = new AdmissionLimiter(2, 10);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }, busy),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.stats).toEqual({ active: 2, queued: 2, refused: 0 });
    gates[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(limiter.stats).toEqual({ active: 0, queued: 0, refused: 0 });
  });

  it('refuses at once beyond the queue limit, without running the work', async () => {
    const limiter = new AdmissionLimiter(1, 1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise, busy);
    const second = limiter.run(async () => 'queued', busy);
    const work = jest.fn(async () => 'never');
    await expect(limiter.run(work, busy)).rejects.toThrow('busy');
    expect(work).not.toHaveBeenCalled();
    expect(limiter.stats.refused).toBe(1);
    gate.resolve();
    await first;
    expect(await second).toBe('queued');
  });

  it('frees the place when the work fails', async () => {
    const limiter = new AdmissionLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error('db down')), busy)).rejects.toThrow('db down');
    expect(await limiter.run(async () => 'ok', busy)).toBe('ok');
    expect(limiter.stats).toEqual({ active: 0, queued: 0, refused: 0 });
  });
});
