/**
 * docs/calendar-arithmetic.md §1–3: sessions, stepping and counting, next and previous bells.
 */
import { describe, expect, it } from 'vitest';
import {
  Dataset,
  InvalidArgumentError,
  NotFoundError,
  NotInPlanError,
  OutOfCoverageError,
  type MarketHolidayRow,
  type ScheduleRow,
  type Tables,
} from '../src/index.js';
import { faultsOf } from './faults.js';
import { CME, PHASE_TYPES, fixtureTables, sched } from '../src/testing/fixture.js';
import { oneMarket } from './one-market.js';

const ds = Dataset.create(fixtureTables());
const at = (iso: string) => Date.parse(iso);

const market = (
  rows: Partial<ScheduleRow>[],
  holidays: Partial<MarketHolidayRow>[] = [],
  timezone = 'Asia/Hong_Kong',
): Dataset => oneMarket(rows, holidays, timezone);

/** Makes the compiled row of XX.TEST's Regular group that starts at `startSec` end at `endSec` (white-box). */
function invert(d: Dataset, startSec: number, endSec: number): void {
  const entry = (
    d as unknown as { index: { markets: Map<string, { groups: Map<string, { endSec: number; startSec: number }[]> }> } }
  ).index.markets.get('XX.TEST')!;
  const row = entry.groups.get('regular')!.find((r) => r.startSec === startSec)!;
  expect(endSec).toBeLessThan(row.startSec);
  row.endSec = endSec;
}

