import * as contracts from '@tiredash/contracts';
import {
  type AnyCommandDef,
  type AnyEventDef,
  BidAccepted,
  BidClosed,
  BidExpired,
  BidPlaced,
  CONTENT_EVENTS_WILDCARD,
  CancelServiceRequest,
  CapturePayment,
  CheckCardHold,
  CompletionReported,
  ContentPing,
  CustomerCreated,
  CustomerNoShow,
  CustomerUpdated,
  DispatchPing,
  DisputeOpened,
  DisputeResolved,
  RefundSucceeded,
  GetJob,
  GetJobAccess,
  GetMe,
  GetServiceRequest,
  GetSettings,
  JobMessageSent,
  JobExtraAdded,
  JobExtraAnswered,
  AnswerExtraHold,
  SettingsUpdated,
  IdentityPing,
  LOCATION_POINT_SUBJECT,
  MarkArrived,
  PaymentCaptured,
  PaymentsPing,
  ScheduledHoldChanged,
  ProviderApproved,
  ProviderArrived,
  ProviderCreated,
  ProviderRejected,
  ProviderUpdated,
  RatingCreated,
  ReportCompletion,
  RequestAccepted,
  RequestCancelled,
  RequestConfirmed,
  RequestCreated,
  RequestExpired,
  RequestOffered,
  RequestsPing,
  STREAMS,
  type StreamName,
  UserSessionsRevoked,
  UserUpdated,
  deadLetterSubject,
} from '@tiredash/contracts';
import { namespacedStream, namespacedSubject, natsInboxPrefix } from '../messaging.options';
import { DLQ_STREAM } from '../streams';

/**
 * Who may publish and subscribe to what on NATS: the one source of truth of the per-service users that
 * deploy/nats/auth.conf and deploy/k8s/base/nats/auth.conf are generated from (`npm run nats:config`; a unit test
 * fails while they are stale, another when a service sends a command or consumes an event this table does not
 * grant).
 *
 * Derived from libs/contracts: a command `<domain>.cmd.<verb>` is answered by its domain's service only; a domain
 * publishes only its own `<domain>.evt.>` (its outbox relay, into its own stream). Declared here: which services
 * send which commands (the gateway every public one), which durable consumers each service runs, and the few core
 * NATS subjects outside that scheme (live locations, the gateway's content-cache drop).
 */
export const NATS_SERVICES = [
  'identity',
  'requests',
  'content',
  'payments',
  'dispatch',
  'realtime',
  'gateway',
] as const;
export type NatsService = (typeof NATS_SERVICES)[number];

/** The services that own a domain: its commands, its events, its stream. */
export const DOMAIN_SERVICES = [
  'identity',
  'requests',
  'content',
  'payments',
  'dispatch',
] as const satisfies readonly NatsService[];

/** Internal commands: never from the gateway (no public route reaches them), only from the services named. */
const INTERNAL_COMMANDS: ReadonlyArray<readonly [AnyCommandDef, readonly NatsService[]]> = [
  // The card hold check of request creation and acceptance (the customer's card is held for budget/bid + fee).
  [CheckCardHold, ['requests']],
  // Realtime's check that a socket may stream a job's location.
  [GetJobAccess, ['realtime']],
  // An extra's answer on a card job: payments raises (or keeps) the hold first.
  [AnswerExtraHold, ['requests']],
];

/** Public commands (the gateway sends every command not listed above) that other services send too. */
const ALSO_SENT_BY: ReadonlyArray<readonly [AnyCommandDef, readonly NatsService[]]> = [
  // Confirmation of a card job captures the hold.
  [CapturePayment, ['requests']],
  // The map key of the platform settings for the geocoding/directions proxy; the fees payments applies; the
  // messaging toggle the job chat obeys.
  [GetSettings, ['dispatch', 'payments', 'requests']],
  // 'I AM HERE' is checked against the provider's latest streamed position (the job's, from dispatch).
  [GetJob, ['requests']],
  // Realtime: a socket's profile and request membership, and the job emits (arrived, job_completed, job_canceled).
  [GetMe, ['realtime']],
  [GetServiceRequest, ['realtime']],
  [MarkArrived, ['realtime']],
  [ReportCompletion, ['realtime']],
  [CancelServiceRequest, ['realtime']],
  // A NATS-only service's probe (deploy/docker/nats-ping.cjs) runs in its own pod, with its own credentials.
  [IdentityPing, ['identity']],
  [RequestsPing, ['requests']],
  [ContentPing, ['content']],
  [PaymentsPing, ['payments']],
  [DispatchPing, ['dispatch']],
];

