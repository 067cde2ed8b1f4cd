import { startHealthServer } from './health';
import { exportedMetricNames, initMetrics, onScrape, renderMetrics, serviceMetrics } from './metrics';

describe('service metrics', () => {
  beforeAll(() => initMetrics('svc'));

  it('are served as /metrics by the health listener, in the Prometheus text format, labelled with the service', async () => {
    const server = await startHealthServer({ port: 0, host: '127.0.0.1', health: { live: {}, ready: {} } });
    try {
      serviceMetrics().natsHandlerDuration.observe({ subject: 'identity.cmd.ping', outcome: 'ok' }, 0.004);
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toContain('# TYPE tiredash_nats_handler_duration_seconds histogram');
      expect(text).toMatch(/tiredash_nats_handler_duration_seconds_bucket\{le="0\.005",service="svc",subject="identity\.cmd\.ping",outcome="ok"\} 1/);
      expect(text).toMatch(/^process_cpu_user_seconds_total\{service="svc"\} /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="svc"\} /m);
    } finally {
      await server.close();
    }
  });

  it('run the scrape-time collectors first; a failing or hanging one is counted and does not fail the scrape', async () => {
    const offOk = onScrape('pool', () => serviceMetrics().dbPoolTotal.set(7));
    const offBad = onScrape('outbox', () => Promise.reject(new Error('db down')));
    try {
      const { body } = await renderMetrics();
      expect(body).toMatch(/^tiredash_db_pool_connections\{service="svc"\} 7$/m);
      expect(body).toMatch(/^tiredash_metrics_collector_errors_total\{collector="outbox",service="svc"\} 1$/m);
    } finally {
      offOk();
      offBad();
    }
    serviceMetrics().dbPoolTotal.set(0);
    const { body } = await renderMetrics();
    expect(body).toMatch(/^tiredash_db_pool_connections\{service="svc"\} 0$/m);
  });

  it('name every family a scrape can show, with the series suffixes of histograms', async () => {
    const names = await exportedMetricNames();
    expect(names).toEqual(
      expect.arrayContaining([
        'tiredash_http_request_duration_seconds_bucket',
        'tiredash_http_request_duration_seconds_count',
        'tiredash_outbox_oldest_unpublished_age_seconds',
        'tiredash_jetstream_consumer_pending_messages',
        'tiredash_dead_letters',
        'tiredash_db_pool_waiting_clients',
        'tiredash_admission_refused_total',
        'tiredash_realtime_connected_sockets',
        'process_resident_memory_bytes',
      ]),
    );
    expect(names).not.toContain('tiredash_http_request_duration_seconds');
  });
});
