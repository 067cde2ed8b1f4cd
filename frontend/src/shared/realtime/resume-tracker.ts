import type { SocketResume } from '@tiredash/contracts';

/** How far before a disconnect a resume reaches back: events emitted just before it may not have arrived. */
export const RESUME_MARGIN_MS = 10_000;
/** Most bid ids a handshake carries (the contract's limit). */
const MAX_HELD = 1000;

/**
 * What a reconnecting socket asks the server to replay (`auth.resume`, socketResumeSchema): since its last disconnect
 * (less a margin) and the bids it already received in that window, so that the `new_bid` events emitted while it was
 * away (its realtime replica died, the network dropped) arrive on reconnection, and none twice. The first connection
 * asks for nothing.
 */
export class ResumeTracker {
  private disconnectedAt: number | null = null;
  /** bid id -> when it was received (ms), oldest first. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  disconnected(): void {
    this.disconnectedAt = this.now();
  }

  received(bidId: string): void {
    this.seen.delete(bidId);
    this.seen.set(bidId, this.now());
    // A long session: keep the newest (a resume carries at most MAX_HELD, from its window only).
    if (this.seen.size > 2 * MAX_HELD) {
      for (const id of [...this.seen.keys()].slice(0, this.seen.size - MAX_HELD)) this.seen.delete(id);
    }
  }

  /** The handshake's `resume`, or undefined for a first connection. */
  resume(): SocketResume | undefined {
    if (this.disconnectedAt === null) return undefined;
    const since = this.disconnectedAt - RESUME_MARGIN_MS;
    const bidIds = [...this.seen].filter(([, at]) => at >= since).map(([id]) => id).slice(-MAX_HELD);
    return { since: new Date(since).toISOString(), bidIds };
  }
}
