/**
 * The queries gathered: `ParsedQueries`, every topic's rules in one class (`dataset.parsed`), and
 * `QUERIES`, every topic's declarations in one record, from which the `Dataset`'s methods and the
 * catalogue's operations come. A new query is written in its topic's file (its rule and its
 * declaration); a new topic is one line in each list below. docs/architecture.md "Adding an
 * operation".
 */
import { BAR_QUERIES, BarRules } from './bars.js';
import { BAR_CHECK_QUERIES, BarCheckRules } from './bar-check.js';
import { QueryBase } from './base.js';
import { CALENDAR_QUERIES, CalendarRules } from './calendars.js';
import { DAY_COUNT_QUERIES, DayCountRules } from './day-counts.js';
import { DERIVED_DATE_QUERIES, DerivedDateRules } from './derived-dates.js';
import { HOLIDAY_QUERIES, HolidayRules } from './holidays.js';
import { MARKET_QUERIES, MarketRules } from './markets.js';
import { OVERLAP_QUERIES, OverlapRules } from './overlap.js';
import { PHASE_QUERIES, PhaseRules } from './phases.js';
import { REFERENCE_QUERIES, ReferenceRules } from './reference.js';
import { SESSION_QUERIES, SessionRules } from './sessions.js';
import { STATUS_QUERIES, StatusRules } from './status.js';

export { barOptionsOf, type ParsedBarOptions } from './bars.js';
export { MAX_CLOCK_CHANGE_DAYS } from './overlap.js';
export type { Query, Surface } from './declare.js';

const TOPICS = [
  MarketRules,
  HolidayRules,
  PhaseRules,
  StatusRules,
  SessionRules,
  BarRules,
  BarCheckRules,
  CalendarRules,
  DayCountRules,
  DerivedDateRules,
  OverlapRules,
  ReferenceRules,
] as const;

/** The queries over parsed values: every topic's rules, over one index. */
export interface ParsedQueries
  extends MarketRules,
    HolidayRules,
    PhaseRules,
    StatusRules,
    SessionRules,
    BarRules,
    BarCheckRules,
    CalendarRules,
    DayCountRules,
    DerivedDateRules,
    OverlapRules,
    ReferenceRules {}

export class ParsedQueries extends QueryBase {}

// One prototype holds every topic's methods, as the one class did: a call finds its method in
// one step, and each topic's methods call the others' through `this`.
for (const topic of TOPICS) {
  for (const name of Object.getOwnPropertyNames(topic.prototype)) {
    if (name !== 'constructor')
      Object.defineProperty(ParsedQueries.prototype, name, Object.getOwnPropertyDescriptor(topic.prototype, name)!);
  }
}

/** The queries over parsed values as their public members (`dataset.parsed`, or a stand-in answering alike). */
export type ParsedQuerySurface = { readonly [K in keyof ParsedQueries]: ParsedQueries[K] };

/**
 * The library's declaration of each query (interface.ts says how a method comes from one), by
 * topic; each entry sits in its topic's file beside the rule it calls.
 */
export const QUERIES = {
  ...MARKET_QUERIES,
  ...HOLIDAY_QUERIES,
  ...PHASE_QUERIES,
  ...STATUS_QUERIES,
  ...SESSION_QUERIES,
  ...BAR_QUERIES,
  ...BAR_CHECK_QUERIES,
  ...CALENDAR_QUERIES,
  ...DAY_COUNT_QUERIES,
  ...DERIVED_DATE_QUERIES,
  ...OVERLAP_QUERIES,
  ...REFERENCE_QUERIES,
} as const;

export type Queries = typeof QUERIES;
