// The NATS StatefulSet of deploy/k8s/base, run on loopback: three `start.sh` processes with the container's own
// arguments (the generated nats.conf and auth.conf, --name $(POD_NAME), --cluster, --routes to the three pods), only
// the addresses translated (pod DNS names and fixed ports -> 127.0.0.1 and free ports) and a store directory each (the
// ConfigMap's files copied, with only nats.conf's store_dir changed: nats-server refuses a second one from a flag).
// They must form one JetStream cluster; a service creates its streams there with the ConfigMap's
// NATS_STREAM_REPLICAS, as its own NATS user; and the stream keeps taking events with one server down.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type NatsConnection, connect } from 'nats';
import { parse, parseAllDocuments } from 'yaml';
import { ensureStreamsWith } from '@tiredash/messaging';
import { freePort, waitFor } from '@tiredash/testing';

const ROOT = path.resolve(__dirname, '..', '..');
const BASE = path.join(ROOT, 'deploy', 'k8s', 'base');

interface NatsStatefulSet {
  spec: {
    replicas: number;
    serviceName: string;
    template: {
      spec: {
        containers: Array<{
          command: string[];
          args: string[];
          ports: Array<{ name: string; containerPort: number }>;
          env: Array<{ name: string; valueFrom?: { secretKeyRef?: { key: string }; fieldRef?: { fieldPath: string } } }>;
        }>;
      };
    };
  };
}

const docs = parseAllDocuments(fs.readFileSync(path.join(BASE, 'nats.yaml'), 'utf8')).map(
  (d) => d.toJSON() as { kind: string; metadata: { name: string } },
);
const sts = docs.find((d) => d.kind === 'StatefulSet' && d.metadata.name === 'nats') as unknown as NatsStatefulSet;
const container = sts.spec.template.spec.containers[0]!;
const portOf = (name: string): number => container.ports.find((p) => p.name === name)!.containerPort;
const kustomization = parse(fs.readFileSync(path.join(BASE, 'kustomization.yaml'), 'utf8')) as {
  configMapGenerator: Array<{ name: string; literals?: string[] }>;
};
const streamReplicas = Number(
  kustomization.configMapGenerator
    .find((g) => g.name === 'tiredash-config')!
    .literals!.find((l) => l.startsWith('NATS_STREAM_REPLICAS='))!
    .split('=')[1],
);

