import { connect } from 'nats';
import { assertNamespace, natsAuthOptions } from '../messaging.options';
import { type DeadLetter, getDeadLetter, listDeadLetters, replayDeadLetter } from './dead-letters';

export const DLQ_USAGE = `Usage: npm run dlq -- <command>
  list [--consumer <durable>] [--json]   the dead letters waiting, oldest first
  show <id> [--json]                     one dead letter: headers, error, envelope (<id>: its DLQ sequence or event id)
  replay <id>                            publish it again on the subject it came from, then remove it from the DLQ
  replay --all [--consumer <durable>]    the same for every dead letter (of one consumer)
Environment: NATS_URL (default nats://127.0.0.1:4222), NATS_NAMESPACE, NATS_USER/NATS_PASSWORD (a user allowed the
JetStream API of the DLQ stream and to publish the replayed subjects).`;

export interface DlqCliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

function oneLine(d: DeadLetter): string {
  const when = d.deadLetteredAt.toISOString();
  const tries = d.deliveries === null ? '' : ` after ${d.deliveries} deliveries`;
  return `${d.seq}\t${when}\t${d.consumer}\t${d.eventId ?? '-'}\t${d.subject}${tries}: ${d.error}`;
}

function details(d: DeadLetter): Record<string, unknown> {
  return {
    id: d.seq,
    consumer: d.consumer,
    subject: d.subject,
    eventId: d.eventId,
    deadLetteredAt: d.deadLetteredAt.toISOString(),
    deliveries: d.deliveries,
    error: d.error,
    envelope: d.envelope ?? new TextDecoder().decode(d.data),
  };
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** `npm run dlq -- ...` (libs/messaging/scripts/dlq.cjs); returns the exit code. */
export async function runDlqCli(argv: string[], io: DlqCliIo): Promise<number> {
  const [command, ...args] = argv;
  const json = args.includes('--json');
  const consumer = option(args, '--consumer');
  const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--consumer');
  if (!command || !['list', 'show', 'replay'].includes(command) || (command === 'show' && positional.length !== 1)) {
    io.err(DLQ_USAGE);
    return 2;
  }
  if (command === 'replay' && !(positional.length === 1 || (positional.length === 0 && args.includes('--all')))) {
    io.err(DLQ_USAGE);
    return 2;
  }
  const namespace = io.env.NATS_NAMESPACE ?? '';
  assertNamespace(namespace);
  const pass = io.env.NATS_PASSWORD || undefined;
  const nc = await connect({
    servers: io.env.NATS_URL || 'nats://127.0.0.1:4222',
    name: 'tiredash-dlq',
    ...natsAuthOptions(pass ? { user: io.env.NATS_USER || 'admin', pass } : undefined),
  });
  try {
    const jsm = await nc.jetstreamManager();
    if (command === 'list') {
      const all = await listDeadLetters(jsm, namespace, consumer);
      if (json) io.out(JSON.stringify(all.map(details)));
      else {
        io.out(`${all.length} dead letter${all.length === 1 ? '' : 's'}${consumer ? ` of ${consumer}` : ''}`);
        for (const d of all) io.out(oneLine(d));
      }
      return 0;
    }
    if (command === 'show') {
      const d = await getDeadLetter(jsm, positional[0] as string, namespace);
      if (!d) {
        io.err(`no dead letter ${positional[0]}`);
        return 1;
      }
      io.out(JSON.stringify(details(d), null, json ? undefined : 2));
      return 0;
    }
    const targets: DeadLetter[] = [];
    if (positional.length === 1) {
      const d = await getDeadLetter(jsm, positional[0] as string, namespace);
      if (!d) {
        io.err(`no dead letter ${positional[0]} (already replayed?)`);
        return 1;
      }
      targets.push(d);
    } else {
      targets.push(...(await listDeadLetters(jsm, namespace, consumer)));
    }
    const js = nc.jetstream();
    let failed = 0;
    for (const d of targets) {
      try {
        const r = await replayDeadLetter(js, jsm, d, namespace);
        io.out(`replayed ${r.seq} (${r.consumer}, event ${r.eventId ?? '-'}) to ${r.subject}${r.duplicate ? ' (already replayed moments ago)' : ''}`);
      } catch (err) {
        failed += 1;
        io.err(`replay of ${d.seq} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    io.out(`${targets.length - failed} replayed${failed ? `, ${failed} failed` : ''}`);
    return failed ? 1 : 0;
  } finally {
    await nc.close();
  }
}