/** A durable JetStream consumer: the event it reads and its durable name (also its `dlq.<durable>` subject). */
export interface ConsumerGrant {
  event: AnyEventDef;
  durable: string;
}

const consumers = (...pairs: Array<readonly [AnyEventDef, string]>): ConsumerGrant[] =>
  pairs.map(([event, durable]) => ({ event, durable }));

/** Every durable consumer each service runs (`@OnEvent(def, {durable})`, realtime's fan-out routes). */
export const CONSUMERS: Readonly<Record<NatsService, readonly ConsumerGrant[]>> = {
  identity: [],
  requests: consumers(
    [PaymentCaptured, 'requests-payment-captured'],
    [CustomerCreated, 'requests-customer-created'],
    [CustomerUpdated, 'requests-customer-updated'],
    [ProviderCreated, 'requests-provider-created'],
    [ProviderUpdated, 'requests-provider-updated'],
    [ProviderApproved, 'requests-provider-approved'],
    [ProviderRejected, 'requests-provider-rejected'],
  ),
  content: consumers(
    [CustomerCreated, 'content-stats-customer-created'],
    [ProviderCreated, 'content-stats-provider-created'],
    [RequestAccepted, 'content-stats-request-accepted'],
    [RequestCancelled, 'content-stats-request-cancelled'],
    [RequestConfirmed, 'content-stats-request-confirmed'],
    [RatingCreated, 'content-stats-rating-created'],
    // The 'Reported Issues' tile (issue 13, item 7).
    [DisputeOpened, 'content-stats-dispute-opened'],
    [DisputeResolved, 'content-stats-dispute-resolved'],
    // The admin's reports (issue 13, item 8).
    [RequestCreated, 'content-reports-request-created'],
    [RequestAccepted, 'content-reports-request-accepted'],
    [ProviderArrived, 'content-reports-request-arrived'],
    [RequestConfirmed, 'content-reports-request-confirmed'],
    [RequestCancelled, 'content-reports-request-cancelled'],
    [CustomerNoShow, 'content-reports-request-no-show'],
    [PaymentCaptured, 'content-reports-payment-captured'],
    [RatingCreated, 'content-reports-rating-created'],
    [ProviderCreated, 'content-reports-provider-created'],
    [ProviderUpdated, 'content-reports-provider-updated'],
    [ProviderApproved, 'content-audit-provider-approved'],
    [ProviderRejected, 'content-audit-provider-rejected'],
    [UserUpdated, 'content-audit-user-updated'],
    [CustomerUpdated, 'content-audit-customer-updated'],
    [ProviderUpdated, 'content-audit-provider-updated'],
  ),
  payments: consumers(
    [PaymentCaptured, 'payments-wallet-credit'],
    [ProviderCreated, 'payments-provider-created'],
    [ProviderUpdated, 'payments-provider-updated'],
    [RequestCreated, 'payments-request-created'],
    [RequestAccepted, 'payments-request-accepted'],
    [RequestCancelled, 'payments-request-cancelled'],
    [RequestExpired, 'payments-request-expired'],
    [ProviderArrived, 'payments-request-arrived'],
    [CompletionReported, 'payments-request-completion-reported'],
    [CustomerNoShow, 'payments-request-no-show'],
    // Scheduled holds: a card request posted with a saved card (no hold) is linked to its SetupIntent.
    [RequestCreated, 'payments-scheduled-hold-request-created'],
  ),
  dispatch: consumers(
    [RequestAccepted, 'dispatch-request-accepted'],
    [ProviderArrived, 'dispatch-request-arrived'],
    [CompletionReported, 'dispatch-request-completion-reported'],
    [RequestConfirmed, 'dispatch-request-confirmed'],
    [RequestCancelled, 'dispatch-request-cancelled'],
    [CustomerNoShow, 'dispatch-request-no-show'],
  ),
  realtime: consumers(
    [ProviderArrived, 'realtime-request-arrived'],
    [CompletionReported, 'realtime-request-completion-reported'],
    [RequestConfirmed, 'realtime-request-confirmed'],
    [RequestCreated, 'realtime-request-created'],
    [BidPlaced, 'realtime-bid-placed'],
    [BidAccepted, 'realtime-bid-accepted'],
    [BidExpired, 'realtime-bid-expired'],
    [BidClosed, 'realtime-bid-closed'],
    [RequestCancelled, 'realtime-request-cancelled'],
    [RequestOffered, 'realtime-request-offered'],
    [RequestExpired, 'realtime-request-expired'],
    [JobMessageSent, 'realtime-job-message-sent'],
    [DisputeOpened, 'realtime-dispute-opened'],
    [RefundSucceeded, 'realtime-refund-succeeded'],
    [JobExtraAdded, 'realtime-job-extra-added'],
    [JobExtraAnswered, 'realtime-job-extra-answered'],
    [CustomerNoShow, 'realtime-request-no-show'],
    [ScheduledHoldChanged, 'realtime-scheduled-hold-changed'],
  ),
  // Session revocations (a role, approval or password change) applied to the session state in Redis.
  gateway: consumers([UserSessionsRevoked, 'gateway-user-sessions-revoked']),
};

