// Named relative dates that schedules use as season bounds. Each name resolves to one date per
// year; the sample publishes every name for every year so a lookup never misses.
import { addDays, nthWeekday, years } from './dates.mjs';

export const SEASONS = {
  'Second Sunday of March': (y) => nthWeekday(y, 3, 0, 2),
  'Day before First Sunday of November': (y) => addDays(nthWeekday(y, 11, 0, 1), -1),
  'First Sunday of November': (y) => nthWeekday(y, 11, 0, 1),
  'Day before Second Sunday of March': (y) => addDays(nthWeekday(y, 3, 0, 2), -1),
};

/** US daylight saving time as defined since 2007 (the sample uses it for every year). */
export const US_SUMMER = ['Second Sunday of March', 'Day before First Sunday of November'];
export const US_WINTER = ['First Sunday of November', 'Day before Second Sunday of March'];

export function seasonDefinitionRows() {
  const rows = [];
  for (const [name, at] of Object.entries(SEASONS)) {
    for (const y of years()) rows.push({ Season: name, Year: y, Date: at(y) });
  }
  return rows;
}
