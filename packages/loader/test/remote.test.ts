// Hosted and URL sources against HTTP servers started here on loopback (no internet): a fake
// hosted endpoint (bearer check, ETag, 304, HEAD, a redirect to a presigned URL on another
// origin), failures (401/403/404/5xx, timeouts, refused connections, truncated and corrupt
// bodies) and the cache (verified atomic replace, lock, two processes at once).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArchiveCache,
  createDataSource,
  defaultCacheDir,
  LoaderError,
  redactUrl,
  samplePath,
  type Progress,
} from '../src/index.js';
import { DEFAULT_LOCK_STALE_MS } from '../src/cache.js';

const TOKEN = 'tok-3f9a1c7e5b2d-secret';
const SIGNATURE = 'sig-77aa1c0ffee';
const SAMPLE = new Uint8Array(readFileSync(samplePath()));
const distIndex = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** The sample archive with one more market, so a changed archive is visible in the data. */
function withExtraMarket(bytes: Uint8Array, id = 'ZZ.TEST'): Uint8Array {
  const files = unzipSync(bytes);
  const key = Object.keys(files).find((k) => k.endsWith('csv/markets.csv'))!;
  const text = strFromU8(files[key]!).replace(/\r?\n$/, '');
  files[key] = strToU8(
    `${text}\r\n${id},Test Exchange,Equities,Equities,America/New_York,Sat-Sun,,ZZTS,Equities,,,\r\n`,
  );
  return zipSync(files);
}
const CHANGED = withExtraMarket(SAMPLE);
const etagOf = (b: Uint8Array) => `"${createHash('sha256').update(b).digest('hex')}"`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Fake {
  url: string;
  server: Server;
  requests: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  handle: Handler;
}
const servers: Server[] = [];
async function fake(handle: Handler): Promise<Fake> {
  const f: Fake = { url: '', server: undefined as unknown as Server, requests: [], handle };
  f.server = createServer((req, res) => {
    f.requests.push({ method: req.method!, url: req.url!, headers: req.headers });
    f.handle(req, res);
  });
  servers.push(f.server);
  await new Promise<void>((r) => f.server.listen(0, '127.0.0.1', r));
  f.url = `http://127.0.0.1:${(f.server.address() as AddressInfo).port}`;
  return f;
}
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/**
 * The vendor's hosted endpoint on one origin, the object store on another (localhost vs
 * 127.0.0.1 would share nothing either; two ports are two origins).
 */
async function hostedPair(initial: Uint8Array = SAMPLE) {
  const state = { archive: initial, storeStatus: 200 as number, truncate: false };
  const store = await fake((req, res) => {
    const u = new URL(req.url!, 'http://x');
    if (u.searchParams.get('signature') !== SIGNATURE) {
      res.writeHead(403).end('bad signature');
      return;
    }
    if (state.storeStatus !== 200) {
      res.writeHead(state.storeStatus).end('store error');
      return;
    }
    if (state.truncate) {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': state.archive.byteLength });
      res.write(state.archive.subarray(0, 1000));
      setTimeout(() => res.destroy(), 20);
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/zip',
      'content-length': state.archive.byteLength,
      etag: '"object-store-md5"',
    });
    res.end(state.archive);
  });
  const api = await fake((req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"Missing or invalid bearer token"}');
      return;
    }
    const etag = etagOf(state.archive);
    const common = { etag, 'last-modified': 'Wed, 15 Nov 2023 12:00:00 GMT' };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, common).end();
      return;
    }
    if (req.method === 'HEAD') {
      res
        .writeHead(200, { ...common, 'content-type': 'application/zip', 'content-length': state.archive.byteLength })
        .end();
      return;
    }
    res
      .writeHead(302, { ...common, location: `${store.url}/bucket/bulk.zip?expires=9999999999&signature=${SIGNATURE}` })
      .end();
  });
  return { api, store, state };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'openbell-remote-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshCache = () => join(dir, `cache-${++n}`);
