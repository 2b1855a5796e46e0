// Child of bench/watchers.mjs: `openbell` on a synthetic dataset (core's table generator) with
// its clock set so that a bell event falls BENCH_WATCH_LEAD_MS after the start and nothing
// happens in between, a change feed (the webhooks of BENCH_WEBHOOKS, comma-separated) and the
// server's defaults otherwise. Run with --expose-gc. Prints JSON lines on stdout: first
// {url, bell: {id, at}} (at: the real epoch ms of the bell), then one answer per command read
// from stdin: `rss` (after a full GC), `swap [AT]` (to a version adding a holiday next week to
// every tenth market, at once or at the epoch ms AT: {swapAt}, then {publishAt} when the change
// set goes out), `next` (the next event: {next: {id, at, bytes, inMs}}), `bell LEAD` (the clock
// moved on so that the next event falls LEAD ms from now: {bell: {id, at, bytes}}, or {wait: ms}), `flood N BYTES [MS]`
// (N `data` events of about BYTES each, one every MS (default 1) ms, for the slow readers), `stats` (the admission's
// counts), `cpu` (the process's CPU so far, {cpuMs, at}; bench/board.mjs).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Dataset } from '@openbell/core';
import { generateTables } from '../../core/bench/generate-tables.mjs';
import { createChangeFeed, createServer } from '../dist/index.js';
import { inMemoryData } from '../dist/app.js';
// BENCH_GC_LOG=1: each garbage collection on stderr (kind, duration), to see what a stretch costs.
if (process.env.BENCH_GC_LOG) {
  const { PerformanceObserver } = await import('node:perf_hooks');
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      process.stderr.write(`gc openbell ${e.detail?.kind ?? e.kind} ${e.duration.toFixed(2)} ms at ${Date.now()}\n`);
  }).observe({ entryTypes: ['gc'] });
}

const MARKETS = Number(process.env.BENCH_WATCH_MARKETS ?? 100);
const LEAD_MS = Number(process.env.BENCH_WATCH_LEAD_MS ?? 30_000);
const preciseNow = () => performance.timeOrigin + performance.now();
const rssKiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
const say = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

const tables = generateTables({ markets: MARKETS, fromYear: 2020, toYear: 2031 });
const v1 = Dataset.create(tables);
const ids = tables.markets.map((m) => m.fin_id);
// BENCH_WATCH_BELL_MARKETS=N: bells are the events of the first N markets only (bench/watchers.mjs
// with BENCH_WATCH_SETS=distinct puts the first market in every stream's set).
const bellIds = ids.slice(0, Number(process.env.BENCH_WATCH_BELL_MARKETS ?? ids.length));

// The first event preceded by a quiet stretch longer than the lead: the clock is shifted so it
// falls LEAD_MS from now, with nothing due before it.
const realStart = Date.now();
const plan = v1.bellEvents(bellIds, realStart, 7 * 86_400_000).events;
let bell;
for (let i = 1; i < plan.length && !bell; i++) if (plan[i].at_ms - plan[i - 1].at_ms > LEAD_MS + 5000) bell = plan[i];
if (!bell) throw new Error('no quiet stretch before an event in the next week');
let shift = bell.at_ms - (realStart + LEAD_MS);
const now = () => Date.now() + shift;

// v2: a holiday next week (on the server's clock) for every tenth market.
const day = new Date(now() + 7 * 86_400_000).toISOString().slice(0, 10);
const extra = tables.markets
  .filter((_, i) => i % 10 === 0)
  .map((m) => ({
    fin_id: m.fin_id,
    date: day,
    holiday_name: 'Bench Day',
    schedule: 'Closed',
    status: 'Closed',
    settlement: 'No',
    observed: false,
  }));
const v2 = Dataset.create({ ...tables, holidays: [...tables.holidays, ...extra] });
const data = (ds, version) => {
  const d = inMemoryData(ds, new Date(now()));
  return { ...d, meta: { ...d.meta, version } };
};

const webhooks = (process.env.BENCH_WEBHOOKS ?? '').split(',').filter(Boolean);
const logger = (await import('pino')).default({ level: process.env.BENCH_LOG_LEVEL ?? 'error' });
const changes = createChangeFeed({
  logger,
  webhooks,
  webhookSecret: webhooks.length ? 'bench-secret' : undefined,
  now,
});
// Subscribed before the server's own listener: the instant the change set goes out.
changes.subscribe(() => say({ publishAt: preciseNow() }));
const running = await createServer({ data: data(v1, 'v1'), port: 0, host: '127.0.0.1', logger, now, changes });
// Every market's status and plan once, before any baseline is taken: the data's own tables
// that the first answers build (a zone's day offsets, about 0.9 MB a zone) are then not
// counted as the streams' memory.
running.holder.current.dataset.bellEvents(ids, now(), 3_600_000);
for (const id of ids) running.holder.current.dataset.status(id, now());
// The bell's frame as /events writes it (every market's event at that instant, in one write):
// the ceiling writes as many bytes.
const frameBytes = (events, atMs) =>
  events
    .filter((e) => e.at_ms === atMs)
    .reduce(
      (n, { at_ms: _ms, ...e }) =>
        n + Buffer.byteLength(`id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e)}\n\n`),
      0,
    );
