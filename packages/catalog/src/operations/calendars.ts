/**
 * Joined calendars of markets and currencies (docs/calendar-arithmetic.md §4): their business
 * days, adjusting and advancing a date on them.
 */
import { QUERIES } from '@openbell/core';
import { fromQuery } from '../registry.js';
import { operation, start, end, steps, expr, calendarDate, convention } from './shared.js';

export const CALENDAR_OPERATIONS = {
  listCalendarDays: operation({
    path: '/calendars/{expr}/days',
    tag: 'Calendars',
    summary: 'Business days of a joined calendar in a date range',
    description:
      'One entry per date of the inclusive range, with the members for which it is not a business day. A market ' +
      "member's business days are its sessions; a currency's are the days outside its weekend without a settlement " +
      'holiday. Market members need schedules in the plan, currency members currencies (403 otherwise). Dates must ' +
      "lie in the intersection of the members' coverage windows (400 otherwise).",
    ...fromQuery(QUERIES.calendarDays, {
      expr,
      start: { ...start, example: '2023-12-22' },
      end: { ...end, example: '2023-12-27' },
    }),
    response: (s) => s.z.array(s.CalendarDay),
    needs: 'calendar',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'bizdays', description: 'business days of a joined calendar, and which members are closed' },
  }),
  adjustDate: operation({
    path: '/calendars/{expr}/adjust',
    tag: 'Calendars',
    summary: 'Move a date to a business day by a convention',
    ...fromQuery(QUERIES.adjust, { expr, date: { ...calendarDate, example: '2023-12-25' }, convention }),
    response: (s) => s.AdjustedDate,
    needs: 'calendar',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'adjust', description: 'a date moved to a business day by a convention' },
  }),
  advanceDate: operation({
    path: '/calendars/{expr}/advance',
    tag: 'Calendars',
    summary: 'Advance a date by business days, weeks, months or years',
    description:
      '`days`: n business days from the date; n = 0 adjusts it by the convention, whatever the unit. ' +
      '`weeks`, `months`, `years`: the period on the plain calendar (a day past the end of the target month becomes ' +
      'its last day), then adjusted by the convention. With `end_of_month`, as QuantLib: for `months` and `years` ' +
      'only, a start date after which no business day follows in its month (the last business day, or a weekend ' +
      'or holiday after it) gives the last business day of the target month, whatever the convention. ' +
      'T+N settlement is `n=N` on the market calendar.',
    ...fromQuery(QUERIES.advance, {
      expr,
      date: calendarDate,
      n: steps('Units to advance: positive forwards, negative backwards.', '2'),
      unit: {
        description: '`days` (business days, the default), `weeks`, `months` or `years`.',
        example: 'days',
        cli: { flag: 'unit', help: 'days (default), weeks, months or years' },
      },
      convention: { ...convention, example: 'following' },
      end_of_month: {
        description:
          'End-of-month rule for months and years, never weeks or days (default false). Accepts true/false, 1/0, ' +
          'yes/no, on/off.',
        example: 'false',
        cli: {
          flag: 'eom',
          help:
            "end-of-month rule (months, years): from a month's last business day or later to the target month's " +
            'last business day',
        },
      },
    }),
    response: (s) => s.AdvancedDate,
    needs: 'calendar',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'advance', description: 'a date advanced by business days, weeks, months or years (T+N)' },
  }),
  // Derived dates, overlap and clock changes (docs/calendar-arithmetic.md §10, §12, §13).
};
