/**
 * Webhook deliveries against a real receiver on loopback, with the retry schedule on a fake
 * clock (only the one "no answer" attempt waits, for its short injected timeout).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diff, type ChangeSet } from '@openbell/core';
import {
  createChangeFeed,
  verifySignature,
  WebhookConfigError,
  WebhookDeliverer,
  type HttpPost,
} from '../src/index.js';
import { captureLogger, changeSetTo, datasetFor, FakeClock, T0 } from './changes-helpers.js';

const SECRET = 'sup3r-s3cret-value-4711';
type Behaviour = 'ok' | 'fail' | 'hang' | 'redirect';
interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** Answers each request with the next behaviour of the script (the last one repeats). */
async function receiver(script: Behaviour[]) {
  const requests: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      const b = script[Math.min(requests.length - 1, script.length - 1)]!;
      if (b === 'ok') res.writeHead(204).end();
      else if (b === 'fail') res.writeHead(500).end('no');
      else if (b === 'redirect') res.writeHead(302, { Location: '/elsewhere' }).end();
      // 'hang': never answers; the deliverer's timeout gives up.
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, requests, script };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'openbell-hooks-'));

function deliverer(
  urls: string[],
  clock: FakeClock,
  extra: Partial<ConstructorParameters<typeof WebhookDeliverer>[0]> = {},
) {
  const cap = captureLogger();
  const d = new WebhookDeliverer({
    urls,
    secret: SECRET,
    logger: cap.logger,
    now: clock.now,
    timers: clock.timers,
    timeoutMs: 150,
    ...extra,
  });
  return { d, ...cap };
}

/** A change set like v1's, under another version (cheap: no diff per copy). */
function copyAs(cs: ChangeSet, version: string): ChangeSet {
  return { ...cs, from_version: `before-${version}`, to_version: version };
}

