import type { StreamName } from '@tiredash/contracts';

/** A service's NATS user (the service name in deploy/nats/auth.conf) and password. */
export interface NatsCredentials {
  user: string;
  pass: string;
}

export interface MessagingOptions {
  /** Also the NATS queue group of the service's subscriptions. */
  serviceName: string;
  natsUrl: string;
  /** Deployments: the service's NATS user and password (subject permissions apply). Local runs and tests: none. */
  credentials?: NatsCredentials;
  /** Test isolation: subjects become `<ns>.<subject>`, streams `<ns>_<NAME>`. Default ''. */
  namespace?: string;
  /** JetStream streams ensured at start-up (the DLQ stream always is). */
  streams?: StreamName[];
  /** Outbox relay tuning. */
  outbox?: { batchSize?: number; idlePollMs?: number };
  /** How long to wait between reconnect attempts (forever, with jitter). Default: natsReconnectOptions'. */
  reconnect?: NatsReconnectTuning;
}

export interface NatsReconnectTuning {
  /** Wait between attempts to the same server. Default 2000. */
  timeWaitMs?: number;
  /** Up to this much random time is added to each wait, so that replicas do not reconnect in lockstep. Default 1000. */
  jitterMs?: number;
}

/**
 * The nats.js reconnect options of every connection a service makes: it reconnects forever (nats.js gives up after
 * 10 attempts by default, about 20 s, and the connection is then closed for good), with jitter. Subscriptions and
 * JetStream pulls resume on the same connection once a server answers again.
 */
export function natsReconnectOptions(tuning: NatsReconnectTuning | undefined): {
  reconnect: true;
  maxReconnectAttempts: number;
  reconnectTimeWait: number;
  reconnectJitter: number;
  reconnectJitterTLS: number;
} {
  const jitter = tuning?.jitterMs ?? 1000;
  return {
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: tuning?.timeWaitMs ?? 2000,
    reconnectJitter: jitter,
    reconnectJitterTLS: jitter,
  };
}

/**
 * The servers of NATS_URL as nats.js takes them: one URL, or a comma-separated list of the cluster's servers (checked
 * at start-up by the services' config, @tiredash/runtime's natsUrlEnv); the client moves to another when one fails.
 */
export function natsServerList(natsUrl: string): string[] {
  return natsUrl
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The connect options of NATS_URL. With several servers, waitOnFirstConnect: nats.js otherwise drops from its list,
 * for good, every server that refused the first connection (one node restarting while the pod starts), and would
 * then never fail over to it.
 */
export function natsServerOptions(natsUrl: string): { servers: string[]; waitOnFirstConnect: boolean } {
  const servers = natsServerList(natsUrl);
  return { servers, waitOnFirstConnect: servers.length > 1 };
}

export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

const NAMESPACE = /^[A-Za-z0-9_]*$/;

export function assertNamespace(namespace: string): void {
  if (!NAMESPACE.test(namespace))
    throw new Error(`Invalid messaging namespace "${namespace}" (letters, digits, _)`);
}

/** The subject on the wire: `<ns>.<subject>` when a namespace is set. */
export function namespacedSubject(namespace: string | undefined, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

/** The stream name on the server: `<ns>_<name>` when a namespace is set. */
export function namespacedStream(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}_${name}` : name;
}

/**
 * The nats.js connect options of a service's credentials: user and password, and replies on the user's private
 * inbox prefix (`_INBOX_<user>`), the only inbox its permissions let it subscribe to. Without credentials: none.
 */
export function natsAuthOptions(credentials: NatsCredentials | undefined): {
  user?: string;
  pass?: string;
  inboxPrefix?: string;
} {
  if (!credentials) return {};
  return { user: credentials.user, pass: credentials.pass, inboxPrefix: natsInboxPrefix(credentials.user) };
}

/** The prefix of a user's reply subjects (`_INBOX_<user>`): only that user may subscribe to them. */
export function natsInboxPrefix(user: string): string {
  return `_INBOX_${user}`;
}
