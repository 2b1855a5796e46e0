/**
 * The operation registry: every calendar query, declared once. The REST routes, the OpenAPI
 * document and /docs, the CLI commands and their --json, and the library's typed `invoke` are
 * all derived from these entries (registry.ts says how). Calls are thin: parameters read by
 * core, one core call, its result out. Every calendar rule lives in core.
 *
 * Adding an operation: the core method (and its test), one entry here, and the CLI's text
 * formatter when the entry has a `cli` command (cli/src/commands/formatters.ts).
 */
import { optional, param, withDefault } from '@openbell/core/params';
import { z } from 'zod';
import { defineOperations, documented, type CliCommand, type ErrorStatus, type OperationSpec, type Params } from './registry.js';
import { BulkStatus, bulkBody } from './bulk.js';
import { Availability, Currency, CurrencyHoliday, Market, MarketDay, MarketHoliday, MarketStatus, Phase, Schedule } from './schemas.js';

/** OpenAPI tags of the operations, with their descriptions. */
export const TAGS = {
  Markets: 'Markets, their holidays, schedules, phases and status',
  Currencies: 'Currencies and settlement holidays',
} as const;
type Tag = keyof typeof TAGS;

/** Declares one operation; its argument and result types are inferred from `params` and `call`. */
const operation = <S extends Params, R, C extends CliCommand | undefined = undefined>(spec: OperationSpec<S, R, Tag, C>) => spec;

// ---- parameters shared by several operations ----

const identifier = documented(param.marketIdentifier(), {
  description: 'A FinID (has a dot, e.g. US.NYSE) or a MIC (four letters or digits, e.g. XNYS); any case.',
  example: 'US.NYSE',
  cli: { arg: 'id', help: 'FinID or MIC' },
});
const code = documented(param.currencyCode(), {
  description: 'A 3-letter currency code, any case.',
  example: 'USD',
  cli: { arg: 'code', help: 'ISO 4217 code' },
});
const start = documented(param.date(), {
  description: 'First local date, inclusive (YYYY-MM-DD).',
  example: '2023-11-20',
  cli: { flag: 'start', help: 'first local date, YYYY-MM-DD' },
});
const end = documented(param.date(), {
  description: 'Last local date, inclusive (YYYY-MM-DD); not before start.',
  example: '2023-11-20',
  cli: { flag: 'end', help: 'last local date, YYYY-MM-DD' },
});
const follow = documented(withDefault(param.boolean(), true), {
  description:
    'Follow `replaced_by` to the market that replaced this one (to the end of the chain). ' +
    'Accepts true/false, 1/0, yes/no, on/off in any case.',
  cli: { flag: 'follow', help: 'show a replaced market as stored instead of its replacement' },
});

const MARKET_ERRORS: ErrorStatus[] = [404, 409, 422, 500, 503];
const RANGE_ERRORS: ErrorStatus[] = [400, 403, 404, 409, 422, 500, 503];
const CURRENCY_ERRORS: ErrorStatus[] = [403, 404, 422, 500, 503];

