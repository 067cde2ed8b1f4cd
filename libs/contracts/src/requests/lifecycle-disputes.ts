import {
  LIFECYCLE_ACTORS,
  LIFECYCLE_STATES,
  NOT_OWNER,
  ROLE_NOT_ALLOWED,
  no,
  ok,
  type ActionColumn,
  type LifecycleActor,
  type LifecycleOutcome,
  type LifecycleState,
} from './lifecycle-cells';

/**
 * Disputes and refunds (issue 13 item 7): two columns of the lifecycle table.
 *
 * reportProblem: `POST /api/service-requests/:id/reports` (requests service). The job's customer and its accepted
 * provider report a problem from Accepted onward (a job cancelled after acceptance too); nothing about the request
 * or its hold changes, admins are told. Before a bid is accepted there is no job to report on.
 *
 * refund: `POST /api/admin/service-requests/:id/refunds` (payments service). Admins only; a card job whose payment was
 * captured (confirmed, or a no-show fee kept), up to what is left unrefunded; the request keeps its status. The cells
 * are for a card request (cash jobs are refused REFUND_CASH_JOB whatever the state).
 */
const NOT_ACCEPTED = no('CONFLICT', 'JOB_NOT_ACCEPTED');
const NOT_CAPTURED = no('CONFLICT', 'REFUND_NOT_CAPTURED');

const JOB_STATES: ReadonlySet<LifecycleState> = new Set<LifecycleState>([
  'Accepted',
  'In Progress',
  'Completion Reported',
  'Service Completed',
  'Customer No-Show',
  'Cancelled',
]);

function reportCell(state: LifecycleState, who: LifecycleActor): LifecycleOutcome {
  if (who === 'admin') return ROLE_NOT_ALLOWED;
  if (who === 'other customer' || who === 'other provider') return NOT_OWNER;
  if (!JOB_STATES.has(state)) return who === 'customer' ? NOT_ACCEPTED : NOT_OWNER;
  const to = state === 'Completion Reported' ? 'Completion Reported' : state;
  return ok(to, state === 'Cancelled' ? 'released' : state === 'Service Completed' || state === 'Customer No-Show' ? 'captured' : 'kept', 'a report; the admins are told');
}

/** The states whose card payment was captured: the job was confirmed, or the customer's no-show fee kept. */
const CAPTURED: Partial<Record<LifecycleState, string>> = {
  'Service Completed': 'part or all of the capture, once per refund',
  'Customer No-Show': 'part or all of the no-show fee',
};

function refundCell(state: LifecycleState, who: LifecycleActor): LifecycleOutcome {
  if (who !== 'admin') return ROLE_NOT_ALLOWED;
  const note = CAPTURED[state];
  if (note === undefined) return NOT_CAPTURED;
  return ok(state === 'Completion Reported' ? 'Completion Reported' : state, 'refunded', note);
}

function column(cell: (s: LifecycleState, a: LifecycleActor) => LifecycleOutcome): ActionColumn {
  return Object.fromEntries(LIFECYCLE_STATES.map((s) => [s, Object.fromEntries(LIFECYCLE_ACTORS.map((a) => [a, cell(s, a)]))])) as ActionColumn;
}

export const REPORT_PROBLEM_COLUMN: ActionColumn = column(reportCell);
export const REFUND_COLUMN: ActionColumn = column(refundCell);
