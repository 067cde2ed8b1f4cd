/**
 * Matching benchmark: 100k providers in the requests read model (spread over the continental US, radius
 * 5-50 miles, ~80% approved, ~70% online, each offering about half the services), then N request points matched
 * with the production query (GiST box index + service-type overlap + exact haversine in SQL). Prints p50/p95/p99 and the plan. `npm run bench -w @tiredash/requests`.
 * DATABASE_URL (admin) defaults to the local PostgreSQL; a scratch database is created and dropped.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { databaseOptions, runMigrations } from '@tiredash/persistence';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { REQUESTS_ENTITIES, REQUESTS_MIGRATIONS, REQUESTS_SCHEMA } from '../src/database/database';
import { MatchingService } from '../src/matching/matching.service';
import { coverageBox } from '../src/read-models/coverage';
import { SERVICE_TYPES } from '@tiredash/contracts';

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2_000);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function rand(lo: number, hi: number): number {
  return lo + Math.random() * (hi - lo);
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const name = `bench_matching_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const options = databaseOptions({ url: url.toString(), schema: REQUESTS_SCHEMA, entities: REQUESTS_ENTITIES, migrations: REQUESTS_MIGRATIONS });
  let ds: DataSource | null = null;
  try {
    await runMigrations(options);
    ds = await new DataSource(options).initialize();
    const t0 = performance.now();
    const BATCH = 5000;
    for (let done = 0; done < PROVIDERS; done += BATCH) {
      const ids: string[] = [];
      const users: string[] = [];
      const lats: number[] = [];
      const lngs: number[] = [];
      const radii: number[] = [];
      const boxes: string[] = [];
      const online: boolean[] = [];
      const approved: (boolean | null)[] = [];
      const services: string[] = [];
      for (let i = 0; i < Math.min(BATCH, PROVIDERS - done); i++) {
        const lat = rand(25, 49);
        const lng = rand(-124, -67);
        const r = rand(5, 50);
        ids.push(randomUUID());
        users.push(randomUUID());
        lats.push(lat);
        lngs.push(lng);
        radii.push(r);
        boxes.push(coverageBox(lat, lng, r));
        online.push(Math.random() < 0.7);
        const a = Math.random();
        approved.push(a < 0.8 ? true : a < 0.9 ? null : false);
        // Each provider offers a few of the services (as registration and the profile checklist allow).
        const offered = SERVICE_TYPES.filter(() => Math.random() < 0.5);
        services.push(`{${(offered.length ? offered : [SERVICE_TYPES[0]]).map((t) => `"${t}"`).join(',')}}`);
      }
      await ds.query(
        `INSERT INTO "requests"."provider_profiles" (id, user_id, business_name, phone, service_radius_miles, lat, lng, coverage, online, is_approved, service_types, source_at)
         SELECT id, user_id, 'Bench Tires', '+1 555 000 0000', r, lat, lng, box::box, online, approved, st::text[], now()
           FROM unnest($1::uuid[], $2::uuid[], $3::float8[], $4::float8[], $5::float8[], $6::text[], $7::bool[], $8::bool[], $9::text[])
             AS t(id, user_id, lat, lng, r, box, online, approved, st)`,
        [ids, users, lats, lngs, radii, boxes, online, approved, services],
      );
    }
    await ds.query(`ANALYZE "requests"."provider_profiles"`);
    const loadMs = performance.now() - t0;

    const matching = new MatchingService();
    const points = Array.from({ length: QUERIES }, () => ({ lat: rand(26, 48), lng: rand(-123, -68) }));
    for (const p of points.slice(0, 50)) await matching.find(ds.manager, p.lat, p.lng); // warm-up
    const times: number[] = [];
    let matched = 0;
    for (const p of points) {
      const s = performance.now();
      const found = await matching.find(ds.manager, p.lat, p.lng);
      times.push(performance.now() - s);
      matched += found.length;
    }
    times.sort((a, b) => a - b);

    const plan: { 'QUERY PLAN': string }[] = await ds.query(
      `EXPLAIN ANALYZE SELECT p.id FROM "requests"."provider_profiles" p
        WHERE p.is_approved = true AND p.online = true AND p.coverage @> box(point($2, $1), point($2, $1))
          AND p.service_types && ARRAY['Flat Tire Repair', 'Tire Repair']::text[]`,
      [points[0]!.lat, points[0]!.lng],
    );
    // The same query without the index, for comparison.
    const qr = ds.createQueryRunner();
    await qr.connect();
    await qr.query('SET enable_indexscan = off');
    await qr.query('SET enable_bitmapscan = off');
    const seq: number[] = [];
    for (const p of points.slice(0, 50)) {
      const s = performance.now();
      await matching.find(qr.manager, p.lat, p.lng);
      seq.push(performance.now() - s);
    }
    await qr.release();
    seq.sort((a, b) => a - b);

    const f = (n: number) => n.toFixed(2);
    process.stdout.write(
      [
        `providers: ${PROVIDERS} (loaded in ${(loadMs / 1000).toFixed(1)} s), queries: ${QUERIES}`,
        `match time (ms): p50 ${f(pct(times, 50))}  p95 ${f(pct(times, 95))}  p99 ${f(pct(times, 99))}  max ${f(times[times.length - 1]!)}`,
        `providers matched per request: mean ${(matched / QUERIES).toFixed(2)}`,
        `baseline (same run): without the GiST index (seq scan, 50 queries): p50 ${f(pct(seq, 50))} ms  p99 ${f(pct(seq, 99))} ms`,
        `ratio indexed / seq scan: p50 ${f(pct(times, 50) / pct(seq, 50))}x  p99 ${f(pct(times, 99) / pct(seq, 99))}x`,
        'plan:',
        ...plan.map((r) => `  ${r['QUERY PLAN']}`),
        `BENCH_RESULT ${JSON.stringify({
          providers: PROVIDERS,
          queries: QUERIES,
          matchMs: { p50: Number(f(pct(times, 50))), p95: Number(f(pct(times, 95))), p99: Number(f(pct(times, 99))) },
          baseline: { seqScanMs: { p50: Number(f(pct(seq, 50))), p99: Number(f(pct(seq, 99))) } },
          ratio: { p50: Number(f(pct(times, 50) / pct(seq, 50))), p99: Number(f(pct(times, 99) / pct(seq, 99))) },
        })}`,
        '',
      ].join('\n'),
    );
  } finally {
    if (ds) await ds.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`matching bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