/** Core NATS subjects outside the command/event scheme. */
const CORE_PUBLISH: Readonly<Partial<Record<NatsService, readonly string[]>>> = {
  // Live GPS points from the provider's socket (loss tolerant, not JetStream).
  realtime: [LOCATION_POINT_SUBJECT],
};
const CORE_SUBSCRIBE: Readonly<Partial<Record<NatsService, readonly string[]>>> = {
  dispatch: [LOCATION_POINT_SUBJECT],
  // Every gateway replica drops its cache of public content on any content event.
  gateway: [CONTENT_EVENTS_WILDCARD],
  // Every payments replica drops its copy of the fee settings when they change.
  payments: [SettingsUpdated.subject],
  // Every requests replica drops its copy of the messaging toggle (the job chat) when the settings change.
  requests: [SettingsUpdated.subject],
};

/** Every command and query of libs/contracts. */
export function allCommands(): AnyCommandDef[] {
  const found = new Map<string, AnyCommandDef>();
  for (const value of Object.values(contracts) as unknown[]) {
    const def = value as Partial<AnyCommandDef> | null;
    if (def && typeof def === 'object' && def.kind === 'command' && typeof def.subject === 'string') {
      found.set(def.subject, def as AnyCommandDef);
    }
  }
  return [...found.values()].sort((a, b) => a.subject.localeCompare(b.subject));
}

/** The service that answers a command: its subject's domain (`payments.cmd.capture-payment` -> payments). */
export function commandOwner(def: AnyCommandDef): NatsService {
  const domain = def.subject.split('.')[0] as NatsService;
  if (!(DOMAIN_SERVICES as readonly string[]).includes(domain))
    throw new Error(`No service owns ${def.subject}`);
  return domain;
}

/** The services allowed to send a command. */
export function commandSenders(def: AnyCommandDef): NatsService[] {
  const internal = INTERNAL_COMMANDS.find(([d]) => d.subject === def.subject);
  const senders = new Set<NatsService>(internal ? internal[1] : ['gateway']);
  for (const [d, also] of ALSO_SENT_BY) if (d.subject === def.subject) for (const s of also) senders.add(s);
  return NATS_SERVICES.filter((s) => senders.has(s));
}

