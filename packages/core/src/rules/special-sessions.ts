/**
 * Special sessions: early closes and late opens (docs/calendar-arithmetic.md §9).
 *
 * Only a date with a holiday row can differ from its regular times, so the candidates are the
 * holiday rows of the range that keep the market open; each is compared with the day view the
 * date would have without its own row.
 *
 * Rules chosen where the page is silent:
 * - "Without its holiday row": the date's schedule group becomes Regular (docs/semantics.md §4
 *   step 1) and no weekday fallback applies (that is only for a holiday row saying Regular), so
 *   a weekend make-up day has no regular open phase: null regular times. The rows of the two
 *   dates before it stay, as they decide the overnight phases that end on it.
 * - Open, close and their regular counterparts are the first start and last end of the runs of
 *   usable open phases, as §1 (a phase that ends before it starts is left out).
 */
import { formatDay, formatInstant } from '../time/dates.js';
import { LOOK_BACK_DAYS, phasesByEndDay } from './generate.js';
import { lowerBound, type CompiledRow, type MarketEntry } from '../tables/model.js';
import { mergeRuns } from './open-time.js';
import type { MarketHoliday, SpecialSession } from '../types.js';
import type { Zone } from '../time/zone.js';

const isOpenRow = (row: CompiledRow): boolean => row.isOpen;

/** Opening and closing instants of a day's open runs, null without one. */
function bounds(entry: MarketEntry, day: number): [number, number] | null {
  const runs = mergeRuns(phasesByEndDay(entry, day, day, isOpenRow)[0]!);
  return runs ? [runs[0]!, runs[runs.length - 1]!] : null;
}

/** The market as if `day` had no holiday row: only the look-back's rows matter to its day view. */
function withoutHolidayOn(entry: MarketEntry, day: number): MarketEntry {
  const kept = new Map<number, MarketHoliday>();
  for (let d = day - LOOK_BACK_DAYS; d < day; d++) {
    const h = entry.scheduleByDay.get(d);
    if (h) kept.set(d, h);
  }
  // An override of the date is its holiday row too: without it, the day is cut by nothing.
  return { ...entry, holidayByDay: kept, scheduleByDay: kept, clips: null };
}

export function listSpecialSessions(
  entry: MarketEntry,
  zone: Zone,
  startDay: number,
  endDay: number,
): SpecialSession[] {
  const write = (t: number | undefined) => (t === undefined ? null : formatInstant(t, zone.offsetAt(t)));
  const out: SpecialSession[] = [];
  const days = entry.holidayDays;
  const last = lowerBound(days, endDay + 1);
  for (let i = lowerBound(days, startDay); i < last; i++) {
    const day = days[i]!;
    if (i > 0 && days[i - 1] === day) continue; // several rows of one date: the first decides
    const holiday = entry.holidayByDay.get(day)!;
    if (!holiday.is_open) continue; // not a session
    const actual = bounds(entry, day);
    const regular = bounds(withoutHolidayOn(entry, day), day);
    const open = actual?.[0];
    const close = actual?.[1];
    const regularOpen = regular?.[0];
    const regularClose = regular?.[1];
    if (open === regularOpen && close === regularClose) continue;
    out.push({
      date: formatDay(day),
      open: write(open),
      close: write(close),
      regular_open: write(regularOpen),
      regular_close: write(regularClose),
      late_open: open !== undefined && regularOpen !== undefined && open > regularOpen,
      early_close: close !== undefined && regularClose !== undefined && close < regularClose,
      holiday_name: holiday.holiday_name,
    });
  }
  return out;
}