describe('§1 sessions', () => {
  it('lists the NYSE week of Thanksgiving 2023: the closed holiday is no session, the half day is partial', () => {
    expect(ds.sessions('US.NYSE', '2023-11-18', '2023-11-26')).toEqual([
      {
        date: '2023-11-20',
        open: '2023-11-20T09:30:00-05:00',
        close: '2023-11-20T16:00:00-05:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
      {
        date: '2023-11-21',
        open: '2023-11-21T09:30:00-05:00',
        close: '2023-11-21T16:00:00-05:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
      {
        date: '2023-11-22',
        open: '2023-11-22T09:30:00-05:00',
        close: '2023-11-22T16:00:00-05:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
      {
        date: '2023-11-24',
        open: '2023-11-24T09:30:00-05:00',
        close: '2023-11-24T13:00:00-05:00',
        breaks: [],
        partial: true,
        holiday_name: 'Thanksgiving Day',
      },
    ]);
  });

  it('a lunch break between two open phases is one break; a closed phase inside it does not fill it', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '11:30'),
      sched('XX.TEST', 'Regular', 'Intermission', 'Mon-Fri', '11:30', '13:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '13:00', '15:00'),
    ]);
    expect(d.sessions('XX.TEST', '2024-05-03', '2024-05-03')).toEqual([
      {
        date: '2024-05-03',
        open: '2024-05-03T09:00:00+08:00',
        close: '2024-05-03T15:00:00+08:00',
        breaks: [{ start: '2024-05-03T11:30:00+08:00', end: '2024-05-03T13:00:00+08:00' }],
        partial: false,
        holiday_name: null,
      },
    ]);
    // The fixture's interbank market: 09:00-12:00 and 13:30-17:00 Shanghai.
    expect(ds.sessions('CN.CIBM', '2023-11-15', '2023-11-15')[0]!.breaks).toEqual([
      { start: '2023-11-15T12:00:00+08:00', end: '2023-11-15T13:30:00+08:00' },
    ]);
  });

  it('overnight sessions count on the date they end (CME Sun-Thu 17:00 to next day 16:00)', () => {
    const week = ds.sessions(CME, '2023-11-12', '2023-11-18');
    expect(week.map((s) => s.date)).toEqual(['2023-11-13', '2023-11-14', '2023-11-15', '2023-11-16', '2023-11-17']);
    expect(week[0]).toMatchObject({
      open: '2023-11-12T17:00:00-06:00',
      close: '2023-11-13T16:00:00-06:00',
      breaks: [],
    });
    expect(week[4]).toMatchObject({ open: '2023-11-16T17:00:00-06:00', close: '2023-11-17T16:00:00-06:00' });
    // Thanksgiving: the eve's session ends at noon on the holiday, the holiday's session on Friday.
    const tg = ds.sessions(CME, '2023-11-22', '2023-11-24');
    expect(tg.map((s) => [s.date, s.open, s.close, s.partial])).toEqual([
      ['2023-11-22', '2023-11-21T17:00:00-06:00', '2023-11-22T16:00:00-06:00', true],
      ['2023-11-23', '2023-11-22T17:00:00-06:00', '2023-11-23T12:00:00-06:00', true],
      ['2023-11-24', '2023-11-23T17:00:00-06:00', '2023-11-24T12:15:00-06:00', true],
    ]);
  });

  it('a weekend make-up day (holiday row with schedule Regular) is a session; a closed holiday is not', () => {
    const s = ds.sessions('CN.CIBM', '2023-10-01', '2023-10-08');
    // 2023-10-01 Sunday, 02 closed holiday, 03-06 weekdays, 07 Saturday, 08 Sunday make-up day.
    expect(s.map((x) => x.date)).toEqual(['2023-10-03', '2023-10-04', '2023-10-05', '2023-10-06', '2023-10-08']);
    expect(s[4]).toEqual({
      date: '2023-10-08',
      open: '2023-10-08T09:00:00+08:00',
      close: '2023-10-08T17:00:00+08:00',
      breaks: [{ start: '2023-10-08T12:00:00+08:00', end: '2023-10-08T13:30:00+08:00' }],
      partial: true,
      holiday_name: 'National Day',
    });
  });

  it('a day that is a session only through its holiday row has open and close null', () => {
    const d = market(
      [sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '15:00')],
      [
        // Saturday, status Open, a group without rows: no phases at all.
        {
          date: '2024-05-04',
          holiday_name: 'Special Saturday',
          schedule: 'Special',
          status: 'Open',
          settlement: 'Yes',
        },
        // Monday, status Closed, but the group has open rows: still no session.
        { date: '2024-05-06', holiday_name: 'Closed Monday', schedule: 'Regular', status: 'Closed', settlement: 'No' },
      ],
    );
    expect(d.sessions('XX.TEST', '2024-05-03', '2024-05-07')).toEqual([
      {
        date: '2024-05-03',
        open: '2024-05-03T09:00:00+08:00',
        close: '2024-05-03T15:00:00+08:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
      { date: '2024-05-04', open: null, close: null, breaks: [], partial: true, holiday_name: 'Special Saturday' },
      {
        date: '2024-05-07',
        open: '2024-05-07T09:00:00+08:00',
        close: '2024-05-07T15:00:00+08:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
    ]);
    expect(d.sessionCount('XX.TEST', '2024-05-03', '2024-05-07').count).toBe(3);
    // Bells look at phases, not holiday rows: the closed Monday's phase still opens and closes.
    expect(d.nextBell('XX.TEST', at('2024-05-03T12:00:00Z'))).toEqual({
      event: 'open',
      at: '2024-05-06T09:00:00+08:00',
      date: '2024-05-06',
    });
  });

  it('a zero-length open phase makes a session with open = close', () => {
    const d = market([sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '10:00', '10:00')]);
    expect(d.sessions('XX.TEST', '2024-05-03', '2024-05-03')).toEqual([
      {
        date: '2024-05-03',
        open: '2024-05-03T10:00:00+08:00',
        close: '2024-05-03T10:00:00+08:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
    ]);
  });

  it('a zero-length open phase inside a gap splits it into two breaks', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '11:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '12:00', '12:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '13:00', '15:00'),
    ]);
    expect(d.sessions('XX.TEST', '2024-05-03', '2024-05-03')[0]!.breaks).toEqual([
      { start: '2024-05-03T11:00:00+08:00', end: '2024-05-03T12:00:00+08:00' },
      { start: '2024-05-03T12:00:00+08:00', end: '2024-05-03T13:00:00+08:00' },
    ]);
  });

  it('open phases that touch or overlap form one run: no break', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '12:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session, No Settlement', 'Mon-Fri', '12:00', '13:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '12:30', '15:00'),
    ]);
    expect(d.sessions('XX.TEST', '2024-05-03', '2024-05-03')[0]).toMatchObject({
      open: '2024-05-03T09:00:00+08:00',
      close: '2024-05-03T15:00:00+08:00',
      breaks: [],
    });
  });

  it('writes each session time with the offset in force (across a clock change)', () => {
    const s = ds.sessions('US.NYSE', '2024-03-08', '2024-03-11');
    expect(s.map((x) => x.open)).toEqual(['2024-03-08T09:30:00-05:00', '2024-03-11T09:30:00-04:00']);
  });

  it('answers in the market zone when a row uses another', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '10:00', {
        timezone: 'Europe/London',
      }),
    ]);
    expect(d.sessions('XX.TEST', '2024-05-03', '2024-05-03')[0]).toMatchObject({
      open: '2024-05-03T16:00:00+08:00',
      close: '2024-05-03T17:00:00+08:00',
    });
  });

  it('leaves out an open phase that ends before it starts, though its date stays a session', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Sun', '10:00', '11:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:30', '16:00'),
    ]);
    // Such a phase comes from a clock change or a row written end-before-start with offset 0.
    // This build refuses such rows, so the compiled row is edited to end at 09:00, before 10:00.
    invert(d, 10 * 3600, 9 * 3600);
    expect(d.listDays('XX.TEST', '2024-05-05', '2024-05-05')[0]!.is_open).toBe(true);
    expect(d.sessions('XX.TEST', '2024-05-03', '2024-05-06')).toEqual([
      {
        date: '2024-05-03',
        open: '2024-05-03T09:30:00+08:00',
        close: '2024-05-03T16:00:00+08:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
      { date: '2024-05-05', open: null, close: null, breaks: [], partial: false, holiday_name: null },
      {
        date: '2024-05-06',
        open: '2024-05-06T09:30:00+08:00',
        close: '2024-05-06T16:00:00+08:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
    ]);
    expect(d.sessionOffset('XX.TEST', '2024-05-03', 1).session).toBe('2024-05-05');
    // The bells skip it.
    expect(d.nextBell('XX.TEST', at('2024-05-03T12:00:00Z'))).toEqual({
      event: 'open',
      at: '2024-05-06T09:30:00+08:00',
      date: '2024-05-06',
    });
    expect(d.previousBell('XX.TEST', at('2024-05-06T00:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2024-05-03T16:00:00+08:00',
      date: '2024-05-03',
    });
    expect(d.nextBell('XX.TEST', at('2024-05-03T12:00:00Z'), 'close').at).toBe('2024-05-06T16:00:00+08:00');
  });

  it('a phase belongs to a day view only when it starts at most two days before it ends (the §4 look-back)', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon', '10:00', '09:00', { offset_days: 3 }),
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Fri', '10:00', '09:00', { offset_days: 2 }),
    ]);
    // Monday 2024-05-06 10:00 to Thursday 09:00: never in a day view. Friday's ends on Sunday.
    expect(d.sessions('XX.TEST', '2024-05-06', '2024-05-12').map((s) => [s.date, s.open])).toEqual([
      ['2024-05-12', '2024-05-10T10:00:00+08:00'],
    ]);
    expect(d.nextBell('XX.TEST', at('2024-05-05T12:00:00Z'))).toEqual({
      event: 'open',
      at: '2024-05-10T10:00:00+08:00',
      date: '2024-05-12',
    });
  });

  it('applies the coverage and range rules of /days', () => {
    expect(() => ds.sessions('US.NYSE', '1999-12-31', '2000-01-05')).toThrow(OutOfCoverageError);
    expect(() => ds.sessions('US.NYSE', '2030-12-20', '2030-12-26')).toThrow(/2000-01-01 to 2030-12-25/);
    expect(faultsOf(() => ds.sessions('US.NYSE', '2023-11-20', '2023-11-19')).map((f) => f.param)).toEqual(['end']);
    expect(faultsOf(() => ds.sessions('US.NYSE', '2023-13-01', 'x')).map((f) => f.param)).toEqual(['start', 'end']);
  });
});

