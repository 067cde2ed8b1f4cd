// Offline schema validation of the Kubernetes manifests: every kustomization under deploy/k8s (the base and each
// overlay) is rendered with `kubectl kustomize`, and every document it prints is validated against the Kubernetes
// API schema of KUBERNETES_VERSION, with no network and no cluster:
//   1. the OpenAPI schema of its kind (kubernetes-models: the Kubernetes OpenAPI document compiled into validators,
//      shipped in the package): required fields, types, enums, formats;
//   2. strict fields, as `kubectl apply --validate=strict` does: the documents, typed against the same package's
//      models, must compile with TypeScript, so an unknown or misspelt field (which the API server drops or refuses)
//      is an error.
// A kind without a schema here (a custom resource such as CloudNativePG's Cluster) fails: add its schema, never skip.
// No stack needed: the e2e run's globalSetup starts one anyway, this file does not use it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');
const K8S_DIR = path.join(ROOT, 'deploy', 'k8s');

/** The Kubernetes version whose schemas the documents must satisfy: kubernetes-models 4.5.x is generated from it. */
const KUBERNETES_VERSION = '1.27.1';

/**
 * API versions the package still models but Kubernetes KUBERNETES_VERSION no longer serves (removed in 1.22 to 1.27:
 * kubernetes.io/docs/reference/using-api/deprecation-guide): a document in one of them is refused by the API server.
 */
const REMOVED_API_VERSIONS = new Set([
  'admissionregistration.k8s.io/v1beta1',
  'apiextensions.k8s.io/v1beta1',
  'apiregistration.k8s.io/v1beta1',
  'apps/v1beta1',
  'apps/v1beta2',
  'authentication.k8s.io/v1beta1',
  'authorization.k8s.io/v1beta1',
  'autoscaling/v2beta1',
  'autoscaling/v2beta2',
  'batch/v1beta1',
  'certificates.k8s.io/v1beta1',
  'coordination.k8s.io/v1beta1',
  'discovery.k8s.io/v1beta1',
  'events.k8s.io/v1beta1',
  'extensions/v1beta1',
  'flowcontrol.apiserver.k8s.io/v1beta1',
  'networking.k8s.io/v1beta1',
  'node.k8s.io/v1beta1',
  'policy/v1beta1',
  'rbac.authorization.k8s.io/v1beta1',
  'scheduling.k8s.io/v1beta1',
  'storage.k8s.io/v1beta1',
]);

interface Doc {
  apiVersion?: unknown;
  kind?: unknown;
  metadata?: { name?: unknown };
}

interface ModelClass {
  apiVersion?: string;
  kind?: string;
  prototype: { validate(this: unknown): void };
}

interface SchemaError {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Every folder under deploy/k8s with a kustomization.yaml (deploy/k8s/base, deploy/k8s/overlays/*). */
function kustomizations(dir = K8S_DIR): string[] {
  const found: string[] = [];
  if (fs.existsSync(path.join(dir, 'kustomization.yaml'))) found.push(dir);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) found.push(...kustomizations(path.join(dir, entry.name)));
  }
  return found;
}

