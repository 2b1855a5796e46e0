/**
 * Markets (the Markets tag): looking them up, their holidays, phases, day views, bars, special
 * sessions, schedules and status, one or many at once.
 */
import { MAX_BARS, MAX_BULK_IDENTIFIERS, optional, param, parseParams } from '@openbell/core/params';
import { QUERIES, barOptionsOf, checkReader, MAX_CHECK_STAMPS, seriesRange } from '@openbell/core';
import type { BarCheckResult } from '@openbell/core';
import { documented, fromQuery, type ParamDocs } from '../registry.js';
import { bulkBody } from '../bulk.js';
import { toCsv } from '../csv.js';
import { thousands, operation, identifier, start, end, follow } from './shared.js';

// Bars (docs/calendar-arithmetic.md §8).
const period: ParamDocs = {
  description:
    'Bar length in elapsed time: a whole number of minutes or hours, `1m` to `1440m` or `1h` to `24h` (`5m`, `30m`, ' +
    '`1h`, `4h`), lower case; ' +
    'or whole sessions: `1d` one session, `1w` the sessions of an ISO week, `1mo` those of a calendar month (each ' +
    'bar then counts its `sessions`).',
  example: '5m',
  cli: { flag: 'period', help: 'bar length, 1m to 1440m or 1h to 24h (5m, 30m, 1h), or 1d, 1w, 1mo (whole sessions)' },
};
const forceClose: ParamDocs = {
  description:
    '`true`: a bar that would run past the end of its piece of open time (the close, or a break) ends there; ' +
    '`false`: it keeps its full length. Accepts true/false, 1/0, yes/no, on/off in any case.',
  cli: { flag: 'force-close', help: 'let the last bar before a close or a break keep its full length' },
};
export const breaks: ParamDocs = {
  description:
    '`split`: bars restart after each break of a session; `ignore`: they run from open to close across the breaks.',
  cli: { flag: 'breaks', help: 'split (default: restart after a break) or ignore (run across it)' },
};
// The check of a series (docs/calendar-arithmetic.md §15).
const CHECKED = ['2024-01-02T09:30:00-05:00', '2024-01-02T09:31:00-05:00', '2024-01-02T09:33:00-05:00'];
/** The most bytes of a series to check: a million CSV lines of up to 134 bytes (prices beside each timestamp). */
export const MAX_CHECK_BYTES = 128 * 1024 * 1024;
const fromSeries = (which: 'first' | 'last', p: ParamDocs, example: string): ParamDocs => ({
  ...p,
  example,
  cli: { flag: which === 'first' ? 'start' : 'end', help: `${p.description} (default: the ${which} timestamp's)` },
});

/**
 * The CSV form of a check: the `missing` rows, then the `extra` rows, each with its `kind` (the
 * counts are the JSON answer's; a CSV reader wants the rows).
 */
function checkCsv(r: BarCheckResult): string {
  const rows = [
    ...r.missing.map((m) => ({
      kind: 'missing',
      date: m.date,
      start: m.start,
      at: null,
      reason: null,
      holiday_name: null,
    })),
    ...r.extra.map((e) => ({
      kind: 'extra',
      date: e.date,
      start: null,
      at: e.at,
      reason: e.reason,
      holiday_name: e.holiday_name,
    })),
  ];
  return rows.length > 0 ? toCsv(rows)! : 'Kind,Date,Start,At,Reason,Holiday Name\r\n';
}

const BAR_RULES =
  'For each session of the range with an open and a close, its open time (minus its breaks with `breaks=split`) is ' +
  'cut into pieces; each piece gets bars starting at its start and every `period` after, for every start before its ' +
  'end. ' +
  '`date` is the session; times are in the market zone; a bar is `period` of elapsed time, across a clock change ' +
  'too. ' +
  "With `1d`, `1w` or `1mo` a bar covers whole sessions (one, an ISO week's, a month's) from the first one's open to " +
  'the ' +
  "last one's close, dated by its last session, with their count in `sessions`; `force_close` and `breaks` play no " +
  'part. ' +
  'Both dates must lie in the market coverage window (400 otherwise); any range inside it is answered, streamed when ' +
  'long.';