/** The rows of the two declared sender lists (for the test that keeps them in line with the code). */
export function declaredSenders(): Array<{ def: AnyCommandDef; service: NatsService; internal: boolean }> {
  return [
    ...INTERNAL_COMMANDS.flatMap(([def, services]) =>
      services.map((service) => ({ def, service, internal: true })),
    ),
    ...ALSO_SENT_BY.flatMap(([def, services]) =>
      services.map((service) => ({ def, service, internal: false })),
    ),
  ];
}

/** The environment variable holding a service's NATS password (nats-server reads it in auth.conf). */
export function natsPasswordVariable(service: NatsService): string {
  return `NATS_${service.toUpperCase()}_PASSWORD`;
}

export interface NatsUserPermissions {
  user: NatsService;
  publish: string[];
  subscribe: string[];
}

function streamOf(def: AnyEventDef): StreamName {
  if (!(def.stream in STREAMS)) throw new Error(`${def.subject}: unknown stream ${def.stream}`);
  return def.stream as StreamName;
}

/** A service's permissions, subjects and stream names under `namespace` (tests; deployments use ''). */
export function natsPermissionsOf(service: NatsService, namespace = ''): NatsUserPermissions {
  const n = (subject: string): string => namespacedSubject(namespace, subject);
  const st = (stream: string): string => namespacedStream(namespace, stream);
  const publish: string[] = [];
  const subscribe: string[] = [];

  // Request-reply: the commands it may send; it answers its own domain's (replies go out through allow_responses).
  for (const def of allCommands()) if (commandSenders(def).includes(service)) publish.push(n(def.subject));
  const domain = (DOMAIN_SERVICES as readonly string[]).includes(service);
  if (domain) subscribe.push(n(`${service}.cmd.>`));
  // Replies to its own requests (commands, JetStream API, pull consumers) arrive on its private inbox prefix.
  subscribe.push(`${natsInboxPrefix(service)}.>`);

  // JetStream: the streams it ensures at start-up (its own, those it consumes from, the DLQ).
  const ownStream = domain ? (service.toUpperCase() as StreamName) : undefined;
  const grants = CONSUMERS[service];
  const streams = new Set<string>([DLQ_STREAM.name]);
  if (ownStream) streams.add(ownStream);
  for (const g of grants) streams.add(streamOf(g.event));
  publish.push('$JS.API.INFO');
  for (const s of [...streams].sort()) {
    for (const op of ['INFO', 'CREATE', 'UPDATE']) publish.push(`$JS.API.STREAM.${op}.${st(s)}`);
  }
  // The outbox relay publishes its own domain's events (into its own stream) and nothing else.
  if (ownStream) for (const subject of STREAMS[ownStream].subjects) publish.push(n(subject));
  // Its durable consumers, by name: create/inspect them, pull, acknowledge (an ack is also a reply to the delivered
  // message, which allow_responses permits; listed so the grant stands without it), dead-letter.
  for (const g of grants) {
    const stream = st(streamOf(g.event));
    publish.push(
      `$JS.API.CONSUMER.INFO.${stream}.${g.durable}`,
      `$JS.API.CONSUMER.CREATE.${stream}.${g.durable}.${n(g.event.subject)}`,
      `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${g.durable}`,
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.${g.durable}`,
      `$JS.ACK.${stream}.${g.durable}.>`,
      n(deadLetterSubject(g.durable)),
    );
  }
  for (const subject of CORE_PUBLISH[service] ?? []) publish.push(n(subject));
  for (const subject of CORE_SUBSCRIBE[service] ?? []) subscribe.push(n(subject));
  return { user: service, publish: [...new Set(publish)], subscribe: [...new Set(subscribe)] };
}

const HEADER = [
  '# GENERATED by `npm run nats:config` from libs/messaging/src/permissions/nats-permissions.ts: do not edit.',
  "# One user per service; each password comes from the NATS server's environment (NATS_<SERVICE>_PASSWORD, the",
  '# same secret the service gets as NATS_PASSWORD). There is no no_auth_user: a client without credentials is refused.',
];

/** The nats-server `authorization` block (included by nats.conf), passwords as `$NATS_<SERVICE>_PASSWORD`. */
export function natsAuthorizationConf(namespace = ''): string {
  const q = (s: string): string => JSON.stringify(s);
  const allow = (kind: string, items: string[]): string =>
    [
      `        ${kind}: {`,
      '          allow: [',
      ...items.map((i) => `            ${q(i)}`),
      '          ]',
      '        }',
    ].join('\n');
  const users = NATS_SERVICES.map((service) => {
    const p = natsPermissionsOf(service, namespace);
    return [
      '    {',
      `      user: ${q(service)}`,
      `      password: $${natsPasswordVariable(service)}`,
      '      permissions: {',
      allow('publish', p.publish),
      allow('subscribe', p.subscribe),
      "        # Replies to the requests it received (to the caller's private inbox), once each.",
      '        allow_responses: true',
      '      }',
      '    }',
    ].join('\n');
  });
  return `${HEADER.join('\n')}\nauthorization {\n  users: [\n${users.join('\n')}\n  ]\n}\n`;
}

/**
 * The NATS container's entry point: refuses to start unless every service's password is set and safe (an empty
 * variable would let that user in without a password; a `#`, `;` or leading digit would be cut or read as a
 * number by the config parser), then runs nats-server with the given arguments.
 */
export function natsStartScript(): string {
  const vars = NATS_SERVICES.map(natsPasswordVariable);
  return `#!/bin/sh
# GENERATED by \`npm run nats:config\` from libs/messaging/src/permissions/nats-permissions.ts: do not edit.
# Starts nats-server only when every service's password is set and safe to read unquoted from the environment.
bad=""
for name in ${vars.join(' ')}; do
  eval "value=\\\${$name:-}"
  case "$value" in
    "" | [!A-Za-z]* | *[!A-Za-z0-9_-]*) bad="$bad $name" ;;
    *) [ "\${#value}" -ge 32 ] || bad="$bad $name" ;;
  esac
done
if [ -n "$bad" ]; then
  echo "nats: refusing to start:$bad must be set, 32+ letters, digits, '_' or '-' starting with a letter (npm run nats:config -- --passwords prints fresh ones)" >&2
  exit 1
fi
exec nats-server "$@"
`;
}

/** Where the generated files go (relative to the repository root), with the server config they sit beside. */
export const NATS_CONFIG_FILES = {
  composeAuth: 'deploy/nats/auth.conf',
  composeStart: 'deploy/nats/start.sh',
  serverConf: 'deploy/nats/nats.conf',
  k8sAuth: 'deploy/k8s/base/nats/auth.conf',
  k8sStart: 'deploy/k8s/base/nats/start.sh',
  k8sServerConf: 'deploy/k8s/base/nats/nats.conf',
} as const;

/**
 * Every file `npm run nats:config` writes, by path: the authorization block and the start script for compose
 * (deploy/nats) and for the Kubernetes base (kustomize reads files under its own folder only, so the server config
 * is copied there too).
 */
export function natsGeneratedFiles(serverConf: string): Record<string, string> {
  const auth = natsAuthorizationConf('');
  const start = natsStartScript();
  return {
    [NATS_CONFIG_FILES.composeAuth]: auth,
    [NATS_CONFIG_FILES.composeStart]: start,
    [NATS_CONFIG_FILES.k8sAuth]: auth,
    [NATS_CONFIG_FILES.k8sStart]: start,
    [NATS_CONFIG_FILES.k8sServerConf]: serverConf,
  };
}

/** Fresh passwords for every service, as `NATS_<SERVICE>_PASSWORD=...` lines (a .env file, a kubectl command). */
export function freshNatsPasswords(randomBytes: (n: number) => Buffer): string[] {
  return NATS_SERVICES.map((s) => `${natsPasswordVariable(s)}=n${randomBytes(32).toString('base64url')}`);
}
