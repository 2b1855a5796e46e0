/**
 * The operation registry: every calendar query, declared once. The REST routes, the OpenAPI
 * document and /docs, the CLI commands and their --json, and the library's typed `invoke` are
 * all derived from these entries (registry.ts says how). Calls are thin: parameters read by
 * core's parsers, one call of core's queries over the parsed values (`ds.parsed`), its result
 * out. Every calendar rule lives in core, and no text is read twice.
 *
 * Adding an operation: the core query (and its test) and one entry here; its error statuses
 * follow from `needs`, `plan` and its parameters. A command prints the CLI's default table
 * unless a text formatter is added (cli/src/commands/formatters.ts). docs/architecture.md.
 */
import { MAX_BARS, MAX_BULK_IDENTIFIERS, MAX_LAG, optional, param } from '@openbell/core/params';
import { MAX_DATE_MONTHS, MAX_DATE_OFFSET, MAX_OVERLAP_MARKETS } from '@openbell/core/params';
import { QUERIES, barOptionsOf } from '@openbell/core';
import {
  defineOperations,
  documented,
  fromQuery,
  type CliCommand,
  type OperationSpec,
  type ParamDocs,
  type Params,
} from './registry.js';
import { bulkBody } from './bulk.js';
import { changeOperations } from './changes.js';
import { overrideOperations } from './overrides.js';

/** OpenAPI tags of the operations, with their descriptions. */
export const TAGS = {
  Markets: 'Markets, their holidays, schedules, phases and status',
  Currencies: 'Currencies and settlement holidays',
  Sessions: 'Trading days (sessions) of a market, stepping over them, and the next or previous opening or closing bell',
  Calendars:
    'Business days of joined market and currency calendars: adjusting and advancing dates (QuantLib conventions)',
  FX: 'FX spot and value dates of a currency pair',
  Changes: 'What changed from one version of the data to the next (change sets kept by the server)',
  Overrides:
    "Local overrides of the vendor's data (closures, early closes, late opens, reopens), data versions and " +
    'point-in-time history',
  Reference:
    "The archive's reference tables: phase types, MIC mapping, season definitions, regional and religious holidays",
} as const;
type Tag = keyof typeof TAGS;

/** `1,000`: a limit as the documentation writes numbers (without Intl, which is slow to start). */
const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Declares one operation; its argument and result types are inferred from `params` and `call`. */
const operation = <S extends Params, R, C extends CliCommand | undefined = undefined>(
  spec: OperationSpec<S, R, Tag, C>,
) => spec;

// ---- parameters shared by several operations ----

const identifier: ParamDocs = {
  description: 'A FinID (has a dot, e.g. US.NYSE) or a MIC (four letters or digits, e.g. XNYS); any case.',
  example: 'US.NYSE',
  cli: { arg: 'id', help: 'FinID or MIC' },
};
const code: ParamDocs = {
  description: 'A 3-letter currency code, any case.',
  example: 'USD',
  cli: { arg: 'code', help: 'ISO 4217 code' },
};
const start: ParamDocs = {
  description: 'First local date, inclusive (YYYY-MM-DD).',
  example: '2023-11-20',
  cli: { flag: 'start', help: 'first local date, YYYY-MM-DD' },
};
const end: ParamDocs = {
  description: 'Last local date, inclusive (YYYY-MM-DD); not before start.',
  example: '2023-11-26',
  cli: { flag: 'end', help: 'last local date, YYYY-MM-DD' },
};
const follow: ParamDocs = {
  description:
    'Follow `replaced_by` to the market that replaced this one (to the end of the chain). ' +
    'Accepts true/false, 1/0, yes/no, on/off in any case.',
  cli: { flag: 'follow', help: 'show a replaced market as stored instead of its replacement' },
};

