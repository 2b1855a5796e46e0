/**
 * Publisher mode (publish/) over real sockets: bearer tokens, HEAD / 304 / redirect on
 * /v4/download, presigned /v4/files/… URLs (signature, expiry, ranges), ETag changes when the
 * archive is replaced, token configuration, and logs that never show a secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createApp,
  createServer,
  publisherTokensFrom,
  type PublisherOptions,
  type RunningServer,
} from '../src/index.js';
import { parseTokenFile } from '../src/publish/tokens.js';
import { etagMatches } from '../src/http/conditional.js';
import { createPublisher } from '../src/publish/handler.js';
import { parseRange } from '../src/publish/ranges.js';
import { fixtureData } from './fixture.js';

const TOKEN = 'tok-publish-secret-0123456789';
const OTHER_TOKEN = 'second-token-abcdef';

const dirs: string[] = [];
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'openbell-publish-'));
  dirs.push(d);
  return d;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** An archive-like file: the publisher serves bytes, it does not parse them. */
function writeArchive(file: string, bytes: Buffer): void {
  // Atomic replacement, as the publisher expects: write beside it, rename over it.
  const tmp = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

interface Setup {
  s: RunningServer;
  file: string;
  bytes: Buffer;
  clock: { t: number };
  lines: string[];
}

async function setup(extra: Partial<PublisherOptions> = {}, bytes: Buffer = randomBytes(50_000)): Promise<Setup> {
  const dir = tempDir();
  const file = path.join(dir, 'bulk.zip');
  writeArchive(file, bytes);
  const clock = { t: Date.parse('2025-06-01T12:00:00Z') };
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
  const s = await createServer({
    port: 0,
    data: fixtureData(),
    logger,
    publish: { archivePath: file, tokens: [TOKEN, OTHER_TOKEN], now: () => clock.t, ...extra },
  });
  running.push(s);
  return { s, file, bytes, clock, lines };
}

const auth = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

async function presignedUrl(s: RunningServer): Promise<string> {
  const res = await fetch(`${s.url}/v4/download`, { headers: auth(), redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

describe('/v4/download authentication', () => {
  it('answers 401 with the same JSON body for a missing, malformed, unknown or wrong token', async () => {
    const { s } = await setup();
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: 'Bearer totally-unknown' },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
    ];
    const answers = [];
    for (const headers of cases) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${s.url}/v4/download`, { method, headers, redirect: 'manual' });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('etag')).toBeNull();
        if (method === 'GET') answers.push(await res.text());
      }
    }
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ detail: 'Missing or invalid bearer token' })]));
  });

  it('401 comes before 304: an ETag does not bypass the token', async () => {
    const { s, bytes } = await setup();
    const res = await fetch(`${s.url}/v4/download`, { headers: { 'if-none-match': `"${sha(bytes)}"` } });
    expect(res.status).toBe(401);
  });

  it('accepts every configured token, case-insensitive scheme, and a token function (rotation)', async () => {
    let tokens = ['first'];
    const { s } = await setup({ tokens: () => tokens });
    const head = (t: string, scheme = 'Bearer') =>
      fetch(`${s.url}/v4/download`, { method: 'HEAD', headers: { authorization: `${scheme} ${t}` } }).then(
        (r) => r.status,
      );
    expect(await head('first')).toBe(200);
    expect(await head('first', 'bearer')).toBe(200);
    expect(await head('second')).toBe(401);
    tokens = ['second', 'third'];
    expect(await head('first')).toBe(401);
    expect(await head('second')).toBe(200);
    expect(await head('third')).toBe(200);
    tokens = [];
    expect(await head('second')).toBe(401);
    const { s: s2 } = await setup();
    expect((await fetch(`${s2.url}/v4/download`, { method: 'HEAD', headers: auth(OTHER_TOKEN) })).status).toBe(200);
  });

  it('refuses to start without tokens or with a short signing key', () => {
    expect(() => createPublisher({ archivePath: '/x.zip', tokens: [] })).toThrow(/token/);
    expect(() => createPublisher({ archivePath: '/x.zip', tokens: [''] })).toThrow(/token/);
    expect(() => createPublisher({ archivePath: '/x.zip', tokens: ['t'], signingKey: Buffer.alloc(4) })).toThrow(
      /signingKey/,
    );
  });
});

describe('/v4/download HEAD, 304 and redirect', () => {
  it('HEAD answers the archive headers with no body', async () => {
    const { s, bytes, file } = await setup();
    const res = await fetch(`${s.url}/v4/download`, { method: 'HEAD', headers: auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('etag')).toBe(`"${sha(bytes)}"`);
    const { mtime } = await import('node:fs').then((fs) => fs.statSync(file));
    expect(res.headers.get('last-modified')).toBe(mtime.toUTCString());
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('If-None-Match with the current ETag gives 304 with no body for GET and HEAD (lists and W/ too)', async () => {
    const { s, bytes } = await setup();
    const etag = `"${sha(bytes)}"`;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${s.url}/v4/download`, {
          method,
          headers: { ...auth(), 'if-none-match': inm },
          redirect: 'manual',
        });
        expect(res.status, `${method} ${inm}`).toBe(304);
        expect(res.headers.get('etag')).toBe(etag);
        expect(await res.text()).toBe('');
      }
    }
    const stale = await fetch(`${s.url}/v4/download`, {
      method: 'HEAD',
      headers: { ...auth(), 'if-none-match': '"stale"' },
    });
    expect(stale.status).toBe(200);
  });

  it(
    'GET redirects (302) to an absolute presigned URL on the same server, which serves the ZIP without a ' + 'token',
    async () => {
      const { s, bytes, clock } = await setup();
      const res = await fetch(`${s.url}/v4/download`, { headers: auth(), redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('etag')).toBe(`"${sha(bytes)}"`);
      const location = res.headers.get('location')!;
      const u = new URL(location);
      expect(u.origin).toBe(s.url);
      expect(u.pathname).toBe(`/v4/files/${sha(bytes)}/bulk.zip`);
      expect(Number(u.searchParams.get('expires'))).toBe(Math.floor(clock.t / 1000) + 300);
      expect(u.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const file = await fetch(location);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/zip');
      expect(file.headers.get('content-length')).toBe(String(bytes.length));
      expect(file.headers.get('accept-ranges')).toBe('bytes');
      expect(file.headers.get('etag')).toBe(`"${sha(bytes)}"`);
      expect(file.headers.get('last-modified')).toBeTruthy();
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

      // A client that simply follows the redirect gets the bytes.
      const followed = await fetch(`${s.url}/v4/download`, { headers: auth() });
      expect(followed.status).toBe(200);
      expect(Buffer.from(await followed.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );

  it(
    'uses publicBaseUrl for the Location when configured, else the listen address, never the Host ' + 'header',
    async () => {
      const { s } = await setup({ publicBaseUrl: 'https://calendar.example.com/' });
      expect(await presignedUrl(s)).toMatch(/^https:\/\/calendar\.example\.com\/v4\/files\/[0-9a-f]{64}\/bulk\.zip\?/);

      const { s: s2 } = await setup();
      const { port } = new URL(s2.url);
      // HTTP/1.0 without a Host header (node's HTTP/1.1 parser insists on one).
      const raw = await new Promise<string>((resolve, reject) => {
        const sock = net.connect(Number(port), '127.0.0.1', () => {
          sock.write(`GET /v4/download HTTP/1.0\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
        });
        let text = '';
        sock.on('data', (d) => (text += d.toString('latin1')));
        sock.on('end', () => resolve(text));
        sock.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.[01] 302/);
      const location = /\r\nLocation: ([^\r]*)\r\n/i.exec(raw)?.[1];
      expect(location).toMatch(new RegExp(`^${s2.url}/v4/files/[0-9a-f]{64}/bulk\\.zip\\?expires=\\d+&signature=`));

      // A forged Host header does not steer the link elsewhere.
      const forged = await new Promise<string>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: Number(port),
              path: '/v4/download',
              headers: { ...auth(), host: 'evil.example:666' },
            },
            (res) => {
              res.resume();
              resolve(String(res.headers.location));
            },
          )
          .on('error', reject);
      });
      expect(forged.startsWith(`${s2.url}/v4/files/`)).toBe(true);
      expect(forged).not.toContain('evil');

      // Bound to every interface: no usable address, so a relative link the client resolves.
      const wildFile = path.join(tempDir(), 'bulk.zip');
      writeArchive(wildFile, randomBytes(100));
      const wild = createPublisher({ archivePath: wildFile, tokens: [TOKEN], listenUrl: 'http://0.0.0.0:8000' });
      const plain = http.createServer((q, r) => {
        if (!wild(q, r)) r.end();
      });
      await new Promise<void>((r) => plain.listen(0, '127.0.0.1', () => r()));
      const res = await fetch(`http://127.0.0.1:${(plain.address() as net.AddressInfo).port}/v4/download`, {
        headers: { ...auth(), host: 'evil.example' },
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^\/v4\/files\//);
      await new Promise((r) => plain.close(r));
    },
  );

  it(
    'with verify: publishes a file only once it loads; a bad file keeps the previous publication and is ' + 'logged',
    async () => {
      const good = Buffer.concat([Buffer.from('PK-good-'), randomBytes(20_000)]);
      const verify = async (p: string) => {
        if (!readFileSync(p).subarray(0, 2).equals(Buffer.from('PK'))) throw new Error('not a ZIP archive');
      };
      const { s, file, lines } = await setup({ verify }, good);
      const head = async () =>
        (await fetch(`${s.url}/v4/download`, { method: 'HEAD', headers: auth() })).headers.get('etag');
      expect(await head()).toBe(`"${sha(good)}"`);
      const oldLink = await presignedUrl(s);

      // A corrupt replacement: refused, logged once, the good version stays published.
      writeArchive(file, Buffer.from('garbage, not an archive'));
      expect(await head()).toBe(`"${sha(good)}"`);
      expect(await head()).toBe(`"${sha(good)}"`);
      const refused = lines.filter((l) => l.includes('does not load'));
      expect(refused).toHaveLength(1);
      expect(refused[0]).toContain('not a ZIP archive');
      const served = await fetch(oldLink);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(good)).toBe(true);

      // A good replacement is published.
      const next = Buffer.concat([Buffer.from('PK-next-'), randomBytes(10_000)]);
      writeArchive(file, next);
      expect(await head()).toBe(`"${sha(next)}"`);
      expect((await fetch(oldLink)).status).toBe(410);
      const followed = await fetch(`${s.url}/v4/download`, { headers: auth() });
      expect(Buffer.from(await followed.arrayBuffer()).equals(next)).toBe(true);
    },
  );

  it('with verify: a bad first file publishes nothing (503) until a good one arrives', async () => {
    const verify = async (p: string) => {
      if (!readFileSync(p).subarray(0, 2).equals(Buffer.from('PK'))) throw new Error('not a ZIP archive');
    };
    const { s, file } = await setup({ verify }, Buffer.from('nope'));
    expect((await fetch(`${s.url}/v4/download`, { method: 'HEAD', headers: auth() })).status).toBe(503);
    const good = Buffer.from('PK and then some');
    writeArchive(file, good);
    expect((await fetch(`${s.url}/v4/download`, { method: 'HEAD', headers: auth() })).headers.get('etag')).toBe(
      `"${sha(good)}"`,
    );
  });

  it('answers 503 when no archive is published and 405 for other methods', async () => {
    const { s, file } = await setup();
    expect((await fetch(`${s.url}/v4/download`, { method: 'POST', headers: auth() })).status).toBe(405);
    rmSync(file);
    const res = await fetch(`${s.url}/v4/download`, { method: 'HEAD', headers: auth() });
    expect(res.status).toBe(503);
  });

  it('keeps serving the REST interface beside it, and /v4/download stays 404 without publish', async () => {
    const { s } = await setup();
    expect((await fetch(`${s.url}/markets/US.NYSE`)).status).toBe(200);
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
    const plain = await createServer({ port: 0, data: fixtureData(), logLevel: 'silent' });
    running.push(plain);
    expect((await fetch(`${plain.url}/v4/download`, { headers: auth() })).status).toBe(404);
    expect(plain.app.publisher).toBeUndefined();
    expect(s.app.publisher).toBeDefined();
  });
});

describe('presigned /v4/files URLs', () => {
  it('rejects a tampered signature, version or expiry with 403', async () => {
    const { s, bytes } = await setup();
    const good = new URL(await presignedUrl(s));
    const sig = good.searchParams.get('signature')!;
    const exp = good.searchParams.get('expires')!;
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const variants: string[] = [
      `${good.pathname}?expires=${exp}&signature=${flip(sig[0]!)}${sig.slice(1)}`,
      `${good.pathname}?expires=${exp}&signature=${sig.slice(0, -1)}${flip(sig.at(-1)!)}`,
      `${good.pathname}?expires=${Number(exp) + 1}&signature=${sig}`,
      `${good.pathname}?expires=${exp}`,
      `${good.pathname}?signature=${sig}`,
      `${good.pathname}?expires=${exp}&signature=${sig}=`,
      `${good.pathname}`,
      `/v4/files/${sha(Buffer.from('other'))}/bulk.zip?expires=${exp}&signature=${sig}`,
    ];
    for (const v of variants) {
      const res = await fetch(`${s.url}${v}`);
      expect(res.status, v).toBe(403);
      expect(await res.json()).toEqual({ detail: 'Invalid download URL signature' });
    }
    expect((await fetch(good)).status).toBe(200);
    expect(sha(Buffer.from(await (await fetch(good)).arrayBuffer()))).toBe(sha(bytes));
    // Not a file URL shape at all.
    expect((await fetch(`${s.url}/v4/files/abc/bulk.zip?expires=${exp}&signature=${sig}`)).status).toBe(404);
    expect((await fetch(`${s.url}${good.pathname.replace('bulk.zip', 'other.zip')}${good.search}`)).status).toBe(404);
  });

  it('expires after the TTL (injected clock), with a configurable TTL', async () => {
    const { s, clock } = await setup();
    const url = await presignedUrl(s);
    clock.t += 299_000;
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    clock.t += 1_000;
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200); // the expiry second itself
    clock.t += 1_000;
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: 'This download URL has expired' });

    const short = await setup({ urlTtlSeconds: 10 });
    const u2 = await presignedUrl(short.s);
    expect(Number(new URL(u2).searchParams.get('expires'))).toBe(Math.floor(short.clock.t / 1000) + 10);
    short.clock.t += 11_000;
    expect((await fetch(u2)).status).toBe(403);
  });

  it('is not valid on another publisher (different signing key), valid with a shared key', async () => {
    const key = randomBytes(32);
    const bytes = randomBytes(1000);
    const a = await setup({ signingKey: key }, bytes);
    const b = await setup({ signingKey: key }, bytes);
    const c = await setup({}, bytes);
    const u = new URL(await presignedUrl(a.s));
    expect((await fetch(`${b.s.url}${u.pathname}${u.search}`)).status).toBe(200);
    expect((await fetch(`${c.s.url}${u.pathname}${u.search}`)).status).toBe(403);
  });

  it('serves single byte ranges (206), 416 for unsatisfiable ones, the whole file for several', async () => {
    const { s, bytes } = await setup();
    const url = await presignedUrl(s);
    const n = bytes.length;
    const get = async (range: string, extra: Record<string, string> = {}) => {
      const res = await fetch(url, { headers: { range, ...extra } });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };

    let r = await get('bytes=0-9');
    expect(r.res.status).toBe(206);
    expect(r.res.headers.get('content-range')).toBe(`bytes 0-9/${n}`);
    expect(r.res.headers.get('content-length')).toBe('10');
    expect(r.body.equals(bytes.subarray(0, 10))).toBe(true);

    r = await get('bytes=40000-');
    expect(r.res.status).toBe(206);
    expect(r.res.headers.get('content-range')).toBe(`bytes 40000-${n - 1}/${n}`);
    expect(r.body.equals(bytes.subarray(40000))).toBe(true);

    r = await get('bytes=-5');
    expect(r.res.status).toBe(206);
    expect(r.body.equals(bytes.subarray(n - 5))).toBe(true);

    r = await get(`bytes=100-${n + 500}`);
    expect(r.res.status).toBe(206);
    expect(r.res.headers.get('content-range')).toBe(`bytes 100-${n - 1}/${n}`);
    expect(r.body.equals(bytes.subarray(100))).toBe(true);

    for (const bad of [`bytes=${n}-`, `bytes=${n + 10}-${n + 20}`, 'bytes=-0']) {
      r = await get(bad);
      expect(r.res.status, bad).toBe(416);
      expect(r.res.headers.get('content-range')).toBe(`bytes */${n}`);
    }

    for (const whole of ['bytes=0-1, 5-6', 'items=0-1', 'bytes=9-3', 'nonsense']) {
      r = await get(whole);
      expect(r.res.status, whole).toBe(200);
      expect(r.body.equals(bytes)).toBe(true);
    }

    // If-Range: a range only while the validator still matches.
    r = await get('bytes=0-9', { 'if-range': `"${sha(bytes)}"` });
    expect(r.res.status).toBe(206);
    r = await get('bytes=0-9', { 'if-range': '"stale"' });
    expect(r.res.status).toBe(200);
    expect(r.body.length).toBe(n);

    // HEAD of a range: headers only.
    const head = await fetch(url, { method: 'HEAD', headers: { range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('100');
    // 304 on the file URL too.
    expect((await fetch(url, { headers: { 'if-none-match': `"${sha(bytes)}"` } })).status).toBe(304);
  });
});

describe('archive changes', () => {
  it('changes the ETag when the file is atomically replaced; old presigned URLs answer 410', async () => {
    const { s, file, bytes } = await setup();
    const head = () => fetch(`${s.url}/v4/download`, { method: 'HEAD', headers: auth() });
    const old = await presignedUrl(s);
    expect((await head()).headers.get('etag')).toBe(`"${sha(bytes)}"`);

    const next = randomBytes(30_000);
    writeArchive(file, next);
    const h = await head();
    expect(h.headers.get('etag')).toBe(`"${sha(next)}"`);
    expect(h.headers.get('content-length')).toBe(String(next.length));
    // The subscriber's conditional check now sees a change.
    const cond = await fetch(`${s.url}/v4/download`, {
      method: 'HEAD',
      headers: { ...auth(), 'if-none-match': `"${sha(bytes)}"` },
    });
    expect(cond.status).toBe(200);

    const gone = await fetch(old);
    expect(gone.status).toBe(410);
    expect((await gone.json()).detail).toMatch(/no longer published/);
    const fresh = await fetch(`${s.url}/v4/download`, { headers: auth() });
    expect(Buffer.from(await fresh.arrayBuffer()).equals(next)).toBe(true);

    // Same bytes written again (new inode and mtime): same ETag.
    writeArchive(file, Buffer.from(next));
    expect((await head()).headers.get('etag')).toBe(`"${sha(next)}"`);
  });

  it('a download in progress finishes with the version it started with', async () => {
    const big = randomBytes(8 * 1024 * 1024);
    const { s, file } = await setup({}, big);
    const url = await presignedUrl(s);
    const res = await fetch(url);
    const reader = res.body!.getReader();
    const first = await reader.read();
    writeArchive(file, randomBytes(1000));
    const chunks: Uint8Array[] = [first.value!];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(sha(Buffer.concat(chunks))).toBe(sha(big));
  });

  it('publisher.current() reports the published version', async () => {
    const { s, bytes } = await setup();
    const v = await s.app.publisher!.current();
    expect(v).toMatchObject({ version: sha(bytes), etag: `"${sha(bytes)}"`, size: bytes.length });
  });
});

describe('logs', () => {
  it('never show the token, the Authorization header or the signature', async () => {
    const { s, lines } = await setup();
    await fetch(`${s.url}/v4/download`, { headers: auth(), redirect: 'manual' });
    await fetch(`${s.url}/v4/download`, { headers: { authorization: 'Bearer wrong-token-value' } });
    const url = await presignedUrl(s);
    await (await fetch(url)).arrayBuffer();
    await fetch(url.replace(/signature=./, 'signature=Z'));
    await new Promise((r) => setTimeout(r, 50));
    const text = lines.join('');
    expect(text).toContain('/v4/download');
    expect(text).toContain('/v4/files/');
    expect(text).toContain('signature=[redacted]');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('wrong-token-value');
    expect(text.toLowerCase()).not.toContain('bearer');
    expect(text).not.toContain(new URL(url).searchParams.get('signature')!);
    // One access line per request.
    expect(lines.filter((l) => l.includes('"/v4/download"')).length).toBeGreaterThanOrEqual(3);
  });

  it('works through the express app too (createApp + supertest-like plain listen)', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'bulk.zip');
    const bytes = randomBytes(100);
    writeArchive(file, bytes);
    const app = createApp({ data: fixtureData(), logLevel: 'silent', publish: { archivePath: file, tokens: [TOKEN] } });
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/v4/download`, { headers: auth() });
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('token configuration', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });

  it('parses a token file: one per line, blank and # lines ignored', () => {
    expect(parseTokenFile('# comment\n\n  alpha  \r\nbeta\n   # indented comment\ngamma#not-a-comment\n')).toEqual([
      'alpha',
      'beta',
      'gamma#not-a-comment',
    ]);
  });

  it('reads OPENBELL_PUBLISH_TOKENS (comma-separated)', () => {
    const tokens = publisherTokensFrom({ env: { OPENBELL_PUBLISH_TOKENS: ' a, b ,,c ' } });
    expect(tokens()).toEqual(['a', 'b', 'c']);
  });

  it('reads a token file (option or OPENBELL_PUBLISH_TOKENS_FILE) and re-reads it when it changes', () => {
    const file = path.join(dir, 'tokens');
    writeFileSync(file, '# publisher tokens\none\n');
    const viaEnv = publisherTokensFrom({
      env: { OPENBELL_PUBLISH_TOKENS_FILE: file, OPENBELL_PUBLISH_TOKENS: 'envtok' },
    });
    expect(viaEnv()).toEqual(['envtok', 'one']);
    const tokens = publisherTokensFrom({ file, env: {} });
    expect(tokens()).toEqual(['one']);
    writeArchive(file, Buffer.from('two\nthree\n'));
    expect(tokens()).toEqual(['two', 'three']);
    rmSync(file);
    expect(tokens()).toEqual(['two', 'three']);
  });

  it('throws without tokens, naming the settings but never a token', () => {
    expect(() => publisherTokensFrom({ env: {} })).toThrow(/OPENBELL_PUBLISH_TOKENS/);
    expect(() => publisherTokensFrom({ file: path.join(dir, 'missing'), env: {} })).toThrow(
      /cannot read the token file/,
    );
    const empty = path.join(dir, 'empty');
    writeFileSync(empty, '# nothing here\n');
    expect(() => publisherTokensFrom({ file: empty, env: {} })).toThrow(/no bearer tokens/);
  });

  it('drives the publisher: a rotated file takes effect without restart', async () => {
    const file = path.join(dir, 'tokens');
    writeFileSync(file, 'old-token\n');
    const { s } = await setup({ tokens: publisherTokensFrom({ file, env: {} }) });
    const head = (t: string) =>
      fetch(`${s.url}/v4/download`, { method: 'HEAD', headers: auth(t) }).then((r) => r.status);
    expect(await head('old-token')).toBe(200);
    writeArchive(file, Buffer.from('new-token\n'));
    expect(await head('old-token')).toBe(401);
    expect(await head('new-token')).toBe(200);
  });
});

describe('helpers', () => {
  it('etagMatches: lists, weak prefix, star', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });

  it('parseRange', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=3-', 10)).toEqual({ start: 3, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,3-4', 10)).toBeNull();
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('sha of a real file matches what the publisher reports', async () => {
    const sample = new URL('../../opendata/data/sample.zip', import.meta.url);
    const bytes = readFileSync(sample);
    const p = createPublisher({ archivePath: sample.pathname, tokens: ['t'] });
    expect((await p.current())!.version).toBe(sha(bytes));
  });
});
