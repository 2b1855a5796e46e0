/**
 * Derived dates and overlap (docs/calendar-arithmetic.md §10, §12), goals under 5 ms each: thirty
 * years of a monthly rule on a three-member calendar (the third Friday rolled and settled two
 * business days later, and the last business day), and a year of the overlap of four markets in
 * four zones (New York, Chicago, London, Berlin). Synthetic tables of bench/generate-tables.mjs;
 * the session indexes are built before timing (their first-use cost is the core run's row).
 * `node --expose-gc bench/run.mjs derived` runs these cases alone.
 */
import { Dataset, parseCalendarExpression, parseDateRule, parseDay, parseMonth } from '../dist/index.js';
import { generateTables } from './generate-tables.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function time(fn, runs = 61) {
  for (let i = 0; i < 5; i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

export function derivedRows() {
  const ds = Dataset.create(generateTables({ markets: 4 }));
  const [a, b, c, d] = ds.listMarkets().map((m) => m.fin_id);
  const expr = `${a}+${b}+${c}`;
  const fridays = () =>
    ds.derivedDates(expr, 'nth-weekday:3:fri', '2001-01', '2030-11', { roll: 'modified_following', offset: 2 });
  const monthEnds = () => ds.derivedDates(expr, 'last-business-day', '2001-01', '2030-11');
  const overlap = () => ds.overlap([a, b, c, d], '2023-01-01', '2023-12-31');
  // The server's path: the same answers as JSON bytes, from parsed arguments.
  const p = ds.parsed;
  const parsedExpr = parseCalendarExpression(expr);
  const third = parseDateRule('nth-weekday:3:fri');
  const from = parseMonth('2001-01', 'start');
  const to = parseMonth('2030-11', 'end');
  const fridayBytes = () => [
    ...p.derivedDatesJsonChunks(parsedExpr, third, from, to, { roll: 'modified_following', offset: 2 }),
  ];
  const d0 = parseDay('2023-01-01', 'start');
  const overlapBytes = () => [...p.overlapJsonChunks([a, b, c, d], d0, d0 + 364, 'primary')];
  const n = (f) => f().length;
  const size = (f) => f().reduce((t, b) => t + b.length, 0);
  return [
    [
      `dates: 30 years of third Fridays + 2, three-member calendar (${n(fridays)} dates)`,
      `${time(fridays).toFixed(3)} ms`,
      'target < 5 ms',
    ],
    [
      `dates: 30 years of last business days, three-member calendar`,
      `${time(monthEnds).toFixed(3)} ms`,
      'target < 5 ms',
    ],
    [
      `overlap: a year of four markets in four zones (${n(overlap)} intervals)`,
      `${time(overlap).toFixed(3)} ms`,
      'target < 5 ms',
    ],
    [
      "dates as JSON bytes (the server's path, cut from the kept series): " +
        `the third Fridays + 2 above (${size(fridayBytes)} bytes)`,
      `${time(fridayBytes).toFixed(3)} ms`,
      '',
    ],
    [
      "overlap as JSON bytes (the server's path, cut from the kept overlap): " +
        `the year above (${size(overlapBytes)} bytes)`,
      `${time(overlapBytes).toFixed(3)} ms`,
      '',
    ],
  ];
}
