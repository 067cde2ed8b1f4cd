import { memoryOutboxStorage, Outbox, PermanentFailure, type OutboxEntry, type OutboxOptions } from './outbox';

/** A box with a manual clock and manual timers (retries run when the test says so). */
type MemoryStorage = ReturnType<typeof memoryOutboxStorage>;

function makeBox(over: Partial<Omit<OutboxOptions, 'storage'>> & { storage?: MemoryStorage } = {}) {
  let now = 1_750_000_000_000;
  let keys = 0;
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const storage = over.storage ?? memoryOutboxStorage();
  const box = new Outbox({
    storage,
    now: () => (now += 1),
    newKey: () => `key-${(keys += 1)}`,
    setTimer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      const i = timers.indexOf(h as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    ...over,
  });
  const runTimers = async () => {
    for (const t of timers.splice(0)) t.fn();
    await box.flush();
  };
  return { box, storage, timers, runTimers };
}

/** A sender recording what reached "the server". */
function recorder() {
  const sent: Array<{ key: string; kind: string; payload: unknown }> = [];
  const send = (e: OutboxEntry) => {
    sent.push({ key: e.key, kind: e.kind, payload: e.payload });
    return Promise.resolve();
  };
  return { sent, send };
}

describe('Outbox', () => {
  it('keeps actions taken with nobody to send them, then sends each once, in the order taken', async () => {
    const { box, storage } = makeBox();
    await box.enqueue('location', 'r1', { lat: 1 });
    await box.enqueue('arrived', 'r1', {});
    await box.enqueue('location', 'r1', { lat: 2 });
    await box.enqueue('completed', 'r1', {});
    expect(box.entries().map((e) => e.kind)).toEqual(['location', 'arrived', 'location', 'completed']);
    expect(storage.data.size).toBe(4);

    const { sent, send } = recorder();
    box.attach(send);
    await box.flush();
    expect(sent.map((s) => [s.kind, s.payload])).toEqual([
      ['location', { lat: 1 }],
      ['arrived', {}],
      ['location', { lat: 2 }],
      ['completed', {}],
    ]);
    // Every entry carried its own idempotency key; nothing is left to send again.
    expect(new Set(sent.map((s) => s.key)).size).toBe(4);
    expect(box.entries()).toEqual([]);
    expect(storage.data.size).toBe(0);
    await box.flush();
    expect(sent).toHaveLength(4);
  });

  it('sends nothing while the browser is offline and everything once it is back', async () => {
    let online = false;
    const { box } = makeBox({ isOnline: () => online });
    const { sent, send } = recorder();
    box.attach(send);
    await box.enqueue('arrived', 'r1', {});
    await box.enqueue('completed', 'r1', {});
    await box.flush();
    expect(sent).toEqual([]);
    expect(box.entries()).toHaveLength(2);
    online = true;
    await box.flush();
    expect(sent.map((s) => s.kind)).toEqual(['arrived', 'completed']);
  });

  it('stops at a failure that may pass, keeps the order and retries the same entry (same key) later', async () => {
    const { box, timers, runTimers } = makeBox();
    const tries: string[] = [];
    let failing = true;
    box.attach((e) => {
      tries.push(`${e.kind}:${e.key}`);
      if (failing && e.kind === 'arrived') return Promise.reject(new Error('Failed to fetch'));
      return Promise.resolve();
    });
    await box.enqueue('arrived', 'r1', {});
    await box.enqueue('completed', 'r1', {});
    await box.flush();
    // completed was not sent before arrived went through.
    expect(tries).toEqual(['arrived:key-1']);
    expect(box.entries().map((e) => [e.kind, e.attempts, e.lastError])).toEqual([
      ['arrived', 1, 'Failed to fetch'],
      ['completed', 0, undefined],
    ]);
    expect(timers.map((t) => t.ms)).toEqual([1000]);

    await runTimers();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    failing = false;
    await runTimers();
    expect(tries).toEqual(['arrived:key-1', 'arrived:key-1', 'arrived:key-1', 'completed:key-2']);
    expect(box.entries()).toEqual([]);
    expect(timers).toEqual([]);
  });

  it('takes out and reports an entry the server refuses for good, and goes on with the rest', async () => {
    const { box } = makeBox();
    const { sent, send } = recorder();
    box.attach((e) => (e.kind === 'arrived' ? Promise.reject(new PermanentFailure('The request is Cancelled')) : send(e)));
    await box.enqueue('arrived', 'r1', {});
    await box.enqueue('location', 'r1', { lat: 3 });
    await box.flush();
    expect(sent.map((s) => s.kind)).toEqual(['location']);
    expect(box.entries()).toEqual([]);
    expect(box.snapshot().rejected.map((r) => [r.entry.kind, r.message])).toEqual([['arrived', 'The request is Cancelled']]);
    box.dismissRejected();
    expect(box.snapshot().rejected).toEqual([]);
  });

  it('survives a reload: a new box over the same storage sends what the old one could not, in order', async () => {
    const storage = memoryOutboxStorage();
    const first = makeBox({ storage });
    first.box.attach(() => Promise.reject(new Error('offline')));
    await first.box.enqueue('arrived', 'r1', {});
    await first.box.enqueue('completed', 'r1', {});
    first.box.dispose();

    // The page is reloaded: a new box reads the stored entries.
    const second = makeBox({ storage });
    await second.box.ready;
    expect(second.box.entries().map((e) => [e.key, e.kind])).toEqual([
      ['key-1', 'arrived'],
      ['key-2', 'completed'],
    ]);
    const { sent, send } = recorder();
    second.box.attach(send);
    await second.box.flush();
    expect(sent.map((s) => [s.key, s.kind])).toEqual([
      ['key-1', 'arrived'],
      ['key-2', 'completed'],
    ]);
    expect(storage.data.size).toBe(0);
  });

  it('two tabs sharing the storage and a lock send each entry once', async () => {
    const storage = memoryOutboxStorage();
    let held: Promise<unknown> = Promise.resolve();
    const lock = <T>(run: () => Promise<T>): Promise<T> => {
      const next = held.then(run);
      held = next.catch(() => undefined);
      return next;
    };
    const a = makeBox({ storage, lock });
    await a.box.enqueue('arrived', 'r1', {});
    await a.box.enqueue('completed', 'r1', {});
    const b = makeBox({ storage, lock });
    await b.box.ready;

    const { sent, send } = recorder();
    a.box.attach(send);
    b.box.attach(send);
    await Promise.all([a.box.flush(), b.box.flush()]);
    expect(sent.map((s) => s.kind)).toEqual(['arrived', 'completed']);
  });

  it('does not overlap rounds: an entry queued during a send is sent after it, once', async () => {
    const { box } = makeBox();
    const order: string[] = [];
    let release: () => void = () => undefined;
    box.attach(
      (e) =>
        new Promise<void>((resolve) => {
          order.push(e.kind);
          if (e.kind === 'arrived') release = resolve;
          else resolve();
        }),
    );
    await box.enqueue('arrived', 'r1', {});
    const during = box.enqueue('completed', 'r1', {});
    await during;
    expect(order).toEqual(['arrived']);
    release();
    await box.flush();
    expect(order).toEqual(['arrived', 'completed']);
    expect(box.entries()).toEqual([]);
  });
});
