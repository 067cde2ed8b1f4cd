import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { JobPointView, LocationPoint } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { DISPATCH_CONFIG } from '../common/dispatch-config.module';
import { METERS_PER_MILE } from '../common/geo-math';
import { RedisService } from '../common/redis.service';
import type { DispatchConfig } from '../config';

/**
 * One atomic step per point (safe with several dispatch replicas in one queue group):
 * - the latest point is replaced only by one at least as recent (points may be handled out of order across replicas);
 * - the point is kept for the track when TRACK_MIN_INTERVAL_SECONDS passed or it moved TRACK_MIN_DISTANCE_METERS
 *   (haversine, earth radius 3958.8 mi) since the last kept point.
 * Returns -1 (older than the latest: ignored), 0 (latest only) or 1 (also keep for the track).
 */
const SAMPLE_SCRIPT = `
local cur = redis.call('GET', KEYS[1])
local at = tonumber(ARGV[3])
if cur then
  local c = cjson.decode(cur)
  if tonumber(c.at) > at then return -1 end
end
local v = cjson.encode({lat = tonumber(ARGV[1]), lng = tonumber(ARGV[2]), at = at})
redis.call('SET', KEYS[1], v, 'EX', tonumber(ARGV[4]))
local last = redis.call('GET', KEYS[2])
local keep = 0
if not last then
  keep = 1
else
  local l = cjson.decode(last)
  if at - tonumber(l.at) >= tonumber(ARGV[5]) then
    keep = 1
  else
    local r = math.pi / 180
    local dlat = (tonumber(ARGV[1]) - tonumber(l.lat)) * r
    local dlng = (tonumber(ARGV[2]) - tonumber(l.lng)) * r
    local h = math.sin(dlat / 2) ^ 2 + math.cos(tonumber(l.lat) * r) * math.cos(tonumber(ARGV[1]) * r) * math.sin(dlng / 2) ^ 2
    local d = 2 * tonumber(ARGV[7]) * math.asin(math.min(1, math.sqrt(h)))
    if d >= tonumber(ARGV[6]) then keep = 1 end
  end
end
if keep == 1 then redis.call('SET', KEYS[2], v, 'EX', tonumber(ARGV[4])) end
return keep
`;

const EARTH_RADIUS_METERS = 3958.8 * METERS_PER_MILE;
const FLUSH_ROWS = 500;
const FLUSH_MS = 200;

/** The client with the script registered by defineCommand. */
interface SamplingRedis {
  tiredashSamplePoint(...args: Array<string | number>): Promise<number>;
}

interface PendingRow {
  requestId: string;
  lat: number;
  lng: number;
  at: number;
}

/** The latest point per job in Redis and the sampled track in Postgres (batched multi-row inserts). */
@Injectable()
export class LocationStore implements OnApplicationShutdown {
  private readonly logger = new Logger(LocationStore.name);
  private pending: PendingRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Counters since start (health, bench, tests). */
  readonly stats = { received: 0, stale: 0, kept: 0, invalid: 0, insertFailures: 0 };

  constructor(
    private readonly redis: RedisService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DISPATCH_CONFIG) private readonly config: DispatchConfig,
  ) {
    this.redis.client.defineCommand('tiredashSamplePoint', { numberOfKeys: 2, lua: SAMPLE_SCRIPT });
  }

  latestKey(requestId: string): string {
    return this.redis.key('loc', 'latest', requestId);
  }

  async record(p: LocationPoint): Promise<-1 | 0 | 1> {
    this.stats.received += 1;
    const result = Number(
      await (this.redis.client as unknown as SamplingRedis).tiredashSamplePoint(
        this.latestKey(p.requestId),
        this.redis.key('loc', 'sampled', p.requestId),
        p.lat,
        p.lng,
        p.at,
        this.config.latestTtlSeconds,
        Math.round(this.config.trackMinIntervalSeconds * 1000),
        this.config.trackMinDistanceMeters,
        EARTH_RADIUS_METERS,
      ),
    ) as -1 | 0 | 1;
    if (result === -1) this.stats.stale += 1;
    if (result === 1) {
      this.stats.kept += 1;
      this.pending.push({ requestId: p.requestId, lat: p.lat, lng: p.lng, at: p.at });
      if (this.pending.length >= FLUSH_ROWS) this.scheduleFlush(0);
      else this.scheduleFlush(FLUSH_MS);
    }
    return result;
  }

  async latest(requestId: string): Promise<JobPointView | null> {
    const raw = await this.redis.client.get(this.latestKey(requestId));
    if (!raw) return null;
    const v = JSON.parse(raw) as { lat: number; lng: number; at: number };
    return { lat: v.lat, lng: v.lng, at: new Date(v.at).toISOString() };
  }

  /** Writes what is buffered now (tests and shutdown). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing = this.flushing.then(() => this.write());
    await this.flushing;
  }

  private scheduleFlush(ms: number): void {
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.write());
    }, ms);
  }

  private async write(): Promise<void> {
    const rows = this.pending.splice(0);
    if (rows.length === 0) return;
    const values: unknown[] = [];
    const tuples = rows.map((r, i) => {
      values.push(r.requestId, r.lat, r.lng, new Date(r.at).toISOString());
      return `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`;
    });
    try {
      await this.dataSource.query(
        `INSERT INTO "dispatch"."track_points" ("request_id", "lat", "lng", "recorded_at") VALUES ${tuples.join(', ')}`,
        values,
      );
    } catch (err) {
      // Loss tolerant by design: the latest point is in Redis; a lost track sample is logged and counted.
      this.stats.insertFailures += rows.length;
      this.logger.error(`track insert of ${rows.length} points failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
