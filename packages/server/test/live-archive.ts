/**
 * A small archive built around an instant: one market (LIVE.TEST, UTC) whose primary session
 * began a minute before `t0` and ends at `closeAt`, every day of the week. Used by the event
 * test on the server's default clock and the browser test, each at a fixed instant on a clock
 * the test moves.
 */
import type { Tables } from '@openbell/core';

const hms = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function liveTables(
  t0: number,
  closeAt: number,
  extraOpenMarkets: string[] = [],
  closedMarkets: string[] = [],
): Tables {
  const openAt = t0 - 60_000;
  const offset = day(closeAt) === day(openAt) ? 0 : 1;
  const from = day(t0 - 30 * 86_400_000);
  const to = day(t0 + 30 * 86_400_000);
  const ids = ['LIVE.TEST', ...extraOpenMarkets, ...closedMarkets];
  const row = (fin_id: string, start: string, end: string, off: number) => ({
    fin_id,
    schedule_group: 'Regular',
    timezone: 'UTC',
    phase_type: 'Primary Trading Session',
    days: 'Mon-Sun',
    start,
    end,
    offset_days: off,
  });
  return {
    markets: ids.map((fin_id, i) => ({
      fin_id,
      exchange_name:
        i === 0 ? 'Bell Test Exchange' : extraOpenMarkets.includes(fin_id) ? `Always Open ${i}` : 'Never Trades',
      timezone: 'UTC',
      mic: i === 0 ? 'XLIV' : null,
    })),
    holidays: ids.flatMap((fin_id) => [
      { fin_id, date: from, holiday_name: 'Window start', schedule: 'Closed', status: 'Closed', settlement: 'No' },
      { fin_id, date: to, holiday_name: 'Window end', schedule: 'Closed', status: 'Closed', settlement: 'No' },
    ]),
    schedules: [
      row('LIVE.TEST', hms(openAt), hms(closeAt), offset),
      ...extraOpenMarkets.map((id) => row(id, '00:00:00', '00:00:00', 1)),
    ],
    phaseTypes: [{ name: 'Primary Trading Session', status: 'Open', settlement: 'Yes' }],
    micMapping: [{ mic: 'XLIV', fin_id: 'LIVE.TEST' }],
    seasonDefinitions: [],
  };
}
