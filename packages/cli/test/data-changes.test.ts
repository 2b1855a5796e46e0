// Data changes from the command line: the settings, the start-up error of a webhook without
// a secret, and `serve` (one process and --workers 2) subscribed to a local publisher: a new
// version is POSTed once, signed, sent on /events as `data`, and logged in the cache folder.
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../src/config.js';
import { run, SAMPLE_ZIP, sampleWithMarket, scratch, serve, type Served } from './helpers.js';
import { sleep, waitFor } from './processes.js';

const SECRET = 'cli-hook-secret-5f2e9d';
const noFile = () => join(scratch, 'no-config', 'none.json');

describe('data change settings', () => {
  it('--webhook repeats; OPENBELL_WEBHOOKS splits on commas between URLs, not inside their filters', () => {
    const env = { XDG_CONFIG_HOME: noFile() };
    expect(resolveSettings({ webhook: ['http://a/x', 'http://b/y'] }, env)).toMatchObject({
      webhook: ['http://a/x', 'http://b/y'],
      keepChanges: 50,
    });
    const s = resolveSettings(
      {},
      {
        ...env,
        OPENBELL_WEBHOOKS: 'https://a.example/x?markets=XNYS,XLON&currencies=USD, http://b.example/y',
        OPENBELL_KEEP_CHANGES: '7',
        OPENBELL_WEBHOOK_SECRET: 's',
      },
    );
    expect(s.webhook).toEqual(['https://a.example/x?markets=XNYS,XLON&currencies=USD', 'http://b.example/y']);
    expect(s).toMatchObject({ keepChanges: 7, webhookSecret: 's' });
  });

  it('a webhook without a secret stops serve at start with a clear message', async () => {
    const r = await run(['serve', '--port', '0', '--webhook', 'http://127.0.0.1:9/hook']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/webhook secret is required.*--webhook-secret/);
  });

  it('a bad webhook URL is refused without showing the secret', async () => {
    const r = await run(['serve', '--port', '0', '--webhook', 'ftp://127.0.0.1/hook'], {
      OPENBELL_WEBHOOK_SECRET: SECRET,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/http or https/);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });
});

const TOKEN = 'cli-changes-token-19ab';
const running: Served[] = [];
const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

interface Hook {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
async function receiver(): Promise<{ url: string; hooks: Hook[] }> {
  const hooks: Hook[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      hooks.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hooks };
}

/** The `data` frames of an /events stream, kept as they come. */
function dataEvents(url: string): { frames: unknown[]; close: () => void } {
  const frames: unknown[] = [];
  const req = http.get(`${url}/events?markets=US.NYSE`, (res) => {
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => {
      buf += c;
      let i: number;
      while ((i = buf.indexOf('\n\n')) !== -1) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (/^event: data$/m.test(block)) frames.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!));
      }
    });
  });
  req.on('error', () => undefined);
  return { frames, close: () => req.destroy() };
}

const validSignature = (h: Hook): boolean => {
  const ts = h.headers['x-openbell-timestamp'] as string;
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(`${ts}.${h.body}`).digest('hex')}`);
  const given = Buffer.from(String(h.headers['x-openbell-signature']));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

describe.each([1, 2])('serve with --workers %i and a webhook', (workers) => {
  it('a new version is delivered once, signed, sent on /events, and logged in the cache folder', async () => {
    const dir = join(scratch, `changes-${workers}`);
    mkdirSync(dir, { recursive: true });
    const published = join(dir, 'bulk.zip');
    copyFileSync(SAMPLE_ZIP, published);
    const pub = await serve(['--publish', '--data', published], { OPENBELL_PUBLISH_TOKENS: TOKEN });
    running.push(pub);
    const rx = await receiver();
    const cacheDir = join(dir, 'cache');
    const env = {
      OPENBELL_TOKEN: TOKEN,
      OPENBELL_BASE_URL: pub.url,
      OPENBELL_CACHE_DIR: cacheDir,
      OPENBELL_WEBHOOK_SECRET: SECRET,
    };
    const sub = await serve(
      [
        '--workers',
        String(workers),
        '--update-every',
        '0.0083',
        '--log-level',
        'info',
        '--webhook',
        `${rx.url}/hook?markets=ZZ.HOOKS`,
      ],
      env,
    );
    running.push(sub);
    const streams = [dataEvents(sub.url), dataEvents(sub.url), dataEvents(sub.url)];
    await sleep(300);

    writeFileSync(
      `${published}.tmp`,
      sampleWithMarket('ZZ.HOOKS,Hooks Exchange,Equities,Equities,Europe/London,Sat-Sun,,ZZHK,Equities,,,'),
    );
    renameSync(`${published}.tmp`, published);
    await waitFor('the webhook', () => rx.hooks.length > 0, 30_000);
    await waitFor('the data events', () => streams.every((s) => s.frames.length > 0), 30_000);
    await sleep(1500); // a second delivery (one per worker) would show up by now
    streams.forEach((s) => s.close());

    expect(rx.hooks).toHaveLength(1);
    const hook = rx.hooks[0]!;
    expect(hook.url).toBe('/hook?markets=ZZ.HOOKS');
    expect(hook.headers['x-openbell-event']).toBe('data.changed');
    expect(validSignature(hook)).toBe(true);
    const body = JSON.parse(hook.body) as {
      from_version: string;
      to_version: string;
      summary: Record<string, number>;
      changes: { kind: string; op: string }[];
    };
    expect(hook.headers['x-openbell-delivery']).toBe(body.to_version);
    expect(body.changes).toEqual([
      expect.objectContaining({ kind: 'market', op: 'added', key: { fin_id: 'ZZ.HOOKS' } }),
    ]);
    for (const s of streams)
      expect(s.frames[0]).toMatchObject({
        from_version: body.from_version,
        to_version: body.to_version,
        summary: expect.objectContaining({ market_added: 1 }),
      });
    expect(existsSync(join(cacheDir, 'changes', 'index.json'))).toBe(true);
    expect(readdirSync(join(cacheDir, 'changes')).length).toBe(2);

    const code = await sub.stop();
    running.splice(running.indexOf(sub), 1);
    expect(code).toBe(0);
    expect(sub.stdout() + sub.stderr()).not.toContain(SECRET);
  }, 90_000);
});
