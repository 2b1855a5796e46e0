/**
 * Change sets on a running server: computed after the swap (the new version serves at once),
 * announced on /events as `data`, none for the first version or identical content, and
 * /health answering throughout a swap whose comparison takes many slices.
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Dataset, type Tables } from '@openbell/core';
import { createChangeFeed, createServer, type LoadedData, type RunningServer } from '../src/index.js';
import { inMemoryData } from '../src/app.js';
import type { SliceOptions } from '../src/changes/index.js';
import type { DataSource, UpdateResult } from '../src/types.js';
import { captureLogger, dataFor } from './changes-helpers.js';
import { fixtureTables, NYSE } from './fixture.js';
import { openSse, type SseStream } from './sse.js';

const running: RunningServer[] = [];
const streams: SseStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((s) => s.close());
  for (const r of running.splice(0)) {
    r.server.closeAllConnections();
    await r.close();
  }
});

/** A source whose next update hands over whatever the test queued. */
function sourceOf(first: LoadedData) {
  const next: LoadedData[] = [];
  // The loader's DataSource types its data as a loader Dataset; these are in-memory ones.
  const source = {
    description: 'test source',
    isRemote: false,
    load: async () => first,
    update: async (): Promise<UpdateResult> => {
      const d = next.shift();
      return d ? { status: 'updated', data: d } : { status: 'up_to_date' };
    },
  } as unknown as DataSource;
  return { source, next };
}

async function start(first: LoadedData, extra: { cacheDir?: string; slicing?: SliceOptions } = {}) {
  const cap = captureLogger();
  const feed = createChangeFeed({
    logger: cap.logger,
    cacheDir: extra.cacheDir,
    now: () => Date.parse('2023-12-20T00:00:00Z'),
    ...(extra.slicing ? { slicing: extra.slicing } : {}),
  });
  const { source, next } = sourceOf(first);
  const r = await createServer({ port: 0, source, logger: cap.logger, changes: feed, updateEveryMinutes: 0 });
  running.push(r);
  await r.ready;
  return { r, feed, next, cap };
}

describe('change sets on swap', () => {
  it('the first version has none; a new one serves at once and its change set follows', async () => {
    const { r, feed, next } = await start(dataFor('v1', 0));
    await feed.settled();
    expect(feed.log.list()).toEqual([]);
    const v2 = dataFor('v2', 1);
    next.push(v2);
    expect(await r.updateNow()).toBe('updated');
    expect(r.holder.current).toBe(v2);
    expect(feed.log.list()).toEqual([]); // not yet: it is computed after the swap
    await feed.settled();
    const cs = feed.log.latest()!;
    expect(cs).toMatchObject({
      from_version: 'v1',
      to_version: 'v2',
      loaded_at: '2023-12-20T00:00:00.000Z',
      summary: { holiday_added: 1, soon: 1 },
    });
  });

  it('identical content makes no change set, and a data event with an empty summary', async () => {
    const { r, feed, next } = await start(dataFor('v1', 2));
    const events: unknown[] = [];
    feed.subscribe((e) => events.push(e));
    next.push(dataFor('v1-again', 2));
    await r.updateNow();
    await feed.settled();
    expect(feed.log.list()).toEqual([]);
    expect(events).toEqual([{ from_version: 'v1', to_version: 'v1-again', summary: { soon: 0 } }]);
  });

  it('/events sends `event: data` with the versions and the summary', async () => {
    const { r, feed, next } = await start(dataFor('v1', 0));
    const sse = await openSse(`${r.url}/events?markets=${NYSE}`);
    streams.push(sse);
    await sse.waitFor((f) => f.event === 'ready');
    next.push(dataFor('v2', 1, 'Greenback'));
    await r.updateNow();
    await feed.settled();
    const frame = await sse.waitFor((f) => f.event === 'data');
    expect(frame.data).toEqual({
      from_version: 'v1',
      to_version: 'v2',
      summary: { holiday_added: 1, currency_changed: 1, soon: 1 },
    });
  });

  it('the change log survives a restart of the server', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'openbell-swap-'));
    const a = await start(dataFor('v1', 0), { cacheDir });
    a.next.push(dataFor('v2', 1));
    await a.r.updateNow();
    await a.feed.settled();
    await a.feed.log.flush();
    const b = await start(dataFor('v2', 1), { cacheDir });
    expect(b.feed.log.list().map((s) => s.to_version)).toEqual(['v2']);
  });
});

/** `n` markets like NYSE (holidays and schedule), `changed` of them with one more holiday. */
function manyMarkets(n: number, changed: number): Dataset {
  const base = fixtureTables();
  const t: Tables = {
    ...base,
    markets: [...base.markets],
    holidays: [...base.holidays],
    schedules: [...base.schedules!],
  };
  const nyse = base.markets.find((m) => m.fin_id === NYSE)!;
  const hols = base.holidays.filter((h) => h.fin_id === NYSE);
  const scheds = base.schedules!.filter((s) => s.fin_id === NYSE);
  for (let i = 0; i < n; i++) {
    const id = `ZZ.M${String(i).padStart(4, '0')}`;
    t.markets.push({ ...nyse, fin_id: id, mic: null });
    for (const h of hols) t.holidays.push({ ...h, fin_id: id });
    if (i < changed) t.holidays.push({ ...hols[hols.length - 1]!, fin_id: id, date: '2024-02-01' });
    for (const s of scheds) t.schedules!.push({ ...s, fin_id: id });
  }
  return Dataset.create(t, { coverageEndYearWithoutHolidays: 2028 });
}

function get(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('a swap under load', () => {
  it('/health answers throughout while the comparison runs in slices', async () => {
    const plain = inMemoryData(manyMarkets(1500, 0));
    const v1 = { ...plain, meta: { ...plain.meta, version: 'big-1' } };
    const v2 = { ...v1, dataset: manyMarkets(1500, 40), meta: { ...v1.meta, version: 'big-2' } };
    // The comparison's clock counts its steps, so a slice is a number of steps, not of ms.
    const SLICE = 50;
    let steps = 0;
    let slices = 0;
    let longest = 0;
    const { r, feed, next } = await start(v1, {
      slicing: {
        sliceMs: SLICE,
        clock: () => steps++,
        defer: (fn) =>
          setImmediate(() => {
            slices++;
            const from = steps;
            fn();
            longest = Math.max(longest, steps - from);
          }),
      },
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const statuses: number[] = [];
    // How many slices ran while one request waited for its answer, at most.
    let worst = 0;
    let computing = true;
    next.push(v2);
    await r.updateNow();
    const done = feed.settled().then(() => (computing = false));
    // A bounded loop: requests one after the other until the comparison is done (at most 2000).
    let during = 0;
    for (let i = 0; i < 2000 && computing; i++) {
      const before = slices;
      statuses.push(await get(`${r.url}/health`, agent));
      worst = Math.max(worst, slices - before);
      during++;
    }
    await done;
    agent.destroy();
    expect(feed.log.latest()!.summary).toEqual({ holiday_added: 40, soon: 0 });
    expect(slices).toBeGreaterThan(3);
    // Blocked for the whole comparison, the loop would get one answer only, after it ended.
    expect(during).toBeGreaterThan(1);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // A slice stops at its length on the comparison's clock (one step more reads it), and an
    // answer waits a few turns of the event loop, a few slices, never the whole comparison.
    expect(longest).toBeLessThanOrEqual(SLICE + 1);
    expect(worst).toBeLessThanOrEqual(8);
  }, 60_000);
});
