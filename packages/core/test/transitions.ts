/**
 * Every offset change of a time zone found from js-joda's rules (an oracle independent of
 * core's own zone code), for tests of clock changes: bisection to the second within each day
 * whose start and end offsets differ.
 */
import { ZoneId } from '@js-joda/core';
import '@js-joda/timezone';
import { daysFromCivil } from '../src/index.js';

export interface Transition {
  zone: string;
  /** The first second (epoch seconds) of the new offset. */
  at: number;
  /** Offsets (seconds east of UTC) before and after the change. */
  before: number;
  after: number;
}

/** The changes of `zone` from January 1 of `fromYear` to December 31 of `toYear`. */
export function transitionsOf(zone: string, fromYear: number, toYear: number): Transition[] {
  const rules = ZoneId.of(zone).rules();
  const off = (sec: number) => rules.offsetOfEpochMilli(sec * 1000).totalSeconds();
  const out: Transition[] = [];
  for (let day = daysFromCivil(fromYear, 1, 1); day < daysFromCivil(toYear + 1, 1, 1); day++) {
    let lo = day * 86_400;
    let hi = lo + 86_400;
    if (off(lo) === off(hi)) continue;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (off(mid) === off(lo)) lo = mid;
      else hi = mid;
    }
    out.push({ zone, at: hi, before: off(hi - 1), after: off(hi) });
  }
  return out;
}
