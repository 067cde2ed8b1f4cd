// The replicated local topology of `npm start -- --replicas N`: a 3-node NATS cluster with JetStream (three
// nats-server processes on loopback, data under <dataDir>/nats-cluster) and HAProxy (Debian's package) in front of
// the gateway and realtime replicas, with a configuration generated here.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { StackError, freePort, sleep } from './util.mjs';

/** Services that keep no state of their own in the process and so run N times with --replicas N. */
export const REPLICATED_SERVICES = [
  'content',
  'dispatch',
  'gateway',
  'identity',
  'payments',
  'realtime',
  'requests',
];

/** The cookie HAProxy sets so that every Engine.IO request of one socket reaches the same realtime replica. */
export const STICKY_COOKIE = 'TD_RT';

/** `--replicas N`, `--replicas=N` or REPLICAS=N; 1 when none is given. Throws on anything but a whole number 1..16. */
export function parseReplicas(argv = process.argv.slice(2), env = process.env) {
  let raw = env.REPLICAS;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--replicas') raw = argv[i + 1];
    else if (argv[i].startsWith('--replicas=')) raw = argv[i].slice('--replicas='.length);
  }
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) {
    throw new StackError(`--replicas / REPLICAS must be a whole number from 1 to 16 (got "${raw}")`);
  }
  return n;
}

function which(bin) {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const file = path.join(dir, bin);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** A long-running child whose output goes to <logDir>/<name>.log; stop() sends SIGTERM, then SIGKILL. */
function spawnLogged(name, cmd, args, logDir) {
  fs.mkdirSync(logDir, { recursive: true });
  const out = fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const handle = { name, child, exit: null };
  handle.exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      handle.exit = signal ?? `exit code ${code}`;
      resolve();
    }),
  );
  handle.stop = async () => {
    if (!handle.exit) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
      await handle.exited;
      clearTimeout(timer);
    }
    await new Promise((resolve) => out.end(resolve));
  };
  return handle;
}

async function getJson(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.json();
}

/**
 * Three nats-server processes on loopback, routed to each other as cluster `tiredash`, each with JetStream and its
 * own store under <dataDir>/nats-cluster/n<i>. Resolves once the JetStream meta group has a leader every node
 * agrees on. Returns { urls, monitorUrls, stop() }; the services get urls[0] and learn the others from the
 * cluster's INFO (client gossip).
 */
