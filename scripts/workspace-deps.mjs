#!/usr/bin/env node
// Declares in each service's and lib's package.json the packages its compiled code loads at run time, so that an
// image installs only what its service runs: `npm ci --omit=dev --workspace services/<name>
// --include-workspace-root=false` (deploy/docker/Dockerfile). The root package.json stays the one place where
// versions are chosen (the development install); a workspace gets the root's range for each package it imports.
//
// What counts: value imports (`import x from`, `import 'x'`, `require('x')`, `import('x')`, `export ... from`) in
// the files tsc compiles (src/**/*.ts) minus tests (*.spec.ts, *.int-spec.ts, test-support/, test-fixtures/);
// `import type` and imports of types only are erased by tsc and need no runtime package.
//
//   node scripts/workspace-deps.mjs          rewrite the `dependencies` of libs/* and services/*
//   node scripts/workspace-deps.mjs --check  exit 1 naming every package.json that is out of date
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules, createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ts = require('typescript');

const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;
const TEST_DIR = new Set(['test-support', 'test-fixtures', '__tests__']);
/** Files outside src/ that an image runs for every service (deploy/docker/nats-ping.cjs requires nats). */
const IMAGE_EXTRAS = { nats: 'deploy/docker/nats-ping.cjs' };
/** Workspaces only tests load (their packages are root devDependencies): left alone, and no runtime code may import them. */
const TEST_ONLY = new Set(['@tiredash/testing']);

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!TEST_DIR.has(entry.name)) out.push(...sourceFiles(full));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !TEST_FILE.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** The package a module specifier names (`@scope/name/sub` -> `@scope/name`), or null for relative and node: ones. */
function packageOf(spec) {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) return null;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtinModules.includes(name) ? null : name;
}

/** Value imports of one file (type-only imports are erased by tsc). */
function runtimeImports(file) {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expr = node.moduleReference.expression;
      if (!node.isTypeOnly && ts.isStringLiteral(expr)) found.push(expr.text);
    } else if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every lib and service workspace: folder, package.json and the dependencies its code needs. */
export function computeWorkspaceDeps() {
  const rootPkg = readJson(path.join(ROOT, 'package.json'));
  const rootDeps = rootPkg.dependencies ?? {};
  const rootDev = rootPkg.devDependencies ?? {};
  const workspaces = [];
  for (const group of ['libs', 'services']) {
    for (const name of fs.readdirSync(path.join(ROOT, group)).sort()) {
      const dir = path.join(group, name);
      const pkgFile = path.join(ROOT, dir, 'package.json');
      if (!fs.existsSync(pkgFile) || !fs.existsSync(path.join(ROOT, dir, 'src'))) continue;
      const pkg = readJson(pkgFile);
      if (!TEST_ONLY.has(pkg.name)) workspaces.push({ dir, pkgFile, pkg });
    }
  }
  const local = new Set(workspaces.map((w) => w.pkg.name));
  const problems = [];
  for (const w of workspaces) {
    const deps = {};
    for (const file of sourceFiles(path.join(ROOT, w.dir, 'src'))) {
      for (const spec of runtimeImports(file)) {
        const name = packageOf(spec);
        if (!name || name === w.pkg.name) continue;
        if (TEST_ONLY.has(name)) problems.push(`${path.relative(ROOT, file)} imports ${name}, which only tests may load`);
        else if (local.has(name)) deps[name] = '*';
        else if (rootDeps[name]) deps[name] = rootDeps[name];
        else {
          const where = path.relative(ROOT, file);
          problems.push(
            rootDev[name]
              ? `${where} imports ${name}, a devDependency of the root package.json: production code needs a dependency`
              : `${where} imports ${name}, which the root package.json does not list`,
          );
        }
      }
    }
    if (w.pkg.tiredash?.service === true) {
      for (const [name, file] of Object.entries(IMAGE_EXTRAS)) {
        if (!rootDeps[name]) problems.push(`${file} requires ${name}, which the root dependencies do not list`);
        else deps[name] = rootDeps[name];
      }
    }
    w.deps = Object.fromEntries(Object.entries(deps).sort(([a], [b]) => a.localeCompare(b)));
  }
  return { workspaces, problems };
}

function main() {
  const check = process.argv.includes('--check');
  const { workspaces, problems } = computeWorkspaceDeps();
  if (problems.length) {
    for (const p of problems) console.error(p);
    process.exit(1);
  }
  const stale = [];
  for (const w of workspaces) {
    const current = JSON.stringify(w.pkg.dependencies ?? {});
    if (current === JSON.stringify(w.deps)) continue;
    stale.push(path.relative(ROOT, w.pkgFile));
    if (!check) {
      const next = { ...w.pkg };
      if (Object.keys(w.deps).length) next.dependencies = w.deps;
      else delete next.dependencies;
      fs.writeFileSync(w.pkgFile, `${JSON.stringify(next, null, 2)}\n`);
    }
  }
  if (check && stale.length) {
    console.error(`workspace dependencies out of date (run node scripts/workspace-deps.mjs, then npm install): ${stale.join(', ')}`);
    process.exit(1);
  }
  if (!check) console.log(stale.length ? `updated ${stale.join(', ')}` : 'workspace dependencies up to date');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
