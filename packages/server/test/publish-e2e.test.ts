/**
 * Publisher and subscriber end to end on loopback: one openbell server publishes a copy of
 * the sample archive on /v4/download; a second one, fed by the loader's hosted DataSource
 * pointed at the first, imports it, keeps in sync with it and survives a corrupt publication.
 *
 * Both servers run in this test process on their own ports (separate RunningServers, loggers
 * and data holders; the subscriber talks to the publisher only over HTTP). The subscriber's
 * update loop runs for real with a sub-minute interval (updateEveryMinutes accepts fractions).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createDataSource, loadFromBytes } from '@openbell/loader';
import { createServer, type DataSource, type LoadedData, type RunningServer, type UpdateResult } from '../src/index.js';

const loaderDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../loader');
const SAMPLE = path.resolve(loaderDir, '../opendata/data/sample.zip');
const TOKEN = 'e2e-publisher-token-6f1c2a';
const EXTRA_MARKET = 'ZZ.OPENBELL';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The sample archive with one extra market row, rebuilt with fflate (the loader's own dependency). */
function sampleWithExtraMarket(): Buffer {
  const fflate = createRequire(path.join(loaderDir, 'package.json'))('fflate') as typeof import('fflate');
  const files = fflate.unzipSync(readFileSync(SAMPLE));
  const key = Object.keys(files).find((k) => k.endsWith('markets.csv'))!;
  const text = fflate.strFromU8(files[key]!);
  const row =
    `${EXTRA_MARKET},OpenBell Test ` +
    `Exchange,Equities,Equities,America/New_York,Sat-Sun,,ZZOB,Equities,added by the publish e2e test,,`;
  const eol = text.includes('\r\n') ? '\r\n' : '\n'; // keep the file's own line endings
  files[key] = fflate.strToU8(`${text.replace(/\r?\n$/, '')}${eol}${row}${eol}`);
  return Buffer.from(fflate.zipSync(files, { level: 6 }));
}