/** The files the container reads under /etc/nats (the ConfigMap nats-config: deploy/k8s/base/nats/), in `dir`. */
function configIn(dir: string): (arg: string) => string {
  const source = path.join(BASE, 'nats');
  const conf = fs.readFileSync(path.join(source, 'nats.conf'), 'utf8');
  const moved = conf.replace(/^(\s*store_dir:) \/data\/jetstream$/m, `$1 ${path.join(dir, 'jetstream')}`);
  expect(moved).not.toBe(conf);
  fs.writeFileSync(path.join(dir, 'nats.conf'), moved);
  fs.copyFileSync(path.join(source, 'auth.conf'), path.join(dir, 'auth.conf'));
  return (arg) => arg.replace(/^\/etc\/nats\/start\.sh$/, path.join(source, 'start.sh')).replace(/^\/etc\/nats\//, `${dir}/`);
}

interface Node {
  name: string;
  client: number;
  cluster: number;
  monitor: number;
  dir: string;
  proc?: ChildProcess;
  log: string;
}

describe('the NATS StatefulSet (deploy/k8s/base/nats.yaml) as a cluster on loopback', () => {
  const passwords = Object.fromEntries(
    container.env
      .filter((e) => e.valueFrom?.secretKeyRef)
      .map((e) => [e.name, `n${crypto.randomBytes(24).toString('hex')}`]),
  );
  const nodes: Node[] = [];
  const connections: NatsConnection[] = [];

  beforeAll(async () => {
    for (let i = 0; i < sts.spec.replicas; i++) {
      nodes.push({
        name: `nats-${i}`,
        client: await freePort(),
        cluster: await freePort(),
        monitor: await freePort(),
        dir: fs.mkdtempSync(path.join(os.tmpdir(), 'tiredash-k8s-nats-')),
        log: '',
      });
    }
    const routeHost = (i: number): string => `nats-${i}.${sts.spec.serviceName}:${portOf('cluster')}`;
    for (const node of nodes) {
      const args = container.args.map((a) =>
        a
          .replace('$(POD_NAME)', node.name)
          .replace(`nats://0.0.0.0:${portOf('cluster')}`, `nats://127.0.0.1:${node.cluster}`)
          .replace(/nats-(\d+)\.[a-z-]+:\d+/g, (m, j: string) => (m === routeHost(Number(j)) ? `127.0.0.1:${nodes[Number(j)]!.cluster}` : m)),
      );
      // Flags after the config override it: this machine's ports.
      args.push('-p', String(node.client), '-m', String(node.monitor));
      const local = configIn(node.dir);
      expect(args.join(' ')).not.toMatch(/nats-headless|0\.0\.0\.0|POD_NAME/);
      const [shell, script] = container.command;
      expect(shell).toBe('/bin/sh');
      node.proc = spawn('sh', [local(script!), ...args.map(local)], {
        env: { PATH: process.env.PATH, ...passwords },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      node.proc.stdout!.on('data', (d: Buffer) => (node.log += d.toString()));
      node.proc.stderr!.on('data', (d: Buffer) => (node.log += d.toString()));
    }
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
    for (const node of nodes) node.proc?.kill('SIGKILL');
    for (const node of nodes) fs.rmSync(node.dir, { recursive: true, force: true });
  });

  it('forms one JetStream cluster of every replica, with a meta leader', async () => {
    for (const node of nodes) {
      const jsz = await waitFor(
        async () => {
          const res = await fetch(`http://127.0.0.1:${node.monitor}/jsz`);
          const body = (await res.json()) as { meta_cluster?: { name: string; leader?: string; cluster_size: number } };
          return body.meta_cluster?.leader ? body.meta_cluster : null;
        },
        { timeoutMs: 30000, intervalMs: 250, message: `${node.name} joins the cluster` },
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${node.log}`);
      });
      expect(jsz.cluster_size).toBe(sts.spec.replicas);
      const health = await fetch(`http://127.0.0.1:${node.monitor}/healthz?js-enabled-only=true`);
      expect(health.status).toBe(200);
    }
  });

  it(`lets a service create its streams at NATS_STREAM_REPLICAS (${streamReplicas}) as its own user, and publish with a node down`, async () => {
    expect(streamReplicas).toBe(sts.spec.replicas);
    const nc = await connect({
      servers: nodes.map((n) => `nats://127.0.0.1:${n.client}`),
      user: 'identity',
      pass: passwords.NATS_IDENTITY_PASSWORD!,
      inboxPrefix: '_INBOX_identity',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 200,
    });
    connections.push(nc);
    const jsm = await nc.jetstreamManager();
    await ensureStreamsWith(jsm, ['IDENTITY'], '', streamReplicas);
    const info = await waitFor(
      async () => {
        const i = await jsm.streams.info('IDENTITY');
        return i.cluster?.leader && (i.cluster.replicas ?? []).filter((r) => r.current).length === streamReplicas - 1 ? i : null;
      },
      { timeoutMs: 20000, intervalMs: 250, message: 'IDENTITY has a leader and current replicas' },
    );
    expect(info.config.num_replicas).toBe(streamReplicas);
    // One server down (a drain, a lost node): 2 of 3 keep the quorum, the stream still stores events.
    const victim = nodes.find((n) => n.name !== info.cluster!.leader)!;
    victim.proc!.kill('SIGKILL');
    const js = nc.jetstream();
    const ack = await waitFor(() => js.publish('identity.evt.k8s-test', new TextEncoder().encode('{}')), {
      timeoutMs: 20000,
      intervalMs: 250,
      message: 'publish with one node down',
    });
    expect(ack.stream).toBe('IDENTITY');
  });
});