describe('webhook delivery', () => {
  it(
    'retries a 500, a timeout and a redirect (not followed), then delivers, signed, with one delivery ' + 'id',
    async () => {
      const rx = await receiver(['fail', 'hang', 'redirect', 'ok']);
      const clock = new FakeClock();
      const { d, text } = deliverer([`${rx.base}/hook`], clock);
      d.enqueue(changeSetTo(1));
      await d.settled();
      expect(rx.requests).toHaveLength(1);
      expect(clock.nextDelay()).toBe(1000);
      clock.advance(1000);
      await d.settled();
      expect(rx.requests).toHaveLength(2);
      expect(clock.nextDelay()).toBe(2000);
      clock.advance(2000);
      await d.settled();
      expect(rx.requests).toHaveLength(3);
      expect(clock.nextDelay()).toBe(4000);
      clock.advance(4000);
      await d.settled();
      expect(rx.requests.map((r) => r.url)).toEqual(['/hook', '/hook', '/hook', '/hook']);
      expect(d.pending()).toBe(0);
      expect(clock.nextDelay()).toBeUndefined();

      const last = rx.requests[3]!;
      expect(last.headers['content-type']).toBe('application/json');
      expect(last.headers['x-openbell-event']).toBe('data.changed');
      expect(rx.requests.map((r) => r.headers['x-openbell-delivery'])).toEqual(['v1', 'v1', 'v1', 'v1']);
      const ts = last.headers['x-openbell-timestamp'] as string;
      expect(Number(ts)).toBe(Math.floor(clock.now() / 1000));
      expect(
        verifySignature(SECRET, ts, last.body, last.headers['x-openbell-signature'] as string, {
          nowSeconds: Number(ts),
        }),
      ).toBe(true);
      expect(
        verifySignature('other', ts, last.body, last.headers['x-openbell-signature'] as string, {
          nowSeconds: Number(ts),
        }),
      ).toBe(false);
      expect(
        verifySignature(SECRET, ts, last.body, last.headers['x-openbell-signature'] as string, {
          nowSeconds: Number(ts) + 3600,
        }),
      ).toBe(false);
      expect(JSON.parse(last.body)).toEqual(changeSetTo(1));
      // Every attempt sends the same body.
      expect(new Set(rx.requests.map((r) => r.body)).size).toBe(1);
      expect(text()).toContain('answered 302');
      expect(text()).toContain('no answer within 150 ms');
    },
  );

  it('a restart in the middle of the retries resumes from the cache folder and delivers in order', async () => {
    const dir = tmp();
    const rx = await receiver(['fail']);
    const clock = new FakeClock();
    const a = deliverer([`${rx.base}/hook`], clock, { dir });
    a.d.enqueue(changeSetTo(1));
    a.d.enqueue(changeSetTo(2));
    await a.d.settled();
    expect(rx.requests.map((r) => r.headers['x-openbell-delivery'])).toEqual(['v1']);
    await a.d.close();

    rx.script.splice(0, 1, 'ok');
    clock.advance(500);
    const b = deliverer([`${rx.base}/hook`], clock, { dir });
    expect(b.d.pending()).toBe(2);
    expect(b.text()).toContain('resuming pending webhook deliveries');
    await b.d.settled();
    expect(rx.requests).toHaveLength(1); // v1's retry is still 500 ms away
    clock.advance(500);
    await b.d.settled();
    expect(rx.requests.map((r) => r.headers['x-openbell-delivery'])).toEqual(['v1', 'v1', 'v2']);
    expect(rx.requests[1]!.body).toBe(rx.requests[0]!.body);
    expect(b.d.pending()).toBe(0);
    const files = JSON.parse(readFileSync(join(dir, readdirOne(dir), 'queue.json'), 'utf8')) as { pending: unknown[] };
    expect(files.pending).toEqual([]);
  });

  it("keeps each URL's order: a later delivery waits for the earlier one", async () => {
    const rx = await receiver(['fail', 'ok']);
    const clock = new FakeClock();
    const { d } = deliverer([`${rx.base}/hook`], clock);
    for (let k = 1; k <= 3; k++) d.enqueue(changeSetTo(k));
    await d.settled();
    expect(rx.requests).toHaveLength(1);
    clock.advance(1000);
    await d.settled();
    expect(rx.requests.map((r) => r.headers['x-openbell-delivery'])).toEqual(['v1', 'v1', 'v2', 'v3']);
  });

  it(
    'applies each URL’s own filters (MIC or FinID, currencies), keeps its query string, and skips a set the filter ' +
      'empties',
    async () => {
      const rx = await receiver(['ok']);
      const clock = new FakeClock();
      const { d } = deliverer([`${rx.base}/a?markets=XNYS`, `${rx.base}/b?currencies=EUR`, `${rx.base}/c`], clock);
      const cs = diff(datasetFor(0), datasetFor(1, 'Greenback'), { loadedAt: T0, fromVersion: 'a', toVersion: 'b' })!;
      d.enqueue(cs, datasetFor(1, 'Greenback'));
      await d.settled();
      const byUrl = Object.fromEntries(rx.requests.map((r) => [r.url, JSON.parse(r.body) as ChangeSet]));
      expect(Object.keys(byUrl).sort()).toEqual(['/a?markets=XNYS', '/c']);
      expect(byUrl['/a?markets=XNYS']!.summary).toEqual({ holiday_added: 1, soon: 0 });
      expect(byUrl['/c']!.summary).toEqual(cs.summary);
    },
  );

  it('holds at most 1,000 pending per URL, dropping the oldest with a warning', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const posted: string[] = [];
    const post: HttpPost = async (_url, req) => {
      posted.push(req.headers['X-Openbell-Delivery']!);
      await gate;
      return { status: 200 };
    };
    const clock = new FakeClock();
    const { d, lines } = deliverer(['http://127.0.0.1:9/hook'], clock, { post });
    const base = changeSetTo(1);
    for (let i = 1; i <= 1003; i++) d.enqueue(copyAs(base, `v${i}`));
    expect(d.pending()).toBe(1000);
    const warned = lines
      .filter((l) => l.includes('queue full'))
      .map((l) => (JSON.parse(l) as { delivery: string }).delivery);
    // v1 is in flight: the oldest after it go.
    expect(warned).toEqual(['v2', 'v3', 'v4']);
    release();
    await d.settled();
    expect(posted.slice(0, 3)).toEqual(['v1', 'v5', 'v6']);
    expect(posted).toHaveLength(1000);
  });

  it('gives up after 24 hours with an error, backing off up to 5 minutes apart', async () => {
    const delays: number[] = [];
    const clock = new FakeClock();
    const { d, lines } = deliverer(['http://127.0.0.1:9/hook'], clock, { post: async () => ({ status: 503 }) });
    d.enqueue(changeSetTo(1));
    await d.settled();
    while (d.pending() > 0) {
      const next = clock.nextDelay()!;
      delays.push(next);
      clock.advance(next);
      await d.settled();
    }
    expect(delays.slice(0, 10)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 300000]);
    expect(Math.max(...delays)).toBe(300000);
    expect(clock.now() - T0).toBeLessThanOrEqual(24 * 3_600_000);
    expect(clock.now() - T0).toBeGreaterThan(24 * 3_600_000 - 300_000);
    const dropped = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.msg.includes('dropped'));
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.level).toBe(50);
  });

  it('refused connections are retried like any failure', async () => {
    const rx = await receiver(['ok']);
    const port = Number(new URL(rx.base).port);
    servers.pop()!.close();
    await new Promise((r) => setTimeout(r, 20));
    const clock = new FakeClock();
    const { d, text } = deliverer([`http://127.0.0.1:${port}/hook`], clock);
    d.enqueue(changeSetTo(1));
    await d.settled();
    expect(d.pending()).toBe(1);
    expect(text()).toContain('ECONNREFUSED');
  });
});

