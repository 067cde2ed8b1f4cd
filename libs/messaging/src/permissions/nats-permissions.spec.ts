import * as contracts from '@tiredash/contracts';
import { CapturePayment, CheckCardHold, GetJobAccess, type AnyCommandDef } from '@tiredash/contracts';
import fs from 'node:fs';
import path from 'node:path';
import {
  CONSUMERS,
  DOMAIN_SERVICES,
  NATS_CONFIG_FILES,
  NATS_SERVICES,
  type NatsService,
  allCommands,
  commandOwner,
  commandSenders,
  declaredSenders,
  natsAuthorizationConf,
  natsGeneratedFiles,
  natsPermissionsOf,
} from './nats-permissions';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** A service's runtime sources (no tests, no test support). */
function sourcesOf(service: NatsService): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support' && entry.name !== 'test-fixtures') walk(full);
      } else if (entry.name.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry.name)) {
        out.push({ file: path.relative(ROOT, full), text: fs.readFileSync(full, 'utf8') });
      }
    }
  };
  walk(path.join(ROOT, 'services', service, 'src'));
  return out;
}

const commandsByName = new Map<string, AnyCommandDef>(
  Object.entries(contracts).filter(([, v]) => (v as { kind?: string })?.kind === 'command') as Array<
    [string, AnyCommandDef]
  >,
);
const eventsByName = new Map<string, { subject: string }>(
  Object.entries(contracts).filter(([, v]) => (v as { kind?: string })?.kind === 'event') as Array<
    [string, { subject: string }]
  >,
);

/** The command definitions a service imports as values from @tiredash/contracts (a command it sends or answers). */
function importedCommands(service: NatsService): Map<string, string> {
  const found = new Map<string, string>();
  for (const { file, text } of sourcesOf(service)) {
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@tiredash\/contracts'/g)) {
      if (m[1]) continue;
      for (const spec of m[2]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (spec.startsWith('type ')) continue;
        const name = spec.split(/\s+as\s+/)[0]!;
        const def = commandsByName.get(name);
        if (def) found.set(def.subject, file);
      }
    }
  }
  return found;
}

