/**
 * A publisher's override set followed by a replica (docs/overrides.md §4): the publisher serves
 * it at /v4/overrides with the download's tokens and an ETag; the replica fetches it with each
 * update check, answers with it, and refuses writes naming the publisher.
 */
import { mkdtempSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createDataSource, loadFromPath } from '@openbell/loader';
import { createServer, parseAdminTokens, type DataSource, type LoadedData, type RunningServer } from '../src/index.js';

const SAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../opendata/data/sample.zip');
const TOKEN = 'replica-download-token-81c2';
const ADMIN = 'admin-secret-5512ab';
const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function waitFor(what: string, cond: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a replica', () => {
  it("serves its publisher's overrides and refuses writes naming it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openbell-replica-'));
    dirs.push(dir);
    const archive = path.join(dir, 'bulk.zip');
    copyFileSync(SAMPLE, archive);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const publisher = await createServer({
      port: 0,
      logger,
      data: (await loadFromPath(archive)) as unknown as LoadedData,
      publish: { archivePath: archive, tokens: [TOKEN] },
      overrideSettings: { file: path.join(dir, 'pub', 'overrides.json'), tokens: parseAdminTokens([`ops=${ADMIN}`]) },
    });
    servers.push(publisher);

    // The set needs the download's token, and answers 304 to its own ETag.
    expect((await fetch(`${publisher.url}/v4/overrides`)).status).toBe(401);
    const first = await fetch(`${publisher.url}/v4/overrides`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ overrides: [] });
    const etag = first.headers.get('etag')!;
    expect(
      (
        await fetch(`${publisher.url}/v4/overrides`, {
          headers: { authorization: `Bearer ${TOKEN}`, 'if-none-match': etag },
        })
      ).status,
    ).toBe(304);

    const source = createDataSource({
      baseUrl: publisher.url,
      token: TOKEN,
      cacheDir: path.join(dir, 'replica'),
      retries: 0,
      retryDelayMs: 10,
    }) as unknown as DataSource;
    const replica = await createServer({
      port: 0,
      logger,
      source,
      updateEveryMinutes: 0.005,
      overrideSettings: {
        file: path.join(dir, 'replica', 'overrides.json'),
        tokens: parseAdminTokens([`ops=${ADMIN}`]),
        pullFrom: { baseUrl: publisher.url, token: TOKEN },
      },
    });
    servers.push(replica);
    await replica.ready;

    const made = await fetch(`${publisher.url}/overrides`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'closure',
        target: 'XNYS',
        date: '2024-07-16',
        name: 'Typhoon',
        reason: 'signal 8',
      }),
    });
    expect(made.status).toBe(201);
    const day = async (s: RunningServer) =>
      (
        (await (await fetch(`${s.url}/markets/XNYS/days?start=2024-07-16&end=2024-07-16`)).json()) as {
          is_open: boolean;
        }[]
      )[0]!.is_open;
    await waitFor('the replica to follow', async () => (await day(replica)) === false);
    const pv = (await fetch(`${publisher.url}/health`)).headers.get('x-openbell-data-version');
    const rv = (await fetch(`${replica.url}/health`)).headers.get('x-openbell-data-version');
    // The same set, the same part of the version id (the vendor part is the file's hash on the
    // publisher, the download's ETag on a replica).
    expect(rv!.split('+ovr.')[1]).toBe(pv!.split('+ovr.')[1]);
    expect(rv).toContain(pv!.split('+ovr.')[0]!.replace('sha256:', ''));

    const refused = await fetch(`${replica.url}/overrides`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'closure', target: 'XNYS', date: '2024-07-17', name: 'x', reason: 'y' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toContain(publisher.url);
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).not.toContain(ADMIN);
  });
});
