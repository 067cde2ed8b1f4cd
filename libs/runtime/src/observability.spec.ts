import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { exportedMetricNames } from './metrics';

// deploy/observability: the Grafana dashboard and the Prometheus alert rules may name only metrics the services
// export (libs/runtime/src/metrics.ts and prom-client's process metrics), so that neither rots when a metric is
// renamed or removed. Prometheus' own `up` and kube-state-metrics' pod readiness are the only outside metrics.
const DIR = path.resolve(__dirname, '..', '..', '..', 'deploy', 'observability');
const OUTSIDE_METRICS = new Set(['up', 'kube_pod_status_ready']);
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** The metric names a PromQL expression selects: identifiers that are not functions, keywords, labels or literals. */
export function metricNamesOf(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // string literals
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // range selectors
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ') // label lists
    .replace(/\$\w+/g, ' '); // Grafana variables ($__rate_interval)
  const names = new Set<string>();
  for (const m of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = m[0];
    const before = stripped.slice(0, m.index);
    const after = stripped.slice((m.index ?? 0) + name.length);
    if (/[0-9.]$/.test(before)) continue; // the exponent of a number (1e3)
    if (/^\s*\(/.test(after)) continue; // a function or an aggregation
    if (!KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

function dashboardExprs(): string[] {
  const dash = JSON.parse(fs.readFileSync(path.join(DIR, 'grafana-dashboard.json'), 'utf8')) as {
    panels: Array<{ targets?: Array<{ expr: string }> }>;
  };
  return dash.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
}

function rules(): Array<{ alert: string; expr: string; for?: string }> {
  const doc = parse(fs.readFileSync(path.join(DIR, 'prometheus-rules.yaml'), 'utf8')) as {
    groups: Array<{ name: string; rules: Array<{ alert: string; expr: string; for?: string }> }>;
  };
  return doc.groups.flatMap((g) => g.rules);
}

describe('deploy/observability', () => {
  it('reads metric names out of PromQL', () => {
    expect(
      metricNamesOf('histogram_quantile(0.99, sum by (le, route) (rate(a_b_bucket{route!="x", s=~"5.."}[5m]))) > 1e3 and on (pod) max(up) == 0'),
    ).toEqual(['a_b_bucket', 'up']);
  });

  it('the dashboard and the alert rules use only metrics the services export', async () => {
    const exported = new Set(await exportedMetricNames());
    const exprs = [...dashboardExprs(), ...rules().map((r) => r.expr)];
    expect(exprs.length).toBeGreaterThan(20);
    const used = new Set(exprs.flatMap(metricNamesOf));
    const unknown = [...used].filter((n) => !exported.has(n) && !OUTSIDE_METRICS.has(n));
    expect(unknown).toEqual([]);
    // Every TireDash family is on the dashboard.
    const families = [...exported].filter((n) => n.startsWith('tiredash_')).map((n) => n.replace(/_(bucket|sum|count)$/, ''));
    const shown = new Set([...used].map((n) => n.replace(/_(bucket|sum|count)$/, '')));
    expect(families.filter((f) => !shown.has(f))).toEqual([]);
  });

  it('the rules alert on 5xx, latency, outbox lag, JetStream backlog, dead letters, pool saturation and unready pods', () => {
    const byName = new Map(rules().map((r) => [r.alert, r]));
    for (const alert of [
      'TiredashHigh5xxRatio',
      'TiredashHttpP99LatencyHigh',
      'TiredashNatsHandlerP99LatencyHigh',
      'TiredashOutboxLag',
      'TiredashJetStreamPendingGrowing',
      'TiredashDeadLetters',
      'TiredashDbPoolSaturated',
      'TiredashPodNotReady',
    ]) {
      expect(byName.get(alert)?.expr).toBeTruthy();
      expect(byName.get(alert)?.for).toMatch(/^\d+m$/);
    }
  });
});
