/**
 * GET /changes and /changes/{to_version} on a server that swapped versions: the latest alone,
 * since a version, filters (FinID or MIC, currencies) recounting the summary, 404 and 410,
 * and the answers against the OpenAPI document's schemas.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answer, operations } from '@openbell/catalog';
import * as schemas from '@openbell/catalog/schemas';
import { createChangeFeed, createServer, type LoadedData, type RunningServer } from '../src/index.js';
import { buildOpenApiDocument } from '../src/openapi.js';
import type { DataSource, UpdateResult } from '../src/types.js';
import { captureLogger, dataFor } from './changes-helpers.js';
import { fixtureData, NYSE } from './fixture.js';

const running: RunningServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) {
    r.server.closeAllConnections();
    await r.close();
  }
});

const LOADED = Date.parse('2023-12-20T00:00:00Z');

/** A server that served v1, then swapped to each of `then` in turn, its change sets logged. */
async function swapped(then: LoadedData[], keepChanges?: number): Promise<RunningServer> {
  const cap = captureLogger();
  const feed = createChangeFeed({ logger: cap.logger, now: () => LOADED, keepChanges });
  const next = [...then];
  const source = {
    description: 'test source',
    isRemote: false,
    load: async () => dataFor('v1', 0),
    update: async (): Promise<UpdateResult> => {
      const d = next.shift();
      return d ? { status: 'updated', data: d } : { status: 'up_to_date' };
    },
  } as unknown as DataSource;
  const r = await createServer({ port: 0, source, logger: cap.logger, changes: feed, updateEveryMinutes: 0 });
  running.push(r);
  await r.ready;
  for (let i = 0; i < then.length; i++) {
    await r.updateNow();
    await feed.settled();
  }
  return r;
}

