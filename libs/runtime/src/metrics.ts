import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The Prometheus metrics of a service process: one registry per process, every TireDash metric declared here (so the
 * Grafana dashboard and the alert rules in deploy/observability can be checked against this catalogue), plus
 * prom-client's default process metrics (CPU, memory, event loop lag, GC). Served as `/metrics` by the gateway's
 * and realtime's HTTP ports and by the NATS services' health listener (HEALTH_PORT).
 *
 * Gauges that describe state (outbox lag, JetStream pending, dead letters, the database pool, sockets) are filled
 * at scrape time by the collectors registered with `onScrape`; counters and histograms are updated as things
 * happen.
 */
export interface ServiceMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  natsHandlerDuration: Histogram<'subject' | 'outcome'>;
  outboxUnpublished: Gauge;
  outboxOldestUnpublishedAge: Gauge;
  jetstreamConsumerPending: Gauge<'stream' | 'consumer'>;
  jetstreamConsumerAckPending: Gauge<'stream' | 'consumer'>;
  jetstreamConsumerRedelivered: Gauge<'stream' | 'consumer'>;
  deadLetters: Gauge<'consumer'>;
  dbPoolTotal: Gauge;
  dbPoolIdle: Gauge;
  dbPoolWaiting: Gauge;
  dbPoolMax: Gauge;
  admissionRefused: Counter<'kind'>;
  admissionInFlight: Gauge<'kind'>;
  realtimeSockets: Gauge;
  prunedRows: Counter<'table'>;
  collectorErrors: Counter<'collector'>;
}

/** Seconds: from 2.5 ms (a cached read) to 10 s (the RPC timeout's order). */
const LATENCY_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create(): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'tiredash_http_request_duration_seconds',
      help: 'HTTP requests answered by the gateway, by route template (unmatched for none), method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    natsHandlerDuration: new Histogram({
      name: 'tiredash_nats_handler_duration_seconds',
      help: 'NATS command/query handlers of this service, by subject (without namespace) and outcome (ok, error)',
      labelNames: ['subject', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    outboxUnpublished: new Gauge({
      name: 'tiredash_outbox_unpublished_events',
      help: 'Outbox rows not yet published to JetStream (this service\'s schema)',
      registers,
    }),
    outboxOldestUnpublishedAge: new Gauge({
      name: 'tiredash_outbox_oldest_unpublished_age_seconds',
      help: 'Age of the oldest outbox row not yet published (0 when none): the relay\'s lag',
      registers,
    }),
    jetstreamConsumerPending: new Gauge({
      name: 'tiredash_jetstream_consumer_pending_messages',
      help: 'Messages of the stream not yet delivered to this durable consumer (JetStream consumer info num_pending)',
      labelNames: ['stream', 'consumer'],
      registers,
    }),
    jetstreamConsumerAckPending: new Gauge({
      name: 'tiredash_jetstream_consumer_ack_pending_messages',
      help: 'Messages delivered to this durable consumer and not yet acknowledged (num_ack_pending)',
      labelNames: ['stream', 'consumer'],
      registers,
    }),
    jetstreamConsumerRedelivered: new Gauge({
      name: 'tiredash_jetstream_consumer_redelivered_messages',
      help: 'Messages being redelivered to this durable consumer (num_redelivered)',
      labelNames: ['stream', 'consumer'],
      registers,
    }),
    deadLetters: new Gauge({
      name: 'tiredash_dead_letters',
      help: 'Dead letters waiting in the DLQ stream for this service\'s consumer (dlq.<consumer>); npm run dlq lists and replays them',
      labelNames: ['consumer'],
      registers,
    }),
    dbPoolTotal: new Gauge({ name: 'tiredash_db_pool_connections', help: 'Connections open in the PostgreSQL pool', registers }),
    dbPoolIdle: new Gauge({ name: 'tiredash_db_pool_idle_connections', help: 'Idle connections in the PostgreSQL pool', registers }),
    dbPoolWaiting: new Gauge({
      name: 'tiredash_db_pool_waiting_clients',
      help: 'Queries waiting for a connection of the PostgreSQL pool (saturated when above 0 for a while)',
      registers,
    }),
    dbPoolMax: new Gauge({ name: 'tiredash_db_pool_max_connections', help: 'The PostgreSQL pool\'s size (DATABASE_POOL_SIZE)', registers }),
    admissionRefused: new Counter({
      name: 'tiredash_admission_refused_total',
      help: 'Calls the gateway refused at the door with 503 because too many of their kind were in flight',
      labelNames: ['kind'],
      registers,
    }),
    admissionInFlight: new Gauge({
      name: 'tiredash_admission_in_flight',
      help: 'Calls under admission control in flight on this gateway, by kind',
      labelNames: ['kind'],
      registers,
    }),
    realtimeSockets: new Gauge({ name: 'tiredash_realtime_connected_sockets', help: 'Socket.IO connections open on this realtime pod', registers }),
    prunedRows: new Counter({
      name: 'tiredash_pruned_rows_total',
      help: 'Outbox rows (published) and inbox rows deleted by the retention pruning',
      labelNames: ['table'],
      registers,
    }),
    collectorErrors: new Counter({
      name: 'tiredash_metrics_collector_errors_total',
      help: 'Scrapes where a collector (outbox, JetStream, pool) failed; its gauges keep their previous value',
      labelNames: ['collector'],
      registers,
    }),
  };
}

