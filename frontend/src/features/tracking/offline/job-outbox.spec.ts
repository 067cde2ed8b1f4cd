import type { SocketAck } from '@tiredash/contracts';
import { FakeRealtimeSocket } from '../../../shared/realtime/fake-realtime-socket';
import { PermanentFailure, type OutboxEntry } from '../../../shared/offline/outbox';
import { jobSender, REPLAY_POINT_GAP_MS } from './job-outbox';

const entry = (kind: string, payload: unknown, key = `k-${kind}`): OutboxEntry => ({ key, seq: 1, kind, scope: 'r1', payload, queuedAt: 1, attempts: 0 });
const job = { requestId: 'r1', customerId: 'c1', providerId: 'p1', at: '2030-01-01T00:00:00.000Z' };

describe('jobSender', () => {
  it('sends arrival and completion over REST; a 4xx refusal is final, a lost network or a 5xx is retried', async () => {
    const calls: string[] = [];
    let fail: unknown = null;
    const send = jobSender({
      markArrived: (id) => (calls.push(`arrived ${id}`), fail ? Promise.reject(fail) : Promise.resolve()),
      reportCompletion: (id) => (calls.push(`completed ${id}`), Promise.resolve()),
      socket: () => null,
    });
    await send(entry('arrived', job));
    await send(entry('completed', job));
    expect(calls).toEqual(['arrived r1', 'completed r1']);

    fail = { status: 409, data: { error: { status: 409, message: 'The request is Cancelled: arrival cannot be marked' } } };
    await expect(send(entry('arrived', job))).rejects.toEqual(new PermanentFailure('The request is Cancelled: arrival cannot be marked'));
    fail = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    const lost = await send(entry('arrived', job)).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(Error);
    expect(lost).not.toBeInstanceOf(PermanentFailure);
    fail = { status: 503, data: { error: { status: 503, message: 'down' } } };
    expect(await send(entry('arrived', job)).catch((e: unknown) => e)).not.toBeInstanceOf(PermanentFailure);
  });

  it('sends a point on the live channel with its key and time, at most 2 a second, and reads the acknowledgement', async () => {
    const socket = new FakeRealtimeSocket();
    socket.connect();
    const answers: SocketAck[] = [];
    const emitted: unknown[] = [];
    socket.emit = ((event: string, payload: unknown, ack?: (a: SocketAck) => void) => {
      emitted.push({ event, payload });
      ack?.(answers.shift() ?? { ok: true, relayed: true });
    }) as typeof socket.emit;
    let now = 1000;
    const slept: number[] = [];
    const send = jobSender({
      markArrived: () => Promise.resolve(),
      reportCompletion: () => Promise.resolve(),
      socket: () => socket,
      now: () => now,
      sleep: (ms) => {
        slept.push(ms);
        now += ms;
        return Promise.resolve();
      },
    });
    const point = { requestId: 'r1', customerId: 'c1', lat: 37.7, lng: -122.4, at: 500 };
    await send(entry('location', point, 'key-1'));
    await send(entry('location', { ...point, lat: 37.8 }, 'key-2'));
    expect(emitted).toEqual([
      { event: 'driver_location_update', payload: { lat: 37.7, lng: -122.4, customerId: 'c1', requestId: 'r1', pointId: 'key-1', at: 500 } },
      { event: 'driver_location_update', payload: { lat: 37.8, lng: -122.4, customerId: 'c1', requestId: 'r1', pointId: 'key-2', at: 500 } },
    ]);
    expect(slept).toEqual([REPLAY_POINT_GAP_MS]);

    answers.push({ ok: false, error: { code: 'RATE_LIMITED', message: 'Too many points' } });
    expect(await send(entry('location', point)).catch((e: unknown) => e)).not.toBeInstanceOf(PermanentFailure);
    answers.push({ ok: false, error: { code: 'CONFLICT', message: 'The job is not active' } });
    await expect(send(entry('location', point))).rejects.toBeInstanceOf(PermanentFailure);
    socket.disconnect();
    expect(await send(entry('location', point)).catch((e: unknown) => e)).not.toBeInstanceOf(PermanentFailure);
  });
});