async function get(r: RunningServer, path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${r.url}${path}`);
  return { status: res.status, body: await res.json() };
}

// v2 adds an NYSE holiday, v3 renames USD, v4 adds another NYSE holiday.
const versions = () => [dataFor('v2', 1), dataFor('v3', 1, 'Greenback'), dataFor('v4', 2, 'Greenback')];

describe('GET /changes', () => {
  it('answers an empty list before any swap, and an unknown since is a 404', async () => {
    const r = await swapped([]);
    expect(await get(r, '/changes')).toEqual({ status: 200, body: { versions: [] } });
    const unknown = await get(r, '/changes?since=v0');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain("'v0'");
  });

  it('answers the latest alone without since, and every later one oldest first after a version', async () => {
    const r = await swapped(versions());
    const latest = await get(r, '/changes');
    expect(latest.status).toBe(200);
    expect(latest.body.versions.map((v: any) => [v.from_version, v.to_version])).toEqual([['v3', 'v4']]);
    expect(latest.body.versions[0]).toMatchObject({
      loaded_at: '2023-12-20T00:00:00.000Z',
      summary: { holiday_added: 1, soon: 1 },
    });

    const after = (await get(r, '/changes?since=v1')).body.versions.map((v: any) => v.to_version);
    expect(after).toEqual(['v2', 'v3', 'v4']);
    expect((await get(r, '/changes?since=v3')).body.versions.map((v: any) => v.to_version)).toEqual(['v4']);
    expect(await get(r, '/changes?since=v4')).toEqual({ status: 200, body: { versions: [] } });
    expect(r.changes!.log.list().map((s) => s.to_version)).toEqual(['v2', 'v3', 'v4']);
    // Unfiltered, the kept change sets as logged.
    expect((await get(r, '/changes?since=v1')).body).toEqual({
      versions: JSON.parse(JSON.stringify(r.changes!.log.list())),
    });
  });

  it('filters by market (FinID or MIC, any case) and currency, recounting the summary', async () => {
    const r = await swapped(versions());
    const byMic = (await get(r, '/changes?since=v1&markets=xnys')).body.versions;
    expect(byMic.map((v: any) => v.summary)).toEqual([
      { holiday_added: 1, soon: 1 },
      { soon: 0 },
      { holiday_added: 1, soon: 1 },
    ]);
    expect(byMic.flatMap((v: any) => v.changes.map((c: any) => c.key.fin_id))).toEqual([NYSE, NYSE]);
    expect((await get(r, `/changes?since=v1&markets=${NYSE}`)).body).toEqual({ versions: byMic });

    const usd = (await get(r, '/changes?since=v1&currencies=USD')).body.versions;
    expect(usd.map((v: any) => v.summary)).toEqual([{ soon: 0 }, { currency_changed: 1, soon: 0 }, { soon: 0 }]);
    expect(usd[1].changes[0]).toMatchObject({
      kind: 'currency',
      op: 'changed',
      key: { currency_code: 'USD' },
      fields: ['currency_name'],
    });
    expect(usd[1].changes[0].after.currency_name).toBe('Greenback');

    // Either filter keeps its own changes; repeating a parameter adds to its list.
    const both = (await get(r, '/changes?since=v2&markets=XNYS&currencies=EUR&currencies=USD')).body.versions;
    expect(both.map((v: any) => v.summary)).toEqual([
      { currency_changed: 1, soon: 0 },
      { holiday_added: 1, soon: 1 },
    ]);
  });

  it('answers 410 naming the oldest version kept when since is older than the change sets kept', async () => {
    const r = await swapped(versions(), 2);
    expect(r.changes!.log.list().map((s) => s.to_version)).toEqual(['v3', 'v4']);
    const gone = await get(r, '/changes?since=v1');
    expect(gone.status).toBe(410);
    expect(gone.body.detail).toContain('v3');
    expect(gone.body.detail).toContain('since=v2');
    // v2 is still the from_version of a kept set: everything after it is known.
    expect((await get(r, '/changes?since=v2')).body.versions.map((v: any) => v.to_version)).toEqual(['v3', 'v4']);
    expect((await get(r, '/changes/v2')).status).toBe(404);
  });
});

describe('GET /changes/{to_version}', () => {
  it('answers one change set, filtered as /changes, and 404 for an unknown version', async () => {
    const r = await swapped(versions());
    const v3 = await get(r, '/changes/v3');
    expect(v3.status).toBe(200);
    expect(v3.body).toMatchObject({ from_version: 'v2', to_version: 'v3', summary: { currency_changed: 1, soon: 0 } });
    expect((await get(r, '/changes/v3?markets=XNYS')).body).toMatchObject({
      to_version: 'v3',
      summary: { soon: 0 },
      changes: [],
    });
    expect((await get(r, '/changes/v2?markets=XNYS')).body.changes.map((c: any) => c.key)).toEqual([
      { fin_id: NYSE, date: '2024-01-02' },
    ]);
    const missing = await get(r, '/changes/v9');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain("'v9'");
  });

  it('is never served from the answer cache: a change set logged after the swap shows at once', async () => {
    const r = await swapped([dataFor('v2', 1)]);
    expect((await get(r, '/changes')).body.versions.map((v: any) => v.to_version)).toEqual(['v2']);
    expect(operations.listChanges.cacheable).toBeUndefined();
    expect(operations.getChangeSet.cacheable).toBeUndefined();
  });
});

describe('the change operations in the catalogue and the document', () => {
  it('answer an empty log in process when the caller passes none', () => {
    const ds = fixtureData().dataset;
    expect(answer(ds, '/changes')).toEqual({ status: 200, body: { versions: [] } });
    expect(answer(ds, '/changes', { since: 'v1' }).status).toBe(404);
    expect(answer(ds, '/changes/v1').status).toBe(404);
  });

  it('are documented with their schemas and error statuses, and real answers conform', async () => {
    const doc = buildOpenApiDocument('test') as any;
    const list = doc.paths['/changes'].get;
    const one = doc.paths['/changes/{to_version}'].get;
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '404', '410']));
    expect(Object.keys(one.responses)).toEqual(expect.arrayContaining(['200', '404']));
    expect(Object.keys(one.responses)).not.toContain('410');
    expect(list.parameters.map((p: any) => p.name)).toEqual(['since', 'markets', 'currencies']);
    expect(one.parameters.map((p: any) => [p.name, p.in])).toEqual([
      ['to_version', 'path'],
      ['markets', 'query'],
      ['currencies', 'query'],
    ]);
    expect(doc.components.schemas.ChangeSet).toBeDefined();
    expect(doc.components.schemas.Change).toBeDefined();

    const r = await swapped(versions());
    const all = (await get(r, '/changes?since=v1')).body;
    const parsed = schemas.ChangeVersions.safeParse(all);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    expect(schemas.ChangeSet.safeParse((await get(r, '/changes/v2')).body).success).toBe(true);
    expect(schemas.ErrorDetail.safeParse((await get(r, '/changes?since=nope')).body).success).toBe(true);
  });
});