// Calendar-arithmetic operations (docs/calendar-arithmetic.md §1–5).
const sessionDate: ParamDocs = {
  description: 'A local date of the market (YYYY-MM-DD).',
  example: '2023-11-22',
  cli: { flag: 'date', help: 'local date, YYYY-MM-DD' },
};
const steps = (description: string, example: string): ParamDocs => ({
  description,
  example,
  cli: { flag: 'n', help: 'steps, negative for backwards' },
});
const event: ParamDocs = {
  description: '`open`: an opening (the market goes from not open to open); `close`: a closing.',
  example: 'open',
  cli: { flag: 'event', help: 'open or close (default open)' },
};
const bellInstant = (which: 'after' | 'before', example: string): ParamDocs => ({
  description:
    `The bell is searched strictly ${which} this instant, ISO 8601 with \`Z\` or an offset (the forms of ` +
    `datetime_utc). ` +
    'Default: now. Its local date must lie in the market coverage window.',
  example,
  cli: { flag: which, help: `instant, ISO 8601 with Z or an offset (default: now)` },
});
const expr: ParamDocs = {
  description:
    'Markets (FinID or MIC) and currencies (3 letters) joined by `+` (a business day of every member) or `~` ' +
    '(of at least one member): `US.NYSE+GB.LSE`, `USD+EUR`, `XNYS~XLON`. One operator, at most 16 members, no ' +
    'spaces; ' +
    'a `+` in the path may also be written `%2B`.',
  example: 'US.NYSE+GB.LSE',
  cli: { arg: 'expr', help: 'calendar expression, e.g. US.NYSE+GB.LSE or USD+EUR' },
};
const calendarDate: ParamDocs = {
  description: 'The date (YYYY-MM-DD); it need not be a business day.',
  example: '2023-12-22',
  cli: { flag: 'date', help: 'date, YYYY-MM-DD' },
};
const convention: ParamDocs = {
  description:
    '`following` (first business day on or after), `preceding` (last on or before), `modified_following` ' +
    '(following unless in another month, then preceding), `modified_preceding`, `unadjusted`.',
  example: 'modified_following',
  cli: {
    flag: 'convention',
    help: 'following (default), preceding, modified_following, modified_preceding, unadjusted',
  },
};
const pair: ParamDocs = {
  description: 'Two currency codes of the data, base then quote (`EURUSD`), any case.',
  example: 'EURUSD',
  cli: { arg: 'pair', help: 'currency pair, e.g. EURUSD' },
};
const tradeDate: ParamDocs = {
  description: 'The trade date (YYYY-MM-DD).',
  example: '2023-06-16',
  cli: { flag: 'trade-date', help: 'trade date, YYYY-MM-DD' },
};

/** How many markets an overlap takes, as the documentation writes it. */
const OVERLAP_COUNT = `2 to ${MAX_OVERLAP_MARKETS}`;

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
const breaks: ParamDocs = {
  description:
    '`split`: bars restart after each break of a session; `ignore`: they run from open to close across the breaks.',
  cli: { flag: 'breaks', help: 'split (default: restart after a break) or ignore (run across it)' },
};
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

