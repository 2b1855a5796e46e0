/**
 * Checking a series against the bar grid (docs/calendar-arithmetic.md §15): examples, and
 * properties against a model written from the page over the market's sessions and bars.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset, InvalidArgumentError, StampReader, type BarCheckResult } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const ds = Dataset.create(fixtureTables());
const START = '2023-11-20';
const END = '2023-11-27';
const grid = ds.bars('US.NYSE', START, END, { period: '30m' }).toArray();
const starts = grid.map((b) => b.start);
const utc = (t: string) => new Date(Date.parse(t)).toISOString().replace('.000Z', 'Z');
const check = (stamps: string[], period = '30m', breaks?: 'split' | 'ignore') =>
  ds.checkBars('US.NYSE', START, END, period, stamps, breaks);

const fault = (f: () => unknown): InvalidArgumentError => {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidArgumentError) return e;
    throw e;
  }
  throw new Error('no refusal');
};

interface World {
  market: string;
  start: string;
  end: string;
  /** The zone's UTC offset in hours over the range. */
  hours: number;
  grid: { date: string; start: string }[];
}
const NYSE_WORLD: World = { market: 'US.NYSE', start: START, end: END, hours: -5, grid };

/** The reason §15 gives a timestamp that matches no bar, from the sessions and bars the other queries answer. */
function model(
  stamps: string[],
  w: World = NYSE_WORLD,
  breaks: 'split' | 'ignore' = 'split',
): Pick<BarCheckResult, 'missing' | 'extra' | 'matched'> {
  const { market, start: START, end: END, hours, grid } = w;
  const sessions = ds.sessions(market, START, END);
  const bars = new Map(grid.map((b) => [Date.parse(b.start), b]));
  const seen = new Set<number>();
  const hit = new Set<number>();
  const extra: BarCheckResult['extra'] = [];
  const lo = Date.parse(`${START}T00:00:00Z`) - hours * 3_600_000;
  const hi = Date.parse(`${END}T00:00:00Z`) - hours * 3_600_000 + 86_400_000;
  for (const at of stamps) {
    const t = Date.parse(at);
    if (seen.has(t)) {
      extra.push({ at, reason: 'duplicate', date: null, holiday_name: null });
      continue;
    }
    seen.add(t);
    if (bars.has(t)) {
      hit.add(t);
      continue;
    }
    const x = sessions.find((s) => s.open && s.close && Date.parse(s.open) <= t && t <= Date.parse(s.close));
    if (x) {
      const inBreak = breaks === 'split' && x.breaks.some((b) => Date.parse(b.start) <= t && t < Date.parse(b.end));
      extra.push({ at, reason: inBreak ? 'in_break' : 'off_grid', date: x.date, holiday_name: null });
    } else if (t < lo || t >= hi) extra.push({ at, reason: 'outside_range', date: null, holiday_name: null });
    else {
      // Each world's zone keeps one offset all through its range.
      const local = new Date(t + hours * 3_600_000).toISOString().slice(0, 10);
      if (sessions.some((s) => s.date === local))
        extra.push({ at, reason: 'outside_hours', date: local, holiday_name: null });
      else {
        const row = ds.listHolidays(market, local, local)[0];
        extra.push({ at, reason: 'closed', date: null, holiday_name: row && !row.is_open ? row.holiday_name : null });
      }
    }
  }
  const missing = grid.filter((b) => !hit.has(Date.parse(b.start))).map((b) => ({ date: b.date, start: b.start }));
  return { missing, extra, matched: hit.size };
}

