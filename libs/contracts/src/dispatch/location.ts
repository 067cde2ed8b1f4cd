import { z } from 'zod';

/**
 * The live location stream (high rate, loss tolerant): core NATS, never JetStream. Realtime publishes every
 * accepted `driver_location_update` point here after its checks; dispatch (queue group `dispatch`) keeps the
 * latest point in Redis and a sampled track in Postgres. Not under `dispatch.evt.>` so the DISPATCH stream
 * never captures it.
 */
export const LOCATION_POINT_SUBJECT = 'dispatch.live.location-point.v1';

export const locationPointSchema = z.object({
  requestId: z.string().uuid(),
  providerId: z.string().uuid(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Epoch milliseconds when realtime received the point. */
  at: z.number().int().positive(),
});
export type LocationPoint = z.infer<typeof locationPointSchema>;
