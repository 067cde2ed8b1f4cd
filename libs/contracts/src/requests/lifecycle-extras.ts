import { LIFECYCLE_ACTORS, LIFECYCLE_STATES, NOT_ACTIVE, NOT_OWNER, ROLE_NOT_ALLOWED, no, ok, type ActionColumn, type LifecycleActor, type LifecycleOutcome, type LifecycleState } from './lifecycle-cells';

/**
 * Extras (issue 13 item 1, libs/contracts/src/requests/extras.ts): the job's provider adds an item on site (after
 * arrival, before reporting completion); the request's customer approves or declines it while the job runs. Neither
 * changes the request's status; an approval of a card job raises the hold to the new total (a cash job has none).
 */
const column = (cell: (state: LifecycleState, actor: LifecycleActor) => LifecycleOutcome): ActionColumn =>
  Object.fromEntries(LIFECYCLE_STATES.map((s) => [s, Object.fromEntries(LIFECYCLE_ACTORS.map((a) => [a, cell(s, a)]))])) as ActionColumn;

/** 'add extra': POST /api/service-requests/:id/extras, the accepted provider, In Progress before 'JOB COMPLETED'. */
export const ADD_EXTRA_COLUMN: ActionColumn = column((state, actor) => {
  if (actor !== 'provider') return actor === 'other provider' ? NOT_OWNER : ROLE_NOT_ALLOWED;
  switch (state) {
    case 'Bids Open':
    case 'Expired':
      return NOT_OWNER;
    case 'Accepted':
      return no('CONFLICT', 'NOT_ARRIVED');
    case 'In Progress':
      return ok('In Progress', 'kept', 'the extra waits for the customer');
    case 'Completion Reported':
      return no('CONFLICT', 'EXTRAS_CLOSED');
    case 'Service Completed':
    case 'Customer No-Show':
    case 'Cancelled':
      return NOT_ACTIVE;
  }
});

/**
 * 'answer extra': PUT /api/service-requests/:id/extras/:extraId {status}, the request's customer, while the job runs
 * (completion reported included: an extra pending at the confirmation is not charged).
 */
export const ANSWER_EXTRA_COLUMN: ActionColumn = column((state, actor) => {
  if (actor === 'other customer') return NOT_OWNER;
  if (actor !== 'customer') return ROLE_NOT_ALLOWED;
  switch (state) {
    case 'Accepted':
      return no('CONFLICT', 'NOT_ARRIVED');
    case 'In Progress':
      return ok('In Progress', 'raised', 'card approval: re-authorised for the new total; a decline keeps the hold');
    case 'Completion Reported':
      return ok('Completion Reported', 'raised', 'card approval: re-authorised for the new total; a decline keeps the hold');
    case 'Bids Open':
    case 'Service Completed':
    case 'Customer No-Show':
    case 'Cancelled':
    case 'Expired':
      return NOT_ACTIVE;
  }
});
