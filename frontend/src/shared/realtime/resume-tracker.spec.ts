import { socketResumeSchema } from '@tiredash/contracts';
import { RESUME_MARGIN_MS, ResumeTracker } from './resume-tracker';

/** A bid id as the server makes them (uuid). */
const bid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
describe('ResumeTracker (auth.resume of a reconnecting socket)', () => {
  let now = 1_700_000_000_000;
  const clock = () => now;

  it('asks for nothing on the first connection', () => {
    const t = new ResumeTracker(clock);
    t.received(bid(1));
    expect(t.resume()).toBeUndefined();
  });

  it('after a disconnect: since the disconnect less the margin, with the bids held from that window only', () => {
    const t = new ResumeTracker(clock);
    t.received(bid(1)); // long before the disconnect
    now += 60_000;
    t.received(bid(2));
    now += 2_000;
    t.disconnected();
    const disconnectedAt = now;
    now += 5_000;
    const resume = t.resume();
    expect(resume).toEqual({ since: new Date(disconnectedAt - RESUME_MARGIN_MS).toISOString(), bidIds: [bid(2)] });
    // What the server validates.
    expect(socketResumeSchema.safeParse(resume).success).toBe(true);
  });

  it('a bid received again is held once; a long session keeps at most the contract limit', () => {
    const t = new ResumeTracker(clock);
    t.received(bid(0));
    t.received(bid(0));
    for (let i = 0; i < 2500; i += 1) t.received(bid(i + 1));
    t.disconnected();
    const ids = t.resume()?.bidIds ?? [];
    expect(ids.length).toBeLessThanOrEqual(1000);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[ids.length - 1]).toBe(bid(2500));
    expect(socketResumeSchema.safeParse(t.resume()).success).toBe(true);
  });
});