function render(dir: string): Doc[] {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', timeout: 60000 });
  if (run.error) throw new Error(`kubectl kustomize ${path.relative(ROOT, dir)}: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`kubectl kustomize ${path.relative(ROOT, dir)} failed: ${run.stderr}`);
  return parseAllDocuments(run.stdout)
    .map((d) => d.toJSON() as Doc | null)
    .filter((d): d is Doc => d !== null);
}

function label(doc: Doc, index: number): string {
  const name = typeof doc.metadata?.name === 'string' ? doc.metadata.name : `#${index}`;
  return `${String(doc.kind)} ${name}`;
}

/** kubernetes-models' module of a top-level kind (`apps/v1` Deployment -> kubernetes-models/apps/v1/Deployment), or null. */
function modelOf(apiVersion: string, kind: string): { module: string; model: ModelClass } | null {
  if (!/^([a-z0-9.-]+\/)?v\d+((alpha|beta)\d+)?$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return null;
  if (REMOVED_API_VERSIONS.has(apiVersion)) return null;
  const module = `kubernetes-models/${apiVersion}/${kind}`;
  let model: ModelClass | undefined;
  try {
    model = (require(module) as Record<string, ModelClass | undefined>)[kind];
  } catch {
    return null;
  }
  // Only the API's kinds carry apiVersion and kind (kubernetes-models/v1/Container is a part of a Pod, not a kind).
  if (!model || model.apiVersion !== apiVersion || model.kind !== kind) return null;
  return { module, model };
}

function schemaProblems(model: ModelClass, doc: Doc): string[] {
  try {
    model.prototype.validate.call(doc);
    return [];
  } catch (err) {
    const errors = (err as { errors?: SchemaError[] }).errors;
    if (!errors?.length) return [err instanceof Error ? err.message : String(err)];
    return errors.map((e) => `${e.instancePath || '/'} ${e.message ?? JSON.stringify(e.params)}`);
  }
}

let previousProgram: ts.Program | undefined;

/**
 * Strict fields: one TypeScript file declaring every document with its kind's model type; an object literal may only
 * name the fields its type declares, at any depth. Returns the compiler's messages per document.
 */
function strictFieldProblems(docs: Array<{ index: number; module: string; kind: string; doc: Doc }>): Map<number, string[]> {
  const file = path.join(ROOT, 'e2e', 'src', '__rendered_k8s_documents__.ts');
  const lines: string[] = [];
  const starts: Array<{ line: number; index: number }> = [];
  docs.forEach(({ module, kind }, i) => lines.push(`import type { I${kind} as T${i} } from '${module}';`));
  docs.forEach(({ index, doc }, i) => {
    starts.push({ line: lines.length, index });
    lines.push(...`export const d${i}: T${i} = ${JSON.stringify(doc, null, 1)};`.split('\n'));
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (f) => f === file || fs.existsSync(f);
  host.readFile = (f) => (f === file ? source : readFile(f));
  host.getSourceFile = (f, lang, ...rest) =>
    f === file ? ts.createSourceFile(f, source, lang) : getSourceFile(f, lang, ...rest);
  // The previous program's files (the models' declarations) are reused: only the documents are parsed again.
  const program = ts.createProgram([file], options, host, previousProgram);
  previousProgram = program;
  const sf = program.getSourceFile(file)!;
  const out = new Map<number, string[]>();
  for (const d of [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]) {
    const line = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line;
    const owner = [...starts].reverse().find((s) => s.line <= line);
    const index = owner?.index ?? -1;
    out.set(index, [...(out.get(index) ?? []), ts.flattenDiagnosticMessageText(d.messageText, ' ')]);
  }
  return out;
}

/** Every problem of a list of documents, one line each ("Deployment gateway: /spec/replicas must be integer"). */
export function validateDocuments(docs: Doc[]): string[] {
  const problems: string[] = [];
  const typed: Array<{ index: number; module: string; kind: string; doc: Doc }> = [];
  docs.forEach((doc, index) => {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      problems.push(`#${index}: not an object`);
      return;
    }
    if (typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string') {
      problems.push(`${label(doc, index)}: apiVersion and kind are required`);
      return;
    }
    const found = modelOf(doc.apiVersion, doc.kind);
    if (!found) {
      problems.push(`${label(doc, index)}: no schema for ${doc.apiVersion} ${doc.kind} in Kubernetes ${KUBERNETES_VERSION}`);
      return;
    }
    for (const p of schemaProblems(found.model, doc)) problems.push(`${label(doc, index)}: ${p}`);
    typed.push({ index, module: found.module, kind: doc.kind, doc });
  });
  if (typed.length > 0) {
    for (const [index, messages] of strictFieldProblems(typed)) {
      const owner = index >= 0 ? label(docs[index]!, index) : 'documents';
      for (const m of messages) problems.push(`${owner}: ${m}`);
    }
  }
  return problems;
}

const deployment = (extra: Record<string, unknown> = {}, container: Record<string, unknown> = {}): Doc =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', image: 'web:1', resources: { requests: { cpu: '100m' } }, ...container }] },
      },
      ...extra,
    },
  }) as Doc;

describe(`Kubernetes manifests against the Kubernetes ${KUBERNETES_VERSION} schemas (offline)`, () => {
  describe('the validator', () => {
    it('accepts a valid Deployment', () => {
      expect(validateDocuments([deployment()])).toEqual([]);
    });

    it('refuses a misspelt field (strict, as kubectl apply): resources.dispatch instead of resources.requests', () => {
      const bad = deployment({}, { resources: { dispatch: { cpu: '100m' }, limits: { memory: '512Mi' } } });
      const problems = validateDocuments([bad]);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^Deployment web: .*'"?dispatch"?' does not exist in type 'IResourceRequirements'/);
    });

    it('refuses a wrong type and a missing required field', () => {
      const problems = validateDocuments([deployment({ replicas: 'two', selector: undefined })]);
      expect(problems).toEqual(
        expect.arrayContaining([
          'Deployment web: /spec/replicas must be integer',
          'Deployment web: /spec must have required property selector',
        ]),
      );
    });

    it('refuses an unknown kind, a kind of another API version and a document without a kind', () => {
      const problems = validateDocuments([
        { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'db' } },
        { apiVersion: 'autoscaling/v2beta1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'old' } },
        { apiVersion: 'v1', kind: 'Container', metadata: { name: 'part' } },
        { metadata: { name: 'nothing' } },
      ]);
      expect(problems).toEqual([
        `Cluster db: no schema for postgresql.cnpg.io/v1 Cluster in Kubernetes ${KUBERNETES_VERSION}`,
        `HorizontalPodAutoscaler old: no schema for autoscaling/v2beta1 HorizontalPodAutoscaler in Kubernetes ${KUBERNETES_VERSION}`,
        `Container part: no schema for v1 Container in Kubernetes ${KUBERNETES_VERSION}`,
        'undefined nothing: apiVersion and kind are required',
      ]);
    });
  });

  const dirs = kustomizations();

  it('finds the base and the overlays', () => {
    const names = dirs.map((d) => path.relative(K8S_DIR, d));
    expect(names).toContain('base');
    expect(names).toContain(path.join('overlays', 'production'));
  });

  it.each(dirs.map((d) => [path.relative(ROOT, d), d]))('%s renders to documents that all pass', (_name, dir) => {
    const docs = render(dir);
    expect(docs.length).toBeGreaterThan(20);
    expect(validateDocuments(docs)).toEqual([]);
    // One site: ingress-nginx merges the paths of a host, and a rule for another host (or none) is another server.
    const hosts = docs
      .filter((d) => d.kind === 'Ingress')
      .map((d) => [...new Set((d as { spec: { rules: Array<{ host?: string }> } }).spec.rules.map((r) => r.host ?? '*'))].join(','));
    expect(hosts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(hosts).size).toBe(1);
  });
});
