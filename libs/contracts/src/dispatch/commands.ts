import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand } from '../common/messages';
import { latLngSchema, geoReverseQuerySchema, geoSearchQuerySchema } from './schemas';
import type { GeoSuggestionsView, JobAccessView, JobView, RouteView } from './views';

/** The dispatch service's NATS request-reply subjects (`dispatch.cmd.<verb-noun>`). */
const id = z.string().uuid();
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });

/** The job of an accepted request: its customer, its provider (by user id) or an admin. */
export const GetJob = defineCommand<JobView>()('dispatch.cmd.get-job', withActor({ requestId: id, track: z.boolean().default(false) }));

/**
 * Internal (realtime): who may stream points for a request's job and to whom they go. No actor: realtime
 * compares the answer with the socket's verified identity. NOT_FOUND before the job exists.
 */
export const GetJobAccess = defineCommand<JobAccessView>()('dispatch.cmd.get-job-access', z.object({ requestId: id }));

/**
 * The geocoding/directions proxy. `clientKey` names the caller for the per-user rate limit of upstream calls
 * (the user id; the gateway sends `ip:<address>` for an anonymous caller).
 */
export const GeoSearch = defineCommand<GeoSuggestionsView>()(
  'dispatch.cmd.geo-search',
  z.object({ clientKey: z.string().min(1).max(200), query: geoSearchQuerySchema }),
);

export const GeoReverse = defineCommand<GeoSuggestionsView>()(
  'dispatch.cmd.geo-reverse',
  z.object({ clientKey: z.string().min(1).max(200), query: geoReverseQuerySchema }),
);

export const GeoRoute = defineCommand<RouteView>()(
  'dispatch.cmd.geo-route',
  z.object({ clientKey: z.string().min(1).max(200), from: latLngSchema, to: latLngSchema }),
);

/** Readiness probe (database and Redis reachable). */
export const DispatchPing = defineCommand<{ ok: true }>()('dispatch.cmd.ping', z.object({}));