const bellBytes = frameBytes(plan, bell.at_ms);
/** The next event after the server's clock, on the data served: {id, at (real epoch ms), bytes, inMs}. */
const nextBell = () => {
  const t = now();
  const events = running.holder.current.dataset.bellEvents(bellIds, t + 1, 86_400_000).events;
  const e = events[0];
  return { id: e.id, at: e.at_ms - shift, bytes: frameBytes(events, e.at_ms), inMs: e.at_ms - t };
};
say({
  url: running.url,
  bell: { id: bell.id, at: bell.at_ms - shift, bytes: bellBytes },
  markets: MARKETS,
  ids,
  bellIds,
});

let flip = false;
let profiler;
for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, a, b, c] = line.trim().split(/\s+/);
  if (cmd === 'rss') {
    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    globalThis.gc?.();
    const m = process.memoryUsage();
    say({
      rssKiB: rssKiB(),
      heapKiB: m.heapUsed / 1024,
      heapTotalKiB: m.heapTotal / 1024,
      externalKiB: m.external / 1024,
    });
  } else if (cmd === 'swap') {
    // `swap [AT]`: at once, or on a timer at the epoch ms AT, timed from AT (as a bell is timed
    // from its instant: the timer's wake-up included).
    const at = a === undefined ? undefined : Number(a);
    const fire = () => {
      flip = !flip;
      const cpu0 = process.cpuUsage();
      const firedAt = preciseNow();
      running.holder.swap(data(flip ? v2 : v1, flip ? 'v2' : 'v3'));
      const cpu = process.cpuUsage(cpu0);
      const swapAt = at ?? firedAt;
      say({ swapAt, lateMs: firedAt - swapAt, swapMs: preciseNow() - firedAt, cpuMs: (cpu.user + cpu.system) / 1000 });
    };
    if (at === undefined) fire();
    else setTimeout(fire, Math.max(0, at - Date.now()));
  } else if (cmd === 'profile') {
    // `profile start` / `profile stop FILE`: a CPU profile of a stretch only (bench/board.mjs).
    const { Session } = await import('node:inspector/promises');
    if (a === 'start') {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
      await profiler.post('Profiler.start');
    } else {
      const { profile } = await profiler.post('Profiler.stop');
      (await import('node:fs')).writeFileSync(b, JSON.stringify(profile));
      profiler.disconnect();
    }
    say({ profiled: a });
  } else if (cmd === 'next') {
    say({ next: nextBell() });
  } else if (cmd === 'bell') {
    // `bell LEAD`: the clock moved on over the quiet stretch before the next event, so that it
    // falls LEAD ms from now; no event lies in between, so none is skipped. {wait} when the next
    // one is nearer than LEAD: the caller waits it out and asks again.
    const n = nextBell();
    const lead = Number(a);
    if (n.inMs < lead) say({ wait: n.inMs + 500 });
    else {
      shift += n.inMs - lead;
      say({ bell: nextBell() });
    }
  } else if (cmd === 'flood') {
    const pad = 'x'.repeat(Number(b));
    const floodAt = preciseNow();
    const rss0 = rssKiB();
    let peak = rss0;
    // Paced: a stream that reads keeps up, one that stopped reading fills its queue.
    let cpuMs = 0;
    for (let i = 0; i < Number(a); i++) {
      const cpu0 = process.cpuUsage();
      changes.publish({ from_version: 'bench', to_version: `flood-${i}`, summary: { pad } }, null);
      const cpu = process.cpuUsage(cpu0);
      cpuMs += (cpu.user + cpu.system) / 1000;
      if (i % 16 === 0) peak = Math.max(peak, rssKiB());
      await new Promise((r) => setTimeout(r, Number(c ?? 1)));
    }
    say({ floodAt, floodMs: preciseNow() - floodAt, cpuMs, peakGrowthKiB: peak - rss0 });
  } else if (cmd === 'cpu') {
    const c = process.cpuUsage();
    say({ cpuMs: (c.user + c.system) / 1000, at: preciseNow() });
  } else if (cmd === 'stats') {
    say({
      rssKiB: rssKiB(),
      subscribers: running.holder.connections?.().subscribers ?? -1,
      webhooksPending: changes.webhooks?.pending() ?? 0,
    });
  }
}
await running.close();
