import { z } from 'zod';
import { defineEvent, STREAMS } from '../common/messages';
import { JOB_STATUSES } from './views';

/** Dispatch's domain events on the DISPATCH stream (outbox). */
const S = STREAMS.DISPATCH.name;
const uuid = z.string().uuid();

/** A job's progress changed (created En Route at acceptance, Arrived, Completed, Cancelled). */
export const JobStatusChanged = defineEvent(
  S,
  'dispatch.evt.job.status-changed.v1',
  z.object({
    requestId: uuid,
    providerId: uuid,
    customerId: uuid,
    status: z.enum(JOB_STATUSES),
    previousStatus: z.enum(JOB_STATUSES).nullable(),
    at: z.string(),
  }),
);
