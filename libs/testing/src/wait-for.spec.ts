import { uniqueToken } from './names';
import { testNamespace } from './nats';
import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('resolves with the first truthy value', async () => {
    let n = 0;
    await expect(waitFor(() => (++n >= 3 ? n : 0), { intervalMs: 1 })).resolves.toBe(3);
  });

  it('times out naming the last error', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('not yet');
        },
        { timeoutMs: 30, intervalMs: 5 },
      ),
    ).rejects.toThrow(/timed out after 30 ms; last error: not yet/);
  });
});

describe('names', () => {
  it('namespaces are unique subject/stream tokens', () => {
    const a = testNamespace('My Label.with*stuff');
    const b = testNamespace('My Label.with*stuff');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[a-z0-9_]+$/);
    expect(a.length).toBeLessThanOrEqual(40);
  });

  it('tokens respect the length limit', () => {
    expect(uniqueToken('t', 'x'.repeat(200), 63).length).toBeLessThanOrEqual(63);
  });
});
