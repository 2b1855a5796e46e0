import { describe, expect, it } from 'vitest';
import { Dataset, OutOfCoverageError, type Tables } from '../src/index.js';
import { CME, fixtureTables, sched } from '../src/testing/fixture.js';

const ds = Dataset.create(fixtureTables());
const at = (iso: string) => Date.parse(iso);

describe('§5 market status (published NYSE examples)', () => {
  it('2023-11-15 12:00 New York: Open until the Pre-Close, next bell at the close', () => {
    const s = ds.status('US.NYSE', at('2023-11-15T17:00:00Z'));
    expect(s).toMatchObject({
      status: 'Open',
      reason: 'Primary Trading Session',
      until: '2023-11-15T15:50:00-05:00',
      next_bell: '2023-11-15T16:00:00-05:00',
    });
    expect(s.phase?.phase_type).toBe('Primary Trading Session');
    expect(s.market?.fin_id).toBe('US.NYSE');
  });

  it('2023-11-15 18:00: Closed in the Post-Trading Session', () => {
    expect(ds.status('US.NYSE', at('2023-11-15T23:00:00Z'))).toMatchObject({
      status: 'Closed',
      reason: 'Post-Trading Session',
      until: '2023-11-15T20:00:00-05:00',
      next_bell: '2023-11-16T09:30:00-05:00',
    });
  });

  it('Saturday 2023-11-11 18:00: Closed, no reason, until Monday 04:00', () => {
    expect(ds.status('US.NYSE', new Date('2023-11-11T23:00:00Z'))).toMatchObject({
      status: 'Closed',
      reason: null,
      phase: null,
      until: '2023-11-13T04:00:00-05:00',
      next_bell: '2023-11-13T09:30:00-05:00',
    });
  });

  it('a half day names the holiday and its schedule', () => {
    expect(ds.status('US.NYSE', at('2023-11-24T15:00:00Z'))).toMatchObject({
      status: 'Open',
      reason: 'Thanksgiving Day - Primary Trading Session (Partial)',
      until: '2023-11-24T13:00:00-05:00',
      next_bell: '2023-11-24T13:00:00-05:00',
    });
  });

  it('a holiday whose schedule is Regular adds no schedule to the reason', () => {
    // CN.CIBM 2023-10-08 is a Sunday make-up day (schedule Regular); 10:00 Shanghai.
    expect(ds.status('CN.CIBM', at('2023-10-08T02:00:00Z'))).toMatchObject({
      status: 'Open',
      reason: 'National Day - Primary Trading Session',
    });
  });

  it('D is the local date of t, not its UTC date', () => {
    // 2024-12-25 20:00 New York is 2024-12-26 01:00 UTC: the holiday of the local date names the reason.
    expect(ds.status('US.NYSE', at('2024-12-26T01:00:00Z'))).toMatchObject({
      status: 'Closed',
      reason: 'Christmas',
      until: '2024-12-26T04:00:00-05:00',
    });
  });

  it('the window stops at holidays_max_date instead of refusing', () => {
    // 2030-12-24 is a Tuesday; coverage ends 2030-12-25 (Christmas, closed).
    expect(ds.status('US.NYSE', at('2030-12-24T17:00:00Z'))).toMatchObject({
      status: 'Open',
      next_bell: '2030-12-24T16:00:00-05:00',
    });
    expect(ds.status('US.NYSE', at('2030-12-25T17:00:00Z'))).toMatchObject({
      status: 'Closed',
      reason: 'Christmas',
      until: null,
      next_bell: null,
    });
    expect(() => ds.status('US.NYSE', at('2030-12-26T17:00:00Z'))).toThrow(OutOfCoverageError);
  });

  it('a closed holiday answers its name alone', () => {
    expect(ds.status('US.NYSE', at('2024-12-25T17:00:00Z'))).toMatchObject({
      status: 'Closed',
      reason: 'Christmas',
      phase: null,
      next_bell: '2024-12-26T09:30:00-05:00',
    });
  });

  it('prefers an open phase among overlapping ones, else the earliest start', () => {
    // 09:00 NY: Pre-Trading (04:00) and Pre-Open (06:30) both hold; neither is open.
    const s = ds.status('US.NYSE', at('2023-11-15T14:00:00Z'));
    expect(s.phase?.phase_type).toBe('Pre-Trading Session');
    expect(s.until).toBe('2023-11-15T09:30:00-05:00');
    // 15:55: Primary and Pre-Close hold; the open one wins.
    expect(ds.status('US.NYSE', at('2023-11-15T20:55:00Z')).phase?.phase_type).toBe('Primary Trading Session');
  });

  it(
    'ties: the first open phase in generation order; among closed ones the earliest start, then generation ' + 'order',
    () => {
      const t: Tables = fixtureTables();
      t.schedules = [
        sched('US.NYSE', 'Regular', 'Other', 'Sat', '10:00', '12:00', { phase_name: 'closed-long' }),
        sched('US.NYSE', 'Regular', 'Pre-Open', 'Sat', '10:00', '11:00', { phase_name: 'closed-short' }),
        sched('US.NYSE', 'Regular', 'Other', 'Sat', '09:00', '09:30', { phase_name: 'early' }),
        sched('US.NYSE', 'Regular', 'Primary Trading Session, No Settlement', 'Sun', '10:00', '11:00', {
          phase_name: 'open-inner',
        }),
        sched('US.NYSE', 'Regular', 'Primary Trading Session', 'Sun', '09:00', '12:00', { phase_name: 'open-outer' }),
      ];
      const d = Dataset.create(t);
      // Sat 10:30 New York: both closed phases hold with the same start; step 5 puts the shorter first.
      expect(d.status('US.NYSE', at('2023-11-11T15:30:00Z')).phase?.phase_name).toBe('closed-short');
      // Sun 10:30: two open phases hold; the first in generation order (09:00) wins.
      const s = d.status('US.NYSE', at('2023-11-12T15:30:00Z'));
      expect(s.phase?.phase_name).toBe('open-outer');
      // Nothing starts after 10:30 that day, so until and next_bell are the current phase's end.
      expect([s.until, s.next_bell]).toEqual(['2023-11-12T12:00:00-05:00', '2023-11-12T12:00:00-05:00']);
    },
  );

  it('an instant at a phase end is outside it (start <= t < end)', () => {
    const s = ds.status('US.NYSE', at('2023-11-15T21:00:00Z'));
    expect(s.phase?.phase_type).toBe('Post-Trading Session');
  });

  it('the overnight CME session is current across midnight', () => {
    const s = ds.status(CME, at('2023-11-14T06:00:00Z')); // Tue 00:00 Chicago
    expect(s).toMatchObject({
      status: 'Open',
      until: '2023-11-14T14:59:30-06:00',
      next_bell: '2023-11-14T16:00:00-06:00',
    });
  });

  it('answers date-times in the market time zone even when a row uses another, whose name the phase keeps', () => {
    const t: Tables = fixtureTables();
    t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Sat', '10:00', '11:00', { timezone: 'Europe/London' }));
    const s = Dataset.create(t).status('US.NYSE', at('2023-11-11T10:30:00Z'));
    expect(s.phase).toMatchObject({ start: '2023-11-11T05:00:00-05:00', timezone: 'Europe/London' });
  });

  it('next_bell is null when no open phase lies in the window', () => {
    const t: Tables = fixtureTables();
    t.holidays.push(
      ...['2023-11-27', '2023-11-28', '2023-11-29', '2023-11-30', '2023-12-01'].map((date) => ({
        fin_id: 'US.NYSE',
        date,
        holiday_name: 'Closure',
        schedule: 'Closed',
        status: 'Closed',
        settlement: 'No',
      })),
    );
    const s = Dataset.create(t).status('US.NYSE', at('2023-11-26T17:00:00Z'));
    expect(s).toMatchObject({ status: 'Closed', until: null, next_bell: null });
  });

  it('refuses instants outside the coverage window', () => {
    expect(() => ds.status('US.NYSE', at('1999-06-01T12:00:00Z'))).toThrow(OutOfCoverageError);
  });
});

