/**
 * Derived dates (docs/calendar-arithmetic.md §10): the date a rule names in each month of a range.
 */
import { MAX_DATE_MONTHS, MAX_DATE_OFFSET } from '@openbell/core/params';
import { QUERIES } from '@openbell/core';
import { fromQuery } from '../registry.js';
import { thousands, operation, expr } from './shared.js';

export const DERIVED_DATE_OPERATIONS = {
  listDerivedDates: operation({
    path: '/calendars/{expr}/dates',
    tag: 'Calendars',
    summary: 'Dates a rule names in each month (expiries, month ends, IMM dates), rolled and offset',
    description:
      'One entry per month of the inclusive range in which the rule names a date: `nominal` the date it names, ' +
      '`date` ' +
      'that date rolled by `roll` (not for the business-day rules, whose date is a business day already), then moved ' +
      '`offset` business days. `nth-weekday:N:DAY` (N 1..5 or -1..-5 from the month end, DAY mon..sun) and `day:D` ' +
      '(the last day of a shorter month) are on the plain calendar; `imm` is `nth-weekday:3:wed` in March, June, ' +
      'September and December; `business-day:N` (N 1..23 or -1..-23), `first-business-day` and `last-business-day` ' +
      `count business days of the calendar. At most ${thousands(MAX_DATE_MONTHS)} months. Only the dates the roll, ` +
      `the ` +
      'offset and the business-day rules look at must lie in the coverage window (400 otherwise).',
    ...fromQuery(QUERIES.derivedDates, {
      expr: { ...expr, example: 'XNYS' },
      rule: {
        description:
          '`nth-weekday:N:DAY`, `imm`, `day:D`, `business-day:N`, `first-business-day` or `last-business-day`, any ' +
          'case. ' +
          'Third Friday: `nth-weekday:3:fri`; last Thursday: `nth-weekday:-1:thu`.',
        example: 'nth-weekday:3:fri',
        cli: {
          flag: 'rule',
          help: 'nth-weekday:N:DAY, imm, day:D, business-day:N, first-business-day, last-business-day',
        },
      },
      start: {
        description: 'First month, inclusive (YYYY-MM).',
        example: '2024-01',
        cli: { flag: 'start', help: 'first month, YYYY-MM', aliases: ['from'] },
      },
      end: {
        description: 'Last month, inclusive (YYYY-MM); not before start.',
        example: '2024-12',
        cli: { flag: 'end', help: 'last month, YYYY-MM', aliases: ['to'] },
      },
      months: {
        description: 'Only these months (numbers 1..12, comma-separated, any order); default every month.',
        example: '3,6,9,12',
        cli: { flag: 'months', help: 'month numbers to keep, e.g. 3,6,9,12 (default all)' },
      },
      roll: {
        description:
          'The convention that rolls the nominal date to a business day (default `following`); `unadjusted` keeps it.',
        example: 'following',
        cli: {
          flag: 'roll',
          help: 'following (default), preceding, modified_following, modified_preceding, unadjusted',
        },
      },
      offset: {
        description:
          `Business days to move the rolled date, ${-MAX_DATE_OFFSET} to ${MAX_DATE_OFFSET} (default 0): ` +
          `settlement a few days after an expiry.`,
        example: '0',
        cli: {
          flag: 'offset',
          help: `business days after (or before) the rolled date, ${-MAX_DATE_OFFSET}..${MAX_DATE_OFFSET}`,
        },
      },
    }),
    bodyChunks: (ds, a) =>
      ds.parsed.derivedDatesJsonChunks(a.expr, a.rule, a.start, a.end, {
        months: a.months,
        roll: a.roll,
        offset: a.offset,
      }),
    response: (s) => s.z.array(s.DerivedDate),
    needs: 'calendar',
    plan: 'schedules',
    cacheable: true,
    cli: {
      command: 'dates',
      description: 'the date a rule names each month (third Friday, IMM, month end), rolled and offset',
    },
  }),
};
