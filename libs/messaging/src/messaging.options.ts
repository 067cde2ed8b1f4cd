import type { StreamName } from '@tiredash/contracts';

export interface MessagingOptions {
  /** Also the NATS queue group of the service's subscriptions. */
  serviceName: string;
  natsUrl: string;
  /** Test isolation: subjects become `<ns>.<subject>`, streams `<ns>_<NAME>`. Default ''. */
  namespace?: string;
  /** JetStream streams ensured at start-up (the DLQ stream always is). */
  streams?: StreamName[];
  /** Outbox relay tuning. */
  outbox?: { batchSize?: number; idlePollMs?: number };
}

export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

const NAMESPACE = /^[A-Za-z0-9_]*$/;

export function assertNamespace(namespace: string): void {
  if (!NAMESPACE.test(namespace)) throw new Error(`Invalid messaging namespace "${namespace}" (letters, digits, _)`);
}

/** The subject on the wire: `<ns>.<subject>` when a namespace is set. */
export function namespacedSubject(namespace: string | undefined, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

/** The stream name on the server: `<ns>_<name>` when a namespace is set. */
export function namespacedStream(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}_${name}` : name;
}