describe('§2 stepping over sessions', () => {
  it('steps forward and backward over weekends and holidays', () => {
    expect(ds.sessionOffset('US.NYSE', '2023-11-22', 1)).toEqual({ date: '2023-11-22', n: 1, session: '2023-11-24' });
    expect(ds.sessionOffset('US.NYSE', '2023-11-24', 1).session).toBe('2023-11-27');
    expect(ds.sessionOffset('US.NYSE', '2023-11-27', -2).session).toBe('2023-11-22');
    expect(ds.sessionOffset('US.NYSE', '2023-11-24', 0).session).toBe('2023-11-24');
    // Overnight: CME's sessions are Mon-Fri (end dates); Sunday is none.
    expect(ds.sessionOffset(CME, '2023-11-17', 1).session).toBe('2023-11-20');
  });

  it('refuses a date that is not a session unless a direction moves it', () => {
    const f = faultsOf(() => ds.sessionOffset('US.NYSE', '2023-11-23', 1));
    expect(f).toHaveLength(1);
    expect(f[0]!.param).toBe('date');
    expect(f[0]!.msg).toMatch(/2023-11-23 is not a trading day of US\.NYSE/);
    expect(() => ds.sessionOffset('US.NYSE', '2023-11-25', 0, 'none')).toThrow(InvalidArgumentError);
    expect(ds.sessionOffset('US.NYSE', '2023-11-23', 0, 'next')).toEqual({
      date: '2023-11-23',
      n: 0,
      session: '2023-11-24',
    });
    expect(ds.sessionOffset('US.NYSE', '2023-11-23', 0, 'previous').session).toBe('2023-11-22');
    // Moved first, then stepped: Saturday → Monday, plus one.
    expect(ds.sessionOffset('US.NYSE', '2023-11-25', 1, 'next').session).toBe('2023-11-28');
    expect(ds.sessionOffset('US.NYSE', '2023-11-25', -1, 'previous').session).toBe('2023-11-22');
    // A direction does nothing to a date that is a session.
    expect(ds.sessionOffset('US.NYSE', '2023-11-24', 1, 'previous').session).toBe('2023-11-27');
  });

  it('walks as far as needed, and refuses a result outside the coverage window', () => {
    // 2000-01-03 is the first session (2000-01-01 is a holiday, then a Sunday).
    const first = ds.sessionOffset('US.NYSE', '2000-01-01', 0, 'next').session;
    expect(first).toBe('2000-01-03');
    const n = ds.sessionCount('US.NYSE', '2000-01-01', '2030-12-25').count;
    expect(ds.sessionOffset('US.NYSE', first, n - 1).session).toBe('2030-12-24');
    expect(() => ds.sessionOffset('US.NYSE', first, n)).toThrow(OutOfCoverageError);
    expect(() => ds.sessionOffset('US.NYSE', first, n)).toThrow(
      /outside the coverage window of US\.NYSE: 2000-01-01 to 2030-12-25/,
    );
    expect(() => ds.sessionOffset('US.NYSE', first, -1)).toThrow(OutOfCoverageError);
    expect(() => ds.sessionOffset('US.NYSE', '2030-12-25', 0, 'next')).toThrow(OutOfCoverageError);
    expect(() => ds.sessionOffset('US.NYSE', '2000-01-01', 0, 'previous')).toThrow(OutOfCoverageError);
    expect(() => ds.sessionOffset('US.NYSE', '1999-12-31', 0, 'next')).toThrow(OutOfCoverageError);
  });

  it('validates date, n and direction, reporting every fault', () => {
    expect(
      faultsOf(() => ds.sessionOffset('US.NYSE', '2023-02-30', 1.5, 'sideways' as never)).map((f) => f.param),
    ).toEqual(['date', 'n', 'direction']);
    expect(faultsOf(() => ds.sessionOffset('US.NYSE', '2023-11-22', '2.5' as never)).map((f) => f.param)).toEqual([
      'n',
    ]);
    expect(faultsOf(() => ds.sessionOffset('US.NYSE', '2023-11-22', Number.NaN)).map((f) => f.param)).toEqual(['n']);
    expect(faultsOf(() => ds.sessionOffset('US.NYSE', undefined as never, 1)).map((f) => f.param)).toEqual(['date']);
    expect(ds.sessionOffset('US.NYSE', '2023-11-22', 1, 'NEXT' as never).session).toBe('2023-11-24');
  });

  it('counts the sessions of a range', () => {
    // November 2023: 22 weekdays, Thanksgiving closed.
    expect(ds.sessionCount('US.NYSE', '2023-11-01', '2023-11-30')).toEqual({
      start: '2023-11-01',
      end: '2023-11-30',
      count: 21,
    });
    expect(ds.sessionCount('US.NYSE', '2023-11-23', '2023-11-23').count).toBe(0);
    expect(ds.sessionCount('US.NYSE', '2023-11-24', '2023-11-24').count).toBe(1);
    expect(ds.sessionCount(CME, '2023-11-19', '2023-11-25').count).toBe(5);
    expect(() => ds.sessionCount('US.NYSE', '2023-11-01', '2031-01-01')).toThrow(OutOfCoverageError);
  });
});

