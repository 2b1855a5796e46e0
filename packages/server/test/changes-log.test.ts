/** The change log: keeping the last N, the files in the cache folder, and the /changes queries. */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangeLog } from '@openbell/loader';
import { getChanges, queryChanges, toHttp } from '@openbell/catalog';
import { GoneError, NotFoundError } from '@openbell/core';
import { captureLogger, changeSetTo, datasetFor, T0 } from './changes-helpers.js';
import { diff } from '@openbell/core';
import { NYSE } from './fixture.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'openbell-changes-'));

function logWith(n: number, options: { dir?: string; keep?: number } = {}) {
  const { logger, text } = captureLogger();
  const log = new ChangeLog({ logger, keep: 50, ...options });
  for (let k = 1; k <= n; k++) log.add(changeSetTo(k));
  return { log, text };
}

function thrown(fn: () => unknown): Error & { code?: string; oldest?: string | null } {
  try {
    fn();
  } catch (e) {
    return e as Error & { code?: string; oldest?: string | null };
  }
  throw new Error('expected an error');
}

describe('change log queries', () => {
  it('without since answers the latest alone, and an empty list before any', () => {
    expect(queryChanges(logWith(0).log, undefined, {})).toEqual({ versions: [] });
    const { log } = logWith(3);
    expect(queryChanges(log, undefined, {}).versions.map((v) => v.to_version)).toEqual(['v3']);
  });

  it('since V answers every change set after V, oldest first', () => {
    const { log } = logWith(4);
    expect(queryChanges(log, undefined, { since: 'v1' }).versions.map((v) => v.to_version)).toEqual(['v2', 'v3', 'v4']);
    expect(queryChanges(log, undefined, { since: 'v0' }).versions.map((v) => v.to_version)).toEqual([
      'v1',
      'v2',
      'v3',
      'v4',
    ]);
    expect(queryChanges(log, undefined, { since: 'v4' }).versions).toEqual([]);
  });

  it('unknown since is 404; since older than the oldest kept is 410 naming the oldest kept', () => {
    const { log } = logWith(5, { keep: 2 });
    expect(log.list().map((s) => s.to_version)).toEqual(['v4', 'v5']);
    const unknown = thrown(() => queryChanges(log, undefined, { since: 'nope' }));
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(toHttp(unknown)).toMatchObject({ status: 404 });
    const gone = thrown(() => queryChanges(log, undefined, { since: 'v1' }));
    expect(gone).toBeInstanceOf(GoneError);
    expect(gone.oldest).toBe('v4');
    expect(toHttp(gone)).toMatchObject({ status: 410, body: { detail: expect.stringContaining('v4') } });
    expect(gone.message).toContain('since=v3');
    // v3 is the from_version of the oldest kept: nothing is lost after it.
    expect(queryChanges(log, undefined, { since: 'v3' }).versions.map((v) => v.to_version)).toEqual(['v4', 'v5']);
  });

  it('/changes/{to_version}: one change set, 404 when unknown', () => {
    const { log } = logWith(3);
    expect(getChanges(log, undefined, 'v2').from_version).toBe('v1');
    expect(toHttp(thrown(() => getChanges(log, undefined, 'v9')))).toMatchObject({ status: 404 });
  });

  it('filters keep the named markets (FinID or MIC) and currencies and recount the summary', () => {
    const { logger } = captureLogger();
    const log = new ChangeLog({ logger, keep: 50 });
    const cs = diff(datasetFor(0), datasetFor(1, 'Greenback'), { loadedAt: T0, fromVersion: 'a', toVersion: 'b' })!;
    log.add(cs);
    expect(cs.summary).toMatchObject({ holiday_added: 1, currency_changed: 1 });
    const ds = datasetFor(1);
    const byMic = queryChanges(log, ds, { markets: 'XNYS' }).versions[0]!;
    expect(byMic.changes.map((c) => c.kind)).toEqual(['holiday']);
    expect(byMic.summary).toEqual({ holiday_added: 1, soon: 0 });
    expect(queryChanges(log, ds, { markets: [NYSE] }).versions[0]!.changes).toHaveLength(1);
    const usd = getChanges(log, ds, 'b', { currencies: 'usd' });
    expect(usd.summary).toEqual({ currency_changed: 1, soon: 0 });
    expect(queryChanges(log, ds, { markets: 'US.CME.AGRI' }).versions[0]!.changes).toEqual([]);
  });
});

describe('change log files', () => {
  it('survive a restart, keep the last N, and drop the files of the sets dropped', async () => {
    const dir = tmp();
    const { log } = logWith(4, { dir, keep: 3 });
    await log.flush();
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(4); // three sets and the index
    const again = new ChangeLog({ dir, keep: 3, logger: captureLogger().logger });
    expect(again.list().map((s) => s.to_version)).toEqual(['v2', 'v3', 'v4']);
    expect(again.get('v3')).toEqual(log.get('v3'));
    // What was dropped before the restart still answers 410, not 404.
    expect(toHttp(thrown(() => queryChanges(again, undefined, { since: 'v0' }))).status).toBe(410);
    // A smaller keep at the next start keeps the newest.
    expect(new ChangeLog({ dir, keep: 1, logger: captureLogger().logger }).list().map((s) => s.to_version)).toEqual([
      'v4',
    ]);
  });

  it('skips a corrupt or partial file with a warning, and a corrupt index too', async () => {
    const dir = tmp();
    const { log } = logWith(3, { dir });
    await log.flush();
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { entries: { file: string }[] };
    writeFileSync(join(dir, index.entries[1]!.file), '{"from_version": "v1", "to_ver');
    const cap = captureLogger();
    const again = new ChangeLog({ dir, keep: 50, logger: cap.logger });
    expect(again.list().map((s) => s.to_version)).toEqual(['v1', 'v3']);
    expect(cap.text()).toContain('corrupt or partial');
    writeFileSync(join(dir, 'index.json'), 'not json');
    const cap2 = captureLogger();
    expect(new ChangeLog({ dir, keep: 50, logger: cap2.logger }).list()).toEqual([]);
    expect(cap2.text()).toContain('"level":40');
  });

  it('leaves no temporary files behind', async () => {
    const dir = tmp();
    const { log } = logWith(5, { dir, keep: 2 });
    await log.flush();
    expect(readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it('a worker (writes: false) reads the folder and never writes it', async () => {
    const dir = tmp();
    const { log } = logWith(2, { dir });
    await log.flush();
    const worker = new ChangeLog({ dir, keep: 50, logger: captureLogger().logger, writes: false });
    worker.add(changeSetTo(3));
    await worker.flush();
    expect(worker.list()).toHaveLength(3);
    expect(new ChangeLog({ dir, keep: 50, logger: captureLogger().logger }).list()).toHaveLength(2);
  });
});
