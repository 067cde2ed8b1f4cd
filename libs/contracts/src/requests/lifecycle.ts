import {
  FORBIDDEN,
  LIFECYCLE_ACTORS,
  LIFECYCLE_STATES,
  NOT_ACTIVE,
  NOT_CANCELLABLE,
  NOT_OWNER,
  ROLE_NOT_ALLOWED,
  no,
  ok,
  type ActionColumn,
  type LifecycleActor,
  type LifecycleOutcome,
  type LifecycleState,
} from './lifecycle-cells';
import { REFUND_COLUMN, REPORT_PROBLEM_COLUMN } from './lifecycle-disputes';
import { MARK_ABSENT_COLUMN } from './lifecycle-no-show';
import { ADD_EXTRA_COLUMN, ANSWER_EXTRA_COLUMN } from './lifecycle-extras';

export * from './lifecycle-cells';

/**
 * The request lifecycle as one table: for each state a request can be in, each actor, and each action, what
 * happens (the new status and what happens to the card hold) or how it is refused. The requests service and the
 * payments service enforce it; docs/request-lifecycle.md is generated from it (`npm run docs:lifecycle -w
 * @tiredash/contracts`) and tests walk every cell (requests: lifecycle.int-spec.ts, payments: void cells).
 */

/**
 * cancel: PUT /api/service-requests/:id {tireStatus: 'Cancelled'}; void: POST /pay/payments/void {requestId};
 * arrive: 'I AM HERE'; report: 'JOB COMPLETED'; confirm: the customer confirms completion.
 */
const CORE_ACTIONS = ['cancel', 'void', 'arrive', 'report', 'confirm'] as const;
type CoreAction = (typeof CORE_ACTIONS)[number];

/** Arrival and completion are the provider's buttons. */
const NOT_PROVIDER = ROLE_NOT_ALLOWED;
const NO_VOID = no('CONFLICT', 'HOLD_NOT_VOIDABLE');

type Row = Record<CoreAction, LifecycleOutcome>;

/** Another customer or a provider that is not the accepted one may do nothing to a request. */
const OUTSIDER_CUSTOMER: Row = { cancel: NOT_OWNER, void: NOT_OWNER, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER };
const OUTSIDER_PROVIDER: Row = { cancel: NOT_OWNER, void: FORBIDDEN, arrive: NOT_OWNER, report: NOT_OWNER, confirm: NOT_OWNER };