type Collector = () => void | Promise<void>;

interface MetricsState {
  metrics: ServiceMetrics;
  collectors: Map<string, Set<Collector>>;
  defaultsCollected: boolean;
}

// One per process even when a library is loaded twice (its sources in a test and its build in a service).
const KEY = Symbol.for('tiredash.metrics');

function state(): MetricsState {
  const g = globalThis as { [KEY]?: MetricsState };
  g[KEY] ??= { metrics: create(), collectors: new Map(), defaultsCollected: false };
  return g[KEY];
}

/** The process's metrics (created on first use). */
export function serviceMetrics(): ServiceMetrics {
  return state().metrics;
}

/**
 * Labels every series with the service's name and starts the default process metrics; runService calls it.
 * Idempotent (the first name stays).
 */
export function initMetrics(service: string): void {
  const s = state();
  if (s.defaultsCollected) return;
  s.defaultsCollected = true;
  s.metrics.registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: s.metrics.registry });
}

/** Runs `collect` before every scrape (under `name`, which labels its failures); returns the unregistration. */
export function onScrape(name: string, collect: Collector): () => void {
  const s = state();
  let set = s.collectors.get(name);
  if (!set) s.collectors.set(name, (set = new Set()));
  set.add(collect);
  return () => {
    set.delete(collect);
  };
}

/** The most a collector may take per scrape (Prometheus' default scrape timeout is 10 s). */
const COLLECT_TIMEOUT_MS = 3000;

/** Runs the collectors, then renders the registry in the Prometheus text format. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const s = state();
  await Promise.all(
    [...s.collectors].flatMap(([name, set]) =>
      [...set].map(async (collect) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            Promise.resolve().then(collect),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error('timed out')), COLLECT_TIMEOUT_MS);
            }),
          ]);
        } catch {
          s.metrics.collectorErrors.inc({ collector: name });
        } finally {
          clearTimeout(timer);
        }
      }),
    ),
  );
  return { contentType: s.metrics.registry.contentType, body: await s.metrics.registry.metrics() };
}

/** Answers a Node HTTP request with the metrics (the health listener's `/metrics`). */
export function serveMetrics(req: IncomingMessage, res: ServerResponse): void {
  void renderMetrics().then(
    ({ contentType, body }) => {
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    (err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err));
    },
  );
}

/**
 * Every metric family name a scrape of a TireDash service can show (histograms with their _bucket/_sum/_count
 * series, counters with _total), for the check that the dashboard and the alert rules use only these.
 */
export async function exportedMetricNames(): Promise<string[]> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const names = new Set<string>();
  const families = [...(await registry.getMetricsAsJSON()), ...(await state().metrics.registry.getMetricsAsJSON())];
  for (const m of families) {
    const type = String(m.type);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${m.name}${suffix}`);
    else if (type === 'summary') for (const suffix of ['', '_sum', '_count']) names.add(`${m.name}${suffix}`);
    else names.add(m.name);
  }
  return [...names].sort();
}
