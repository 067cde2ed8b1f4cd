import { DomainError } from '@tiredash/contracts';
import { onScrape, serviceMetrics } from '@tiredash/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from './api-exception.filter';

/**
 * Admission at the front door (issue Speed): a gateway instance lets at most `max` calls of a kind be in flight
 * (received, not yet answered) and answers the excess at once with 503 and `Retry-After`, before parsing,
 * authentication or any round trip. Above capacity the calls it does take keep their latency instead of queueing
 * behind a backlog that only grows, and the kinds without a limit (accepting a bid, cancelling) never wait behind
 * a flood of bids. Per instance, in memory: replicas each take their own share.
 */
export type AdmissionKind = 'bid';

export type AdmissionLimits = Record<AdmissionKind, number>;

export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = { bid: 48 };

/** Seconds a refused caller is told to wait (`Retry-After`). */
export const ADMISSION_RETRY_AFTER_SECONDS = 1;

/** Fastify route config of a route under admission control (merge with the route's other config). */
export function admission(kind: AdmissionKind): { admission: AdmissionKind } {
  return { admission: kind };
}

const ADMITTED = Symbol('admitted');
type AdmittedRequest = FastifyRequest & { [ADMITTED]?: AdmissionKind };

/** Calls in flight and refused per kind since start-up (read by the tests and the metrics). */
export interface AdmissionState {
  inFlight: Record<AdmissionKind, number>;
  refused: Record<AdmissionKind, number>;
}

export function registerAdmission(fastify: FastifyInstance, limits: AdmissionLimits): AdmissionState {
  const state: AdmissionState = { inFlight: { bid: 0 }, refused: { bid: 0 } };
  // tiredash_admission_refused_total and tiredash_admission_in_flight follow the state at each scrape.
  const reported: Record<AdmissionKind, number> = { bid: 0 };
  const off = onScrape('admission', () => {
    const m = serviceMetrics();
    for (const kind of Object.keys(state.refused) as AdmissionKind[]) {
      m.admissionRefused.inc({ kind }, state.refused[kind] - reported[kind]);
      reported[kind] = state.refused[kind];
      m.admissionInFlight.set({ kind }, state.inFlight[kind]);
    }
  });
  fastify.addHook('onClose', (_instance, done) => {
    off();
    done();
  });
  fastify.addHook('onRequest', (req: AdmittedRequest, reply: FastifyReply, done: () => void) => {
    const kind = (req.routeOptions.config as { admission?: AdmissionKind } | undefined)?.admission;
    if (kind === undefined) return done();
    if (state.inFlight[kind] >= limits[kind]) {
      state.refused[kind] += 1;
      // Answered here (Retry-After from the details): no done(), the request goes no further.
      sendApiError(
        new DomainError('UNAVAILABLE', 'Too many bids are being placed right now; try again in a second', {
          retryAfterSeconds: ADMISSION_RETRY_AFTER_SECONDS,
        }),
        req,
        reply,
      );
      return;
    }
    state.inFlight[kind] += 1;
    req[ADMITTED] = kind;
    done();
  });
  const release = (req: AdmittedRequest): void => {
    const kind = req[ADMITTED];
    if (kind === undefined) return;
    req[ADMITTED] = undefined;
    state.inFlight[kind] -= 1;
  };
  fastify.addHook('onResponse', (req: AdmittedRequest, _reply: FastifyReply, done: () => void) => {
    release(req);
    done();
  });
  fastify.addHook('onRequestAbort', (req: AdmittedRequest, done: () => void) => {
    release(req);
    done();
  });
  return state;
}