/** Atomic replacement: write beside the published file, rename over it. */
function publishBytes(file: string, bytes: Uint8Array): void {
  const tmp = `${file}.incoming`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

async function waitFor(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** Keeps `workers` requests in flight against `url` until stopped; returns every status seen. */
function hammer(url: string, workers = 6): { stop: () => Promise<Map<number | string, number>> } {
  const seen = new Map<number | string, number>();
  let on = true;
  const loops = Array.from({ length: workers }, async () => {
    while (on) {
      let key: number | string;
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        key = res.status;
      } catch (err) {
        key = `error: ${err instanceof Error ? err.message : String(err)}`;
      }
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  });
  return {
    stop: async () => {
      on = false;
      await Promise.all(loops);
      return seen;
    },
  };
}

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/**
 * The whole story against one subscriber source: import, 304, a change picked up under load,
 * a corrupt publication survived, recovery.
 */
async function syncScenario(makeSource: (publisherUrl: string, cacheDir: string) => DataSource): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'openbell-publish-e2e-'));
  dirs.push(dir);
  const published = path.join(dir, 'publisher', 'bulk.zip');
  const cacheDir = path.join(dir, 'subscriber-cache');
  (await import('node:fs')).mkdirSync(path.dirname(published), { recursive: true });
  const original = readFileSync(SAMPLE);
  publishBytes(published, original);

  const pubLines: string[] = [];
  const subLines: string[] = [];
  const publisher = await createServer({
    port: 0,
    logger: pino({ level: 'info' }, { write: (l: string) => pubLines.push(l) }),
    publish: { archivePath: published, tokens: [TOKEN] },
  });
  servers.push(publisher);

  const source = makeSource(publisher.url, cacheDir);
  expect(source.description).not.toContain(TOKEN);
  const subscriber = await createServer({
    port: 0,
    source,
    updateEveryMinutes: 0.005, // 300 ms
    logger: pino({ level: 'debug' }, { write: (l: string) => subLines.push(l) }),
  });
  servers.push(subscriber);
  const info = async () => (await (await fetch(`${subscriber.url}/info`)).json()) as any;

  // 1. The subscriber imports the published archive and answers from it.
  await subscriber.ready;
  const nyse = await fetch(`${subscriber.url}/markets/US.NYSE`);
  expect(nyse.status).toBe(200);
  expect(((await nyse.json()) as any).fin_id).toBe('US.NYSE');
  let i = await info();
  expect(i.data.kind).toBe('hosted');
  expect(String(i.data.version)).toContain(sha(original));
  expect(i.updates.enabled).toBe(true);
  expect((await fetch(`${subscriber.url}/markets/${EXTRA_MARKET}`)).status).toBe(404);
  const downloads = () =>
    pubLines.filter((l) => /"GET \/v4\/files\/[0-9a-f]{64}\/bulk\.zip\?[^"]* 200 /.test(l)).length;
  expect(downloads()).toBe(1);

  // 2. The next checks find nothing new: 304 from the publisher, 'up_to_date', no download.
  const attemptBefore = subscriber.holder.updates.lastAttemptAt;
  await waitFor(
    'an up-to-date check',
    () => subscriber.holder.updates.lastAttemptAt !== attemptBefore && subscriber.holder.updates.lastResult !== null,
  );
  expect(subscriber.holder.updates.lastResult).toBe('up_to_date');
  expect(await subscriber.updateNow()).toBe('up_to_date');
  expect(pubLines.some((l) => /"(GET|HEAD) \/v4\/download 304 /.test(l))).toBe(true);
  expect(downloads()).toBe(1);

  // 3. A changed archive is picked up within an update interval while requests keep flowing.
  const load = hammer(`${subscriber.url}/markets/US.NYSE`);
  await sleep(100);
  const changed = sampleWithExtraMarket();
  publishBytes(published, changed);
  await waitFor(
    'the changed archive',
    async () => (await fetch(`${subscriber.url}/markets/${EXTRA_MARKET}`)).status === 200,
  );
  await sleep(100);
  const statuses = await load.stop();
  expect([...statuses.keys()]).toEqual([200]);
  expect(statuses.get(200)!).toBeGreaterThan(10);
  i = await info();
  expect(String(i.data.version)).toContain(sha(changed));
  expect(i.updates.last_result).toBe('updated');
  expect(downloads()).toBe(2);

  // 4. A corrupt publication: the update fails, the subscriber keeps serving what it had.
  const load2 = hammer(`${subscriber.url}/markets/${EXTRA_MARKET}`, 3);
  publishBytes(published, Buffer.concat([changed.subarray(0, 2000), Buffer.from('this is not a zip archive')]));
  await waitFor('a failed update', () => subscriber.holder.updates.lastResult === 'failed');
  const statuses2 = await load2.stop();
  expect([...statuses2.keys()]).toEqual([200]);
  i = await info();
  expect(i.updates.last_result).toBe('failed');
  expect(i.updates.last_error).toBeTruthy();
  expect(String(i.data.version)).toContain(sha(changed));
  expect((await fetch(`${subscriber.url}/markets/${EXTRA_MARKET}`)).status).toBe(200);
  expect((await fetch(`${subscriber.url}/health`)).status).toBe(200);

  // 5. Fixed again: back in sync.
  publishBytes(published, original);
  await waitFor('recovery', async () => (await fetch(`${subscriber.url}/markets/${EXTRA_MARKET}`)).status === 404);
  expect(String((await info()).data.version)).toContain(sha(original));

  // Secrets never reach either log.
  const logs = pubLines.join('') + subLines.join('');
  expect(logs).not.toContain(TOKEN);
  expect(logs).not.toMatch(/signature=(?!\[redacted\])/);
}

/**
 * A minimal vendor-style client, written against the spec's access form (a) only: a
 * conditional GET of /v4/download with the bearer token and If-None-Match, following the
 * redirect to the presigned URL; the archive is parsed with the loader's loadFromBytes.
 */
class ReferenceHostedSource implements DataSource {
  readonly isRemote = true;
  readonly description: string;
  private etag: string | null = null;
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {
    this.description = `${baseUrl}/v4/download`;
  }
  async load(): Promise<LoadedData> {
    const r = await this.update({ force: true });
    if (r.status !== 'updated') throw new Error('nothing to load');
    return r.data;
  }
  async update(options: { force?: boolean } = {}): Promise<UpdateResult> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (this.etag && !options.force) headers['if-none-match'] = this.etag;
    const res = await fetch(`${this.baseUrl}/v4/download`, { headers });
    if (res.status === 304) return { status: 'up_to_date' };
    if (res.status !== 200) throw new Error(`download failed: HTTP ${res.status}`);
    const etag = res.headers.get('etag');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const data = loadFromBytes(bytes, {
      source: this.description,
      kind: 'hosted',
      version: etag,
      downloadedAt: new Date().toISOString(),
    });
    this.etag = etag;
    return { status: 'updated', data };
  }
}

describe('publisher → subscriber with a reference client (spec access form (a))', () => {
  it('imports, gets 304, picks up a change without dropping a request, keeps its data on a corrupt file', async () => {
    await syncScenario((url) => new ReferenceHostedSource(url, TOKEN));
  });
});

describe("publisher → subscriber with the loader's hosted DataSource", () => {
  it('imports, gets 304, picks up a change without dropping a request, keeps its data on a corrupt file', async () => {
    await syncScenario((url, cacheDir) =>
      createDataSource({ token: TOKEN, baseUrl: url, cacheDir, retries: 0, retryDelayMs: 10 }),
    );
  });

  it('a subscriber with a wrong token gets no data and says why', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openbell-publish-e2e-'));
    dirs.push(dir);
    const published = path.join(dir, 'bulk.zip');
    publishBytes(published, readFileSync(SAMPLE));
    const publisher = await createServer({
      port: 0,
      logLevel: 'silent',
      publish: { archivePath: published, tokens: [TOKEN] },
    });
    servers.push(publisher);
    const source = createDataSource({
      token: 'not-the-token',
      baseUrl: publisher.url,
      cacheDir: path.join(dir, 'cache'),
      retries: 0,
      retryDelayMs: 10,
    });
    const subscriber = await createServer({
      port: 0,
      source,
      updateEveryMinutes: 0,
      logLevel: 'silent',
      loadRetryMs: 60_000,
    });
    servers.push(subscriber);
    await expect(subscriber.ready).rejects.toThrow();
    const health = await fetch(`${subscriber.url}/health`);
    expect(health.status).toBe(503);
    const text = await health.text();
    expect(text).not.toContain('not-the-token');
    expect((await source.check().catch((e: unknown) => e)) instanceof Error).toBe(true);
  });
});