const CORE: Record<LifecycleState, Record<LifecycleActor, Row>> = {
  'Bids Open': {
    customer: { cancel: ok('Cancelled', 'released'), void: ok('Bids Open', 'released', 'the request stays open without a hold'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_ACTIVE },
    provider: OUTSIDER_PROVIDER,
    'other customer': OUTSIDER_CUSTOMER,
    'other provider': OUTSIDER_PROVIDER,
    admin: { cancel: ok('Cancelled', 'released'), void: ok('Bids Open', 'released'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER },
  },
  Accepted: {
    customer: { cancel: ok('Cancelled', 'released', 'a card pays the cancellation fee of the settings, default $0'), void: NO_VOID, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: no('CONFLICT', 'NOT_ARRIVED') },
    provider: { cancel: ok('Cancelled', 'released', 'with a reason the customer sees'), void: FORBIDDEN, arrive: ok('In Progress', 'kept'), report: no('CONFLICT', 'NOT_ARRIVED'), confirm: NOT_OWNER },
    'other customer': OUTSIDER_CUSTOMER,
    'other provider': OUTSIDER_PROVIDER,
    admin: { cancel: ok('Cancelled', 'released'), void: ok('Accepted', 'released', 'dispute: the job is then unpaid'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER },
  },
  'In Progress': {
    customer: { cancel: no('CONFLICT', 'REQUEST_NOT_CANCELLABLE', 'the provider has arrived: a dispute goes through support'), void: NO_VOID, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: no('CONFLICT', 'COMPLETION_NOT_REPORTED') },
    provider: { cancel: ok('Cancelled', 'released', 'with a reason the customer sees'), void: FORBIDDEN, arrive: ok('In Progress', 'kept', 'again: nothing new'), report: ok('Completion Reported', 'kept'), confirm: NOT_OWNER },
    'other customer': OUTSIDER_CUSTOMER,
    'other provider': OUTSIDER_PROVIDER,
    admin: { cancel: ok('Cancelled', 'released', 'dispute'), void: ok('In Progress', 'released', 'dispute'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER },
  },
  'Completion Reported': {
    customer: { cancel: NOT_CANCELLABLE, void: NO_VOID, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: ok('Service Completed', 'captured', 'card: captured first, exactly once') },
    provider: { cancel: NOT_CANCELLABLE, void: FORBIDDEN, arrive: ok('Completion Reported', 'kept', 'again: nothing new'), report: ok('Completion Reported', 'kept', 'again: nothing new'), confirm: NOT_OWNER },
    'other customer': OUTSIDER_CUSTOMER,
    'other provider': OUTSIDER_PROVIDER,
    admin: { cancel: ok('Cancelled', 'released', 'dispute'), void: ok('Completion Reported', 'released', 'dispute'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER },
  },
  'Service Completed': {
    customer: { cancel: NOT_CANCELLABLE, void: NO_VOID, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: ok('Service Completed', 'captured', 'again: the same answer, nothing charged twice') },
    provider: { cancel: NOT_CANCELLABLE, void: FORBIDDEN, arrive: NOT_ACTIVE, report: ok('Service Completed', 'kept', 'again: nothing new'), confirm: NOT_OWNER },
    'other customer': OUTSIDER_CUSTOMER,
    'other provider': OUTSIDER_PROVIDER,
    admin: { cancel: NOT_CANCELLABLE, void: NO_VOID, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER },
  },
  // The provider waited and marked the customer absent: the no-show fee of the settings was captured from the hold.
  'Customer No-Show': {
    customer: { cancel: NOT_CANCELLABLE, void: NO_VOID, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_ACTIVE },
    provider: { cancel: NOT_CANCELLABLE, void: FORBIDDEN, arrive: NOT_ACTIVE, report: NOT_ACTIVE, confirm: NOT_OWNER },
    'other customer': OUTSIDER_CUSTOMER,
    'other provider': OUTSIDER_PROVIDER,
    admin: { cancel: NOT_CANCELLABLE, void: NO_VOID, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER },
  },
  // Cancelled after acceptance (the accepted provider is known); cancelled while open, the providers are outsiders.
  Cancelled: {
    customer: { cancel: ok('Cancelled', 'released', 'again: the same answer'), void: ok('Cancelled', 'released', 'nothing left to void'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_ACTIVE },
    provider: { cancel: ok('Cancelled', 'released', 'again: the same answer'), void: FORBIDDEN, arrive: NOT_ACTIVE, report: NOT_ACTIVE, confirm: NOT_OWNER },
    'other customer': OUTSIDER_CUSTOMER,
    'other provider': OUTSIDER_PROVIDER,
    admin: { cancel: ok('Cancelled', 'released', 'again: the same answer'), void: ok('Cancelled', 'released'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER },
  },
  Expired: {
    customer: { cancel: NOT_CANCELLABLE, void: ok('Expired', 'released', 'nothing left to void'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_ACTIVE },
    provider: OUTSIDER_PROVIDER,
    'other customer': OUTSIDER_CUSTOMER,
    'other provider': OUTSIDER_PROVIDER,
    admin: { cancel: NOT_CANCELLABLE, void: ok('Expired', 'released'), arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER },
  },
};

/**
 * The columns later capabilities add, each in its own file (lifecycle-<capability>.ts), keyed by action name.
 * Register a column here and give it a title in ACTION_TITLES; the spec, the docs and the generated tests pick it up.
 */
const COLUMNS = { absent: MARK_ABSENT_COLUMN, reportProblem: REPORT_PROBLEM_COLUMN, refund: REFUND_COLUMN, addExtra: ADD_EXTRA_COLUMN, answerExtra: ANSWER_EXTRA_COLUMN } satisfies Record<string, ActionColumn>;

export const LIFECYCLE_ACTIONS = [...CORE_ACTIONS, ...(Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])] as const;
export type LifecycleAction = CoreAction | keyof typeof COLUMNS;

/** The whole table: REQUEST_LIFECYCLE[state][actor][action]. */
export const REQUEST_LIFECYCLE = Object.fromEntries(
  LIFECYCLE_STATES.map((s) => [
    s,
    Object.fromEntries(
      LIFECYCLE_ACTORS.map((a) => [
        a,
        { ...CORE[s][a], ...Object.fromEntries(Object.entries(COLUMNS as Record<string, ActionColumn>).map(([action, col]) => [action, col[s][a]])) },
      ]),
    ),
  ]),
) as Record<LifecycleState, Record<LifecycleActor, Record<LifecycleAction, LifecycleOutcome>>>;

/** One cell's outcome as the docs table shows it. */
export function describeOutcome(o: LifecycleOutcome): string {
  if ('refused' in o) return `no: ${o.refused}${o.reason ? ` ${o.reason}` : ''}${o.note ? ` (${o.note})` : ''}`;
  return `-> ${o.to}, hold ${o.hold}${o.note ? ` (${o.note})` : ''}`;
}

/** The markdown table of one action over every state and actor (docs/request-lifecycle.md is built from these). */
export function lifecycleMarkdown(action: LifecycleAction): string {
  const head = `| State | ${LIFECYCLE_ACTORS.join(' | ')} |\n| --- | ${LIFECYCLE_ACTORS.map(() => '---').join(' | ')} |`;
  const rows = LIFECYCLE_STATES.map((s) => `| ${s} | ${LIFECYCLE_ACTORS.map((a) => describeOutcome(REQUEST_LIFECYCLE[s][a][action])).join(' | ')} |`);
  return [head, ...rows].join('\n');
}

const ACTION_TITLES: Record<LifecycleAction, string> = {
  cancel: 'Cancel (`PUT /api/service-requests/:id {tireStatus: "Cancelled"}`)',
  void: 'Void the card hold (`POST /pay/payments/void`)',
  arrive: "Arrive ('I AM HERE')",
  report: "Report completion ('JOB COMPLETED')",
  confirm: 'Confirm completion (card: capture)',
  absent: "Mark the customer absent ('Customer not here', `POST /api/dispatch/jobs/:id/customer-absent`)",
  reportProblem: 'Report a problem (`POST /api/service-requests/:id/reports`)',
  refund: 'Refund the card payment (`POST /api/admin/service-requests/:id/refunds`)',
  addExtra: 'Add an extra (`POST /api/service-requests/:id/extras`)',
  answerExtra: 'Approve or decline an extra (`PUT /api/service-requests/:id/extras/:extraId`; card approval: hold raised)',
};

/** The generated section of docs/request-lifecycle.md: one table per action. */
export function lifecycleDocSection(): string {
  return LIFECYCLE_ACTIONS.map((a) => `### ${ACTION_TITLES[a]}\n\n${lifecycleMarkdown(a)}`).join('\n\n');
}