describe('§3 next and previous bells', () => {
  it('answers the NYSE bells around the published examples', () => {
    expect(ds.nextBell('US.NYSE', at('2023-11-15T23:00:00Z'))).toEqual({
      event: 'open',
      at: '2023-11-16T09:30:00-05:00',
      date: '2023-11-16',
    });
    expect(ds.nextBell('US.NYSE', at('2023-11-15T17:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2023-11-15T16:00:00-05:00',
      date: '2023-11-15',
    });
    expect(ds.previousBell('US.NYSE', at('2023-11-15T17:00:00Z'))).toEqual({
      event: 'open',
      at: '2023-11-15T09:30:00-05:00',
      date: '2023-11-15',
    });
    expect(ds.previousBell('US.NYSE', new Date('2023-11-27T13:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2023-11-24T13:00:00-05:00',
      date: '2023-11-24',
    });
  });

  it('is strict: a bell at T is neither after nor before T', () => {
    const open = at('2023-11-15T14:30:00Z');
    expect(ds.nextBell('US.NYSE', open).at).toBe('2023-11-16T09:30:00-05:00');
    expect(ds.previousBell('US.NYSE', open).at).toBe('2023-11-14T09:30:00-05:00');
    expect(ds.nextBell('US.NYSE', open - 1).at).toBe('2023-11-15T09:30:00-05:00');
    expect(ds.previousBell('US.NYSE', open + 1).at).toBe('2023-11-15T09:30:00-05:00');
  });

  it('attributes an overnight run to the date it ends', () => {
    // Friday 17:00 Chicago: the next opening is Sunday 17:00, Monday's session.
    expect(ds.nextBell(CME, at('2023-11-17T23:00:00Z'))).toEqual({
      event: 'open',
      at: '2023-11-19T17:00:00-06:00',
      date: '2023-11-20',
    });
    expect(ds.nextBell(CME, at('2023-11-17T23:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2023-11-20T16:00:00-06:00',
      date: '2023-11-20',
    });
  });

  it('walks across a month-long closure, where status (five days) sees no bell', () => {
    const t: Tables = fixtureTables();
    const closed = [...Array.from({ length: 31 }, (_, k) => `2023-12-${String(k + 1).padStart(2, '0')}`), '2024-01-01'];
    for (const date of closed)
      t.holidays.push({
        fin_id: 'US.NYSE',
        date,
        holiday_name: 'Closure',
        schedule: 'Closed',
        status: 'Closed',
        settlement: 'No',
      });
    const d = Dataset.create(t);
    const T = at('2023-11-30T22:00:00Z');
    expect(d.status('US.NYSE', T).next_bell).toBeNull();
    expect(d.nextBell('US.NYSE', T)).toEqual({ event: 'open', at: '2024-01-02T09:30:00-05:00', date: '2024-01-02' });
    expect(d.previousBell('US.NYSE', at('2024-01-01T12:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2023-11-30T16:00:00-05:00',
      date: '2023-11-30',
    });
  });

  it('touching open phases make one run; a zero-length one opens and closes at the same instant', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '12:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '12:00', '15:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Sat', '10:00', '10:00'),
    ]);
    // Friday 10:00 Hong Kong: the run closes at 15:00, not at 12:00 where the phases touch.
    expect(d.nextBell('XX.TEST', at('2024-05-03T02:00:00Z'), 'close').at).toBe('2024-05-03T15:00:00+08:00');
    expect(d.nextBell('XX.TEST', at('2024-05-03T02:00:00Z'), 'open').at).toBe('2024-05-04T10:00:00+08:00');
    expect(d.nextBell('XX.TEST', at('2024-05-03T08:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2024-05-04T10:00:00+08:00',
      date: '2024-05-04',
    });
    expect(d.previousBell('XX.TEST', at('2024-05-05T00:00:00Z'), 'open').at).toBe('2024-05-04T10:00:00+08:00');
    // Just after the zero-length run, both its bells lie before.
    expect(d.previousBell('XX.TEST', at('2024-05-04T02:00:00.001Z'), 'close').at).toBe('2024-05-04T10:00:00+08:00');
    expect(d.nextBell('XX.TEST', at('2024-05-04T02:00:00.001Z'), 'open').at).toBe('2024-05-06T09:00:00+08:00');
  });

  it("bells at the coverage window's end: a night that ends on the day after the window is not a session of it", () => {
    // An overnight session every night, 20:00 to 06:00 Hong Kong; window 2023-01-01 .. 2025-12-31.
    const bound = (date: string): MarketHolidayRow => ({
      fin_id: 'XX.TEST',
      date,
      holiday_name: 'Bound',
      schedule: 'Regular',
      status: 'Open',
      settlement: 'Yes',
    });
    const d = Dataset.create({
      markets: [{ fin_id: 'XX.TEST', timezone: 'Asia/Hong_Kong' }],
      holidays: [bound('2023-01-01'), bound('2025-12-31')],
      schedules: [
        {
          ...sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Sun', '20:00', '06:00', { offset_days: 1 }),
          timezone: 'Asia/Hong_Kong',
        },
      ],
      phaseTypes: PHASE_TYPES,
      micMapping: [],
      seasonDefinitions: [],
    });
    // The window's last night ends on 2026-01-01, outside it: its opening and its closing are no bells.
    expect(d.nextBell('XX.TEST', at('2025-12-31T12:00:00Z'), 'open')).toEqual({ event: 'open', at: null, date: null });
    expect(d.nextBell('XX.TEST', at('2025-12-31T12:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: null,
      date: null,
    });
    expect(d.nextBell('XX.TEST', at('2025-12-30T21:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2025-12-31T06:00:00+08:00',
      date: '2025-12-31',
    });
    expect(d.previousBell('XX.TEST', at('2025-12-31T15:00:00Z'), 'open')).toEqual({
      event: 'open',
      at: '2025-12-30T20:00:00+08:00',
      date: '2025-12-31',
    });
    expect(d.previousBell('XX.TEST', at('2025-12-31T15:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2025-12-31T06:00:00+08:00',
      date: '2025-12-31',
    });
    // Just before that night begins, its opening is still no bell, and earlier ones are found.
    expect(d.nextBell('XX.TEST', at('2025-12-31T11:59:59Z'), 'open')).toEqual({ event: 'open', at: null, date: null });
    expect(d.previousBell('XX.TEST', at('2025-12-31T11:59:59Z'), 'open').at).toBe('2025-12-30T20:00:00+08:00');
  });

  it('runs join across dates: an overnight session touching the next one is one run', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '18:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session, No Settlement', 'Mon-Thu', '18:00', '09:00', {
        offset_days: 1,
      }),
    ]);
    // Monday 09:00 opens a run that lasts until Friday 18:00; its last phase ends Friday.
    expect(d.nextBell('XX.TEST', at('2024-05-05T12:00:00Z'))).toEqual({
      event: 'open',
      at: '2024-05-06T09:00:00+08:00',
      date: '2024-05-10',
    });
    expect(d.nextBell('XX.TEST', at('2024-05-06T12:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2024-05-10T18:00:00+08:00',
      date: '2024-05-10',
    });
  });

  it('dates a run by its last phase: of two ending at the same instant, the later end date', () => {
    const d = market([
      sched('XX.TEST', 'Regular', 'Primary Trading Session', 'Mon', '20:00', '24:00'),
      sched('XX.TEST', 'Regular', 'Primary Trading Session, No Settlement', 'Mon', '22:00', '00:00', {
        offset_days: 1,
      }),
    ]);
    // Both end at Tuesday 00:00: one belongs to Monday, the other to Tuesday.
    expect(d.nextBell('XX.TEST', at('2024-05-06T00:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: '2024-05-07T00:00:00+08:00',
      date: '2024-05-07',
    });
    expect(d.nextBell('XX.TEST', at('2024-05-06T00:00:00Z'), 'open')).toEqual({
      event: 'open',
      at: '2024-05-06T20:00:00+08:00',
      date: '2024-05-07',
    });
    expect(d.sessions('XX.TEST', '2024-05-06', '2024-05-07').map((s) => [s.date, s.open, s.close])).toEqual([
      ['2024-05-06', '2024-05-06T20:00:00+08:00', '2024-05-07T00:00:00+08:00'],
      ['2024-05-07', '2024-05-06T22:00:00+08:00', '2024-05-07T00:00:00+08:00'],
    ]);
  });

  it('answers null when no bell is left in the coverage window', () => {
    expect(ds.nextBell('US.NYSE', at('2030-12-24T22:00:00Z'))).toEqual({ event: 'open', at: null, date: null });
    expect(ds.nextBell('US.NYSE', at('2030-12-24T22:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: null,
      date: null,
    });
    expect(ds.previousBell('US.NYSE', at('2000-01-03T12:00:00Z'), 'close')).toEqual({
      event: 'close',
      at: null,
      date: null,
    });
    expect(ds.nextBell('US.NYSE', at('2030-12-24T17:00:00Z'), 'close').at).toBe('2030-12-24T16:00:00-05:00');
  });

  it('refuses an instant whose local date is outside the coverage window', () => {
    // 2030-12-26 00:30 UTC is still 2030-12-25 in New York: inside.
    expect(ds.previousBell('US.NYSE', at('2030-12-26T00:30:00Z'), 'close').at).toBe('2030-12-24T16:00:00-05:00');
    expect(() => ds.nextBell('US.NYSE', at('2030-12-26T05:30:00Z'))).toThrow(OutOfCoverageError);
    expect(() => ds.previousBell('US.NYSE', at('1999-12-31T12:00:00Z'))).toThrow(OutOfCoverageError);
  });

  it('validates after, before and event', () => {
    expect(faultsOf(() => ds.nextBell('US.NYSE', Number.NaN, 'middle' as never)).map((f) => f.param)).toEqual([
      'after',
      'event',
    ]);
    expect(faultsOf(() => ds.previousBell('US.NYSE', new Date('nope'))).map((f) => f.param)).toEqual(['before']);
    expect(faultsOf(() => ds.nextBell('US.NYSE', '15 Nov 2023, noon')).map((f) => f.param)).toEqual(['after']);
    expect(ds.nextBell('US.NYSE', at('2023-11-15T17:00:00Z'), 'CLOSE' as never).event).toBe('close');
  });
});

describe('lookup, plan and replaced markets', () => {
  it('resolves MICs and follows replaced markets, like the other sub-resources', () => {
    expect(ds.sessions('XNYS', '2023-11-24', '2023-11-24')).toEqual(ds.sessions('US.NYSE', '2023-11-24', '2023-11-24'));
    expect(ds.sessions('AR.BCBA', '2023-11-13', '2023-11-17')).toEqual(
      ds.sessions('AR.BYMA', '2023-11-13', '2023-11-17'),
    );
    expect(ds.sessionOffset('AR.BCBA', '2023-11-17', 1)).toEqual(ds.sessionOffset('AR.BYMA', '2023-11-17', 1));
    expect(ds.nextBell('AR.BCBA', at('2023-11-17T12:00:00Z'))).toEqual(
      ds.nextBell('AR.BYMA', at('2023-11-17T12:00:00Z')),
    );
  });

  it('names the identifier when it is malformed, and reports unknown markets as not found', () => {
    expect(faultsOf(() => ds.sessions('NY', '2023-11-24', '2023-11-24')).map((f) => f.param)).toEqual(['identifier']);
    expect(() => ds.sessionCount('US.NOPE', '2023-11-24', '2023-11-24')).toThrow(NotFoundError);
    expect(() => ds.nextBell('US.NOPE', at('2023-11-24T12:00:00Z'))).toThrow(NotFoundError);
  });

  it('refuses every operation on a holidays-only plan', () => {
    const d = Dataset.create({
      ...fixtureTables(),
      schedules: undefined,
      currencies: undefined,
      currencyHolidays: undefined,
    });
    for (const call of [
      () => d.sessions('US.NYSE', '2023-11-15', '2023-11-15'),
      () => d.sessionOffset('US.NYSE', '2023-11-15', 1),
      () => d.sessionCount('US.NYSE', '2023-11-15', '2023-11-15'),
      () => d.nextBell('US.NYSE', at('2023-11-15T12:00:00Z')),
      () => d.previousBell('US.NYSE', at('2023-11-15T12:00:00Z')),
    ]) {
      expect(call).toThrow(NotInPlanError);
    }
  });
});
