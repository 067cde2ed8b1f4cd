#!/usr/bin/env node
// Summarises .cpuprofile files: self time by package/file and the top functions.
//   node bench/lib/profile-summary.mjs /tmp/prof/requests-*.cpuprofile [--top 30]
import fs from 'node:fs';

const args = process.argv.slice(2);
const topIdx = args.indexOf('--top');
const top = topIdx >= 0 ? Number(args[topIdx + 1]) : 25;
const files = args.filter((a, i) => a !== '--top' && i !== topIdx + 1);

function bucketOf(url) {
  if (!url) return '(native/gc/idle)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const m = url.match(/(libs|services)\/([\w-]+)\/(dist|src)\/(.*)$/);
  if (m) return `${m[1]}/${m[2]}/${m[4]}`;
  return url.replace(/^file:\/\//, '');
}

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfCount = new Map();
  for (const s of profile.samples) selfCount.set(s, (selfCount.get(s) ?? 0) + 1);
  const total = profile.samples.length;
  const wallMs = (profile.endTime - profile.startTime) / 1000;
  const buckets = new Map();
  const fns = new Map();
  let idle = 0;
  for (const [id, count] of selfCount) {
    const node = byId.get(id);
    const cf = node.callFrame;
    if (cf.functionName === '(idle)') {
      idle += count;
      continue;
    }
    const b = cf.url ? bucketOf(cf.url) : `(${cf.functionName || 'anonymous'})`;
    buckets.set(b, (buckets.get(b) ?? 0) + count);
    const key = `${cf.functionName || '(anonymous)'} ${bucketOf(cf.url)}:${cf.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + count);
  }
  const busy = total - idle;
  const pct = (c) => `${((c / total) * 100).toFixed(1)}%`;
  console.log(`\n== ${file}: ${Math.round(wallMs)} ms wall, ${total} samples, busy ${pct(busy)}`);
  console.log('-- self time by package/file');
  for (const [b, c] of [...buckets].sort((a, z) => z[1] - a[1]).slice(0, top))
    console.log(`  ${pct(c).padStart(6)}  ${b}`);
  console.log('-- top functions (self)');
  for (const [f, c] of [...fns].sort((a, z) => z[1] - a[1]).slice(0, top))
    console.log(`  ${pct(c).padStart(6)}  ${f}`);
}