export async function startNatsCluster({ dataDir, logDir, size = 3, timeoutMs = 30000 }) {
  const bin = which('nats-server');
  if (!bin)
    throw new StackError(
      '--replicas needs nats-server for its NATS cluster: run `apt-get install -y nats-server`',
    );
  const nodes = [];
  for (let i = 1; i <= size; i += 1) {
    nodes.push({
      name: `n${i}`,
      port: await freePort(),
      clusterPort: await freePort(),
      monitorPort: await freePort(),
    });
  }
  const handles = [];
  const stop = async () => {
    for (const h of handles.reverse()) await h.stop();
    handles.length = 0;
  };
  try {
    for (const node of nodes) {
      const storeDir = path.join(dataDir, 'nats-cluster', node.name);
      fs.mkdirSync(storeDir, { recursive: true });
      const routes = nodes.filter((n) => n !== node).map((n) => `nats://127.0.0.1:${n.clusterPort}`);
      // prettier-ignore
      const args = [
        '-a', '127.0.0.1', '-p', String(node.port), '-n', node.name, '-m', String(node.monitorPort),
        '-js', '-sd', storeDir,
        '--cluster_name', 'tiredash', '--cluster', `nats://127.0.0.1:${node.clusterPort}`, '--routes', routes.join(','),
      ];
      handles.push(spawnLogged(`nats-${node.name}`, bin, args, logDir));
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const dead = handles.find((h) => h.exit);
      if (dead)
        throw new StackError(
          `${dead.name} exited (${dead.exit}); see ${path.join(logDir, `${dead.name}.log`)}`,
        );
      const leaders = await Promise.all(
        nodes.map((n) =>
          getJson(`http://127.0.0.1:${n.monitorPort}/jsz`)
            .then((j) => (j.meta_cluster?.cluster_size === size ? (j.meta_cluster?.leader ?? '') : ''))
            .catch(() => ''),
        ),
      );
      if (leaders[0] && leaders.every((l) => l === leaders[0])) break;
      if (Date.now() > deadline) {
        throw new StackError(
          `the NATS cluster elected no JetStream leader within ${timeoutMs / 1000} s; see ${logDir}/nats-n*.log`,
        );
      }
      await sleep(300);
    }
    return {
      urls: nodes.map((n) => `nats://127.0.0.1:${n.port}`),
      monitorUrls: nodes.map((n) => `http://127.0.0.1:${n.monitorPort}`),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * HAProxy's configuration. Frontend `edge` (the public port): /socket.io straight to the realtime replicas, the rest
 * (API, SPA, /ready, websockets included) round-robin over the gateways. Frontend `realtime` (an internal port, the
 * gateways' REALTIME_URL): the realtime replicas, for the gateways' /ready and their own /socket.io proxy.
 * Socket.IO's long-polling needs every request of a session on the replica that holds it: HAProxy inserts a cookie
 * naming the replica on the handshake's answer; a websocket is one connection and needs nothing more.
 * Each answer names the replica that served it in `X-Served-By`. The stats page (CSV at /;csv) counts per server.
 */
export function haproxyConfig({ port, realtimePort, statsPort, gateways, realtimes }) {
  const servers = (list, { sticky = false } = {}) =>
    list
      .map(
        (s) =>
          `  server ${s.name} 127.0.0.1:${s.port} check inter 1s fall 2 rise 1${sticky ? ` cookie ${s.name}` : ''}`,
      )
      .join('\n');
  return `# Generated by scripts/lib/replicas.mjs for \`npm start -- --replicas ${gateways.length}\`; rewritten at every start.
global
  log stdout format raw local0 notice
  maxconn 4096

defaults
  mode http
  log global
  option httplog
  option forwardfor
  option redispatch
  retries 2
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-keep-alive 10s

frontend edge
  bind 0.0.0.0:${port}
  acl socketio path_beg /socket.io/
  use_backend realtime if socketio
  default_backend gateways

frontend realtime-internal
  bind 127.0.0.1:${realtimePort}
  default_backend realtime

backend gateways
  balance roundrobin
  option httpchk GET /health
  http-response set-header X-Served-By %s
${servers(gateways)}

backend realtime
  balance roundrobin
  option httpchk GET /health
  cookie ${STICKY_COOKIE} insert indirect nocache httponly
  http-response set-header X-Served-By %s
${servers(realtimes, { sticky: true })}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /
  stats refresh 5s
`;
}

/** Writes the configuration to <dataDir>/haproxy.cfg, checks it (`haproxy -c`) and runs `haproxy -db` on it. */
export async function startHaproxy({ dataDir, logDir, ...topology }) {
  const bin = which('haproxy');
  if (!bin)
    throw new StackError('--replicas needs HAProxy as its load balancer: run `apt-get install -y haproxy`');
  const file = path.join(dataDir, 'haproxy.cfg');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, haproxyConfig(topology));
  const check = spawnLogged('haproxy-check', bin, ['-c', '-q', '-f', file], logDir);
  await check.exited;
  if (check.exit !== 'exit code 0')
    throw new StackError(`HAProxy refused ${file}; see ${path.join(logDir, 'haproxy-check.log')}`);
  await check.stop();
  const handle = spawnLogged('haproxy', bin, ['-db', '-f', file], logDir);
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    if (handle.exit)
      throw new StackError(`HAProxy exited (${handle.exit}); see ${path.join(logDir, 'haproxy.log')}`);
    const up = await fetch(`http://127.0.0.1:${topology.statsPort}/;csv`, {
      signal: AbortSignal.timeout(1000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return { ...handle, configFile: file, statsUrl: `http://127.0.0.1:${topology.statsPort}/` };
    await sleep(200);
  }
  await handle.stop();
  throw new StackError(`HAProxy did not answer on its stats port; see ${path.join(logDir, 'haproxy.log')}`);
}

/** The servers HAProxy does not see UP yet (its stats CSV), e.g. ['gateways/gateway-1']; [] when all are UP. */
export async function haproxyServersNotUp(statsUrl) {
  try {
    const csv = await (await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2000) })).text();
    const [header, ...rows] = csv.trim().split('\n');
    const cols = header.replace(/^# /, '').split(',');
    const status = cols.indexOf('status');
    return rows
      .map((r) => r.split(','))
      .filter((c) => !['FRONTEND', 'BACKEND'].includes(c[1]) && c[0] !== 'stats' && c[status] !== 'UP')
      .map((c) => `${c[0]}/${c[1]}`);
  } catch (err) {
    return [`stats: ${err instanceof Error ? err.message : String(err)}`];
  }
}
