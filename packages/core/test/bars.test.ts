/**
 * docs/calendar-arithmetic.md §8: bars, their count, the bar limit and the bytes written for them.
 * Examples first (published facts and small hand-made markets), then properties against an
 * oracle that steps over the open time `sessions` answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Dataset,
  InvalidArgumentError,
  MAX_BARS,
  OutOfCoverageError,
  formatDay,
  parseInstant,
  parsePeriod,
  tryParseDay,
  type Bar,
  type BarOptions,
  type MarketHolidayRow,
  type ScheduleRow,
  type Session,
} from '../src/index.js';
import { faultsOf } from './faults.js';
import { CME, fixtureTables, sched } from '../src/testing/fixture.js';
import { hhmm, ID, oneMarket, oneMarketTables, WIN_END, winEnd, winStart } from './one-market.js';

const ds = Dataset.create(fixtureTables());

const market = (
  rows: Partial<ScheduleRow>[],
  holidays: Partial<MarketHolidayRow>[] = [],
  timezone = 'Asia/Tokyo',
): Dataset => oneMarket(rows, holidays, timezone);

// The Tokyo Stock Exchange as the sample has it: a lunch break, and the afternoon extended to
// 15:30 from 2024-11-05.
const XTKS = market([
  sched(ID, 'Regular', 'Pre-Open', 'Mon-Fri', '08:00:00', '09:00:00'),
  sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '11:30:00', { phase_name: 'Morning Session' }),
  sched(ID, 'Regular', 'Intermission', 'Mon-Fri', '11:30:00', '12:30:00', { phase_name: 'Lunch Break' }),
  sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '12:30:00', '15:00:00', {
    phase_name: 'Afternoon Session',
    in_force_end_date: '2024-11-04',
  }),
  sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '12:30:00', '15:30:00', {
    phase_name: 'Afternoon Session',
    in_force_start_date: '2024-11-05',
  }),
  sched(ID, 'Regular', 'Pre-Close', 'Mon-Fri', '15:25:00', '15:30:00', { in_force_start_date: '2024-11-05' }),
]);

const list = (d: Dataset, id: string, start: string, end: string, o: BarOptions): Bar[] => [
  ...d.bars(id, start, end, o),
];
const times = (bars: Bar[]) => bars.map((b) => `${b.start.slice(11, 16)}-${b.end.slice(11, 16)}`);
const instant = (iso: string) => parseInstant(iso, 'x') / 1000;
const text = (pieces: Iterable<Uint8Array>) => Buffer.concat([...pieces]).toString('utf8');

describe('§8 bars: examples', () => {
  it('XNYS, the day after Thanksgiving 2023: 5-minute bars from 09:30 to the 13:00 early close', () => {
    const bars = list(ds, 'XNYS', '2023-11-24', '2023-11-24', { period: '5m' });
    expect(bars).toHaveLength(42);
    expect(bars[0]).toEqual({
      date: '2023-11-24',
      start: '2023-11-24T09:30:00-05:00',
      end: '2023-11-24T09:35:00-05:00',
    });
    expect(bars[41]).toEqual({
      date: '2023-11-24',
      start: '2023-11-24T12:55:00-05:00',
      end: '2023-11-24T13:00:00-05:00',
    });
    expect(ds.countBars('XNYS', '2023-11-24', '2023-11-24', { period: '5m' })).toEqual({
      start: '2023-11-24',
      end: '2023-11-24',
      period: '5m',
      count: 42,
    });
  });

  it('no bar on a closed holiday or a weekend; a week is the sum of its sessions', () => {
    expect(list(ds, 'XNYS', '2023-11-23', '2023-11-23', { period: '1h' })).toEqual([]);
    expect(list(ds, 'XNYS', '2023-11-25', '2023-11-26', { period: '1h' })).toEqual([]);
    // Mon-Wed 7 one-hour bars each (the last one 15:30-16:00), Friday 4 (12:30-13:00 last).
    expect(ds.countBars('XNYS', '2023-11-20', '2023-11-26', { period: '1h' }).count).toBe(3 * 7 + 4);
  });

  it('a lunch break splits the session: bars restart at 12:30 (breaks=split, the default)', () => {
    const bars = list(XTKS, ID, '2024-11-05', '2024-11-05', { period: '30m' });
    expect(times(bars)).toEqual([
      '09:00-09:30',
      '09:30-10:00',
      '10:00-10:30',
      '10:30-11:00',
      '11:00-11:30',
      '12:30-13:00',
      '13:00-13:30',
      '13:30-14:00',
      '14:00-14:30',
      '14:30-15:00',
      '15:00-15:30',
    ]);
    expect(bars.every((b) => b.date === '2024-11-05' && b.start.endsWith('+09:00'))).toBe(true);
  });

  it('breaks=ignore runs the grid through the lunch break from open to close', () => {
    const bars = list(XTKS, ID, '2024-11-05', '2024-11-05', { period: '30m', breaks: 'ignore' });
    expect(bars).toHaveLength(13);
    expect(times(bars).slice(4, 8)).toEqual(['11:00-11:30', '11:30-12:00', '12:00-12:30', '12:30-13:00']);
    // A period that does not fit the morning: split cuts the bar at the break, ignore does not.
    expect(times(list(XTKS, ID, '2024-11-05', '2024-11-05', { period: '4h' }))).toEqual(['09:00-11:30', '12:30-15:30']);
    expect(times(list(XTKS, ID, '2024-11-05', '2024-11-05', { period: '4h', breaks: 'IGNORE' }))).toEqual([
      '09:00-13:00',
      '13:00-15:30',
    ]);
  });

  it('the afternoon before the extension ends at 15:00: the plan follows the rows in force on each date', () => {
    expect(times(list(XTKS, ID, '2024-11-01', '2024-11-01', { period: '1h' })).slice(-3)).toEqual([
      '12:30-13:30',
      '13:30-14:30',
      '14:30-15:00',
    ]);
  });

  it(
    'a 7-minute period that does not divide the session: the last bar is cut at the close with force_close, and ' +
      'runs past it without',
    () => {
      const on = list(ds, 'XNYS', '2023-11-22', '2023-11-22', { period: '7m' });
      const off = list(ds, 'XNYS', '2023-11-22', '2023-11-22', { period: '7m', forceClose: false });
      // 390 minutes: 55 whole bars and one of 5 minutes.
      expect(on).toHaveLength(56);
      expect(off).toHaveLength(56);
      expect(on[55]).toEqual({
        date: '2023-11-22',
        start: '2023-11-22T15:55:00-05:00',
        end: '2023-11-22T16:00:00-05:00',
      });
      expect(off[55]).toEqual({
        date: '2023-11-22',
        start: '2023-11-22T15:55:00-05:00',
        end: '2023-11-22T16:02:00-05:00',
      });
      expect(on.slice(0, 55)).toEqual(off.slice(0, 55));
      expect(on[1]!.start).toBe('2023-11-22T09:37:00-05:00');
      // Query-string forms of the boolean.
      expect(list(ds, 'XNYS', '2023-11-22', '2023-11-22', { period: '7m', forceClose: 'false' })).toEqual(off);
      expect(list(ds, 'XNYS', '2023-11-22', '2023-11-22', { period: '7m', forceClose: 'yes' })).toEqual(on);
    },
  );

  it('force_close=false lets the last morning bar run into the lunch break', () => {
    const bars = list(XTKS, ID, '2024-11-05', '2024-11-05', { period: '4h', forceClose: false });
    expect(times(bars)).toEqual(['09:00-13:00', '12:30-16:30']);
  });

  it('an overnight session belongs to the date it ends on: CME Sun-Thu 17:00 -> 16:00 in Chicago', () => {
    const bars = list(ds, CME, '2024-03-08', '2024-03-08', { period: '4h' });
    expect(bars.map((b) => [b.date, b.start, b.end])).toEqual([
      ['2024-03-08', '2024-03-07T17:00:00-06:00', '2024-03-07T21:00:00-06:00'],
      ['2024-03-08', '2024-03-07T21:00:00-06:00', '2024-03-08T01:00:00-06:00'],
      ['2024-03-08', '2024-03-08T01:00:00-06:00', '2024-03-08T05:00:00-06:00'],
      ['2024-03-08', '2024-03-08T05:00:00-06:00', '2024-03-08T09:00:00-06:00'],
      ['2024-03-08', '2024-03-08T09:00:00-06:00', '2024-03-08T13:00:00-06:00'],
      ['2024-03-08', '2024-03-08T13:00:00-06:00', '2024-03-08T16:00:00-06:00'],
    ]);
    // The Monday session after the March change opens Sunday 17:00 CDT.
    expect(list(ds, CME, '2024-03-11', '2024-03-11', { period: '4h' })[0]!.start).toBe('2024-03-10T17:00:00-05:00');
  });

  describe('an overnight session across a clock change (Sat 20:00 -> Sun 04:00, America/Chicago)', () => {
    const night = market(
      [sched(ID, 'Regular', 'Primary Trading Session', 'Sat', '20:00:00', '04:00:00', { offset_days: 1 })],
      [],
      'America/Chicago',
    );

    it('March: the night is 7 hours long and has 7 one-hour bars, one of them from 01:00 CST to 03:00 CDT', () => {
      const bars = list(night, ID, '2024-03-10', '2024-03-10', { period: '1h' });
      expect(bars.map((b) => [b.start, b.end])).toEqual([
        ['2024-03-09T20:00:00-06:00', '2024-03-09T21:00:00-06:00'],
        ['2024-03-09T21:00:00-06:00', '2024-03-09T22:00:00-06:00'],
        ['2024-03-09T22:00:00-06:00', '2024-03-09T23:00:00-06:00'],
        ['2024-03-09T23:00:00-06:00', '2024-03-10T00:00:00-06:00'],
        ['2024-03-10T00:00:00-06:00', '2024-03-10T01:00:00-06:00'],
        ['2024-03-10T01:00:00-06:00', '2024-03-10T03:00:00-05:00'],
        ['2024-03-10T03:00:00-05:00', '2024-03-10T04:00:00-05:00'],
      ]);
      for (const b of bars) expect(instant(b.end) - instant(b.start)).toBe(3600);
      expect(bars.every((b) => b.date === '2024-03-10')).toBe(true);
    });

    it('November: the night is 9 hours long; 01:00 comes twice, once in each offset', () => {
      const bars = list(night, ID, '2024-11-03', '2024-11-03', { period: '1h' });
      expect(bars).toHaveLength(9);
      expect(bars.slice(4, 7).map((b) => [b.start, b.end])).toEqual([
        ['2024-11-03T00:00:00-05:00', '2024-11-03T01:00:00-05:00'],
        ['2024-11-03T01:00:00-05:00', '2024-11-03T01:00:00-06:00'],
        ['2024-11-03T01:00:00-06:00', '2024-11-03T02:00:00-06:00'],
      ]);
      for (const b of bars) expect(instant(b.end) - instant(b.start)).toBe(3600);
    });

    it('a 90-minute period keeps elapsed time too: the last bar is cut at 04:00 local', () => {
      const bars = list(night, ID, '2024-03-10', '2024-03-10', { period: '90m' });
      // 420 elapsed minutes: four bars of 90 and one of 60.
      expect(bars.map((b) => (instant(b.end) - instant(b.start)) / 60)).toEqual([90, 90, 90, 90, 60]);
      expect(bars[4]!.end).toBe('2024-03-10T04:00:00-05:00');
    });
  });

  it('a zero-length session has no bar; a zero-length open phase inside the lunch break adds none', () => {
    const zero = market([sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '09:00:00')]);
    expect(zero.sessions(ID, '2024-05-03', '2024-05-03')).toEqual([
      {
        date: '2024-05-03',
        open: '2024-05-03T09:00:00+09:00',
        close: '2024-05-03T09:00:00+09:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
    ]);
    expect(list(zero, ID, '2024-05-03', '2024-05-03', { period: '1m' })).toEqual([]);
    expect(zero.countBars(ID, '2024-05-01', '2024-05-31', { period: '1m', breaks: 'ignore' }).count).toBe(0);

    const auction = market([
      sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '11:00:00'),
      sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '12:00:00', '12:00:00'),
      sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '13:00:00', '15:00:00'),
    ]);
    expect(auction.sessions(ID, '2024-05-03', '2024-05-03')[0]!.breaks).toHaveLength(2);
    expect(times(list(auction, ID, '2024-05-03', '2024-05-03', { period: '1h' }))).toEqual([
      '09:00-10:00',
      '10:00-11:00',
      '13:00-14:00',
      '14:00-15:00',
    ]);
  });

  it('a session only through its holiday row (no open phase) has no bar', () => {
    const d = market(
      [sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '15:00:00')],
      [{ date: '2024-05-03', holiday_name: 'Open, no hours', schedule: 'Special', status: 'Open', settlement: 'Yes' }],
    );
    expect(d.sessions(ID, '2024-05-03', '2024-05-03')[0]).toMatchObject({ open: null, close: null });
    expect(list(d, ID, '2024-05-03', '2024-05-03', { period: '1h' })).toEqual([]);
  });

  it('a 24-hour period gives one bar per piece; 1440m is the same length', () => {
    expect(times(list(XTKS, ID, '2024-11-05', '2024-11-05', { period: '24h' }))).toEqual([
      '09:00-11:30',
      '12:30-15:30',
    ]);
    expect(
      list(XTKS, ID, '2024-11-05', '2024-11-05', { period: '1440m', forceClose: false }).map((b) => b.end),
    ).toEqual(['2024-11-06T09:00:00+09:00', '2024-11-06T12:30:00+09:00']);
  });

  it('the cursor walks the same bars as epoch seconds and epoch days, without records', () => {
    const series = ds.bars('XNYS', '2023-11-24', '2023-11-27', { period: '2h' });
    const c = series.cursor();
    const seen: [number, number, number][] = [];
    while (c.next()) seen.push([c.day, c.start, c.end]);
    expect(seen).toEqual([...series].map((b) => [tryParseDay(b.date)!, instant(b.start), instant(b.end)]));
    expect(seen).toHaveLength(2 + 4);
    expect(series.count).toBe(6);
    expect(series.period).toBe('2h');
    expect(series.periodSeconds).toBe(7200);
    // Iterating again starts over.
    expect(series.toArray()).toEqual([...series]);
  });
});

describe('§8 bars: limit, validation, coverage', () => {
  it(
    `refuses more than ${MAX_BARS} bars before making any, naming how many the range holds; the count has no ` +
      `limit`,
    () => {
      const count = ds.countBars('XNYS', '2000-01-03', '2030-12-24', { period: '1m' }).count;
      expect(count).toBeGreaterThan(MAX_BARS);
      const faults = faultsOf(() => ds.bars('XNYS', '2000-01-03', '2030-12-24', { period: '1m' }));
      expect(faults).toEqual([
        { param: 'end', type: 'too_many_bars', msg: expect.stringContaining(`holds ${count} bars of 1m`) },
      ]);
      expect(faults[0]!.msg).toContain(`limit of ${MAX_BARS}`);
      // The byte writers are refused the same way, before their first piece.
      expect(() => ds.barJsonChunks('XNYS', '2000-01-03', '2030-12-24', { period: '1m' })).toThrow(
        InvalidArgumentError,
      );
      expect(() => ds.barCsvChunks('XNYS', '2000-01-03', '2030-12-24', { period: '1m' })).toThrow(InvalidArgumentError);
    },
  );

  it('answers exactly at the limit and refuses one bar more (a market open around the clock)', () => {
    // 694 whole days of 1,440 one-minute bars and a last day closing at 10:40 (640 bars): 1,000,000.
    const always = market(
      [
        sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Sun', '00:00:00', '24:00:00'),
        sched(ID, 'Short', 'Primary Trading Session', 'Mon-Sun', '00:00:00', '10:40:00'),
      ],
      [{ date: '2024-11-26', holiday_name: 'Short day', schedule: 'Short', status: 'Open', settlement: 'Yes' }],
      'UTC',
    );
    expect(tryParseDay('2024-11-26')! - tryParseDay('2023-01-02')!).toBe(694);
    expect(always.bars(ID, '2023-01-02', '2024-11-26', { period: '1m' }).count).toBe(MAX_BARS);
    const over = always.countBars(ID, '2023-01-02', '2024-11-27', { period: '1m' }).count;
    expect(over).toBe(MAX_BARS + 1440);
    expect(faultsOf(() => always.bars(ID, '2023-01-02', '2024-11-27', { period: '1m' }))[0]!.msg).toContain(
      `holds ${over} bars`,
    );
  });

  it.each([
    '0m',
    '1441m',
    '0h',
    '25h',
    '5',
    'm',
    '5min',
    '1.5h',
    '05m',
    '5M',
    '1H',
    '-5m',
    '+5m',
    '2d',
    '1D',
    '1M',
    '2w',
    '1mon',
    '1month',
    '10000m',
    '',
    '  ',
    'five',
  ])('refuses period %j, naming period', (period) => {
    expect(faultsOf(() => ds.bars('XNYS', '2023-11-24', '2023-11-24', { period }))).toEqual([
      { param: 'period', type: expect.any(String), msg: expect.any(String) },
    ]);
    expect(faultsOf(() => ds.countBars('XNYS', '2023-11-24', '2023-11-24', { period })).map((f) => f.param)).toEqual([
      'period',
    ]);
  });

  it('refuses a missing or non-text period', () => {
    for (const period of [undefined, null, 5, 300]) {
      expect(
        faultsOf(() => ds.bars('XNYS', '2023-11-24', '2023-11-24', { period } as unknown as BarOptions)).map(
          (f) => f.param,
        ),
      ).toEqual(['period']);
    }
    expect(
      faultsOf(() => ds.bars('XNYS', '2023-11-24', '2023-11-24', undefined as unknown as BarOptions))[0]!.param,
    ).toBe('period');
  });

  it('reads 1m..1440m and 1h..24h as elapsed seconds', () => {
    expect(parsePeriod('1m')).toEqual({ text: '1m', seconds: 60 });
    expect(parsePeriod('1440m')).toEqual({ text: '1440m', seconds: 86_400 });
    expect(parsePeriod('1h')).toEqual({ text: '1h', seconds: 3600 });
    expect(parsePeriod(' 24h ')).toEqual({ text: '24h', seconds: 86_400 });
    expect(parsePeriod('90m').seconds).toBe(5400);
  });

  it('reports every bad argument at once', () => {
    const faults = faultsOf(() =>
      ds.bars('XNYS', '2023-13-01', '2023-11-24', { period: '0m', forceClose: 'maybe', breaks: 'skip' }),
    );
    expect(faults.map((f) => f.param)).toEqual(['start', 'period', 'force_close', 'breaks']);
  });

  it('follows the range and coverage rules of /days', () => {
    expect(faultsOf(() => ds.bars('XNYS', '2023-11-24', '2023-11-20', { period: '5m' }))).toEqual([
      { param: 'end', type: 'date_range', msg: expect.any(String) },
    ]);
    expect(() => ds.bars('XNYS', '1999-12-31', '2000-01-05', { period: '5m' })).toThrow(OutOfCoverageError);
    expect(() => ds.countBars('XNYS', '2030-12-20', '2031-01-05', { period: '5m' })).toThrow(OutOfCoverageError);
    // A replaced market answers for its replacement.
    expect(ds.countBars('AR.BCBA', '2023-11-24', '2023-11-24', { period: '1h' }).count).toBe(6);
  });
});

describe('§8 bars: bytes', () => {
  const cases: [string, string, string, string, BarOptions][] = [
    ['XNYS, a month of 1-minute bars', 'XNYS', '2023-11-01', '2023-11-30', { period: '1m' }],
    [
      'CME over the March change, force_close off',
      CME,
      '2024-03-01',
      '2024-03-15',
      { period: '7m', forceClose: false },
    ],
    ['a weekend: no bar', 'XNYS', '2023-11-25', '2023-11-26', { period: '5m' }],
    ['a lunch break ignored', 'CN.CIBM', '2023-10-01', '2023-10-10', { period: '45m', breaks: 'ignore' }],
  ];

  it.each(cases)(
    'JSON of %s equals JSON.stringify of the records, whatever the piece size',
    (_name, id, start, end, o) => {
      const expected = JSON.stringify([...ds.bars(id, start, end, o)]);
      expect(text(ds.barJsonChunks(id, start, end, o))).toBe(expected);
      const small = [...ds.barJsonChunks(id, start, end, o, { pieceBytes: 1000 })];
      expect(Buffer.concat(small).toString('utf8')).toBe(expected);
      if (expected.length > 5000) expect(small.length).toBeGreaterThan(2);
    },
  );

  it.each(cases)('CSV of %s: the published header, then one CRLF row per bar', (_name, id, start, end, o) => {
    const rows = [...ds.bars(id, start, end, o)].map((b) => `${b.date},${b.start},${b.end}\r\n`);
    expect(text(ds.barCsvChunks(id, start, end, o))).toBe(`Date,Start,End\r\n${rows.join('')}`);
    expect(text(ds.barCsvChunks(id, start, end, o, { pieceBytes: 700 }))).toBe(`Date,Start,End\r\n${rows.join('')}`);
  });

  it('serves a kept month to any later range as a view of its block', () => {
    const o = { period: '5m' };
    const first = [...ds.barJsonChunks('XNYS', '2023-10-02', '2023-12-29', o)];
    const later = [...ds.barJsonChunks('XNYS', '2023-11-24', '2023-11-24', o)];
    const november = first[2]!;
    expect(later.some((p) => p.buffer === november.buffer)).toBe(true);
    expect(text(later)).toBe(JSON.stringify([...ds.bars('XNYS', '2023-11-24', '2023-11-24', o)]));
  });

  it('writes bars too many to keep a month of in pieces, in a scratch buffer first when it fits', () => {
    // A session three days long: 4,320 one-minute bars a day, over a month block's limit.
    const d = market([
      sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Sun', '00:00', '24:00', { offset_days: 2 }),
    ]);
    const o = { period: '1m' };
    const scratch = new Uint8Array(1 << 16);
    const pieces = [...d.barJsonChunks(ID, '2024-05-01', '2024-05-03', o, { scratch, pieceBytes: 60_000 })];
    expect(pieces[0]!.buffer).toBe(scratch.buffer);
    expect(pieces.length).toBeGreaterThan(10);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(JSON.stringify([...d.bars(ID, '2024-05-01', '2024-05-03', o)]));
  });

  it('writes the seconds of rows that have them, also when the next piece changes only them', () => {
    const d = market([
      sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:30', '11:30:00'),
      sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '11:45:15', '15:00:45'),
    ]);
    for (const o of [{ period: '1h' }, { period: '7m', forceClose: false }, { period: '45m', breaks: 'ignore' }]) {
      const bars = [...d.bars(ID, '2024-05-01', '2024-05-03', o)];
      expect(text(d.barJsonChunks(ID, '2024-05-01', '2024-05-03', o))).toBe(JSON.stringify(bars));
    }
    expect(times(list(d, ID, '2024-05-03', '2024-05-03', { period: '1h' })).slice(2, 4)).toEqual([
      '11:00-11:30',
      '11:45-12:45',
    ]);
    expect(list(d, ID, '2024-05-03', '2024-05-03', { period: '1h' })[3]!.start).toBe('2024-05-03T11:45:15+09:00');
  });

  it('writes offsets with seconds and years beyond four digits as formatInstant does (a made-up LMT zone)', () => {
    // Before 1883 America/New_York keeps local mean time, -04:56:02.
    const lmt = market(
      [sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '10:00:00', '11:00:00')],
      [],
      'America/New_York',
    );
    const entry = (lmt as unknown as { index: { markets: Map<string, { minDay: number }> } }).index.markets.get(ID)!;
    entry.minDay = tryParseDay('1880-01-01')!;
    const o = { period: '25m' };
    const bars = [...lmt.bars(ID, '1880-03-01', '1880-03-01', o)];
    expect(bars[0]!.start).toBe('1880-03-01T10:00:00-04:56:02');
    expect(text(lmt.barJsonChunks(ID, '1880-03-01', '1880-03-01', o))).toBe(JSON.stringify(bars));
  });
});

// ---- properties -----------------------------------------------------------------------------

// Touching, overlapping, zero-length and overnight phases on a 10-minute grid; DST zones.
const rowArb = fc
  .record({
    group: fc.constantFrom('Regular', 'Regular', 'Partial'),
    type: fc.constantFrom('Primary Trading Session', 'Primary Trading Session', 'Pre-Open', 'Intermission'),
    days: fc.constantFrom('Mon-Fri', 'Sun-Thu', 'Sat', 'Sun', 'Mon-Sun', 'Tue-Sat'),
    start: fc.integer({ min: 0, max: 144 }).map((k) => hhmm(k * 10)),
    end: fc.integer({ min: 0, max: 144 }).map((k) => hhmm(k * 10)),
    offset: fc.constantFrom(0, 0, 0, 1, 1, 2),
  })
  .map((r): Omit<ScheduleRow, 'fin_id'> => {
    const [start, end] = r.offset === 0 && r.end < r.start ? [r.end, r.start] : [r.start, r.end];
    return { schedule_group: r.group, phase_type: r.type, days: r.days, start, end, offset_days: r.offset };
  });

const marketArb = fc.record({
  zone: fc.constantFrom('America/New_York', 'America/Chicago', 'Europe/London', 'Australia/Sydney', 'Asia/Tokyo'),
  rows: fc.array(rowArb, { minLength: 1, maxLength: 6 }),
  holidays: fc.uniqueArray(
    fc.record({
      day: fc.integer({ min: winStart + 1, max: winEnd - 1 }),
      schedule: fc.constantFrom('Closed', 'Partial', 'Regular', 'Special'),
      open: fc.boolean(),
    }),
    { maxLength: 20, selector: (h) => h.day },
  ),
});

function propertyMarket(m: {
  zone: string;
  rows: Omit<ScheduleRow, 'fin_id'>[];
  holidays: { day: number; schedule: string; open: boolean }[];
}): Dataset {
  const holidays = m.holidays.map((h) => ({
    date: formatDay(h.day),
    holiday_name: `H${h.day}`,
    schedule: h.schedule,
    status: h.open ? 'Open' : 'Closed',
    settlement: h.open ? 'Yes' : 'No',
  }));
  return Dataset.create(
    oneMarketTables(
      m.rows.map((r) => ({ ...r, timezone: m.zone })),
      holidays,
      m.zone,
      WIN_END,
    ),
  );
}

/** The pieces of open time of a session as `sessions` answers it (§1), in epoch seconds. */
function piecesOf(s: Session, breaks: 'split' | 'ignore'): [number, number][] {
  if (s.open === null || s.close === null) return [];
  const edges = [instant(s.open)];
  if (breaks === 'split') for (const b of s.breaks) edges.push(instant(b.start), instant(b.end));
  edges.push(instant(s.close));
  const out: [number, number][] = [];
  for (let k = 0; k < edges.length; k += 2) out.push([edges[k]!, edges[k + 1]!]);
  return out;
}

