/**
 * Bounds concurrent work of one kind: at most `concurrency` run at once, at most `maxQueued` wait for a
 * place, and anything beyond is refused at once instead of queueing without end. Used on the bid path so
 * that a flood of bids cannot take every database connection: accepting, cancelling and the other commands
 * keep connections of their own, and an overloaded bidder gets a quick "try again" instead of a 30 s wait.
 */
export class AdmissionLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private refusedCount = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
  ) {}

  async run<T>(work: () => Promise<T>, refuse: () => Error): Promise<T> {
    if (this.active < this.concurrency) {
      this.active += 1;
    } else {
      if (this.waiting.length >= this.maxQueued) {
        this.refusedCount += 1;
        throw refuse();
      }
      // The place is handed over by the finishing run (`active` stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  get stats(): { active: number; queued: number; refused: number } {
    return { active: this.active, queued: this.waiting.length, refused: this.refusedCount };
  }
}
