/**
 * Near a local day its zone skipped (Pacific/Apia jumped from 2011-12-29 23:59:59 -10:00 to
 * 2011-12-31 00:00 +14:00: there is no 2011-12-30), openbell orders times by instant, where the
 * vendor's client compares two times of one zone by their wall clock (docs/drop-in.md
 * "Differences"). Pinned here: openbell's answers, every one ordered in time.
 */
import { Dataset, type MarketHolidayRow, type ScheduleRow } from '@openbell/core';
import { describe, expect, it } from 'vitest';
import { fixtureTables } from './fixture.js';

const APIA = 'Pacific/Apia';
const FIN = 'WS.TEST';

function row(phase_type: string, start: string, end: string, offset_days = 0): ScheduleRow {
  return {
    fin_id: FIN,
    schedule_group: 'Regular',
    schedule_group_memo: null,
    timezone: APIA,
    phase_type,
    phase_name: null,
    phase_memo: null,
    days: 'Mon-Sun',
    start,
    end,
    offset_days,
    duration: null,
    min_start: null,
    max_start: null,
    min_end: null,
    max_end: null,
    in_force_start_date: null,
    in_force_end_date: null,
    season_start: null,
    season_end: null,
  };
}

const bound = (date: string): MarketHolidayRow => ({
  fin_id: FIN,
  date,
  holiday_name: 'Bound',
  schedule: 'Closed',
  settlement: 'No',
  observed: false,
  memo: null,
  status: 'Closed',
});

function apia(): Dataset {
  const t = fixtureTables();
  t.markets.push({
    fin_id: FIN,
    exchange_name: 'Test Exchange',
    timezone: APIA,
    weekend_definition: 'Sat-Sun',
    mic: null,
  });
  // An evening session running past midnight: on 2011-12-29 its end falls on the skipped day.
  t.schedules.push(row('Primary Trading Session', '20:00:00', '02:00:00', 1));
  t.holidays.push(bound('2011-12-01'), bound('2012-01-31'));
  return Dataset.create(t);
}

describe('a zone that skipped a day (Pacific/Apia, 2011-12-30)', () => {
  const ds = apia();
  const at = '2011-12-30T09:00:00Z'; // 2011-12-29 23:00 -10:00, in the session begun at 20:00

  it('the phases as openbell generates them, each with its instants (pinned)', () => {
    const phases = ds.generatePhases(FIN, '2011-12-28', '2012-01-02');
    expect(phases.map((p) => [p.start, p.end])).toMatchSnapshot();
    // The session of 2011-12-29 ends on the skipped date's 02:00, which is no time in Apia:
    // openbell places it at the instant the zone's rules give, after its start.
    const of29 = phases.find((p) => p.start.startsWith('2011-12-29T20:00'))!;
    expect(Date.parse(of29.end)).toBeGreaterThan(Date.parse(of29.start));
  });

  it("a status's until is the end, by instant, of the phase holding the instant asked", () => {
    const s = ds.status(FIN, at);
    expect(s.status).toBe('Open');
    const t = Date.parse(at);
    const holding = ds
      .generatePhases(FIN, '2011-12-28', '2012-01-02')
      .filter((p) => Date.parse(p.start) <= t && t < Date.parse(p.end));
    expect(holding).toHaveLength(1);
    expect(Date.parse(s.until!)).toBe(Date.parse(holding[0]!.end));
    expect(Date.parse(s.until!)).toBeGreaterThan(t);
    expect({ status: s.status, until: s.until, next_bell: s.next_bell }).toMatchSnapshot();
  });
});
