import type { ErrorCode } from '../common/errors';
import type { RequestStatus } from '../common/constants';

/**
 * The building blocks of the request lifecycle table (lifecycle.ts): its states, its actors, what a cell says,
 * and the refusals every column shares. A column added by a later capability (extras, no-shows, disputes) lives
 * in its own lifecycle-<capability>.ts and is registered in lifecycle.ts.
 */

/**
 * The states of the table: 'Completion Reported' is In Progress after the provider pressed 'JOB COMPLETED';
 * 'Customer No-Show' ends a job whose customer was not there after the provider's wait.
 */
export const LIFECYCLE_STATES = ['Bids Open', 'Accepted', 'In Progress', 'Completion Reported', 'Service Completed', 'Customer No-Show', 'Cancelled', 'Expired'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

/**
 * Who acts: the request's customer, its accepted provider (for Bids Open and Expired: a provider it was offered
 * to), another customer, another approved provider (offered the request, not accepted), an admin.
 */
export const LIFECYCLE_ACTORS = ['customer', 'provider', 'other customer', 'other provider', 'admin'] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];

/** What happens to the card hold (cash requests have none). 'raised': re-authorised for a larger total. */
export type HoldEffect = 'released' | 'kept' | 'captured' | 'raised' | 'refunded';

export type LifecycleOutcome =
  | { to: RequestStatus | 'Completion Reported'; hold: HoldEffect; note?: string }
  | { refused: ErrorCode; reason?: string; note?: string };

export const ok = (to: RequestStatus | 'Completion Reported', hold: HoldEffect, note?: string): LifecycleOutcome => ({ to, hold, ...(note ? { note } : {}) });
export const no = (refused: ErrorCode, reason?: string, note?: string): LifecycleOutcome => ({ refused, ...(reason ? { reason } : {}), ...(note ? { note } : {}) });

/** One action's column: its outcome for every state and actor. */
export type ActionColumn = Record<LifecycleState, Record<LifecycleActor, LifecycleOutcome>>;

export const NOT_OWNER = no('NOT_OWNER');
export const FORBIDDEN = no('FORBIDDEN');
export const ROLE_NOT_ALLOWED = no('ROLE_NOT_ALLOWED');
export const NOT_CANCELLABLE = no('CONFLICT', 'REQUEST_NOT_CANCELLABLE');
export const NOT_ACTIVE = no('CONFLICT', 'JOB_NOT_ACTIVE');