// Order matters only for reading: literal path segments (finid/, mic/) win over placeholders.
export const operations = defineOperations({
  listMarkets: operation({
    path: '/markets',
    tag: 'Markets',
    summary: 'List markets',
    description: 'Markets whose FinID matches `subset`, ordered by FinID.',
    params: {
      subset: documented(withDefault(param.pattern(), '*'), {
        description: 'Pattern over FinIDs, any case; `*` matches any run of characters (`US*`, `*.CME.*`).',
        example: 'US*',
        cli: { arg: 'pattern', help: 'FinID pattern, * matches any run of characters (US*, *.CME.*)' },
      }),
    },
    call: (ds, a) => ds.listMarkets(a.subset),
    response: z.array(Market),
    errors: [422, 500, 503],
    cacheable: true,
    cli: { command: 'markets', description: 'list markets' },
  }),
  getMarketByFinId: operation({
    path: '/markets/finid/{finid}',
    tag: 'Markets',
    summary: 'Get a market by FinID',
    params: { finid: documented(param.finId(), { description: 'A FinID, any case.', example: 'US.NYSE' }), follow },
    call: (ds, a) => ds.getMarketByFinId(a.finid, { follow: a.follow }),
    response: Market,
    errors: MARKET_ERRORS,
  }),
  getMarketByMic: operation({
    path: '/markets/mic/{mic}',
    tag: 'Markets',
    summary: 'Get a market by MIC',
    description: 'A MIC that maps to several markets answers 409 with the candidate FinIDs.',
    params: { mic: documented(param.mic(), { description: 'An ISO 10383 MIC, any case.', example: 'XNYS' }), follow },
    call: (ds, a) => ds.getMarketByMic(a.mic, { follow: a.follow }),
    response: Market,
    errors: MARKET_ERRORS,
  }),
  getMarket: operation({
    path: '/markets/{identifier}',
    tag: 'Markets',
    summary: 'Get a market by FinID or MIC',
    params: { identifier, follow },
    call: (ds, a) => ds.getMarket(a.identifier, { follow: a.follow }),
    response: Market,
    errors: MARKET_ERRORS,
    cli: { command: 'market', description: 'one market (a replaced market answers with its replacement)' },
  }),
  listMarketHolidays: operation({
    path: '/markets/{identifier}/holidays',
    tag: 'Markets',
    summary: 'Holidays of a market in a date range',
    params: { identifier, start, end },
    call: (ds, a) => ds.listHolidays(a.identifier, a.start, a.end),
    response: z.array(MarketHoliday),
    errors: MARKET_ERRORS,
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
      'began up to two days before it and do not end before it. Both dates must lie in the market coverage window; ' +
      'the range is at most ten years (configurable).',
    params: { identifier, start, end },
    call: (ds, a) => ds.generatePhases(a.identifier, a.start, a.end),
    chunks: (ds, a) => ds.phaseChunks(a.identifier, a.start, a.end),
    response: z.array(Phase),
    errors: RANGE_ERRORS,
    plan: 'schedules',
    cacheable: true,
    rangeCapped: true,
    cli: { command: 'phases', description: "trading phases (open ones marked *), times in the market's timezone" },
  }),
  listMarketDays: operation({
    path: '/markets/{identifier}/days',
    tag: 'Markets',
    summary: 'Day-level view of a date range',
    description:
      'One entry per local date: whether the market is open and settles, its holiday row, and its phases: those that ' +
      'end on that date (an overnight session belongs to the date it ends). The range is at most ten years (configurable).',
    params: { identifier, start, end },
    call: (ds, a) => ds.listDays(a.identifier, a.start, a.end),
    chunks: (ds, a) => ds.dayChunks(a.identifier, a.start, a.end),
    response: z.array(MarketDay),
    errors: RANGE_ERRORS,
    plan: 'schedules',
    cacheable: true,
    rangeCapped: true,
    cli: { command: 'days', description: 'one line per date: open, settlement, holiday, trading hours' },
  }),
  listMarketSchedules: operation({
    path: '/markets/{identifier}/schedules',
    tag: 'Markets',
    summary: 'Schedule rows of a market',
    params: { identifier },
    call: (ds, a) => ds.listSchedules(a.identifier),
    response: z.array(Schedule),
    errors: [403, 404, 409, 422, 500, 503],
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
      identifier,
      datetime_utc: documented(optional(param.instant()), {
        description: 'Instant to report on, ISO 8601 with `+00:00` or `Z` (other offsets are converted). Default: now.',
        example: '2023-11-15T17:00:00+00:00',
        cli: { flag: 'at', help: 'instant, ISO 8601 with Z or an offset (default: now)' },
      }),
      datetime: documented(optional(param.instant()), {
        description: 'Alias of datetime_utc; datetime_utc wins when both are given.',
        example: '2023-11-15T17:00:00+00:00',
        cli: false,
      }),
    },
    call: (ds, a, now) => ds.status(a.identifier, a.datetime_utc ?? a.datetime ?? now()),
    response: MarketStatus,
    errors: RANGE_ERRORS,
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
      'answer. One bad identifier never fails the answer; at most 1,000 identifiers.',
    params: {
      markets: documented(optional(param.list()), {
        description: 'Comma-separated FinIDs or MICs, answered in this order (at most 1,000); repeating the parameter adds to the list.',
        example: 'XNYS,US.CME.EQUITY.USINDEX1,XLON',
        cli: { flag: 'markets', help: 'comma-separated FinIDs or MICs' },
      }),
      subset: documented(optional(param.pattern()), {
        description: 'Instead of markets: a FinID pattern (`*` any run of characters); answered by FinID.',
        example: 'US*',
        cli: { flag: 'subset', help: 'FinID pattern instead of --markets (US*, *.CME.*)' },
      }),
      datetime_utc: documented(optional(param.instant()), {
        description: 'Instant to report on, ISO 8601 with `+00:00` or `Z` (other offsets are converted). Default: now.',
        example: '2023-11-15T17:00:00+00:00',
        cli: { flag: 'at', help: 'instant, ISO 8601 with Z or an offset (default: now)' },
      }),
      datetime: documented(optional(param.instant()), { description: 'Alias of datetime_utc.', cli: false }),
    },
    call: (ds, a, now) => bulkBody(ds.statusMany({ markets: a.markets, subset: a.subset }, a.datetime_utc ?? a.datetime ?? now())),
    response: BulkStatus,
    errors: [422, 500, 503],
    cli: { command: 'statuses', description: 'status of many markets at an instant, as one table (--markets or --subset)' },
  }),
  isMarketAvailable: operation({
    path: '/markets/{identifier}/is_available',
    tag: 'Markets',
    summary: 'Whether a market is available under the current plan',
    description: 'Never an error: unknown or malformed identifiers answer false.',
    params: { identifier: documented(param.text(), { description: identifier.description, example: 'US.NYSE' }) },
    call: (ds, a) => ({ is_available: ds.isMarketAvailable(a.identifier) }),
    response: Availability,
    errors: [503],
  }),
  listCurrencies: operation({
    path: '/currencies',
    tag: 'Currencies',
    summary: 'List currencies',
    params: {},
    call: (ds) => ds.listCurrencies(),
    response: z.array(Currency),
    errors: [403, 500, 503],
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'currencies', description: 'list currencies' },
  }),
  getCurrency: operation({
    path: '/currencies/{code}',
    tag: 'Currencies',
    summary: 'Get a currency',
    params: { code },
    call: (ds, a) => ds.getCurrency(a.code),
    response: Currency,
    errors: CURRENCY_ERRORS,
    plan: 'currencies',
    cli: { command: 'currency', description: 'one currency' },
  }),
  listCurrencyHolidays: operation({
    path: '/currencies/{code}/holidays',
    tag: 'Currencies',
    summary: 'Settlement holidays of a currency in a date range',
    params: { code, start, end },
    call: (ds, a) => ds.listCurrencyHolidays(a.code, a.start, a.end),
    response: z.array(CurrencyHoliday),
    errors: CURRENCY_ERRORS,
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'currency-holidays', description: 'settlement holidays of a currency' },
  }),
  isCurrencyAvailable: operation({
    path: '/currencies/{code}/is_available',
    tag: 'Currencies',
    summary: 'Whether a currency is available under the current plan',
    description: 'Never an error: unknown or malformed codes answer false.',
    params: { code: documented(param.text(), { description: code.description, example: 'USD' }) },
    call: (ds, a) => ({ is_available: ds.isCurrencyAvailable(a.code) }),
    response: Availability,
    errors: [503],
  }),
});

export type Operations = typeof operations;
