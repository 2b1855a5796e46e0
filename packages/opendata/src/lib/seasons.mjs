// Named relative dates that schedules use as season bounds. Each name resolves to one date per
// year; the sample publishes every name for every year so a lookup never misses.
import { addDays, nthWeekday, years } from './dates.mjs';
import { B3_SEASONS } from '../markets/b3-hours.mjs';

export const SEASONS = {
  // US daylight saving time as defined since 2007 (published for reference; B3's seasons below
  // follow the rules of each year).
  'Second Sunday of March': (y) => nthWeekday(y, 3, 0, 2),
  'Day before First Sunday of November': (y) => addDays(nthWeekday(y, 11, 0, 1), -1),
  'First Sunday of November': (y) => nthWeekday(y, 11, 0, 1),
  'Day before Second Sunday of March': (y) => addDays(nthWeekday(y, 3, 0, 2), -1),
  ...B3_SEASONS,
};

export function seasonDefinitionRows() {
  const rows = [];
  for (const [name, at] of Object.entries(SEASONS)) {
    for (const y of years()) rows.push({ Season: name, Year: y, Date: at(y) });
  }
  return rows;
}
