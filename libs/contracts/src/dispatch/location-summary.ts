import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand } from '../common/messages';

/**
 * The location side of a job for the admin's timeline (disputes, issue 13 item 7), from dispatch's own records: where
 * the provider started, the job address, the sampled track (how many points, first and last time, the distance they
 * cover), the straight-line distance from the last point to the job address, and when the provider arrived, reported
 * completion, or the job was cancelled. Admins only.
 */
export interface JobLocationSummary {
  requestId: string;
  /** False when dispatch has no job for the request (it was never accepted). */
  found: boolean;
  origin: { lat: number; lng: number } | null;
  destination: { lat: number; lng: number; address: string | null } | null;
  /** Straight-line distance from the provider's starting point to the job address, in miles. */
  startDistanceMiles: number | null;
  trackPoints: number;
  firstPointAt: string | null;
  lastPointAt: string | null;
  /** Length of the sampled track, in miles. */
  trackMiles: number;
  /** Straight-line distance from the last sampled point to the job address, in miles. */
  lastPointToJobMiles: number | null;
  acceptedAt: string | null;
  arrivedAt: string | null;
  /** Minutes from acceptance to arrival. */
  minutesToArrive: number | null;
  completedAt: string | null;
  cancelledAt: string | null;
}

export const GetJobLocationSummary = defineCommand<JobLocationSummary>()(
  'dispatch.cmd.get-job-location-summary',
  z.object({ actor: actorSchema, requestId: z.string().uuid() }),
);
