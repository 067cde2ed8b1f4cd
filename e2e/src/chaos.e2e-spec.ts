// Faults survived (Operable at scale item 2): the quick run of `npm run chaos` (CHAOS_QUICK=1, scripts/chaos.mjs) on
// its own private PostgreSQL, Redis and 3-node NATS cluster (never the shared ones, nor this suite's stack): kill -9 of
// one replica of requests, realtime and the gateway, one NATS node stopped, Redis and PostgreSQL restarted during a
// bidding burst with the customers' sockets connected. Every count must be 0 and every replica ready again. And the
// harness's verdict itself: one wrong count fails the run.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

interface ChaosResult {
  ok: boolean;
  summary: { lost: number; duplicated: number; doubleAccepts: number; doubleCredits: number };
  problems: string[];
  counts: Record<string, number>;
  faults: Array<{ fault: string; ok: boolean; recoveredAfter: string }>;
  finalReady: { ok: boolean; notReady: string[] };
}

/** verdict() of scripts/lib/chaos-report.mjs (an ES module) on the given checks, run in a child node. */
function verdictOf(
  counts: Record<string, number>,
  faults: unknown[] = [],
  finalReady: { ok: boolean; notReady: string[] } = { ok: true, notReady: [] },
): { ok: boolean; problems: string[] } {
  const script = `import('${path.join(ROOT, 'scripts', 'lib', 'chaos-report.mjs')}').then((m) => process.stdout.write(JSON.stringify(m.verdict(...JSON.parse(process.argv[1])))))`;
  const res = spawnSync(process.execPath, ['-e', script, JSON.stringify([counts, faults, finalReady])], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr);
  const { ok, problems } = JSON.parse(res.stdout) as { ok: boolean; problems: string[] };
  return { ok, problems };
}

const clean = {
  bids201: 40,
  notStored: 0,
  storedTwice: 0,
  notDelivered: 0,
  deliveredTwice: 0,
  doubleAccepts: 0,
  acceptMismatch: 0,
  doubleCredits: 0,
  wrongCredits: 0,
  jobs: 4,
  jobsConfirmed: 4,
};

describe('chaos harness verdict', () => {
  it('passes only when every count is 0, every fault recovered and the stack is ready', () => {
    expect(verdictOf(clean)).toEqual({ ok: true, problems: [] });
    for (const [key, problem] of [
      ['notStored', 'lost 1'],
      ['notDelivered', 'lost 1'],
      ['storedTwice', 'duplicated 1'],
      ['deliveredTwice', 'duplicated 1'],
      ['doubleAccepts', 'doubleAccepts 1'],
      ['doubleCredits', 'doubleCredits 1'],
      ['wrongCredits', 'doubleCredits 1'],
    ]) {
      expect(verdictOf({ ...clean, [key]: 1 })).toEqual({ ok: false, problems: [problem] });
    }
    expect(verdictOf(clean, [{ fault: 'kill -9 requests-1', ok: false }]).ok).toBe(false);
    expect(verdictOf(clean, [], { ok: false, notReady: ['gateway-1'] }).ok).toBe(false);
    expect(verdictOf({ ...clean, jobsConfirmed: 3 }).ok).toBe(false);
    expect(verdictOf({ ...clean, bids201: 0 }).ok).toBe(false);
  });
});

// In `npm test` (about 2-4 minutes). A CI run of 2026-11-25 counted 2 of the 201'd bids lost (its logs did not
// survive); the one loss path found since: emits published while another realtime replica's Redis subscriber was
// reconnecting (the Redis restart) never reached that replica's sockets, which stayed connected, so nothing was
// replayed. Realtime now broadcasts over Redis Streams (services/realtime
// src/redis-outage.int-spec.ts shows the case on its own).
describe('npm run chaos (quick): faults during a bidding burst', () => {
  it('loses, duplicates, double-accepts and double-credits nothing, and every replica is ready again', async () => {
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'chaos.mjs')], {
        cwd: ROOT,
        // The suite's runner built everything (TIREDASH_BUILT=1); a standalone run builds what is out of date.
        env: { ...process.env, CHAOS_QUICK: '1', NODE_ENV: 'development' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => output.push(d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => output.push(d.toString('utf8')));
      child.on('exit', (c) => resolve(c));
    });
    const text = output.join('');
    const line = text.split('\n').find((l) => l.startsWith('CHAOS_RESULT '));
    if (!line) throw new Error(`chaos run printed no result (exit ${code}):\n${text.slice(-4000)}`);
    const result = JSON.parse(line.slice('CHAOS_RESULT '.length)) as ChaosResult;
    const report = text.slice(text.indexOf('TireDash chaos run'), text.indexOf('CHAOS_RESULT'));
    // A failed verdict prints the whole report (fault table, counts, which customers missed which bids, socket
    // events) and the harness's log tail: jest's diff alone would elide the lines that explain it.
    if (!result.ok) process.stderr.write(`chaos run failed:\n${report}\n--- harness log (tail) ---\n${text.slice(-6000)}\n`);
    expect({ summary: result.summary, problems: result.problems, report }).toEqual({
      summary: { lost: 0, duplicated: 0, doubleAccepts: 0, doubleCredits: 0 },
      problems: [],
      report,
    });
    expect(result.faults.map((f) => f.fault)).toEqual([
      'kill -9 requests-1',
      'kill -9 realtime-1',
      'kill -9 gateway-1',
      'stop NATS node n2',
      'restart Redis',
      'restart PostgreSQL',
    ]);
    expect(result.faults.every((f) => f.ok)).toBe(true);
    expect(result.finalReady.ok).toBe(true);
    expect(result.counts.bids201).toBeGreaterThan(0);
    expect(code).toBe(0);
  }, 900_000);
});
