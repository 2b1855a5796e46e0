/**
 * GET /metrics (metrics.ts): the series an operator watches, their bounded labels, the token,
 * and the text accepted by `promtool check metrics` (skipped with a warning where promtool is
 * missing; CI installs it, .ci/run).
 */
import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import { ServerMetrics } from '../src/metrics.js';
import { DataHolder } from '../src/updates.js';
import { fixtureData, NOON_NY } from './fixture.js';

const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool)
  console.warn('promtool not found: the `promtool check metrics` test is skipped (apt-get install prometheus)');

function app(token?: string) {
  return createApp({
    data: fixtureData(),
    logLevel: 'silent',
    now: () => NOON_NY,
    ...(token ? { metrics: { token } } : {}),
  });
}

async function scrape(a: ReturnType<typeof app>, auth?: string): Promise<string> {
  const req = request(a).get('/metrics');
  if (auth) req.set('Authorization', auth);
  const res = await req.expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.text;
}

describe('GET /metrics', () => {
  it('counts requests by operation and status, times them per operation, counts answer-cache hits', async () => {
    const a = app();
    await request(a).get('/markets/US.NYSE').expect(200);
    await request(a).get('/markets/US.NYSE').expect(200);
    await request(a).get('/markets/NOPE').expect(404);
    await request(a).get('/health').expect(200);
    await request(a).get('/openapi.json').expect(200);
    await request(a).get('/no/such/thing').expect(404);
    const text = await scrape(a);
    expect(text).toContain('openbell_http_requests_total{operation="getMarket",status="200"} 2');
    expect(text).toContain('openbell_http_requests_total{operation="getMarket",status="404"} 1');
    expect(text).toContain('openbell_http_requests_total{operation="health",status="200"} 1');
    expect(text).toContain('openbell_http_requests_total{operation="openapi",status="200"} 1');
    expect(text).toContain('openbell_http_requests_total{operation="other",status="404"} 1');
    expect(text).toContain('# TYPE openbell_http_request_duration_seconds histogram');
    expect(text).toMatch(/openbell_http_request_duration_seconds_bucket\{operation="getMarket",le="\+Inf"\} 3/);
    expect(text).toContain('openbell_http_request_duration_seconds_count{operation="getMarket"} 3');
    expect(text).toMatch(/openbell_answer_cache_hits_total [1-9]/);
    for (const series of [
      'openbell_data_loaded_timestamp_seconds',
      'openbell_data_age_seconds',
      'openbell_update_enabled',
      'openbell_overrides_active',
      'openbell_events_subscribers',
      'openbell_connections_open',
      'process_cpu_seconds_total',
      'process_start_time_seconds',
      'openbell_workers 1',
      'openbell_workers_reporting 1',
    ])
      expect(text, series).toContain(`\n${series}`);
    // Labels are operation names and statuses, never a URL.
    expect(text).not.toContain('US.NYSE');
    expect(text).not.toContain('/no/such');
  });

  it('reports the last update check and its outcome', async () => {
    const a = app();
    Object.assign(a.holder.updates, {
      enabled: true,
      lastAttemptAt: new Date(NOON_NY - 60_000).toISOString(),
      lastSuccessAt: new Date(NOON_NY - 3_600_000).toISOString(),
      lastError: 'source unreachable',
    });
    const text = await scrape(a);
    expect(text).toContain(`openbell_update_last_check_timestamp_seconds ${(NOON_NY - 60_000) / 1000}`);
    expect(text).toContain(`openbell_update_last_success_timestamp_seconds ${(NOON_NY - 3_600_000) / 1000}`);
    expect(text).toContain('openbell_update_last_check_success 0');
    expect(text).toContain('openbell_update_enabled 1');
  });

  it('with a token: 401 without it or with another, the text with it', async () => {
    const a = app('s3cret-metrics');
    const none = await request(a).get('/metrics').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.text).not.toContain('s3cret');
    await request(a).get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
    expect(await scrape(a, 'Bearer s3cret-metrics')).toContain('openbell_http_requests_total');
  });

  it('turned off: /metrics is not a route', async () => {
    const a = createApp({ data: fixtureData(), logLevel: 'silent', metrics: false });
    await request(a).get('/metrics').expect(404);
  });

  it.skipIf(!promtool)('is accepted by promtool check metrics', async () => {
    const a = app();
    await request(a).get('/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31').expect(200);
    await request(a).get('/markets/US.NYSE/status').expect(200);
    const text = await scrape(a);
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('with peers (a cluster worker): counters and connections summed, data gauges taken once, the oldest data', async () => {
    /** One worker's metrics: its own holder, loaded at `loadedAt`, `open` connections, `answers` getMarket 200s. */
    const worker = (loadedAt: string, open: number, answers: number, peers?: ServerMetrics) => {
      const data = fixtureData();
      data.meta.loadedAt = loadedAt;
      const holder = new DataHolder(data);
      holder.connections = () =>
        ({
          open,
          subscribers: 1,
          refused: { limit: 2, perClient: 0, subscribers: 0 },
          dropped: 0,
          timedOut: 0,
        }) as never;
      const metrics = new ServerMetrics({
        holder,
        now: () => NOON_NY,
        ...(peers
          ? { peers: { workers: 3, gather: async () => ({ snapshots: [await peers.snapshot()], fresh: 1 }) } }
          : {}),
      });
      for (let i = 0; i < answers; i++) metrics.observe(metrics.indexOf('getMarket'), 200, performance.now());
      return metrics;
    };
    const other = worker('2023-11-15T00:00:00Z', 4, 5);
    const answering = worker('2023-11-15T00:00:01Z', 2, 7, other);
    const { body } = await answering.text();
    expect(body).toContain('openbell_http_requests_total{operation="getMarket",status="200"} 12');
    expect(body).toContain('openbell_http_request_duration_seconds_count{operation="getMarket"} 12');
    expect(body).toMatch(/openbell_http_request_duration_seconds_bucket\{operation="getMarket",le="\+Inf"\} 12\n/);
    expect(body).toContain('openbell_connections_open 6\n');
    expect(body).toContain('openbell_events_subscribers 2\n');
    expect(body).toContain('openbell_connections_refused_total{reason="limit"} 4\n');
    // The oldest load of the two: the earlier time, the greater age.
    expect(body).toContain(`openbell_data_loaded_timestamp_seconds ${Date.parse('2023-11-15T00:00:00Z') / 1000}\n`);
    expect(body).toContain(`openbell_data_age_seconds ${(NOON_NY - Date.parse('2023-11-15T00:00:00Z')) / 1000}\n`);
    expect(body).toContain('openbell_data_loaded 1\n');
    expect(body).toContain('openbell_update_enabled 0\n');
    expect(body).toContain('openbell_overrides_active 0\n');
    // Three workers configured, two in this answer (one missing: restarting or late).
    expect(body).toContain('openbell_workers 3\n');
    expect(body).toContain('openbell_workers_reporting 2\n');
    expect(body).toMatch(/\nprocess_start_time_seconds \d+/);
    if (promtool) {
      const checked = spawnSync('promtool', ['check', 'metrics'], { input: body, encoding: 'utf8' });
      expect(checked.stdout + checked.stderr).toBe('');
    }
  });
});