/** The durable consumers a service's code declares: `@OnEvent(Def, { durable })`, `route(Def, durable)`, `X_DURABLE = '...'`. */
function durablesInCode(service: NatsService): Map<string, string | null> {
  const found = new Map<string, string | null>();
  for (const { text } of sourcesOf(service)) {
    for (const m of text.matchAll(/@OnEvent\(\s*(\w+)\s*,\s*\{\s*durable:\s*'([^']+)'/g))
      found.set(m[2]!, eventsByName.get(m[1]!)?.subject ?? m[1]!);
    for (const m of text.matchAll(/\broute\(\s*(\w+)\s*,\s*'([^']+)'/g))
      found.set(m[2]!, eventsByName.get(m[1]!)?.subject ?? m[1]!);
    for (const m of text.matchAll(/_DURABLE\s*=\s*'([^']+)'/g)) if (!found.has(m[1]!)) found.set(m[1]!, null);
  }
  return found;
}

describe('NATS permissions (the table deploy/nats/auth.conf is generated from)', () => {
  it('the generated files are up to date (regenerate: npm run nats:config)', () => {
    const serverConf = fs.readFileSync(path.join(ROOT, NATS_CONFIG_FILES.serverConf), 'utf8');
    expect(serverConf).toMatch(/^include \.\/auth\.conf$/m);
    expect(serverConf).not.toMatch(/^\s*no_auth_user/m);
    expect(natsAuthorizationConf()).not.toMatch(/^\s*no_auth_user/m);
    for (const [file, text] of Object.entries(natsGeneratedFiles(serverConf))) {
      const target = path.join(ROOT, file);
      expect({ file, text: fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null }).toEqual({
        file,
        text,
      });
    }
  });

  it('every command of libs/contracts is answered by its domain service and only that one subscribes to it', () => {
    const commands = allCommands();
    expect(commands.length).toBeGreaterThan(40);
    for (const def of commands) {
      const owner = commandOwner(def);
      for (const s of NATS_SERVICES) {
        const subscribes = natsPermissionsOf(s).subscribe.some(
          (p) => p === `${owner}.cmd.>` || p === def.subject,
        );
        expect({ subject: def.subject, service: s, subscribes }).toEqual({
          subject: def.subject,
          service: s,
          subscribes: s === owner,
        });
      }
    }
  });

  it.each(NATS_SERVICES.map((s) => [s]))(
    '%s may send every command its code imports from another domain',
    (service) => {
      const missing = [...importedCommands(service)]
        .filter(([subject]) => {
          const def = allCommands().find((d) => d.subject === subject)!;
          return commandOwner(def) !== service && !commandSenders(def).includes(service);
        })
        .map(([subject, file]) => `${subject} (${file})`);
      expect(missing).toEqual([]);
    },
  );

  it('declares no sender a service does not need (every row is imported by that service)', () => {
    const stale = declaredSenders()
      .filter(({ def, service }) => !importedCommands(service).has(def.subject))
      .map(({ def, service }) => `${service} -> ${def.subject}`);
    expect(stale).toEqual([]);
  });

  it.each(NATS_SERVICES.map((s) => [s]))(
    "%s's durable consumers in code are exactly the declared ones",
    (service) => {
      const inCode = durablesInCode(service);
      const declared = new Map(CONSUMERS[service].map((c) => [c.durable, c.event.subject]));
      expect([...inCode.keys()].sort()).toEqual([...declared.keys()].sort());
      for (const [durable, subject] of inCode)
        if (subject !== null)
          expect({ durable, subject }).toEqual({ durable, subject: declared.get(durable) });
    },
  );

  it('the internal commands go only where they are needed (not from the gateway)', () => {
    expect(commandSenders(CheckCardHold)).toEqual(['requests']);
    expect(commandSenders(GetJobAccess)).toEqual(['realtime']);
    expect(commandSenders(CapturePayment)).toEqual(['requests', 'gateway']);
    expect(natsPermissionsOf('gateway').publish).not.toContain('payments.cmd.check-card-hold');
    expect(natsPermissionsOf('dispatch').publish).not.toContain('payments.cmd.capture-payment');
  });

  it('each domain publishes only its own events; the others publish none', () => {
    for (const s of NATS_SERVICES) {
      const events = natsPermissionsOf(s).publish.filter((p) => /^[a-z]+\.evt\./.test(p));
      expect({ s, events }).toEqual({
        s,
        events: (DOMAIN_SERVICES as readonly string[]).includes(s) ? [`${s}.evt.>`] : [],
      });
    }
  });

  it("no user gets a catch-all, another service's inbox, or a JetStream delete/purge", () => {
    for (const s of NATS_SERVICES) {
      const p = natsPermissionsOf(s);
      for (const subject of [...p.publish, ...p.subscribe]) {
        expect(subject).not.toMatch(/^(>|\*|_INBOX\.>|\$JS\.API\.>|\$JS\.>)$/);
        expect(subject).not.toMatch(/DELETE|PURGE/);
      }
      expect(p.subscribe.filter((x) => x.startsWith('_INBOX'))).toEqual([`_INBOX_${s}.>`]);
    }
  });

  it('puts every subject and stream under the namespace', () => {
    const p = natsPermissionsOf('requests', 'ns1');
    expect(p.subscribe).toEqual(expect.arrayContaining(['ns1.requests.cmd.>', '_INBOX_requests.>']));
    expect(p.publish).toEqual(
      expect.arrayContaining([
        'ns1.payments.cmd.check-card-hold',
        'ns1.requests.evt.>',
        '$JS.API.STREAM.INFO.ns1_REQUESTS',
        '$JS.API.CONSUMER.MSG.NEXT.ns1_IDENTITY.requests-customer-created',
        '$JS.API.CONSUMER.CREATE.ns1_IDENTITY.requests-customer-created.ns1.identity.evt.customer.created.v1',
        'ns1.dlq.requests-customer-created',
      ]),
    );
    expect(p.publish.filter((x) => !x.startsWith('$JS.API.INFO') && !x.includes('ns1'))).toEqual([]);
  });
});
