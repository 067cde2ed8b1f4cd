import { createThrottledEmitter } from './location-throttle';

describe('throttled location emitter', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('sends the first point at once, then at most one a second with the newest of each second', () => {
    const sent: number[] = [];
    const emitter = createThrottledEmitter<number>((v) => sent.push(v), 1000);
    emitter.push(1);
    expect(sent).toEqual([1]);
    // ten points within the next 900 ms: none goes out yet
    for (let i = 2; i <= 11; i += 1) {
      jest.advanceTimersByTime(90);
      emitter.push(i);
    }
    expect(sent).toEqual([1]);
    // the window ends: only the newest of them is sent
    jest.advanceTimersByTime(100);
    expect(sent).toEqual([1, 11]);
    // a second later with nothing new: nothing more
    jest.advanceTimersByTime(2000);
    expect(sent).toEqual([1, 11]);
    // a quiet period has passed: the next point goes at once
    emitter.push(12);
    expect(sent).toEqual([1, 11, 12]);
  });

  it('never sends two points less than a second apart under a steady 5 Hz stream', () => {
    const times: number[] = [];
    const emitter = createThrottledEmitter<number>(() => times.push(Date.now()), 1000);
    for (let i = 0; i < 50; i += 1) {
      emitter.push(i);
      jest.advanceTimersByTime(200);
    }
    jest.advanceTimersByTime(1000);
    expect(times.length).toBeGreaterThanOrEqual(10);
    expect(times.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < times.length; i += 1) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(1000);
  });

  it('drops the pending point when cancelled', () => {
    const sent: number[] = [];
    const emitter = createThrottledEmitter<number>((v) => sent.push(v), 1000);
    emitter.push(1);
    emitter.push(2);
    emitter.cancel();
    jest.advanceTimersByTime(5000);
    expect(sent).toEqual([1]);
  });
});
