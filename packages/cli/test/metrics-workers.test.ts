// `openbell serve --workers 2` and GET /metrics (server metrics-cluster.ts): whichever worker a
// scrape reaches answers for the whole server (counters summed over the workers, data gauges taken
// once, connections summed), behind the metrics token, in text promtool accepts; a stopped worker
// holds a scrape up for the relay's timeout at most and its last counts stay in the sum; a worker
// killed while a scrape waits for it is dropped at once.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_ZIP, serve, type Served } from './helpers.js';
import { alive, waitFor } from './processes.js';

const TOKEN = 'cli-metrics-token-5e0c71';
const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool)
  console.warn('promtool not found: the cluster /metrics text is not checked by it (apt-get install prometheus)');

const running: Served[] = [];
const agents: http.Agent[] = [];
afterAll(async () => {
  for (const agent of agents) agent.destroy();
  await Promise.all(running.map((s) => s.stop()));
});

/** A GET on `agent`'s one kept-alive connection (so on the worker that connection went to). */
function get(agent: http.Agent, url: string, auth?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: auth ? { authorization: auth } : {} }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .setTimeout(10_000, function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url} within 10 s`));
      })
      .on('error', reject);
  });
}

/** The value of one series line (`name{labels}` exactly) in a scrape; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const MARKET_OK = 'openbell_http_requests_total{operation="getMarket",status="200"}';

describe('openbell serve --workers 2: GET /metrics', () => {
  it('answers for both workers whichever gets the scrape; a stopped worker costs the timeout and keeps its last ' +
    'counts; a worker killed during a scrape is dropped at once', async () => {
    const s = await serve(['--workers', '2', '--data', SAMPLE_ZIP, '--metrics-token', TOKEN]);
    running.push(s);
    // One keep-alive connection per worker: connections opened one after the other alternate.
    const byPid = new Map<number, http.Agent>();
    for (let i = 0; i < 8 && byPid.size < 2; i += 1) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const pid = (JSON.parse((await get(agent, `${s.url}/info`)).body) as { process: { pid: number } }).process.pid;
      if (!byPid.has(pid)) byPid.set(pid, agent);
    }
    expect(byPid.size).toBe(2);
    const [[pidX, x], [pidY, y]] = [...byPid.entries()] as [[number, http.Agent], [number, http.Agent]];

    // 7 market answers from one worker, 5 from the other.
    for (let i = 0; i < 7; i += 1) expect((await get(x, `${s.url}/markets/US.NYSE`)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await get(y, `${s.url}/markets/US.NYSE`)).status).toBe(200);

    // The token rule holds in a cluster too.
    expect((await get(x, `${s.url}/metrics`)).status).toBe(401);
    const scrape = async (agent: http.Agent) => {
      const res = await get(agent, `${s.url}/metrics`, `Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    for (const agent of [x, y]) {
      const text = await scrape(agent);
      expect(value(text, MARKET_OK)).toBe(12);
      expect(value(text, 'openbell_http_request_duration_seconds_count{operation="getMarket"}')).toBe(12);
      expect(value(text, 'openbell_workers')).toBe(2);
      expect(value(text, 'openbell_workers_reporting')).toBe(2);
      // Taken once, not summed: both workers serve data.
      expect(value(text, 'openbell_data_loaded')).toBe(1);
      expect(value(text, 'openbell_update_enabled')).toBe(0);
      // Summed: each worker holds one of the two kept-alive connections at least.
      expect(value(text, 'openbell_connections_open')).toBeGreaterThanOrEqual(2);
      // One series per name and labels (the sum), never a line per worker.
      const lines = text.split('\n').filter((l) => l && !l.startsWith('#'));
      const names = lines.map((l) => l.slice(0, l.lastIndexOf(' ')));
      expect(new Set(names).size).toBe(names.length);
      expect(text).not.toMatch(/worker="/);
      if (promtool) {
        const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
        expect(checked.stdout + checked.stderr).toBe('');
        expect(checked.status).toBe(0);
      }
    }

    // A worker alive but stuck: the scrape waits the relay's timeout (1 s), then answers with the
    // stuck worker's last counts kept in the sum (no dip for Prometheus to read as a reset).
    process.kill(pidY, 'SIGSTOP');
    try {
      let t0 = performance.now();
      const late = await scrape(x);
      const waited = performance.now() - t0;
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(5000);
      expect(value(late, 'openbell_workers_reporting')).toBe(1);
      expect(value(late, 'openbell_workers')).toBe(2);
      expect(value(late, MARKET_OK)).toBe(12);

      // Killed while the scrape waits for it: dropped at once, not after the timeout, with its counts.
      t0 = performance.now();
      const answer = scrape(x);
      await new Promise((r) => setTimeout(r, 150));
      process.kill(pidY, 'SIGKILL');
      const killed = await answer;
      expect(performance.now() - t0).toBeLessThan(900);
      expect(value(killed, 'openbell_workers_reporting')).toBe(1);
      expect(value(killed, MARKET_OK)).toBe(7);
    } finally {
      if (alive(pidY)) process.kill(pidY, 'SIGKILL');
    }

    // The replacement reports again, counting from zero.
    await waitFor('the replacement worker to report', async () => {
      const text = await scrape(x);
      return value(text, 'openbell_workers_reporting') === 2;
    });
    expect(value(await scrape(x), MARKET_OK)).toBe(7);
    expect(alive(pidX)).toBe(true);

    for (const agent of agents) agent.destroy();
    const code = await s.stop();
    running.splice(running.indexOf(s), 1);
    expect(code).toBe(0);
  }, 60_000);
});
