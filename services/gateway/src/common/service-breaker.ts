import { DomainError } from '@tiredash/contracts';

export interface ServiceBreakerOptions {
  /** Failures in a row (no responders, NATS unreachable, timeouts) that open a service's circuit. Default 5. */
  failureThreshold?: number;
  /** How long an open circuit answers at once without asking the service; then one call is let through. Default 5000. */
  openMs?: number;
  /** Seconds a caller is told to wait (Retry-After) when the service is down. Default 5. */
  retryAfterSeconds?: number;
  now?: () => number;
}

interface Circuit {
  failures: number;
  /** While Date.now() < openUntil, calls fail fast. */
  openUntil: number;
  /** A trial call after the open period is in flight: the others still fail fast. */
  probing: boolean;
}

/**
 * What says the service itself did not answer (MessagingClient's errors: NATS "no responders", NATS unreachable, no
 * reply in time), as opposed to an UNAVAILABLE the service answered (e.g. payments when Stripe is down), which is
 * passed on as it is.
 */
export function isServiceFailure(err: unknown): err is DomainError {
  if (!(err instanceof DomainError)) return false;
  if (err.code === 'TIMEOUT') return true;
  return err.code === 'UNAVAILABLE' && /^(No service answers |Messaging unavailable)/.test(err.message);
}

/**
 * The gateway's per-service circuit breaker, so that one service down degrades only its own routes:
 * - a command nobody answers (the service has no replica subscribed: NATS "no responders", or NATS unreachable)
 *   is answered at once with 503 SERVICE_UNAVAILABLE naming the service, with Retry-After;
 * - after `failureThreshold` failures in a row (timeouts included: a hung service would otherwise hold every caller
 *   for the full RPC timeout), its circuit opens: its routes answer 503 at once for `openMs`, then one call goes
 *   through and its outcome closes or re-opens the circuit. Other services' routes are not affected.
 * A refusal from the service itself (validation, not found, conflict...) is an answer, not a failure.
 */
export class ServiceBreaker {
  private readonly circuits = new Map<string, Circuit>();
  private readonly threshold: number;
  private readonly openMs: number;
  private readonly retryAfterSeconds: number;
  private readonly now: () => number;

  constructor(opts: ServiceBreakerOptions = {}) {
    this.threshold = opts.failureThreshold ?? 5;
    this.openMs = opts.openMs ?? 5000;
    this.retryAfterSeconds = opts.retryAfterSeconds ?? 5;
    this.now = opts.now ?? Date.now;
  }

  /** The service a subject belongs to: its first segment (`content.cmd.get-page` -> content). */
  static serviceOf(subject: string): string {
    return subject.split('.', 1)[0] ?? subject;
  }

  /** Runs `call` for the service unless its circuit is open; maps "nobody answers" to SERVICE_UNAVAILABLE. */
  async run<T>(service: string, call: () => Promise<T>): Promise<T> {
    const c = this.circuit(service);
    const t = this.now();
    let probe = false;
    if (c.openUntil > t || (c.openUntil > 0 && c.probing)) throw this.unavailable(service);
    if (c.openUntil > 0) {
      // The open period is over: this call is the trial.
      c.probing = true;
      probe = true;
    }
    try {
      const result = await call();
      c.failures = 0;
      c.openUntil = 0;
      return result;
    } catch (err) {
      if (!isServiceFailure(err)) {
        // The service answered (a refusal): it is up.
        c.failures = 0;
        c.openUntil = 0;
        throw err;
      }
      c.failures += 1;
      if (probe || c.failures >= this.threshold) c.openUntil = this.now() + this.openMs;
      // TIMEOUT stays a 504 (the command may have run); nobody answering is a 503 the caller may retry.
      if (err.code === 'TIMEOUT') throw err;
      throw this.unavailable(service);
    } finally {
      if (probe) c.probing = false;
    }
  }

  /** Whether the service's circuit is open now (tests, logs). */
  isOpen(service: string): boolean {
    const c = this.circuits.get(service);
    return c !== undefined && c.openUntil > this.now();
  }

  private circuit(service: string): Circuit {
    let c = this.circuits.get(service);
    if (!c) {
      c = { failures: 0, openUntil: 0, probing: false };
      this.circuits.set(service, c);
    }
    return c;
  }

  private unavailable(service: string): DomainError {
    return new DomainError('SERVICE_UNAVAILABLE', `The ${service} service is unavailable; try again shortly`, {
      service,
      retryAfterSeconds: this.retryAfterSeconds,
    });
  }
}