describe('webhook configuration and secrecy', () => {
  it('a URL without a secret is a clear error; so is a URL that is not http(s)', () => {
    const { logger } = captureLogger();
    expect(() => createChangeFeed({ logger, webhooks: ['http://127.0.0.1:1/x'] })).toThrow(WebhookConfigError);
    expect(() => createChangeFeed({ logger, webhooks: ['http://127.0.0.1:1/x'] })).toThrow(/--webhook-secret/);
    expect(() => createChangeFeed({ logger, webhooks: ['ftp://x/y'], webhookSecret: SECRET })).toThrow(/http or https/);
    expect(() => createChangeFeed({ logger, webhooks: ['ftp://x/y'], webhookSecret: SECRET })).not.toThrow(
      new RegExp(SECRET),
    );
  });

  it('the secret appears in no log line, whatever happens', async () => {
    const dir = tmp();
    const rx = await receiver(['fail', 'hang', 'redirect', 'ok']);
    const clock = new FakeClock();
    const { d, text } = deliverer([`${rx.base}/hook?markets=XNYS`, 'http://127.0.0.1:9/refused'], clock, {
      dir,
      maxPending: 1,
    });
    d.enqueue(changeSetTo(1), datasetFor(1));
    d.enqueue(changeSetTo(2), datasetFor(2));
    for (let i = 0; i < 6; i++) {
      await d.settled();
      clock.advance(clock.nextDelay() ?? 0);
    }
    await d.close();
    const restarted = deliverer([`${rx.base}/hook?markets=XNYS`, 'http://127.0.0.1:9/refused'], clock, { dir });
    await restarted.d.close();
    const all = text() + restarted.text() + JSON.stringify(d.describe());
    expect(all.length).toBeGreaterThan(500);
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain('markets=XNYS'); // a query string could hold a receiver's token
  });
});

function readdirOne(dir: string): string {
  return readdirSync(dir)[0]!;
}
