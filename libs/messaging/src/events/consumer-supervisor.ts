import type { ConsumerMessages, JsMsg } from 'nats';

/**
 * `expires` of every pull (consume()) of a durable consumer. nats.js's default, 30 s, is also its wait between two
 * attempts to check the consumer after a reconnection (resetPending backs off by `expires`), and its idle heartbeat
 * is half of it with two missed to notice: a pull whose NATS node went away (a cluster node stopped, the stream's
 * leader moved) could stall 30 to 60 s before it pulled again (the chaos runs: bids missing on the customers' sockets,
 * a completion not in payments when the customer confirmed). 5 s: a stalled pull recovers within seconds, for one
 * pull request every 5 s per idle consumer.
 */
export const CONSUME_EXPIRES_MS = 5000;

export interface ConsumerSupervisorOptions {
  /** The durable's name, for log lines. */
  durable: string;
  /**
   * Creates (or updates) the durable consumer and starts its pull; called at start and again on every restart (the
   * stream may have been lost with the server's store). Pass `abort_on_missing_resource: true` to `consume()`, or a
   * deleted consumer leaves the pull waiting forever instead of ending.
   */
  open: (resume?: ConsumerResume) => Promise<ConsumerMessages>;
  /** Handles one message (ack, nak, term: its business). A rejection is logged and the pull goes on. */
  handle: (m: JsMsg) => Promise<void>;
  /** Messages handled at once, in arrival order of their start. Default 1 (one after another). */
  concurrency?: number;
  logger: { log(message: string): void; error(message: string): void };
  /** First wait before a restart, doubled on each failed attempt up to restartMaxMs. Defaults 1000 and 30000. */
  restartBaseMs?: number;
  restartMaxMs?: number;
}

/** On a restart: where the previous pull left off, for a consumer that has to be created again (e.g. deleted). */
export interface ConsumerResume {
  /** The publish time of the last message received, or when the previous pull opened if none came. */
  since: Date;
  /**
   * The highest stream sequence received so far (null: none yet): a consumer created again with
   * DeliverPolicy.StartSequence from the next one misses nothing published while it was gone. (A sequence, not a
   * time: a consumer's start time cannot be given again when its configuration is updated later.)
   */
  lastStreamSeq: number | null;
}

export interface SupervisedConsumer {
  readonly durable: string;
  /** Restarts so far (tests, health). */
  readonly restarts: number;
  /** Stops pulling, ends a restart wait, and resolves once the messages in hand are handled. */
  stop(): Promise<void>;
}

/**
 * Consumes a durable JetStream consumer and keeps it consumed: when its messages stop for any reason other than
 * stop() (the durable was deleted, the stream was lost, the pull failed), the consumer is opened again after a
 * backoff (1 s doubling to 30 s, back to 1 s once messages flow again). The first open() is awaited: a consumer
 * that cannot be created at start-up fails the start-up.
 */
export async function superviseConsumer(opts: ConsumerSupervisorOptions): Promise<SupervisedConsumer> {
  const base = opts.restartBaseMs ?? 1000;
  const max = opts.restartMaxMs ?? 30_000;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  let messages = await opts.open();
  let since = new Date();
  let lastStreamSeq: number | null = null;
  let stopping = false;
  let restarts = 0;
  let wake: (() => void) | null = null;
  const inFlight = new Set<Promise<void>>();

  const run = (m: JsMsg): Promise<void> => {
    const p: Promise<void> = opts
      .handle(m)
      .catch((err: unknown) => opts.logger.error(`${opts.durable}: ${errorText(err)}`))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  };

  const loop = (async () => {
    let failures = 0;
    for (;;) {
      let why = 'message iterator ended';
      try {
        for await (const m of messages) {
          failures = 0;
          since = new Date(Math.floor(m.info.timestampNanos / 1e6));
          lastStreamSeq = Math.max(lastStreamSeq ?? 0, m.seq);
          const p = run(m);
          if (concurrency === 1) await p;
          else if (inFlight.size >= concurrency) await Promise.race(inFlight);
        }
      } catch (err) {
        why = errorText(err);
      }
      await Promise.all(inFlight);
      if (stopping) return;
      for (;;) {
        const wait = Math.min(max, base * 2 ** failures);
        failures += 1;
        opts.logger.error(`Consumer ${opts.durable} stopped: ${why}; restarting in ${wait} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
        if (stopping) return;
        try {
          const opened = new Date();
          messages = await opts.open({ since, lastStreamSeq });
          since = opened;
          restarts += 1;
          opts.logger.log(`Consumer ${opts.durable} restarted`);
          break;
        } catch (err) {
          why = `restart failed: ${errorText(err)}`;
        }
      }
      if (stopping) {
        messages.stop();
        return;
      }
    }
  })();

  return {
    durable: opts.durable,
    get restarts() {
      return restarts;
    },
    async stop() {
      stopping = true;
      messages.stop();
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
