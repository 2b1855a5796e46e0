/**
 * Bars (docs/calendar-arithmetic.md §8, §11): bars of a period inside each session's open time, or
 * of whole sessions, as records, a count, or JSON and CSV bytes in pieces.
 */
import { formatDay, type EpochDay } from '../time/dates.js';
import type { JsonPieceOptions } from '../wire/json.js';
import { BAR_BREAKS, param, withDefault, type Period } from '../params/params.js';
import { BarSeries, checkBarLimit, planBars } from '../rules/bars.js';
import { barCsvPieces, barJsonPieces } from '../wire/bars-json.js';
import { SessionBarSeries, sessionBars } from '../rules/session-bars.js';
import type { BarBreaks, BarCount } from '../types.js';
import { QueryBase } from './base.js';
import { queriesOf, identifier, start, end, rangeArgs, type Surface } from './declare.js';

/** What `bars` and `countBars` take besides the market and range, parsed (BarOptions as text). */
export interface ParsedBarOptions {
  period: Period;
  forceClose: boolean;
  breaks: BarBreaks;
}

export class BarRules extends QueryBase {
  /**
   * The bars of `period` inside the open time of each session of the range, made one at a time
   * as the answer is iterated (or walked with its cursor). Refused with an InvalidArgumentError
   * naming the count when the range holds more than MAX_BARS bars.
   */
  bars(identifier: string, startDay: EpochDay, endDay: EpochDay, options: ParsedBarOptions): BarSeries {
    const series = this.barSeries(identifier, startDay, endDay, options);
    checkBarLimit(series.plan, formatDay(startDay), formatDay(endDay), series.period);
    return series;
  }

  /** How many bars `bars` would list, with no limit. */
  countBars(identifier: string, startDay: EpochDay, endDay: EpochDay, options: ParsedBarOptions): BarCount {
    const series = this.barSeries(identifier, startDay, endDay, options);
    return { start: formatDay(startDay), end: formatDay(endDay), period: series.period, count: series.count };
  }

  /** The JSON of `bars` as UTF-8 bytes in pieces (`JSON.stringify([...bars(…)])`), as `phaseJsonChunks`. */
  barJsonChunks(
    identifier: string,
    startDay: EpochDay,
    endDay: EpochDay,
    options: ParsedBarOptions,
    pieces?: JsonPieceOptions,
  ): Iterable<Uint8Array> {
    const series = this.bars(identifier, startDay, endDay, options);
    if (series instanceof SessionBarSeries) return [series.json()];
    return barJsonPieces(series, pieces);
  }

  /** The CSV of `bars` (header `Date,Start,End`, CRLF lines) as UTF-8 bytes in pieces. */
  barCsvChunks(
    identifier: string,
    startDay: EpochDay,
    endDay: EpochDay,
    options: ParsedBarOptions,
    pieces?: JsonPieceOptions,
  ): Iterable<Uint8Array> {
    const series = this.bars(identifier, startDay, endDay, options);
    if (series instanceof SessionBarSeries) return [series.csv()];
    return barCsvPieces(series, pieces);
  }

  private barSeries(identifier: string, startDay: EpochDay, endDay: EpochDay, options: ParsedBarOptions): BarSeries {
    const entry = this.generated(identifier, startDay, endDay);
    // Bars of whole sessions (§11) group sessions: no elapsed-time grid to plan.
    const grouping = options.period.sessions;
    if (grouping !== undefined)
      return new SessionBarSeries(
        sessionBars(entry, entry.zone ?? this.utc, startDay, endDay, grouping),
        entry,
        startDay,
        endDay,
        entry.zone ?? this.utc,
        options.period.text,
      );
    const plan = planBars(entry, startDay, endDay, options.period.seconds, options.forceClose, options.breaks);
    return new BarSeries(plan, entry.zone ?? this.utc, options.period.text);
  }
}

const query = queriesOf<Surface<BarRules>>();

const bars = {
  identifier,
  start,
  end,
  period: param.period(),
  force_close: withDefault(param.boolean(), true),
  breaks: withDefault(param.enum(BAR_BREAKS), 'split'),
};
const barOptions = { period: 'period', forceClose: 'force_close', breaks: 'breaks' } as const;

/** The bar options of parsed bar arguments, as the queries over parsed values take them. */
export const barOptionsOf = (a: { period: Period; force_close: boolean; breaks: BarBreaks }): ParsedBarOptions => ({
  period: a.period,
  forceClose: a.force_close,
  breaks: a.breaks,
});

export const BAR_QUERIES = {
  /**
   * The bars of `period` inside the open time of each session of `start`..`end`, made one at a
   * time as the answer is iterated (or walked with its cursor). Refused with an
   * InvalidArgumentError naming the count when the range holds more than MAX_BARS bars.
   */
  bars: query({
    params: bars,
    args: rangeArgs,
    options: barOptions,
    run: (q, a) => q.bars(a.identifier, a.start, a.end, barOptionsOf(a)),
  }),
  /** How many bars `bars` would list, with no limit. */
  countBars: query({
    params: bars,
    args: rangeArgs,
    options: barOptions,
    run: (q, a) => q.countBars(a.identifier, a.start, a.end, barOptionsOf(a)),
  }),
} as const;
