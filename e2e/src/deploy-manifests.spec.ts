// Static checks of the deployment files against the workspace: every runnable service has a compose
// entry built from the shared Dockerfile and a Kubernetes Deployment with replicas and probes, the
// infrastructure uses the official images (NATS with JetStream), and no secret value is committed.
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');

interface ComposeService {
  image?: string;
  command?: string[] | string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
}

interface K8sObject {
  kind: string;
  metadata: { name: string };
  spec?: {
    replicas?: number;
    template?: { spec: { containers: Array<{ name: string; image: string; readinessProbe?: unknown; livenessProbe?: unknown; env?: Array<{ name: string; value?: string; valueFrom?: unknown }> }> } };
  };
}

function runnableServices(): string[] {
  const dir = path.join(ROOT, 'services');
  return fs
    .readdirSync(dir)
    .filter((name) => {
      const file = path.join(dir, name, 'package.json');
      if (!fs.existsSync(file)) return false;
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { tiredash?: { service?: boolean } };
      return pkg.tiredash?.service === true;
    })
    .sort();
}

const compose = parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };

function k8sObjects(): K8sObject[] {
  const base = path.join(ROOT, 'deploy', 'k8s', 'base');
  const kustomization = parse(fs.readFileSync(path.join(base, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
  return kustomization.resources.flatMap((file) => {
    const full = path.join(base, file);
    expect(fs.existsSync(full)).toBe(true);
    return parseAllDocuments(fs.readFileSync(full, 'utf8')).map((d) => d.toJSON() as K8sObject);
  });
}

describe('deployment files', () => {
  const services = runnableServices();

  it('finds the services', () => {
    expect(services).toEqual(expect.arrayContaining(['gateway', 'identity']));
  });

  it('compose runs the official postgres, nats (JetStream) and redis images with healthchecks', () => {
    const { postgres, nats, redis } = compose.services;
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(nats?.image).toMatch(/^nats:/);
    expect(([] as string[]).concat(nats?.command ?? [])).toContain('-js');
    expect(redis?.image).toMatch(/^redis:/);
    for (const s of [postgres, nats, redis]) expect(s?.healthcheck?.test).toBeDefined();
  });

  it('compose builds every service from the shared Dockerfile and wires its environment', () => {
    for (const name of services) {
      const s = compose.services[name];
      expect(s).toBeDefined();
      expect(s!.build?.args?.SERVICE).toBe(name);
      expect(fs.existsSync(path.join(ROOT, s!.build!.context, s!.build!.dockerfile))).toBe(true);
      expect(s!.healthcheck?.test).toBeDefined();
      expect(Object.keys(s!.depends_on ?? {})).toEqual(expect.arrayContaining(['postgres', 'nats', 'redis']));
      for (const key of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'JWT_SECRET', 'NODE_ENV']) {
        expect(s!.environment).toHaveProperty(key);
      }
    }
  });

  it('the Dockerfile is a multi-stage node:20 build', () => {
    const text = fs.readFileSync(path.join(ROOT, 'deploy', 'docker', 'Dockerfile'), 'utf8');
    expect(text).toMatch(/^ARG NODE_VERSION=20$/m);
    expect(text.match(/^FROM node:\$\{NODE_VERSION\}/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/COPY --from=build/);
  });

  it('kubernetes runs every service with at least 2 replicas, probes, and secrets only by reference', () => {
    const objects = k8sObjects();
    expect(objects.some((o) => o.kind === 'Secret')).toBe(false);
    for (const name of services) {
      const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
      expect(deployment).toBeDefined();
      expect(deployment!.spec!.replicas).toBeGreaterThanOrEqual(2);
      const container = deployment!.spec!.template!.spec.containers[0]!;
      expect(container.image).toBe(`tiredash/${name}`);
      expect(container.readinessProbe).toBeDefined();
      expect(container.livenessProbe).toBeDefined();
      for (const env of container.env ?? []) {
        if (/SECRET|PASSWORD|DATABASE_URL/.test(env.name)) {
          expect(env.value).toBeUndefined();
          expect(env.valueFrom).toHaveProperty('secretKeyRef');
        }
      }
    }
  });
});
