/**
 * docs/calendar-arithmetic.md §9: special sessions (early closes, late opens). Examples, then a
 * property against an oracle that rebuilds the market without the date's holiday row and asks
 * `sessions` for the regular times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Dataset,
  InvalidArgumentError,
  OutOfCoverageError,
  formatDay,
  parseInstant,
  tryParseDay,
  type MarketHolidayRow,
  type ScheduleRow,
  type SpecialSession,
} from '../src/index.js';
import { CME, fixtureTables, sched } from '../src/testing/fixture.js';
import { hhmm, ID, oneMarket, oneMarketTables, winStart } from './one-market.js';

const ds = Dataset.create(fixtureTables());

const market = (rows: Partial<ScheduleRow>[], holidays: Partial<MarketHolidayRow>[] = [], timezone = 'Europe/London') =>
  oneMarket(rows, holidays, timezone);
const open = (date: string, schedule: string, name = 'Special day'): Partial<MarketHolidayRow> => ({
  date,
  holiday_name: name,
  schedule,
  status: 'Open',
  settlement: 'Yes',
});

const REGULAR = sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '08:00:00', '16:30:00');

describe('§9 special sessions: examples', () => {
  it('XNYS 2023: the day after Thanksgiving closes early at 13:00', () => {
    expect(ds.specialSessions('XNYS', '2023-01-01', '2023-12-31')).toEqual<SpecialSession[]>([
      {
        date: '2023-11-24',
        open: '2023-11-24T09:30:00-05:00',
        close: '2023-11-24T13:00:00-05:00',
        regular_open: '2023-11-24T09:30:00-05:00',
        regular_close: '2023-11-24T16:00:00-05:00',
        late_open: false,
        early_close: true,
        holiday_name: 'Thanksgiving Day',
      },
    ]);
    // Thanksgiving itself is closed: not a session, not listed.
    expect(ds.specialSessions('XNYS', '2023-11-23', '2023-11-23')).toEqual([]);
  });

  it('a weekend make-up day is listed with null regular times and both flags false', () => {
    expect(ds.specialSessions('CN.CIBM', '2023-10-01', '2023-10-31')).toEqual<SpecialSession[]>([
      {
        date: '2023-10-08',
        open: '2023-10-08T09:00:00+08:00',
        close: '2023-10-08T17:00:00+08:00',
        regular_open: null,
        regular_close: null,
        late_open: false,
        early_close: false,
        holiday_name: 'National Day',
      },
    ]);
  });

  it('a late open, and a day that opens late and closes early', () => {
    const d = market(
      [
        REGULAR,
        sched(ID, 'Late', 'Primary Trading Session', 'Mon-Fri', '10:00:00', '16:30:00'),
        sched(ID, 'Short', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '12:00:00'),
      ],
      [open('2024-05-02', 'Late', 'Strike'), open('2024-05-03', 'Short')],
    );
    expect(d.specialSessions(ID, '2024-05-01', '2024-05-31')).toEqual<SpecialSession[]>([
      {
        date: '2024-05-02',
        open: '2024-05-02T10:00:00+01:00',
        close: '2024-05-02T16:30:00+01:00',
        regular_open: '2024-05-02T08:00:00+01:00',
        regular_close: '2024-05-02T16:30:00+01:00',
        late_open: true,
        early_close: false,
        holiday_name: 'Strike',
      },
      {
        date: '2024-05-03',
        open: '2024-05-03T09:00:00+01:00',
        close: '2024-05-03T12:00:00+01:00',
        regular_open: '2024-05-03T08:00:00+01:00',
        regular_close: '2024-05-03T16:30:00+01:00',
        late_open: true,
        early_close: true,
        holiday_name: 'Special day',
      },
    ]);
  });

  it('a holiday row whose hours are the regular ones is not listed; nor is a closed holiday', () => {
    const d = market(
      [REGULAR, sched(ID, 'Same', 'Primary Trading Session', 'Mon-Fri', '08:00:00', '16:30:00')],
      [
        open('2024-05-02', 'Same'),
        open('2024-05-03', 'Regular'),
        { date: '2024-05-06', holiday_name: 'Bank holiday', schedule: 'Closed', status: 'Closed', settlement: 'No' },
      ],
    );
    expect(d.specialSessions(ID, '2024-05-01', '2024-05-31')).toEqual([]);
    expect(d.sessions(ID, '2024-05-02', '2024-05-03').map((s) => s.partial)).toEqual([true, true]);
  });

  it('a longer day is listed with both flags false (only late opens and early closes are flagged)', () => {
    const d = market(
      [REGULAR, sched(ID, 'Long', 'Primary Trading Session', 'Mon-Fri', '07:00:00', '18:00:00')],
      [open('2024-05-02', 'Long')],
    );
    expect(d.specialSessions(ID, '2024-05-01', '2024-05-31')).toMatchObject([
      {
        date: '2024-05-02',
        open: '2024-05-02T07:00:00+01:00',
        close: '2024-05-02T18:00:00+01:00',
        late_open: false,
        early_close: false,
      },
    ]);
  });

  it('compares instants, not wall times: the same hours written in another zone are not special', () => {
    const d = market(
      [
        REGULAR,
        sched(ID, 'Berlin', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '17:30:00', {
          timezone: 'Europe/Berlin',
        }),
      ],
      [open('2024-05-02', 'Berlin')],
    );
    expect(d.specialSessions(ID, '2024-05-01', '2024-05-31')).toEqual([]);
    // One hour earlier in Berlin is an hour earlier as an instant: an early close and an early open.
    const e = market(
      [
        REGULAR,
        sched(ID, 'Berlin', 'Primary Trading Session', 'Mon-Fri', '08:00:00', '16:30:00', {
          timezone: 'Europe/Berlin',
        }),
      ],
      [open('2024-05-02', 'Berlin')],
    );
    expect(e.specialSessions(ID, '2024-05-01', '2024-05-31')).toEqual([
      {
        date: '2024-05-02',
        open: '2024-05-02T07:00:00+01:00',
        close: '2024-05-02T15:30:00+01:00',
        regular_open: '2024-05-02T08:00:00+01:00',
        regular_close: '2024-05-02T16:30:00+01:00',
        late_open: false,
        early_close: true,
        holiday_name: 'Special day',
      },
    ]);
  });

  it('a session only through its holiday row (no open phase) is listed with null open and close', () => {
    const d = market([REGULAR], [open('2024-05-02', 'Nothing')]);
    expect(d.specialSessions(ID, '2024-05-01', '2024-05-31')).toEqual([
      {
        date: '2024-05-02',
        open: null,
        close: null,
        regular_open: '2024-05-02T08:00:00+01:00',
        regular_close: '2024-05-02T16:30:00+01:00',
        late_open: false,
        early_close: false,
        holiday_name: 'Special day',
      },
    ]);
  });

  it('a lunch break does not make a session special: open and close are compared, breaks are not', () => {
    const d = market(
      [
        REGULAR,
        sched(ID, 'Lunch', 'Primary Trading Session', 'Mon-Fri', '08:00:00', '12:00:00'),
        sched(ID, 'Lunch', 'Primary Trading Session', 'Mon-Fri', '13:00:00', '16:30:00'),
      ],
      [open('2024-05-02', 'Lunch')],
    );
    expect(d.specialSessions(ID, '2024-05-01', '2024-05-31')).toEqual([]);
  });

  it(
    "overnight sessions: the regular times keep the row of the day before, so an early close set by that day's row " +
      'is not special on the next',
    () => {
      // CME Thanksgiving 2023: the session ending on the 23rd is cut at 12:00 by the row of the
      // 22nd ('Thanksgiving Eve'). Without the 23rd's own row it still is, so nothing is listed.
      expect(ds.sessions(CME, '2023-11-23', '2023-11-23')[0]).toMatchObject({
        open: '2023-11-22T17:00:00-06:00',
        close: '2023-11-23T12:00:00-06:00',
      });
      expect(ds.specialSessions(CME, '2023-11-20', '2023-11-26')).toEqual([]);

      // The same on a made-up market: the row of the 1st cuts the session ending on the 2nd, which
      // has no row of its own; the 1st's own session (from the 30th) is a regular one.
      const night = market(
        [
          sched(ID, 'Regular', 'Primary Trading Session', 'Mon-Fri', '17:00:00', '16:00:00', { offset_days: 1 }),
          sched(ID, 'Early', 'Primary Trading Session', 'Mon-Fri', '17:00:00', '12:00:00', { offset_days: 1 }),
        ],
        [open('2024-05-01', 'Early', 'Eve')],
        'America/Chicago',
      );
      expect(night.specialSessions(ID, '2024-05-01', '2024-05-03')).toEqual([]);
      expect(night.sessions(ID, '2024-05-02', '2024-05-02')[0]!.close).toBe('2024-05-02T12:00:00-05:00');
    },
  );

  it('follows the range and coverage rules of /days', () => {
    expect(() => ds.specialSessions('XNYS', '2023-11-24', '2023-11-20')).toThrow(InvalidArgumentError);
    expect(() => ds.specialSessions('XNYS', '1999-12-31', '2000-01-05')).toThrow(OutOfCoverageError);
    expect(() => ds.specialSessions('XNYS', 'yesterday', '2023-11-20')).toThrow(InvalidArgumentError);
    expect(ds.specialSessions('XNYS', '2023-11-24', '2023-11-24')).toHaveLength(1);
    expect(ds.specialSessions('XNYS', '2023-11-25', '2023-11-25')).toEqual([]);
  });
});

// ---- property: an oracle that removes the row and asks sessions ------------------------------

const instant = (iso: string | null) => (iso === null ? null : parseInstant(iso, 'x'));

const rowArb = fc
  .record({
    group: fc.constantFrom('Regular', 'Regular', 'Partial', 'Late'),
    type: fc.constantFrom('Primary Trading Session', 'Primary Trading Session', 'Pre-Open'),
    days: fc.constantFrom('Mon-Fri', 'Sun-Thu', 'Sat', 'Mon-Sun'),
    start: fc.integer({ min: 0, max: 48 }).map((k) => hhmm(k * 30)),
    end: fc.integer({ min: 0, max: 48 }).map((k) => hhmm(k * 30)),
    offset: fc.constantFrom(0, 0, 0, 1, 2),
    zone: fc.constantFrom(undefined, 'Europe/Berlin'),
  })
  .map((r): Omit<ScheduleRow, 'fin_id'> => {
    const [start, end] = r.offset === 0 && r.end < r.start ? [r.end, r.start] : [r.start, r.end];
    return {
      schedule_group: r.group,
      phase_type: r.type,
      days: r.days,
      start,
      end,
      offset_days: r.offset,
      ...(r.zone ? { timezone: r.zone } : {}),
    };
  });

const marketArb = fc.record({
  zone: fc.constantFrom('Europe/London', 'America/New_York', 'Asia/Tokyo'),
  rows: fc.array(rowArb, { minLength: 1, maxLength: 6 }),
  holidays: fc.uniqueArray(
    fc.record({
      day: fc.integer({ min: winStart + 3, max: winStart + 60 }),
      schedule: fc.constantFrom('Closed', 'Partial', 'Regular', 'Late', 'None'),
      open: fc.boolean(),
    }),
    { maxLength: 12, selector: (h) => h.day },
  ),
});

type Spec = {
  zone: string;
  rows: Omit<ScheduleRow, 'fin_id'>[];
  holidays: { day: number; schedule: string; open: boolean }[];
};

function build(m: Spec, without?: number): Dataset {
  const hs = m.holidays.filter((h) => h.day !== without);
  return Dataset.create(
    oneMarketTables(
      m.rows.map((r) => ({ timezone: m.zone, ...r })),
      hs.map((h) => ({
        date: formatDay(h.day),
        holiday_name: `H${h.day}`,
        schedule: h.schedule,
        status: h.open ? 'Open' : 'Closed',
        settlement: h.open ? 'Yes' : 'No',
      })),
      m.zone,
    ),
  );
}

describe('§9 special sessions: property', () => {
  it(
    'lists exactly the partial sessions whose open or close differ from those of the market rebuilt without that ' +
      'row',
    () => {
      fc.assert(
        fc.property(marketArb, (m) => {
          const d = build(m);
          const start = formatDay(winStart + 1);
          const end = formatDay(winStart + 64);
          const expected: SpecialSession[] = [];
          for (const s of d.sessions(ID, start, end)) {
            if (!s.partial) continue;
            const day = tryParseDay(s.date)!;
            const r = build(m, day).sessions(ID, s.date, s.date)[0];
            const regularOpen = r?.open ?? null;
            const regularClose = r?.close ?? null;
            const [o, c, ro, rc] = [instant(s.open), instant(s.close), instant(regularOpen), instant(regularClose)];
            if (o === ro && c === rc) continue;
            expected.push({
              date: s.date,
              open: s.open,
              close: s.close,
              regular_open: regularOpen,
              regular_close: regularClose,
              late_open: o !== null && ro !== null && o > ro,
              early_close: c !== null && rc !== null && c < rc,
              holiday_name: s.holiday_name,
            });
          }
          expect(d.specialSessions(ID, start, end)).toEqual(expected);
        }),
        { numRuns: 60 },
      );
    },
  );
});