describe('status from the library', () => {
  it('takes an ISO string, a Date or epoch ms alike', () => {
    const iso = ds.status('US.NYSE', '2023-11-15T12:00:00-05:00');
    expect(iso).toEqual(ds.status('US.NYSE', at('2023-11-15T17:00:00Z')));
    expect(ds.status('US.NYSE', new Date('2023-11-15T17:00:00Z'))).toEqual(iso);
    expect(iso.status).toBe('Open');
    expect(() => ds.status('US.NYSE', '2023-11-15 noon')).toThrow(/instant/);
  });

  it('every method that takes an instant takes the same three forms (a choice: one rule for the whole library)', () => {
    const iso = '2023-11-15T12:00:00-05:00';
    const ms = at('2023-11-15T17:00:00Z');
    expect(ds.nextBell('US.NYSE', iso, 'close')).toEqual(ds.nextBell('US.NYSE', ms, 'close'));
    expect(ds.previousBell('US.NYSE', new Date(ms))).toEqual(ds.previousBell('US.NYSE', iso));
    expect(ds.statusMany({ markets: ['US.NYSE'] }, iso)).toEqual(ds.statusMany({ markets: ['US.NYSE'] }, ms));
    expect(() => ds.nextBell('US.NYSE', 'tomorrow')).toThrow(/after/);
    expect(() => ds.nextBell('US.NYSE', Number.NaN)).toThrow(/after/);
  });

  it('without an instant uses the dataset clock, and asks for one when there is none', () => {
    const clocked = Dataset.create(fixtureTables(), { clock: () => at('2023-11-11T23:00:00Z') });
    expect(clocked.status('US.NYSE')).toEqual(clocked.status('US.NYSE', at('2023-11-11T23:00:00Z')));
    expect(() => ds.status('US.NYSE')).toThrow(/has no clock/);
  });

  it("status is 'Open' exactly when the current phase is open", () => {
    const t: Tables = fixtureTables();
    // A phase type whose Status cell is neither Open nor Closed counts as closed.
    t.phaseTypes!.push({ name: 'Odd Session', status: 'Halted', settlement: 'No' });
    t.schedules!.push(sched('US.NYSE', 'Regular', 'Odd Session', 'Sat', '10:00', '11:00'));
    const s = Dataset.create(t).status('US.NYSE', at('2023-11-11T15:30:00Z'));
    expect(s.phase?.phase_type).toBe('Odd Session');
    expect(s.status).toBe('Closed');
  });
});
