import type { ErrorCode } from '../common/errors';
import type { RequestStatus } from '../common/constants';

/**
 * The request lifecycle as one table: for each state a request can be in, each actor, and each action, what
 * happens (the new status and what happens to the card hold) or how it is refused. The requests service and the
 * payments service enforce it; docs/request-lifecycle.md is generated from it (`npm run docs:lifecycle -w
 * @tiredash/contracts`) and tests walk every cell (requests: lifecycle.int-spec.ts, payments: void cells).
 */

/** The states of the table: 'Completion Reported' is In Progress after the provider pressed 'JOB COMPLETED'. */
export const LIFECYCLE_STATES = ['Bids Open', 'Accepted', 'In Progress', 'Completion Reported', 'Service Completed', 'Cancelled', 'Expired'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

/**
 * Who acts: the request's customer, its accepted provider (for Bids Open and Expired: a provider it was offered
 * to), another customer, another approved provider (offered the request, not accepted), an admin.
 */
export const LIFECYCLE_ACTORS = ['customer', 'provider', 'other customer', 'other provider', 'admin'] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];

/**
 * cancel: PUT /api/service-requests/:id {tireStatus: 'Cancelled'}; void: POST /pay/payments/void {requestId};
 * arrive: 'I AM HERE'; report: 'JOB COMPLETED'; confirm: the customer confirms completion.
 */
export const LIFECYCLE_ACTIONS = ['cancel', 'void', 'arrive', 'report', 'confirm'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** What happens to the card hold (cash requests have none). */
export type HoldEffect = 'released' | 'kept' | 'captured';

export type LifecycleOutcome =
  | { to: RequestStatus | 'Completion Reported'; hold: HoldEffect; note?: string }
  | { refused: ErrorCode; reason?: string; note?: string };

const ok = (to: RequestStatus | 'Completion Reported', hold: HoldEffect, note?: string): LifecycleOutcome => ({ to, hold, ...(note ? { note } : {}) });
const no = (refused: ErrorCode, reason?: string, note?: string): LifecycleOutcome => ({ refused, ...(reason ? { reason } : {}), ...(note ? { note } : {}) });

const NOT_OWNER = no('NOT_OWNER');
const FORBIDDEN = no('FORBIDDEN');
/** Arrival and completion are the provider's buttons. */
const NOT_PROVIDER = no('ROLE_NOT_ALLOWED');
const NOT_CANCELLABLE = no('CONFLICT', 'REQUEST_NOT_CANCELLABLE');
const NOT_ACTIVE = no('CONFLICT', 'JOB_NOT_ACTIVE');
const NO_VOID = no('CONFLICT', 'HOLD_NOT_VOIDABLE');

type Row = Record<LifecycleAction, LifecycleOutcome>;

/** Another customer or a provider that is not the accepted one may do nothing to a request. */
const OUTSIDER_CUSTOMER: Row = { cancel: NOT_OWNER, void: NOT_OWNER, arrive: NOT_PROVIDER, report: NOT_PROVIDER, confirm: NOT_OWNER };
const OUTSIDER_PROVIDER: Row = { cancel: NOT_OWNER, void: FORBIDDEN, arrive: NOT_OWNER, report: NOT_OWNER, confirm: NOT_OWNER };

export const REQUEST_LIFECYCLE: Record<LifecycleState, Record<LifecycleActor, Row>> = {
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
};

/** The generated section of docs/request-lifecycle.md: one table per action. */
export function lifecycleDocSection(): string {
  return LIFECYCLE_ACTIONS.map((a) => `### ${ACTION_TITLES[a]}\n\n${lifecycleMarkdown(a)}`).join('\n\n');
}