// Order matters only for reading: literal path segments (finid/, mic/) win over placeholders.
export const operations = defineOperations({
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
  listSessions: operation({
    path: '/markets/{identifier}/sessions',
    tag: 'Sessions',
    summary: 'Trading days (sessions) in a date range',
    description:
      'One entry per session (a local date the day view says is open) in the inclusive range: first opening and last ' +
      "closing of its open phases in the market's zone, the breaks between them, and whether it is an irregular " +
      'session ' +
      '(a holiday row). Both dates must lie in the market coverage window (400 otherwise); any range inside it is ' +
      'answered, as for /days.',
    ...fromQuery(QUERIES.sessions, { identifier, start, end }),
    bodyChunks: (ds, a) => ds.parsed.sessionJsonChunks(a.identifier, a.start, a.end),
    response: (s) => s.z.array(s.Session),
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'sessions', description: "trading days: open, close and breaks in the market's timezone" },
  }),
  getSessionOffset: operation({
    path: '/markets/{identifier}/sessions/offset',
    tag: 'Sessions',
    summary: 'The session n sessions after (or before) a date',
    description:
      'A date that is not a session is refused (422 on `date`) unless `direction` moves it to the next or previous ' +
      'session first. The walk goes as far as needed inside the coverage window (400 beyond it).',
    ...fromQuery(QUERIES.sessionOffset, {
      identifier,
      date: sessionDate,
      n: steps('Sessions to step: positive forwards, negative backwards, 0 for the session itself.', '1'),
      direction: {
        description:
          'What to do when `date` is not a session: `none` refuses, `next`/`previous` first move it to the ' +
          'next/previous session.',
        example: 'next',
        cli: { flag: 'direction', help: 'none (default), next or previous: how to treat a date that is not a session' },
      },
    }),
    response: (s) => s.SessionOffset,
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'offset', description: 'the session n sessions after (or before) a date' },
  }),
  getSessionCount: operation({
    path: '/markets/{identifier}/sessions/count',
    tag: 'Sessions',
    summary: 'Number of sessions in a date range',
    description: 'Both dates must lie in the market coverage window; the range is not capped.',
    ...fromQuery(QUERIES.sessionCount, {
      identifier,
      start: { ...start, example: '2023-11-01' },
      end: { ...end, example: '2023-11-30' },
    }),
    response: (s) => s.SessionCount,
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'count', description: 'how many sessions a date range holds' },
  }),
  getNextBell: operation({
    path: '/markets/{identifier}/next',
    tag: 'Sessions',
    summary: 'Next opening or closing bell',
    description:
      'The first opening (or closing) strictly after the instant, searched over the whole coverage window; ' +
      '`at` and `date` are null when there is none in it.',
    ...fromQuery(QUERIES.nextBell, { identifier, after: bellInstant('after', '2023-11-22T22:00:00Z'), event }),
    clock: ['after'],
    response: (s) => s.Bell,
    needs: 'range',
    plan: 'schedules',
    cli: { command: 'next', description: 'the next opening (or closing) bell' },
  }),
  getPreviousBell: operation({
    path: '/markets/{identifier}/previous',
    tag: 'Sessions',
    summary: 'Previous opening or closing bell',
    description:
      'The last opening (or closing) strictly before the instant, searched over the whole coverage window; ' +
      '`at` and `date` are null when there is none in it.',
    ...fromQuery(QUERIES.previousBell, {
      identifier: { ...identifier, example: 'US.CME.EQUITY.USINDEX1' },
      before: bellInstant('before', '2023-11-27T12:00:00Z'),
      event: { ...event, example: 'close' },
    }),
    clock: ['before'],
    response: (s) => s.Bell,
    needs: 'range',
    plan: 'schedules',
    cli: { command: 'previous', description: 'the previous opening (or closing) bell' },
  }),
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
        cli: { flag: 'from', help: 'first month, YYYY-MM' },
      },
      end: {
        description: 'Last month, inclusive (YYYY-MM); not before start.',
        example: '2024-12',
        cli: { flag: 'to', help: 'last month, YYYY-MM' },
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
  getOverlap: operation({
    path: '/overlap',
    tag: 'Sessions',
    summary: 'When markets trade at the same time',
    description:
      `The maximal intervals in which every market (2 to ${MAX_OVERLAP_MARKETS}) is in a primary trading session ` +
      `(\`phase=primary\`) or ` +
      'in any open phase (`phase=open`), clipped to the UTC dates `start` 00:00Z to `end` + 1 day 00:00Z, in UTC. ' +
      "Each market's coverage window must hold both dates; a market named twice counts once; the range is at most " +
      'ten ' +
      'years (configurable).',
    ...fromQuery(QUERIES.overlap, {
      markets: {
        description: `Comma-separated FinIDs or MICs, ${OVERLAP_COUNT}; a repeated parameter adds to the list.`,
        example: 'XNYS,XLON',
        cli: { flag: 'markets', help: 'comma-separated FinIDs or MICs (2 to 16)' },
      },
      start: {
        description: 'First UTC date, inclusive (YYYY-MM-DD).',
        example: '2023-11-20',
        cli: { flag: 'start', help: 'first UTC date, YYYY-MM-DD' },
      },
      end: {
        description: 'Last UTC date, inclusive (YYYY-MM-DD); not before start.',
        example: '2023-11-24',
        cli: { flag: 'end', help: 'last UTC date, YYYY-MM-DD' },
      },
      phase: {
        description:
          '`primary`: primary trading sessions (their No Settlement and No Closing Price variants too); `open`: ' +
          'every open phase.',
        example: 'primary',
        cli: { flag: 'phase', help: 'primary (default) or open' },
      },
    }),
    bodyChunks: (ds, a) => ds.parsed.overlapJsonChunks(a.markets, a.start, a.end, a.phase),
    response: (s) => s.z.array(s.OverlapInterval),
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'overlap', description: 'when markets trade at the same time, in UTC' },
  }),
  listClockChanges: operation({
    path: '/markets/{identifier}/clock-changes',
    tag: 'Markets',
    summary: "Clock changes of a market's time zone",
    description:
      "Each instant within the local dates `start` 00:00 to `end` + 1 day 00:00 at which the market's time zone " +
      'changes ' +
      'its UTC offset, in UTC, with the offsets before and after (`+HH:MM:SS` for local mean time). Not limited to ' +
      'the ' +
      'coverage window (the time zone database decides); at most 200 years (73,050 days).',
    ...fromQuery(QUERIES.clockChanges, {
      identifier: { ...identifier, example: 'XNYS' },
      start: { ...start, example: '2024-01-01' },
      end: { ...end, example: '2024-12-31' },
    }),
    response: (s) => s.z.array(s.ClockChange),
    needs: 'market',
    cacheable: true,
    cli: { command: 'clock-changes', description: "when the market's time zone changes its UTC offset" },
  }),
  getFxSpot: operation({
    path: '/fx/spot',
    tag: 'FX',
    summary: 'FX spot date of a trade',
    description:
      'Lag 2, except 1 for USDCAD, USDTRY, USDPHP and USDRUB (quoted that way round: CADUSD and the others are 2). ' +
      'Intermediate days need only the non-USD currencies open; the ' +
      'spot date must be a business day of both currencies and USD. `closures` lists every date between trade and ' +
      "spot on which one of them was closed, and why: the closing holiday's name, even on a weekend day, else " +
      '`weekend`.',
    ...fromQuery(QUERIES.fxSpot, {
      pair,
      trade_date: tradeDate,
      lag: {
        description: `Override the pair's lag, 0 to ${MAX_LAG} business days.`,
        example: '2',
        cli: { flag: 'lag', help: `business days to spot, 0 to ${MAX_LAG} (default: the pair's)` },
      },
    }),
    response: (s) => s.FxSpot,
    needs: 'fx',
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'spot', description: 'FX spot date of a trade, and the closures between' },
  }),
  getFxValueDate: operation({
    path: '/fx/value-date',
    tag: 'FX',
    summary: 'FX value date of a tenor',
    description:
      '`SN`: the next business day after spot. `1W`..`52W`, `1M`..`120M`, `1Y`..`30Y`: the period added to spot with ' +
      'the end-of-month rule and `modified_following`, on the calendar of both currencies and USD: a spot on the ' +
      'last business day of its month gives the last business day of the month the period reaches, for month and ' +
      'year tenors; week tenors are plain weeks.',
    ...fromQuery(QUERIES.fxValueDate, {
      pair,
      trade_date: tradeDate,
      tenor: {
        description: '`SN`, `1W`..`52W`, `1M`..`120M` or `1Y`..`30Y`, any case.',
        example: '1M',
        cli: { flag: 'tenor', help: 'SN, 1W..52W, 1M..120M or 1Y..30Y' },
      },
    }),
    response: (s) => s.FxValueDate,
    needs: 'fx',
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'value-date', description: 'FX value date of a tenor (SN, 1W, 3M, 1Y)' },
  }),
  listCurrencies: operation({
    path: '/currencies',
    tag: 'Currencies',
    summary: 'List currencies',
    ...fromQuery(QUERIES.listCurrencies, {}),
    bytes: (ds) => ds.parsed.currenciesJson(),
    response: (s) => s.z.array(s.Currency),
    needs: 'data',
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'currencies', description: 'list currencies' },
  }),
  getCurrency: operation({
    path: '/currencies/{code}',
    tag: 'Currencies',
    summary: 'Get a currency',
    ...fromQuery(QUERIES.getCurrency, { code }),
    cacheable: true,
    response: (s) => s.Currency,
    needs: 'currency',
    plan: 'currencies',
    cli: { command: 'currency', description: 'one currency' },
  }),
  listCurrencyHolidays: operation({
    path: '/currencies/{code}/holidays',
    tag: 'Currencies',
    summary: 'Settlement holidays of a currency in a date range',
    ...fromQuery(QUERIES.listCurrencyHolidays, { code, start, end }),
    bytes: (ds, a) => ds.parsed.currencyHolidayJson(a.code, a.start, a.end),
    response: (s) => s.z.array(s.CurrencyHoliday),
    needs: 'currency',
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'currency-holidays', description: 'settlement holidays of a currency' },
  }),
  isCurrencyAvailable: operation({
    path: '/currencies/{code}/is_available',
    tag: 'Currencies',
    summary: 'Whether a currency is available under the current plan',
    description: 'Never an error: unknown or malformed codes answer false.',
    params: fromQuery(QUERIES.isCurrencyAvailable, {
      code: { description: code.description, example: 'USD' },
    }).params,
    call: (ds, a, now) => ({ is_available: QUERIES.isCurrencyAvailable.run(ds.parsed, a, now) }),
    cacheable: true,
    response: (s) => s.Availability,
  }),
  // Read the adapter's change log (changes.ts), not the Dataset.
  ...changeOperations,
  // The override set and the kept versions (overrides.ts), read through the context.
  ...overrideOperations,
  // The archive's reference tables. Phase types and season definitions come with schedules;
  // the MIC mapping and the regional holidays with every plan. An archive without the file
  // answers 403 naming it (an empty list would claim there are no rows).
  listRegionalHolidays: operation({
    path: '/regional-holidays',
    tag: 'Reference',
    summary: 'Regional and religious holidays of a calendar in a date range',
    description:
      'Rows of regional-holidays.csv for one calendar, ordered by date; a calendar without rows answers an empty ' +
      'list. ' +
      '403 when the archive has no regional-holidays.csv.',
    ...fromQuery(QUERIES.listRegionalHolidays, {
      calendar: {
        description: 'A 2-letter country code (regional holidays) or a religion name (religious ones), any case.',
        example: 'US',
        cli: { arg: 'calendar', help: '2-letter country code or religion name' },
      },
      start: { ...start, example: '2023-01-01' },
      end: { ...end, example: '2023-12-31' },
    }),
    bytes: (ds, a) => ds.parsed.regionalHolidayJson(a.calendar, a.start, a.end),
    response: (s) => s.z.array(s.RegionalHoliday),
    table: 'regional-holidays.csv',
    cacheable: true,
    cli: { command: 'regional-holidays', description: 'regional and religious holidays of a country or religion' },
  }),
  listPhaseTypes: operation({
    path: '/phase-types',
    tag: 'Reference',
    summary: 'Phase types',
    description:
      'Rows of phases.csv in file order: whether each phase counts as open, settles, and publishes a closing price.',
    ...fromQuery(QUERIES.listPhaseTypes, {}),
    bytes: (ds) => ds.parsed.phaseTypesJson(),
    response: (s) => s.z.array(s.PhaseType),
    plan: 'schedules',
    table: 'phases.csv',
    cacheable: true,
    cli: { command: 'phase-types', description: 'phase types: open, settlement, closing price' },
  }),
  listSeasonDefinitions: operation({
    path: '/season-definitions',
    tag: 'Reference',
    summary: 'Season definitions',
    description:
      'Rows of season-definitions.csv (the dates that season names resolve to, by year), ordered by season name, ' +
      'year ' +
      'and file order; rows that cannot be read are load warnings (/info) and left out.',
    ...fromQuery(QUERIES.listSeasonDefinitions, {
      season: {
        description: 'Only this season, by name, any case.',
        example: 'Second Sunday of March',
        cli: { flag: 'season', help: 'season name, any case' },
      },
      year: {
        description: 'Only this year (YYYY).',
        example: '2024',
        cli: { flag: 'year', help: 'year, YYYY' },
      },
    }),
    bytes: (ds, a) => ds.parsed.seasonDefinitionsJson({ season: a.season, year: a.year }),
    response: (s) => s.z.array(s.SeasonDefinition),
    plan: 'schedules',
    table: 'season-definitions.csv',
    cacheable: true,
    cli: { command: 'seasons', description: 'season definitions: the date of each season name by year' },
  }),
  listMicMapping: operation({
    path: '/mic-mapping',
    tag: 'Reference',
    summary: 'MIC to FinID mapping',
    description: 'Rows of mic-mapping.csv, ordered by MIC then FinID; a MIC may map to several markets.',
    ...fromQuery(QUERIES.listMicMapping, {
      mic: {
        description: 'Only the rows of this MIC, any case.',
        example: 'XCME',
        cli: { flag: 'mic', help: 'MIC, any case' },
      },
      fin_id: {
        description: 'Only the rows of this FinID, any case.',
        cli: { flag: 'fin-id', help: 'FinID, any case' },
      },
    }),
    bytes: (ds, a) => ds.parsed.micMappingJson({ mic: a.mic, fin_id: a.fin_id }),
    response: (s) => s.z.array(s.MicMapping),
    table: 'mic-mapping.csv',
    cacheable: true,
    cli: { command: 'mic-mapping', description: 'which FinIDs each MIC maps to' },
  }),
});

export type Operations = typeof operations;