const fast = { retries: 0, retryDelayMs: 5, timeoutMs: 5_000 };

async function failure(p: Promise<unknown>): Promise<LoaderError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof LoaderError) return e;
    throw e;
  }
  throw new Error('expected a LoaderError');
}

describe('hosted endpoint', () => {
  it('downloads through the redirect, dropping Authorization on the other origin, and caches the archive', async () => {
    const { api, store } = await hostedPair();
    const cacheDir = freshCache();
    const seen: Progress[] = [];
    const source = createDataSource({
      token: TOKEN,
      baseUrl: api.url,
      cacheDir,
      onProgress: (p) => seen.push(p),
      ...fast,
    });
    expect(source.kind).toBe('hosted');
    expect(source.isRemote).toBe(true);
    expect(source.description).toBe(`${api.url}/v4/download`);
    expect(source.archivePath()).toBe(join(cacheDir, 'bulk.zip'));

    const data = await source.load();
    expect(data.meta).toMatchObject({
      kind: 'hosted',
      isSample: false,
      version: etagOf(SAMPLE),
      source: `${api.url}/v4/download`,
    });
    expect(data.dataset.getMarket('US.NYSE').fin_id).toBe('US.NYSE');
    expect(Date.parse(data.meta.downloadedAt!)).not.toBeNaN();

    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(api.requests[0]!.headers['if-none-match']).toBeUndefined();
    expect(store.requests).toHaveLength(1);
    expect(store.requests[0]!.headers.authorization).toBeUndefined();

    // Progress: from 0 up to the full length, with the total known.
    expect(seen[0]).toEqual({ loaded: 0, total: SAMPLE.byteLength });
    // Then, once every byte is in, the verification of the archive (its own stage).
    expect(seen.at(-2)).toEqual({ loaded: SAMPLE.byteLength, total: SAMPLE.byteLength });
    expect(seen.at(-1)).toEqual({ loaded: SAMPLE.byteLength, total: SAMPLE.byteLength, stage: 'verifying' });
    expect(seen.filter((p) => p.stage === 'verifying')).toHaveLength(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.loaded).toBeGreaterThanOrEqual(seen[i - 1]!.loaded);

    // The cache holds the archive and metadata with the hosted ETag (not the store's), and no secrets.
    expect(new Uint8Array(readFileSync(join(cacheDir, 'bulk.zip')))).toEqual(SAMPLE);
    const metaText = readFileSync(join(cacheDir, 'bulk.json'), 'utf8');
    expect(JSON.parse(metaText)).toMatchObject({
      etag: etagOf(SAMPLE),
      source: `${api.url}/v4/download`,
      size: SAMPLE.byteLength,
    });
    expect(metaText).not.toContain(TOKEN);
    expect(metaText).not.toContain(SIGNATURE);
    expect(source.archivePath()).toBe(join(cacheDir, 'bulk.zip'));
    expect(existsSync(join(cacheDir, '.lock'))).toBe(false);
  });

  it('starts from the cache without asking the network, then gets 304 and picks up a change', async () => {
    const { api, store, state } = await hostedPair();
    const cacheDir = freshCache();
    await createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast }).load();
    const before = api.requests.length;

    const source = createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast });
    const data = await source.load();
    expect(api.requests.length).toBe(before);
    expect(data.meta.version).toBe(etagOf(SAMPLE));

    expect(await source.update()).toEqual({ status: 'up_to_date' });
    expect(api.requests.at(-1)!.headers['if-none-match']).toBe(etagOf(SAMPLE));
    expect(store.requests).toHaveLength(1);

    expect(await source.check()).toEqual({
      upToDate: true,
      etag: etagOf(SAMPLE),
      lastModified: 'Wed, 15 Nov 2023 12:00:00 GMT',
      contentLength: null,
    });
    expect(api.requests.at(-1)!.method).toBe('HEAD');

    state.archive = CHANGED;
    const check = await source.check();
    expect(check).toMatchObject({ upToDate: false, etag: etagOf(CHANGED), contentLength: CHANGED.byteLength });
    expect(store.requests).toHaveLength(1); // HEAD downloads nothing

    const result = await source.update();
    expect(result.status).toBe('updated');
    if (result.status !== 'updated') return;
    expect(result.data.dataset.getMarket('ZZ.TEST').fin_id).toBe('ZZ.TEST');
    expect(result.data.meta.version).toBe(etagOf(CHANGED));
    expect(new Uint8Array(readFileSync(join(cacheDir, 'bulk.zip')))).toEqual(CHANGED);
  });

  it('a fresh source finding the cache current says up to date (nothing new to hand out)', async () => {
    const { api } = await hostedPair();
    const cacheDir = freshCache();
    await createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast }).load();
    expect(await createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast }).update()).toEqual({
      status: 'up_to_date',
    });
  });

  it('force downloads again without If-None-Match', async () => {
    const { api, store } = await hostedPair();
    const source = createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir: freshCache(), ...fast });
    await source.load();
    const r = await source.update({ force: true });
    expect(r.status).toBe('updated');
    expect(api.requests.at(-1)!.headers['if-none-match']).toBeUndefined();
    expect(store.requests).toHaveLength(2);
  });

  it('a wrong token: 401 as unauthorized, not retried, token never echoed', async () => {
    const { api } = await hostedPair();
    const wrong = 'wrong-token-value-123';
    const source = createDataSource({
      token: wrong,
      baseUrl: api.url,
      cacheDir: freshCache(),
      retries: 3,
      retryDelayMs: 5,
    });
    const err = await failure(source.load());
    expect(err.code).toBe('unauthorized');
    expect(err.status).toBe(401);
    expect(err.message).toMatch(/401/);
    expect(err.message).not.toContain(wrong);
    expect(source.description).not.toContain(wrong);
    expect(api.requests).toHaveLength(1);
    const headErr = await failure(source.check());
    expect(headErr.code).toBe('unauthorized');
  });

  it('a refused presigned link: 403 as forbidden, signature redacted', async () => {
    const { api, store, state } = await hostedPair();
    state.storeStatus = 403;
    const err = await failure(
      createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir: freshCache(), ...fast }).load(),
    );
    expect(err.code).toBe('forbidden');
    expect(err.message).toContain(`${store.url}/bucket/bulk.zip?[redacted]`);
    expect(err.message).not.toContain(SIGNATURE);
    expect(err.message).toMatch(/expired/);
  });

  it('a truncated download is retried, and never replaces the cache', async () => {
    const { api, store, state } = await hostedPair();
    const cacheDir = freshCache();
    const source = createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, retries: 2, retryDelayMs: 5 });
    await source.load();
    state.archive = CHANGED;
    state.truncate = true;
    const err = await failure(source.update());
    expect(err.code).toBe('network');
    expect(store.requests).toHaveLength(1 + 3);
    expect(new Uint8Array(readFileSync(join(cacheDir, 'bulk.zip')))).toEqual(SAMPLE);
    expect(JSON.parse(readFileSync(join(cacheDir, 'bulk.json'), 'utf8')).etag).toBe(etagOf(SAMPLE));
    expect(readdirNames(cacheDir)).toEqual(['bulk.json', 'bulk.zip']);
  });

  it('a corrupt archive fails verification and leaves the cache and its ETag alone', async () => {
    const { api, state } = await hostedPair();
    const cacheDir = freshCache();
    const source = createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast });
    await source.load();
    state.archive = new Uint8Array([...SAMPLE.subarray(0, 3000), ...strToU8('garbage')]);
    const err = await failure(source.update());
    expect(err.code).toBe('archive_invalid');
    expect(new Uint8Array(readFileSync(join(cacheDir, 'bulk.zip')))).toEqual(SAMPLE);
    // The cache still vouches for the old ETag, not the corrupt one; the next check only asks
    // (HEAD) whether the corrupt version is still the published one.
    expect((await new ArchiveCache(cacheDir).readMeta())?.etag).toBe(etagOf(SAMPLE));
    await failure(source.update());
    expect(api.requests.at(-1)!.method).toBe('HEAD');
    // Forced, it asks with no ETag at all and fails again on the same bytes.
    await failure(source.update({ force: true }));
    // A new process still starts from the good archive.
    const again = await createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast }).load();
    expect(again.meta.version).toBe(etagOf(SAMPLE));
  });

  it('remembers a version that failed verification: HEAD only until the ETag changes, then downloads', async () => {
    const { api, store, state } = await hostedPair();
    const cacheDir = freshCache();
    const source = createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast });
    await source.load();
    const downloads = () => store.requests.length;
    const before = downloads();
    const bad = new Uint8Array([...SAMPLE.subarray(0, 3000), ...strToU8('garbage')]);
    state.archive = bad;
    expect((await failure(source.update())).code).toBe('archive_invalid');
    expect(downloads()).toBe(before + 1);
    // Same bad version: refused again after a HEAD, nothing downloaded.
    for (let i = 0; i < 3; i++) {
      const again = await failure(source.update());
      expect(again.code).toBe('archive_invalid');
      expect(again.message).toMatch(/failed verification .*not downloading it again/);
      expect(again.message).toContain(etagOf(bad));
      expect(api.requests.at(-1)!.method).toBe('HEAD');
    }
    expect(downloads()).toBe(before + 1);
    // force still downloads (and fails the same way).
    expect((await failure(source.update({ force: true }))).code).toBe('archive_invalid');
    expect(downloads()).toBe(before + 2);
    // A new version: downloaded and swapped in.
    state.archive = CHANGED;
    const r = await source.update();
    expect(r.status).toBe('updated');
    if (r.status === 'updated') expect(r.data.meta.version).toBe(etagOf(CHANGED));
    expect(downloads()).toBe(before + 3);
  });

  it('an archive that cannot be read as a whole is refused with file and line', async () => {
    const files = unzipSync(SAMPLE);
    const key = Object.keys(files).find((k) => k.endsWith('csv/markets.csv'))!;
    // A required column missing (FinID renamed) refuses the archive; a bad row would only warn.
    files[key] = strToU8(strFromU8(files[key]!).replace('FinID', 'Fin Code'));
    const { api } = await hostedPair(zipSync(files));
    const err = await failure(
      createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir: freshCache(), ...fast }).load(),
    );
    expect(err.code).toBe('data_invalid');
    expect(err.file).toBe('csv/markets.csv');
    expect(err.line).toBe(1);
  });

  it('the download size cap fails fast', async () => {
    const { api } = await hostedPair();
    const err = await failure(
      createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir: freshCache(), maxBytes: 10_000, ...fast }).load(),
    );
    expect(err.code).toBe('too_large');
  });

  it('two processes updating one cache at once leave a consistent cache', async () => {
    const { api, store } = await hostedPair();
    const cacheDir = freshCache();
    const script = `
      const { createDataSource } = await import(${JSON.stringify(distIndex)});
      const s = createDataSource({ token: process.env.T, baseUrl: process.env.B, cacheDir: process.env.C, retries: 0 });
      const r = await s.update({ force: true });
      console.log(r.status);`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          env: { ...process.env, T: TOKEN, B: api.url, C: cacheDir },
        });
        let out = '';
        let errOut = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (errOut += d));
        child.on('exit', (code) =>
          code === 0 ? resolve(out.trim()) : reject(new Error(`child failed (${code}): ${errOut}`)),
        );
      });
    const results = await Promise.all([run(), run(), run()]);
    expect(results).toEqual(['updated', 'updated', 'updated']);
    expect(store.requests.length).toBe(3);
    const cache = await new ArchiveCache(cacheDir).read();
    expect(cache?.meta?.etag).toBe(etagOf(SAMPLE));
    expect(cache?.bytes).toEqual(SAMPLE);
    expect(readdirNames(cacheDir)).toEqual(['bulk.json', 'bulk.zip']);
  }, 60_000);

  it('after another process updated the cache, a 304 still hands over the newer archive', async () => {
    const { api, state } = await hostedPair();
    const cacheDir = freshCache();
    const mine = createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast });
    await mine.load();
    state.archive = CHANGED;
    await createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast }).update();
    const r = await mine.update();
    expect(r.status).toBe('updated');
    if (r.status === 'updated') expect(r.data.meta.version).toBe(etagOf(CHANGED));
    expect(api.requests.at(-1)!.headers['if-none-match']).toBe(etagOf(CHANGED));
  });

  it('breaks a lock left by a process that is gone', async () => {
    const { api } = await hostedPair();
    const cacheDir = freshCache();
    // A holder refreshes its lock's time; one not refreshed for longer than the stale limit is dead.
    mkdirSync(join(cacheDir, '.lock'), { recursive: true });
    const past = new Date(Date.now() - 10 * DEFAULT_LOCK_STALE_MS);
    utimesSync(join(cacheDir, '.lock'), past, past);
    const data = await createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir, ...fast }).load();
    expect(data.meta.kind).toBe('hosted');
    expect(existsSync(join(cacheDir, '.lock'))).toBe(false);
  });

  it('waits for a live lock and says so when it does not go away', async () => {
    const cacheDir = freshCache();
    // Held by a live process: refreshed just now.
    mkdirSync(join(cacheDir, '.lock'), { recursive: true });
    const cache = new ArchiveCache(cacheDir);
    const err = await failure(cache.withLock(async () => 1, { waitMs: 100 }));
    expect(err.code).toBe('timeout');
    expect(err.message).toMatch(/locked/);
  });
});

