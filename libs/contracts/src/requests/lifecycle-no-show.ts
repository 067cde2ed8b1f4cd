import {
  NOT_ACTIVE,
  NOT_OWNER,
  ROLE_NOT_ALLOWED,
  no,
  ok,
  type ActionColumn,
  type LifecycleActor,
  type LifecycleOutcome,
} from './lifecycle-cells';

/**
 * 'Customer not here' (mark absent, `POST /api/dispatch/jobs/:id/customer-absent`): the job's provider, after
 * arrival and the no-show wait (NO_SHOW_WAIT_MINUTES, default 10; before it: NO_SHOW_WAIT_NOT_OVER with the time
 * left), before 'JOB COMPLETED'. A card job pays the no-show fee of the settings from the hold (the rest released),
 * credited to the provider like a job; a cash job ends with no charge.
 */
const OUTSIDERS: Record<'other customer' | 'other provider', LifecycleOutcome> = { 'other customer': ROLE_NOT_ALLOWED, 'other provider': NOT_OWNER };
const row = (provider: LifecycleOutcome): Record<LifecycleActor, LifecycleOutcome> => ({
  customer: ROLE_NOT_ALLOWED,
  provider,
  ...OUTSIDERS,
  admin: ROLE_NOT_ALLOWED,
});

export const MARK_ABSENT_COLUMN: ActionColumn = {
  'Bids Open': row(NOT_OWNER),
  Accepted: row(no('CONFLICT', 'NOT_ARRIVED')),
  'In Progress': row(ok('Customer No-Show', 'captured', 'after the wait: card pays the no-show fee, the rest released; cash: nothing charged')),
  'Completion Reported': row(NOT_ACTIVE),
  'Service Completed': row(NOT_ACTIVE),
  'Customer No-Show': row(ok('Customer No-Show', 'captured', 'again: the same answer, nothing charged twice')),
  Cancelled: row(NOT_ACTIVE),
  Expired: row(NOT_OWNER),
};
