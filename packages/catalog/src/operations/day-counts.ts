/**
 * Year fractions and business-day counts over a joined calendar (docs/calendar-arithmetic.md
 * §14), each exactly QuantLib's day counter.
 */
import { DAY_COUNTS, QUERIES } from '@openbell/core';
import { fromQuery } from '../registry.js';
import { operation, start, end, expr } from './shared.js';

const span = (which: 'start' | 'end', example: string) => ({
  ...(which === 'start' ? start : end),
  description:
    which === 'start'
      ? 'First date of the span (YYYY-MM-DD).'
      : 'Last date of the span (YYYY-MM-DD); before `start` gives a negative answer. At most 36,525 days from `start`.',
  example,
});

export const DAY_COUNT_OPERATIONS = {
  getYearFraction: operation({
    path: '/calendars/{expr}/year-fraction',
    tag: 'Calendars',
    summary: 'Year fraction between two dates under a day-count convention',
    description:
      "Exactly QuantLib's day counter: `act/360` (Actual360), `act/365f` (Actual365Fixed), `act/act-isda` " +
      '(ActualActual ISDA), `30/360-us` (Thirty360 USA), `30e/360` (Thirty360 European), `30/360-bond` (Thirty360 ' +
      'BondBasis), `bus/252` (Business252 over the calendar: business days d with start ≤ d < end, over 252). ' +
      "`days` is the convention's own count. An `end` before `start` answers what QuantLib answers for the dates in " +
      "that order (negative). Only `bus/252` needs the dates in the calendar's coverage window (400 otherwise).",
    ...fromQuery(QUERIES.yearFraction, {
      // A short expression, so the command's example fits 80 columns.
      expr: { ...expr, example: 'XNYS+USD' },
      start: span('start', '2023-01-31'),
      end: span('end', '2023-07-31'),
      convention: {
        description:
          '`act/360`, `act/365f`, `act/act-isda`, `30/360-us`, `30e/360`, `30/360-bond` or `bus/252` (required).',
        example: 'act/360',
        cli: { arg: 'convention', help: 'act/360, act/365f, act/act-isda, 30/360-us, 30e/360, 30/360-bond, bus/252' },
      },
    }),
    response: (s) =>
      s.z.object({
        start: s.z.string(),
        end: s.z.string(),
        convention: s.z.enum(DAY_COUNTS),
        days: s.z.number().int(),
        year_fraction: s.z.number(),
      }),
    needs: 'calendar',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'year-fraction', description: 'the fraction of a year between two dates (QuantLib day counters)' },
  }),
  countBusinessDays: operation({
    path: '/calendars/{expr}/business-days/count',
    tag: 'Calendars',
    summary: 'Business days between two dates',
    description:
      'The business days d with start ≤ d < end; when `end` is before `start`, minus those with end < d ≤ start: ' +
      "QuantLib's `Calendar::businessDaysBetween` with its defaults. Both dates must lie in the calendar's coverage " +
      'window (400 otherwise); at most 36,525 days apart (422 naming `end`).',
    ...fromQuery(QUERIES.businessDayCount, {
      expr,
      start: span('start', '2023-12-22'),
      end: span('end', '2024-01-05'),
    }),
    response: (s) => s.z.object({ start: s.z.string(), end: s.z.string(), count: s.z.number().int() }),
    needs: 'calendar',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'bizdays-count', description: 'business days between two dates (first in, last out)' },
  }),
};