export const MARKET_OPERATIONS = {
  listMarkets: operation({
    path: '/markets',
    tag: 'Markets',
    summary: 'List markets',
    description: 'Markets whose FinID matches `subset`, ordered by FinID.',
    ...fromQuery(QUERIES.listMarkets, {
      subset: {
        description: 'Pattern over FinIDs, any case; `*` matches any run of characters (`US*`, `*.CME.*`).',
        example: 'US*',
        cli: { arg: 'pattern', help: 'FinID pattern, * matches any run of characters (US*, *.CME.*)' },
      },
    }),
    bytes: (ds, a) => ds.parsed.marketsJson(a.subset),
    response: (s) => s.z.array(s.Market),
    needs: 'data',
    cacheable: true,
    cli: { command: 'markets', description: 'list markets' },
  }),
  getMarketByFinId: operation({
    path: '/markets/finid/{finid}',
    tag: 'Markets',
    summary: 'Get a market by FinID',
    ...fromQuery(QUERIES.getMarketByFinId, {
      finid: { description: 'A FinID, any case.', example: 'US.NYSE' },
      follow,
    }),
    cacheable: true,
    response: (s) => s.Market,
    needs: 'market',
  }),
  getMarketByMic: operation({
    path: '/markets/mic/{mic}',
    tag: 'Markets',
    summary: 'Get a market by MIC',
    description: 'A MIC that maps to several markets answers 409 with the candidate FinIDs.',
    ...fromQuery(QUERIES.getMarketByMic, {
      mic: { description: 'An ISO 10383 MIC, any case.', example: 'XNYS' },
      follow,
    }),
    cacheable: true,
    response: (s) => s.Market,
    needs: 'market',
  }),
  getMarket: operation({
    path: '/markets/{identifier}',
    tag: 'Markets',
    summary: 'Get a market by FinID or MIC',
    ...fromQuery(QUERIES.getMarket, { identifier, follow }),
    cacheable: true,
    response: (s) => s.Market,
    needs: 'market',
    cli: { command: 'market', description: 'one market (a replaced market answers with its replacement)' },
  }),
  listMarketHolidays: operation({
    path: '/markets/{identifier}/holidays',
    tag: 'Markets',
    summary: 'Holidays of a market in a date range',
    ...fromQuery(QUERIES.listHolidays, { identifier, start, end }),
    bytes: (ds, a) => ds.parsed.holidayJson(a.identifier, a.start, a.end),
    response: (s) => s.z.array(s.MarketHoliday),
    needs: 'market',
    cacheable: true,
    cli: { command: 'holidays', description: 'market holidays and half days' },
  }),
  listMarketPhases: operation({
    path: '/markets/{identifier}/phases',
    tag: 'Markets',
    summary: 'Phases generated for a date range',
    description:
      'Every phase that touches the range, in generation order: those that start on a local date of the range ' +
      '(whatever their end: a session starting on the last day and ending the next morning is in), and those that ' +
      'began up to two days before it and do not end before it. Both dates must lie in the market coverage window ' +
      '(400 otherwise); any range inside it is answered, streamed when long.',
    ...fromQuery(QUERIES.generatePhases, { identifier, start, end }),
    bodyChunks: (ds, a) => ds.parsed.phaseJsonChunks(a.identifier, a.start, a.end),
    response: (s) => s.z.array(s.Phase),
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'phases', description: "trading phases (open ones marked *), times in the market's timezone" },
  }),
  listMarketDays: operation({
    path: '/markets/{identifier}/days',
    tag: 'Markets',
    summary: 'Day-level view of a date range',
    description:
      'One entry per local date: whether the market is open and settles, its holiday row, and its phases: those that ' +
      'end on that date (an overnight session belongs to the date it ends). Both dates must lie in the market ' +
      'coverage ' +
      'window (400 otherwise); any range inside it is answered, streamed when long.',
    ...fromQuery(QUERIES.listDays, { identifier, start, end }),
    bodyChunks: (ds, a) => ds.parsed.dayJsonChunks(a.identifier, a.start, a.end),
    response: (s) => s.z.array(s.MarketDay),
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'days', description: 'one line per date: open, settlement, holiday, trading hours' },
  }),
  listMarketBars: operation({
    path: '/markets/{identifier}/bars',
    tag: 'Markets',
    summary: 'Bars of the trading time in a date range',
    description:
      `${BAR_RULES} At most ${thousands(MAX_BARS)} bars per answer: a longer one is a 422 naming how many the range ` +
      `holds ` +
      '(`bars/count` counts without a limit). The example asks for the 5-minute bars of the day after Thanksgiving ' +
      '2023, ' +
      'an early close at 13:00 on the sample.',
    params: fromQuery(QUERIES.bars, {
      identifier: { ...identifier, example: 'XNYS' },
      start: { ...start, example: '2023-11-24' },
      end: { ...end, example: '2023-11-24' },
      period,
      force_close: forceClose,
      breaks,
    }).params,
    call: (ds, a, now) => [...QUERIES.bars.run(ds.parsed, a, now)],
    bodyChunks: (ds, a) => ds.parsed.barJsonChunks(a.identifier, a.start, a.end, barOptionsOf(a)),
    csvChunks: (ds, a) => ds.parsed.barCsvChunks(a.identifier, a.start, a.end, barOptionsOf(a)),
    response: (s) => s.z.array(s.Bar),
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'bars', description: "bars of the trading time, times in the market's timezone", stream: true },
  }),
  getBarCount: operation({
    path: '/markets/{identifier}/bars/count',
    tag: 'Markets',
    summary: 'Number of bars in a date range',
    description:
      `How many bars \`bars\` would list for the same query, without its limit. ${BAR_RULES} The example ` +
      `counts the 30-minute bars of a Tokyo week (two pieces a day, around the lunch break).`,
    ...fromQuery(QUERIES.countBars, {
      identifier: { ...identifier, example: 'XTKS' },
      start: { ...start, example: '2023-11-20' },
      end: { ...end, example: '2023-11-24' },
      period: { ...period, example: '30m' },
      force_close: forceClose,
      breaks,
    }),
    response: (s) => s.BarCount,
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'bars-count', description: 'how many bars a date range holds' },
  }),
  checkBars: operation({
    path: '/markets/{identifier}/bars/check',
    method: 'POST',
    tag: 'Markets',
    summary: 'Check a price series against the bar grid: missing bars, and why each other timestamp is unexpected',
    description:
      "The body is the series' timestamps (ISO 8601 with an offset or Z): a JSON array of strings, or `text/csv` / " +
      '`text/plain` with one at the start of each line (a header line allowed). It is read as it arrives. `missing`: ' +
      'the expected bars of the range (the bar starts of /bars) no timestamp matches, in time order. `extra`: every ' +
      'other timestamp in the order given, with its reason: `duplicate`, `outside_range`, `in_break`, `off_grid`, ' +
      `\`outside_hours\` or \`closed\` (with the holiday's name). At most ${thousands(MAX_CHECK_STAMPS)} timestamps ` +
      `and ${thousands(MAX_CHECK_BYTES)} bytes (413, before any answer) and ${thousands(MAX_BARS)} expected bars (422 ` +
      'naming end). `format=csv` answers the rows of both lists with their `kind`.',
    ...fromQuery(QUERIES.checkBars, {
      identifier: { ...identifier, example: 'XNYS', cli: { flag: 'market', help: 'FinID or MIC' } },
      start: fromSeries('first', start, '2024-01-02'),
      end: fromSeries('last', end, '2024-01-02'),
      period: {
        description: 'Bar length: `1m` to `1440m` or `1h` to `24h` (not whole sessions).',
        example: '1m',
        cli: { flag: 'period', help: 'bar length, 1m to 1440m or 1h to 24h' },
      },
      breaks,
      timestamps: {
        description:
          'The timestamps of the series (the body): a JSON array of strings, CSV (the first column) or one a line.',
        example: CHECKED.join(','),
        cli: {
          arg: 'file',
          help: 'timestamps: a JSON array, CSV (first column) or one per line; - for standard input',
          example: 'prices.csv',
        },
      },
    }),
    body: {
      param: 'timestamps',
      media: {
        'application/json': { schema: (s) => s.z.array(s.z.string()), example: CHECKED },
        'text/csv': { schema: (s) => s.z.string(), example: `timestamp,close\n${CHECKED.join(',1\n')},1\n` },
        'text/plain': { schema: (s) => s.z.string(), example: `${CHECKED.join('\n')}\n` },
      },
      maxBytes: MAX_CHECK_BYTES,
      read: (ds, a, type) => checkReader(ds.parsed.barChecker(a.identifier, a.start, a.end, a.period, a.breaks), type),
      fill: {
        params: ['start', 'end'],
        read: (ds, raw) => {
          const { identifier } = parseParams({ identifier: QUERIES.checkBars.params.identifier }, raw);
          return seriesRange(ds.parsed.getMarket(identifier, true).timezone, undefined);
        },
        unfilled: 'holds no timestamp: give --start and --end to list the bars it lacks',
      },
    },
    csv: checkCsv,
    response: (s) => s.BarCheck,
    needs: 'range',
    plan: 'schedules',
    cli: {
      command: 'check',
      description: 'which bars a price series lacks, and which of its timestamps the calendar does not expect',
      failed: (r: BarCheckResult) => r.missing.length > 0 || r.extra.length > 0,
    },
  }),
  listSpecialSessions: operation({
    path: '/markets/{identifier}/special-sessions',
    tag: 'Markets',
    summary: 'Early closes and late opens in a date range',
    description:
      'The sessions of the range that have a holiday row and whose open or close differs from the regular ones (what ' +
      'the session would have without that row; null when it would have no open phase, as on a weekend make-up day), ' +
      'in date order. Both dates must lie in the market coverage window (400 otherwise); any range inside it is ' +
      'answered.',
    ...fromQuery(QUERIES.specialSessions, {
      identifier: { ...identifier, example: 'XNYS' },
      start: { ...start, example: '2024-01-01' },
      end: { ...end, example: '2024-12-31' },
    }),
    response: (s) => s.z.array(s.SpecialSession),
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'special-sessions', description: 'early closes and late opens, with the regular times' },
  }),
  listMarketSchedules: operation({
    path: '/markets/{identifier}/schedules',
    tag: 'Markets',
    summary: 'Schedule rows of a market',
    ...fromQuery(QUERIES.listSchedules, { identifier }),
    bytes: (ds, a) => ds.parsed.schedulesJson(a.identifier),
    response: (s) => s.z.array(s.Schedule),
    needs: 'market',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'schedules', description: 'the schedule rows behind the phases' },
  }),
  getMarketStatus: operation({
    path: '/markets/{identifier}/status',
    tag: 'Markets',
    summary: 'Market status at an instant',
    description: 'Date-times in the answer are in the market timezone.',
    params: {
      identifier: documented(param.marketIdentifier(), identifier),
      datetime_utc: documented(optional(param.instant()), {
        description: 'Instant to report on, ISO 8601 with `+00:00` or `Z` (other offsets are converted). Default: now.',
        example: '2023-11-15T17:00:00+00:00',
        cli: { flag: 'at', help: 'instant, ISO 8601 with Z or an offset (default: now)' },
      }),
      // No example: /docs "Try it out" would fill in both and never ask for "now".
      datetime: documented(optional(param.instant()), {
        description: 'Alias of datetime_utc; datetime_utc wins when both are given.',
        cli: false,
      }),
      // docs/semantics.md §7: a usage example names the instant `time`, with a local offset.
      // Ignoring it would answer for now, silently: it is taken as one more alias.
      time: documented(optional(param.instant()), {
        description: 'Alias of datetime_utc (any offset); datetime_utc, then datetime, win when given too.',
        cli: false,
      }),
    },
    call: (ds, a, now) => ds.parsed.status(a.identifier, a.datetime_utc ?? a.datetime ?? a.time ?? now()),
    clock: ['datetime_utc', 'datetime', 'time'],
    bytes: (ds, a, now) => ds.parsed.statusJson(a.identifier, a.datetime_utc ?? a.datetime ?? a.time ?? now()),
    response: (s) => s.MarketStatus,
    needs: 'range',
    plan: 'schedules',
    cli: { command: 'status', description: 'open or closed at an instant, why, until when, and the next bell' },
  }),
  getStatusMany: operation({
    path: '/status',
    tag: 'Markets',
    summary: 'Status of many markets at an instant',
    description:
      'One entry per identifier of `markets` (in the order given) or per market matching `subset` (by FinID): the ' +
      'single-market status, or `{identifier, error: {status, detail}}` with what the single-market request would ' +
      `answer. One bad identifier never fails the answer; at most ${thousands(MAX_BULK_IDENTIFIERS)} identifiers.`,
    params: {
      markets: documented(optional(param.list()), {
        description:
          `Comma-separated FinIDs or MICs, answered in this order (at most ` +
          `${thousands(MAX_BULK_IDENTIFIERS)}); repeating the parameter adds to the list.`,
        example: 'XNYS,US.CME.EQUITY.USINDEX1,XLON',
        cli: { flag: 'markets', help: 'comma-separated FinIDs or MICs' },
      }),
      subset: documented(optional(param.pattern()), {
        // No example: /docs would send it beside markets, and the two exclude each other.
        description: 'Instead of markets: a FinID pattern (`*` any run of characters), e.g. `US*`; answered by FinID.',
        cli: { flag: 'subset', help: 'FinID pattern instead of --markets (US*, *.CME.*)' },
      }),
      datetime_utc: documented(optional(param.instant()), {
        description: 'Instant to report on, ISO 8601 with `+00:00` or `Z` (other offsets are converted). Default: now.',
        example: '2023-11-15T17:00:00+00:00',
        cli: { flag: 'at', help: 'instant, ISO 8601 with Z or an offset (default: now)' },
      }),
      datetime: documented(optional(param.instant()), { description: 'Alias of datetime_utc.', cli: false }),
      time: documented(optional(param.instant()), { description: 'Alias of datetime_utc (any offset).', cli: false }),
    },
    call: (ds, a, now) =>
      bulkBody(
        ds.parsed.statusMany({ markets: a.markets, subset: a.subset }, a.datetime_utc ?? a.datetime ?? a.time ?? now()),
      ),
    clock: ['datetime_utc', 'datetime', 'time'],
    response: (s) => s.BulkStatus,
    needs: 'data',
    cli: {
      command: 'statuses',
      description: 'status of many markets at an instant, as one table (--markets or --subset)',
    },
  }),
  isMarketAvailable: operation({
    path: '/markets/{identifier}/is_available',
    tag: 'Markets',
    summary: 'Whether a market is available under the current plan',
    description: 'Never an error: unknown or malformed identifiers answer false.',
    params: fromQuery(QUERIES.isMarketAvailable, {
      identifier: { description: identifier.description, example: 'US.NYSE' },
    }).params,
    call: (ds, a, now) => ({ is_available: QUERIES.isMarketAvailable.run(ds.parsed, a, now) }),
    cacheable: true,
    response: (s) => s.Availability,
  }),
};