function readdirNames(d: string): string[] {
  return readdirSync(d).sort();
}

describe('failures and retries', () => {
  it('5xx is retried with backoff, then reported with its status', async () => {
    const api = await fake((_req, res) => res.writeHead(500).end());
    const err = await failure(
      createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir: freshCache(), retries: 2, retryDelayMs: 5 }).load(),
    );
    expect(err.code).toBe('http');
    expect(err.status).toBe(500);
    expect(api.requests).toHaveLength(3);
  });

  it('recovers when a retry succeeds (503, then 429 with Retry-After, then the file)', async () => {
    let i = 0;
    const api = await fake((_req, res) => {
      i++;
      if (i === 1) res.writeHead(503).end();
      else if (i === 2) res.writeHead(429, { 'retry-after': '0' }).end();
      else res.writeHead(200, { etag: '"v1"', 'content-length': SAMPLE.byteLength }).end(SAMPLE);
    });
    const data = await createDataSource({
      data: `${api.url}/files/bulk.zip`,
      cacheDir: freshCache(),
      retries: 3,
      retryDelayMs: 5,
    }).load();
    expect(data.meta).toMatchObject({ kind: 'url', version: '"v1"' });
    expect(api.requests).toHaveLength(3);
  });

  it('404 as not_found, not retried', async () => {
    const api = await fake((_req, res) => res.writeHead(404).end());
    const err = await failure(
      createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir: freshCache(), retries: 3, retryDelayMs: 5 }).load(),
    );
    expect(err.code).toBe('not_found');
    expect(api.requests).toHaveLength(1);
  });

  it('403 from the hosted endpoint itself names the token, not an expired link', async () => {
    const api = await fake((_req, res) => res.writeHead(403).end());
    const err = await failure(
      createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir: freshCache(), ...fast }).load(),
    );
    expect(err.code).toBe('forbidden');
    expect(err.message).toMatch(/token is not allowed/);
  });

  it('an endpoint that never answers times out', async () => {
    const api = await fake(() => undefined);
    // Nothing but the 150 ms timeout can end these requests: a timeout not applied hangs the test.
    const err = await failure(
      createDataSource({
        token: TOKEN,
        baseUrl: api.url,
        cacheDir: freshCache(),
        timeoutMs: 150,
        retries: 1,
        retryDelayMs: 5,
      }).load(),
    );
    expect(err.code).toBe('timeout');
    expect(api.requests).toHaveLength(2);
  });

  it('a download that stalls mid-body times out', async () => {
    const api = await fake((_req, res) => {
      res.writeHead(200, { 'content-length': SAMPLE.byteLength });
      res.write(SAMPLE.subarray(0, 500)); // and then nothing
    });
    const err = await failure(
      createDataSource({ data: `${api.url}/bulk.zip`, cacheDir: freshCache(), timeoutMs: 200, retries: 0 }).load(),
    );
    expect(err.code).toBe('timeout');
    expect(err.message).toMatch(/stalled/);
  });

  it('a refused connection is a network error naming the host', async () => {
    const api = await fake(() => undefined);
    const url = api.url;
    await new Promise((r) => api.server.close(r));
    const err = await failure(
      createDataSource({ token: TOKEN, baseUrl: url, cacheDir: freshCache(), retries: 1, retryDelayMs: 5 }).load(),
    );
    expect(err.code).toBe('network');
    expect(err.message).toContain(url);
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('a redirect loop stops', async () => {
    const api = await fake((req, res) => res.writeHead(302, { location: req.url }).end());
    const err = await failure(
      createDataSource({ token: TOKEN, baseUrl: api.url, cacheDir: freshCache(), ...fast }).load(),
    );
    expect(err.code).toBe('http');
    expect(err.message).toMatch(/too many redirects/);
  });

  it('a plain URL: no token sent, If-Modified-Since when there is no ETag', async () => {
    const api = await fake((req, res) => {
      if (req.headers['if-modified-since'] === 'Wed, 15 Nov 2023 12:00:00 GMT') res.writeHead(304).end();
      else res.writeHead(200, { 'last-modified': 'Wed, 15 Nov 2023 12:00:00 GMT' }).end(SAMPLE);
    });
    const source = createDataSource({
      data: `${api.url}/bulk.zip?key=abc`,
      token: TOKEN,
      cacheDir: freshCache(),
      ...fast,
    });
    expect(source.kind).toBe('url');
    expect(source.description).toBe(`${api.url}/bulk.zip?[redacted]`);
    const data = await source.load();
    expect(data.meta.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
    expect(await source.update()).toEqual({ status: 'up_to_date' });
  });
});

describe('createDataSource picks the source', () => {
  it('the sample with neither data nor token', async () => {
    const s = createDataSource({});
    expect([s.kind, s.isRemote, s.archivePath()]).toEqual(['sample', false, samplePath()]);
    expect((await s.load()).meta.isSample).toBe(true);
    expect(await s.update()).toEqual({ status: 'up_to_date' });
  });

  it('a ZIP path or a file:// URL, reloaded when the file changes', async () => {
    const file = join(dir, 'local.zip');
    writeFileSync(file, SAMPLE);
    const s = createDataSource({ data: `file://${file}` });
    const first = await s.load();
    expect([first.meta.kind, s.archivePath()]).toEqual(['file', file]);
    expect(await s.update()).toEqual({ status: 'up_to_date' });
    writeFileSync(file, CHANGED);
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await s.check()).upToDate).toBe(false);
    const r = await s.update();
    expect(r.status).toBe('updated');
    if (r.status === 'updated') expect(r.data.dataset.getMarket('ZZ.TEST').fin_id).toBe('ZZ.TEST');
  });

  it('a directory holding csv/', async () => {
    const s = createDataSource({ data: fileURLToPath(new URL('../../opendata/data/sample', import.meta.url)) });
    const data = await s.load();
    expect([data.meta.kind, s.kind, s.archivePath()]).toEqual(['directory', 'directory', null]);
  });

  it('data wins over a token; a token alone means the hosted endpoint at the vendor', () => {
    expect(createDataSource({ data: 'https://example.com/bulk.zip', token: TOKEN }).kind).toBe('url');
    const hosted = createDataSource({ token: TOKEN, cacheDir: freshCache() });
    expect(hosted.kind).toBe('hosted');
    expect(hosted.description).toBe('https://api.tradinghours.com/v4/download');
  });

  it('refuses to send a token over plain http off loopback, and unknown schemes', () => {
    const e1 = (() => {
      try {
        createDataSource({ token: TOKEN, baseUrl: 'http://calendar.example.com' });
      } catch (e) {
        return e as LoaderError;
      }
    })();
    expect(e1?.code).toBe('config_invalid');
    expect(e1?.message).not.toContain(TOKEN);
    expect(() => createDataSource({ data: 'ftp://example.com/bulk.zip' })).toThrow(/unsupported/);
  });

  it('refuses URLs carrying credentials, without repeating them', () => {
    for (const opts of [
      { data: 'https://user:pw-secret@example.com/bulk.zip' },
      { token: TOKEN, baseUrl: 'https://user:pw-secret@example.com' },
    ]) {
      let err: LoaderError | undefined;
      try {
        createDataSource(opts);
      } catch (e) {
        err = e as LoaderError;
      }
      expect(err?.code).toBe('config_invalid');
      expect(err?.message).not.toContain('pw-secret');
    }
  });

  it('a network error never quotes the signature of the URL', async () => {
    const failing = async () => {
      throw new TypeError('fetch failed', {
        cause: new Error('bad request to https://store.example/x.zip?signature=sig-123 refused'),
      });
    };
    const err = await failure(
      createDataSource({
        data: 'https://store.example/x.zip?signature=sig-123',
        cacheDir: freshCache(),
        fetch: failing,
        retries: 0,
      }).load(),
    );
    expect(err.code).toBe('network');
    expect(err.message).toContain('https://store.example/x.zip?[redacted]');
    expect(err.message).not.toContain('sig-123');
  });

  it('a missing path is not_found', async () => {
    expect((await failure(createDataSource({ data: join(dir, 'nope.zip') }).load())).code).toBe('not_found');
  });
});