describe('checking a series against the grid', () => {
  it('a series equal to the grid has nothing missing or extra', () => {
    const r = check(starts);
    expect(r).toMatchObject({ market: 'US.NYSE', start: START, end: END, period: '30m', given: grid.length });
    expect(r.expected).toBe(grid.length);
    expect(r.matched).toBe(grid.length);
    expect(r.missing).toEqual([]);
    expect(r.extra).toEqual([]);
    // The same instants in UTC match too: instants are compared, not text.
    expect(check(starts.map(utc)).matched).toBe(grid.length);
  });

  it('names each reason', () => {
    const first = starts[0]!; // 2023-11-20 opening bar
    const r = check([
      first,
      utc(first),
      '2023-11-20T10:07:00-05:00',
      '2023-11-20T03:00:00-05:00',
      '2023-11-23T10:00:00-05:00',
      '2023-11-25T10:00:00-05:00',
      '2023-11-30T10:00:00-05:00',
      '2023-11-19T23:00:00-05:00',
    ]);
    expect(r.extra.map((e) => [e.reason, e.date, e.holiday_name])).toEqual([
      ['duplicate', null, null],
      ['off_grid', '2023-11-20', null],
      ['outside_hours', '2023-11-20', null],
      ['closed', null, 'Thanksgiving Day'],
      ['closed', null, null],
      ['outside_range', null, null],
      ['outside_range', null, null],
    ]);
    expect(r.extra[0]!.at).toBe(utc(first));
    expect(r.missing.length).toBe(grid.length - 1);
  });

  it('refuses: a whole-session period, an unreadable timestamp naming its item, too many bars', () => {
    expect(fault(() => check(starts, '1d')).faults[0]!.param).toBe('period');
    const e = fault(() => check([starts[0]!, '2023-11-20 nonsense']));
    expect(e.faults[0]!.param).toBe('body');
    expect(e.faults[0]!.msg).toContain('Item 1');
    expect(e.faults[0]!.msg).toContain('2023-11-20 nonsense');
    expect(fault(() => check(['2023-11-20T10:00:00'])).faults[0]!.msg).toContain('Item 0');
    expect(fault(() => ds.checkBars('US.NYSE', '2000-01-03', '2030-12-20', '1m', [])).faults[0]!.param).toBe('end');
  });

  const stampArb = fc.oneof(
    fc.constantFrom(...starts),
    fc.constantFrom(...starts).map(utc),
    // Shifted off the grid by minutes, before the open, on the holiday, on the weekend, outside the range.
    fc
      .tuple(fc.constantFrom(...starts), fc.integer({ min: -600, max: 600 }))
      .map(([s, k]) => new Date(Date.parse(s) + k * 60_000).toISOString()),
    fc
      .integer({ min: 0, max: 12 * 24 * 4 })
      .map((k) => new Date(Date.parse('2023-11-18T00:00:00Z') + k * 900_000).toISOString()),
  );

  it('every dropped bar is reported missing exactly once; reasons partition the extras (as the model says)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: grid.length, maxLength: grid.length }),
        fc.array(stampArb, { maxLength: 60 }),
        (keep, noise) => {
          const kept = starts.filter((_, i) => keep[i]);
          const series = [...kept, ...noise];
          const r = check(series);
          const m = model(series);
          expect(r.missing).toEqual(m.missing);
          expect(r.extra).toEqual(m.extra);
          expect(r.matched).toBe(m.matched);
          // Partition: every timestamp is matched or one extra, and no bar is both matched and missing.
          expect(r.given).toBe(series.length);
          expect(r.matched + r.extra.length).toBe(series.length);
          expect(r.matched + r.missing.length).toBe(r.expected);
          const dropped = starts.filter(
            (_, i) => !keep[i] && !noise.some((n) => Date.parse(n) === Date.parse(starts[i]!)),
          );
          expect(r.missing.map((x) => x.start)).toEqual(dropped);
        },
      ),
      { numRuns: 150, seed: 51 },
    );
  });

  // A lunch break (CN.CIBM 12:00-13:30, a holiday and a Sunday make-up day) and overnight
  // sessions that end on the next date (CN.SGE 20:00-02:30), Shanghai being UTC+8 all along.
  for (const [market, period, breaks] of [
    ['CN.CIBM', '30m', 'split'],
    ['CN.CIBM', '30m', 'ignore'],
    ['CN.SGE', '1h', 'split'],
  ] as const) {
    it(`${market} ${period} breaks=${breaks}: the model of §15 over dropped, repeated and shifted stamps`, () => {
      const w: World = {
        market,
        start: '2023-09-28',
        end: '2023-10-10',
        hours: 8,
        grid: ds.bars(market, '2023-09-28', '2023-10-10', { period, breaks }).toArray(),
      };
      const own = w.grid.map((b) => b.start);
      const noise = fc.oneof(
        fc.constantFrom(...own),
        fc
          .tuple(fc.constantFrom(...own), fc.integer({ min: -300, max: 300 }))
          .map(([x, k]) => new Date(Date.parse(x) + k * 60_000).toISOString()),
        fc
          .integer({ min: 0, max: 16 * 24 * 2 })
          .map((k) => new Date(Date.parse('2023-09-26T00:00:00Z') + k * 1_800_000).toISOString()),
      );
      fc.assert(
        fc.property(
          fc.array(fc.boolean(), { minLength: own.length, maxLength: own.length }),
          fc.array(noise, { maxLength: 80 }),
          (keep, extra) => {
            const series = [...own.filter((_, i) => keep[i]), ...extra];
            const r = ds.checkBars(market, w.start, w.end, period, series, breaks);
            const m = model(series, w, breaks);
            expect(r.missing).toEqual(m.missing);
            expect(r.extra).toEqual(m.extra);
            expect(r.matched + r.extra.length).toBe(series.length);
          },
        ),
        { numRuns: 60, seed: 5151 },
      );
    });
  }

  it('names in_break inside a lunch break, and closed with the holiday on a closing row', () => {
    const r = ds.checkBars('CN.CIBM', '2023-09-28', '2023-10-10', '30m', [
      '2023-09-28T12:00:00+08:00',
      '2023-09-28T12:45:00+08:00',
      '2023-09-28T13:30:00+08:00',
      '2023-10-02T10:00:00+08:00',
      '2023-10-08T10:00:00+08:00',
    ]);
    expect(r.extra.map((e) => [e.reason, e.date, e.holiday_name])).toEqual([
      ['in_break', '2023-09-28', null],
      ['in_break', '2023-09-28', null],
      ['closed', null, 'National Day'],
    ]);
    expect(r.matched).toBe(2);
  });

  it('reads a body in any pieces alike, and refuses past its limit', () => {
    const body = `time\r\n${starts.slice(0, 5).join(',x\r\n')}\r\n`;
    const json = JSON.stringify(starts.slice(0, 5));
    for (const [format, text] of [
      ['lines', body],
      ['json', json],
    ] as const) {
      const got: string[] = [];
      const r = new StampReader(format, (_ms, t) => got.push(t));
      for (let i = 0; i < text.length; i += 3) r.feed(text.slice(i, i + 3));
      r.end();
      expect(got).toEqual(starts.slice(0, 5));
    }
    const tooMany = new Error('413');
    const r = new StampReader(
      'lines',
      () => {},
      4,
      () => tooMany,
    );
    expect(() => r.feed(`${starts.slice(0, 5).join('\n')}\n`)).toThrow(tooMany);
    const open = new StampReader('json', () => {});
    open.feed(`["${starts[0]}"`);
    expect(() => open.end()).toThrow(InvalidArgumentError);
  });
});