/** §8 stepped literally over the open time of `sessions`. */
function oracle(
  d: Dataset,
  start: string,
  end: string,
  period: number,
  forceClose: boolean,
  breaks: 'split' | 'ignore',
): [string, number, number][] {
  const out: [string, number, number][] = [];
  for (const s of d.sessions(ID, start, end)) {
    for (const [a, b] of piecesOf(s, breaks)) {
      for (let t = a; t < b; t += period) out.push([s.date, t, forceClose ? Math.min(t + period, b) : t + period]);
    }
  }
  return out;
}

const rangeArb = fc.record({
  from: fc.integer({ min: winStart, max: winEnd - 21 }),
  len: fc.integer({ min: 0, max: 20 }),
});
const optionsArb = fc.record({
  period: fc.constantFrom('1m', '7m', '10m', '30m', '45m', '1h', '90m', '4h', '13h', '24h'),
  forceClose: fc.boolean(),
  breaks: fc.constantFrom('split' as const, 'ignore' as const),
});

describe('§8 bars: properties', () => {
  it('bars are §8 stepped over the open time that sessions answer, and count equals the number listed', () => {
    fc.assert(
      fc.property(marketArb, rangeArb, optionsArb, (m, r, o) => {
        const d = propertyMarket(m);
        const start = formatDay(r.from);
        const end = formatDay(r.from + r.len);
        const bars = [...d.bars(ID, start, end, o)].map((b): [string, number, number] => [
          b.date,
          instant(b.start),
          instant(b.end),
        ]);
        expect(bars).toEqual(oracle(d, start, end, parsePeriod(o.period).seconds, o.forceClose, o.breaks));
        expect(d.countBars(ID, start, end, o).count).toBe(bars.length);
      }),
      { numRuns: 60 },
    );
  });

  it('with force_close, the bars of a session never overlap and lie inside its open time', () => {
    fc.assert(
      fc.property(marketArb, rangeArb, optionsArb, (m, r, o) => {
        const d = propertyMarket(m);
        const start = formatDay(r.from);
        const end = formatDay(r.from + r.len);
        const pieces = new Map(d.sessions(ID, start, end).map((s) => [s.date, piecesOf(s, o.breaks)]));
        const period = parsePeriod(o.period).seconds;
        const bad: Bar[] = [];
        const bars = [...d.bars(ID, start, end, { ...o, forceClose: true })];
        for (let i = 0; i < bars.length; i++) {
          const b = bars[i]!;
          const [a, z] = [instant(b.start), instant(b.end)];
          const next = bars[i + 1];
          const inside = pieces.get(b.date)!.some(([p, q]) => p <= a && z <= q);
          const overlaps = next !== undefined && next.date === b.date && instant(next.start) < z;
          if (!(a < z) || z - a > period || !inside || overlaps) bad.push(b);
        }
        expect(bad).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('the bars of a range are the bars of its days, one after the other; so are their bytes', () => {
    fc.assert(
      fc.property(marketArb, rangeArb, optionsArb, (m, r, o) => {
        const d = propertyMarket(m);
        const whole = [...d.bars(ID, formatDay(r.from), formatDay(r.from + r.len), o)];
        const days: Bar[] = [];
        for (let day = r.from; day <= r.from + r.len; day++)
          days.push(...d.bars(ID, formatDay(day), formatDay(day), o));
        expect(whole).toEqual(days);
        expect(text(d.barJsonChunks(ID, formatDay(r.from), formatDay(r.from + r.len), o, { pieceBytes: 512 }))).toBe(
          JSON.stringify(whole),
        );
        // Again, from the month blocks the first answer kept.
        expect(text(d.barJsonChunks(ID, formatDay(r.from), formatDay(r.from + r.len), o))).toBe(JSON.stringify(whole));
      }),
      { numRuns: 40 },
    );
  });

  it('with P the whole session length there is one bar per piece of open time', () => {
    fc.assert(
      fc.property(marketArb, fc.integer({ min: winStart, max: winEnd }), fc.boolean(), (m, day, forceClose) => {
        const d = propertyMarket(m);
        const date = formatDay(day);
        const s = d.sessions(ID, date, date)[0];
        fc.pre(s !== undefined && s.open !== null && s.close !== null);
        const minutes = (instant(s.close) - instant(s.open)) / 60;
        fc.pre(minutes >= 1 && minutes <= 1440);
        const period = `${minutes}m`;
        const ignore = [...d.bars(ID, date, date, { period, forceClose, breaks: 'ignore' })];
        expect(ignore.map((b) => [b.start, b.end])).toEqual([[s.open, s.close]]);
        const pieces = piecesOf(s, 'split').filter(([a, b]) => b > a);
        const split = [...d.bars(ID, date, date, { period, forceClose: true, breaks: 'split' })];
        expect(split.map((b) => [instant(b.start), instant(b.end)])).toEqual(pieces);
      }),
      { numRuns: 150 },
    );
  });
});