describe('helpers', () => {
  it('defaultCacheDir follows XDG_CACHE_HOME, then the platform', () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/x/cache' }, 'linux')).toBe('/x/cache/openbell');
    expect(defaultCacheDir({}, 'linux')).toMatch(/\.cache\/openbell$/);
    expect(defaultCacheDir({}, 'darwin')).toMatch(/Library\/Caches\/openbell$/);
  });

  it('redactUrl hides credentials and queries', () => {
    expect(redactUrl('https://u:p@h.example/a/b.zip?X-Amz-Signature=abc#f')).toBe(
      'https://h.example/a/b.zip?[redacted]',
    );
    expect(redactUrl('https://h.example/v4/download')).toBe('https://h.example/v4/download');
    expect(redactUrl('not a url')).toBe('(invalid URL)');
  });
});

describe('plain http base URLs', () => {
  it('are refused off loopback unless allowInsecureHttp says the network is private', () => {
    expect(() => createDataSource({ token: 't', baseUrl: 'http://publisher:8000', cacheDir: '/tmp/x' })).toThrow(
      /must use https/,
    );
    expect(() =>
      createDataSource({ token: 't', baseUrl: 'http://publisher:8000', cacheDir: '/tmp/x', allowInsecureHttp: true }),
    ).not.toThrow();
    expect(() => createDataSource({ token: 't', baseUrl: 'http://127.0.0.1:8000', cacheDir: '/tmp/x' })).not.toThrow();
  });
});
