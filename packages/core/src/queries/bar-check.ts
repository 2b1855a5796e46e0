/**
 * Checking a price series against a market's bar grid (docs/calendar-arithmetic.md §15): the
 * checker over parsed values, for adapters that feed it a body as they read it, and the whole
 * check of a list of timestamps, the library's method.
 */
import { formatDay, type EpochDay } from '../time/dates.js';
import { InvalidArgumentError } from '../errors.js';
import { BAR_BREAKS, MAX_BARS, checkDayOrder, param, withDefault, type Param, type Period } from '../params/params.js';
import { BarCheck, MAX_CHECK_STAMPS, type BarCheckResult } from '../rules/bar-check.js';
import { StampReader, stampFormat, type StampFormat } from '../rules/stamp-reader.js';
import { localDate } from '../time/zone.js';
import type { BarBreaks } from '../types.js';
import { QueryBase } from './base.js';
import { queriesOf, identifier, start, end, type Surface } from './declare.js';

export {
  BAR_CHECK_REASONS,
  BarCheck,
  MAX_CHECK_STAMPS,
  type BarCheckReason,
  type BarCheckResult,
  type ExtraStamp,
  type MissingBar,
} from '../rules/bar-check.js';
export { StampReader, stampFormat, type StampFormat } from '../rules/stamp-reader.js';

/** A body read in pieces of text: what an adapter feeds as the body arrives, then the answer. */
export interface TextReader<R> {
  feed(text: string): void;
  end(): R;
}

export class BarCheckRules extends QueryBase {
  /**
   * The checker of a series (feed it with `add`, or through a StampReader), after the range's
   * refusals: a period of whole sessions (422 naming `period`), the range's order, the market and
   * its coverage, more than MAX_BARS expected bars (422 naming `end`).
   */
  barChecker(identifier: string, startDay: EpochDay, endDay: EpochDay, period: Period, breaks: BarBreaks): BarCheck {
    if (period.sessions !== undefined)
      throw InvalidArgumentError.one(
        'period',
        `A series is checked against bars of minutes or hours (1m to 1440m, 1h to 24h), not '${period.text}'`,
        'value_error',
      );
    checkDayOrder(startDay, endDay);
    const entry = this.generated(identifier, startDay, endDay);
    const check = new BarCheck(entry, entry.zone ?? this.utc, startDay, endDay, period.seconds, breaks, period.text);
    if (check.expected > MAX_BARS)
      throw InvalidArgumentError.one(
        'end',
        `The range ${formatDay(startDay)} to ${formatDay(endDay)} holds ${check.expected} bars of ${period.text}, more ` +
          `than the limit of ${MAX_BARS} expected bars per check; check a shorter range`,
        'too_many_bars',
      );
    return check;
  }

  /** The check of timestamps given as a list (each an ISO date-time with an offset). */
  checkBars(
    identifier: string,
    startDay: EpochDay,
    endDay: EpochDay,
    period: Period,
    breaks: BarBreaks,
    timestamps: readonly string[],
  ): BarCheckResult {
    const check = this.barChecker(identifier, startDay, endDay, period, breaks);
    const reader = stampReader('json', check);
    reader.feed(JSON.stringify(timestamps));
    reader.end();
    return check.result();
  }
}

/** A reader of a body of timestamps in `format` that feeds `check`, refusing more than MAX_CHECK_STAMPS. */
export function stampReader(format: StampFormat, check: BarCheck, tooMany?: () => Error): StampReader {
  return new StampReader(format, (ms, text) => check.add(ms, text), MAX_CHECK_STAMPS, tooMany);
}

/**
 * The check of a body of timestamps fed in pieces: its form from its media type `type` or, when
 * that does not say, its first character (stampFormat); each timestamp goes to `check` as it is
 * read, so nothing of the body is kept.
 */
export function checkReader(check: BarCheck, type: string | null | undefined): TextReader<BarCheckResult> {
  let reader: StampReader | undefined;
  return {
    feed(text) {
      if (text.length === 0) return;
      reader ??= stampReader(stampFormat(type, text), check);
      reader.feed(text);
    },
    end() {
      (reader ?? stampReader(stampFormat(type, ''), check)).end();
      return check.result();
    },
  };
}

/**
 * The range of a series, for a check that does not give one (the command line): the local dates,
 * in the market's zone, of its first and last timestamps; null when it holds none.
 */
export function seriesRange(
  zone: string | null | undefined,
  type: string | null | undefined,
): TextReader<{ start: string; end: string } | null> {
  let first: number | undefined;
  let last: number | undefined;
  let reader: StampReader | undefined;
  const take = (ms: number) => {
    first ??= ms;
    last = ms;
  };
  return {
    feed(text) {
      if (text.length === 0) return;
      reader ??= new StampReader(stampFormat(type, text), take);
      reader.feed(text);
    },
    end() {
      reader?.end();
      return first === undefined || last === undefined
        ? null
        : { start: localDate(zone, first), end: localDate(zone, last) };
    },
  };
}

const query = queriesOf<Surface<BarCheckRules>>();

/**
 * The library's list of timestamps (REST reads them from the body instead): an array of strings,
 * or one text of comma-separated ones, as a list parameter reads it.
 */
const timestamps: Param<string[], readonly string[] | string, false> = {
  kind: 'list',
  expected: 'a list of timestamps (ISO 8601 date-times with an offset or Z)',
  optional: false,
  default: undefined,
  parse: (v) =>
    String(v)
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t.length > 0),
};

export const BAR_CHECK_QUERIES = {
  /**
   * A price series checked against the market's bar grid: the expected bars it lacks, and each
   * extra timestamp with its reason (duplicate, outside the range, in a break, off the grid,
   * outside the hours, on a closed day with the holiday's name; docs/calendar-arithmetic.md §15).
   */
  checkBars: query({
    params: {
      identifier,
      start,
      end,
      period: param.period(),
      breaks: withDefault(param.enum(BAR_BREAKS), 'split'),
      timestamps,
    },
    args: ['identifier', 'start', 'end', 'period', 'timestamps'],
    rest: ['breaks'],
    run: (q, a) => q.checkBars(a.identifier, a.start, a.end, a.period, a.breaks, a.timestamps),
  }),
} as const;
