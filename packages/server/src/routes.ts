/**
 * The route table: one entry per endpoint, read both by the express app (validation and
 * dispatch) and by the OpenAPI generator, so the document lists exactly what is served.
 * Handlers are thin: validated parameters in, one core call, its result out. Every calendar
 * rule lives in core.
 */
import type { CalendarQueries } from '@openbell/core';
import { z } from 'zod';
import {
  Availability,
  CodePath,
  Currency,
  CurrencyHoliday,
  FinIdPath,
  FollowQuery,
  IdentifierPath,
  Market,
  MarketDay,
  MarketHoliday,
  MarketsQuery,
  MarketStatus,
  MicPath,
  NoQuery,
  Phase,
  RangeQuery,
  Schedule,
  StatusQuery,
} from './schemas.js';
import { BulkStatus, BulkStatusQuery, bulkBody, marketsParam } from './bulk.js';

export interface HandlerContext<P, Q> {
  ds: CalendarQueries;
  params: P;
  query: Q;
  now: () => number;
}

/** Error statuses a route can answer, for the document. */
export type ErrorStatus = 400 | 403 | 404 | 409 | 422 | 500 | 503;

export interface DataRoute<P extends z.ZodObject = z.ZodObject, Q extends z.ZodObject = z.ZodObject> {
  /** OpenAPI-style path with `{placeholders}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: 'Markets' | 'Currencies';
  params?: P;
  /** The placeholder name, for mapping core's parameter names to `loc`. */
  pathParam?: string;
  query: Q;
  response: z.ZodType;
  errors: ErrorStatus[];
  handle(ctx: HandlerContext<z.output<P>, z.output<Q>>): unknown;
  /**
   * Only called when the query failed validation: lets core check the path parameter too,
   * so a request with several faults gets one 422 entry per fault.
   */
  probe?(ds: CalendarQueries, params: Record<string, string>): void;
  /**
   * The answer depends only on the URL and the dataset (no clock), so a serialized 200 body
   * can be reused until the dataset is swapped.
   */
  cacheable?: boolean;
}

function route<P extends z.ZodObject, Q extends z.ZodObject>(r: DataRoute<P, Q>): DataRoute {
  return r as unknown as DataRoute;
}

const MARKET_ERRORS: ErrorStatus[] = [404, 409, 422, 500, 503];
const RANGE_ERRORS: ErrorStatus[] = [400, 403, 404, 409, 422, 500, 503];
const CURRENCY_ERRORS: ErrorStatus[] = [403, 404, 422, 500, 503];

const probeMarket = (ds: CalendarQueries, p: Record<string, string>) => ds.getMarket(p.identifier ?? '', { follow: false });
const probeCurrency = (ds: CalendarQueries, p: Record<string, string>) => ds.getCurrency(p.code ?? '');

/** `is_available` must never error: unknown, malformed or not-in-plan all read as false. */
function safely(check: () => boolean): { is_available: boolean } {
  try {
    return { is_available: check() === true };
  } catch {
    return { is_available: false };
  }
}

export const dataRoutes: DataRoute[] = [
  route({
    path: '/markets',
    operationId: 'listMarkets',
    cacheable: true,
    summary: 'List markets',
    description: 'Markets whose FinID matches `subset`, ordered by FinID.',
    tag: 'Markets',
    query: MarketsQuery,
    response: z.array(Market),
    errors: [422, 500, 503],
    handle: ({ ds, query }) => ds.listMarkets(query.subset),
  }),
  // The finid/ and mic/ routes come before /markets/{identifier} so those words are never
  // taken for an identifier.
  route({
    path: '/markets/finid/{finid}',
    operationId: 'getMarketByFinId',
    summary: 'Get a market by FinID',
    tag: 'Markets',
    params: FinIdPath,
    pathParam: 'finid',
    query: FollowQuery,
    response: Market,
    errors: MARKET_ERRORS,
    handle: ({ ds, params, query }) => ds.getMarketByFinId(params.finid, { follow: query.follow }),
    probe: (ds, p) => ds.getMarketByFinId(p.finid ?? '', { follow: false }),
  }),
  route({
    path: '/markets/mic/{mic}',
    operationId: 'getMarketByMic',
    summary: 'Get a market by MIC',
    description: 'A MIC that maps to several markets answers 409 with the candidate FinIDs.',
    tag: 'Markets',
    params: MicPath,
    pathParam: 'mic',
    query: FollowQuery,
    response: Market,
    errors: MARKET_ERRORS,
    handle: ({ ds, params, query }) => ds.getMarketByMic(params.mic, { follow: query.follow }),
    probe: (ds, p) => ds.getMarketByMic(p.mic ?? '', { follow: false }),
  }),
  route({
    path: '/markets/{identifier}',
    operationId: 'getMarket',
    summary: 'Get a market by FinID or MIC',
    tag: 'Markets',
    params: IdentifierPath,
    pathParam: 'identifier',
    query: FollowQuery,
    response: Market,
    errors: MARKET_ERRORS,
    handle: ({ ds, params, query }) => ds.getMarket(params.identifier, { follow: query.follow }),
    probe: probeMarket,
  }),
  route({
    path: '/markets/{identifier}/holidays',
    operationId: 'listMarketHolidays',
    cacheable: true,
    summary: 'Holidays of a market in a date range',
    tag: 'Markets',
    params: IdentifierPath,
    pathParam: 'identifier',
    query: RangeQuery,
    response: z.array(MarketHoliday),
    errors: MARKET_ERRORS,
    handle: ({ ds, params, query }) => ds.listHolidays(params.identifier, query.start, query.end),
    probe: probeMarket,
  }),
  route({
    path: '/markets/{identifier}/phases',
    operationId: 'listMarketPhases',
    cacheable: true,
    summary: 'Phases generated for a date range',
    description:
      'Phases whose end falls on a local date in the range (an overnight session belongs to the date it ends). ' +
      'Both dates must lie in the market coverage window.',
    tag: 'Markets',
    params: IdentifierPath,
    pathParam: 'identifier',
    query: RangeQuery,
    response: z.array(Phase),
    errors: RANGE_ERRORS,
    handle: ({ ds, params, query }) => ds.generatePhases(params.identifier, query.start, query.end),
    probe: probeMarket,
  }),
  route({
    path: '/markets/{identifier}/days',
    operationId: 'listMarketDays',
    cacheable: true,
    summary: 'Day-level view of a date range',
    description: 'One entry per local date: whether the market is open and settles, its holiday row and its phases.',
    tag: 'Markets',
    params: IdentifierPath,
    pathParam: 'identifier',
    query: RangeQuery,
    response: z.array(MarketDay),
    errors: RANGE_ERRORS,
    handle: ({ ds, params, query }) => ds.listDays(params.identifier, query.start, query.end),
    probe: probeMarket,
  }),
  route({
    path: '/markets/{identifier}/schedules',
    operationId: 'listMarketSchedules',
    cacheable: true,
    summary: 'Schedule rows of a market',
    tag: 'Markets',
    params: IdentifierPath,
    pathParam: 'identifier',
    query: NoQuery,
    response: z.array(Schedule),
    errors: [403, 404, 409, 422, 500, 503],
    handle: ({ ds, params }) => ds.listSchedules(params.identifier),
  }),
  route({
    path: '/markets/{identifier}/status',
    operationId: 'getMarketStatus',
    summary: 'Market status at an instant',
    description: 'Date-times in the answer are in the market timezone.',
    tag: 'Markets',
    params: IdentifierPath,
    pathParam: 'identifier',
    query: StatusQuery,
    response: MarketStatus,
    errors: RANGE_ERRORS,
    handle: ({ ds, params, query, now }) =>
      ds.status(params.identifier, query.datetime_utc ?? query.datetime ?? now()),
    probe: probeMarket,
  }),
  // Bulk status (issue 15, calendar-arithmetic §6); to move into the operation registry.
  route({
    path: '/status',
    operationId: 'getStatusMany',
    summary: 'Status of many markets at an instant',
    description:
      'One entry per identifier of `markets` (in order) or per market matching `subset` (by FinID): the single-market ' +
      'status, or `{identifier, error: {status, detail}}` with what the single-market request would answer. ' +
      'One bad identifier never fails the answer.',
    tag: 'Markets',
    query: BulkStatusQuery,
    response: BulkStatus,
    errors: [422, 500, 503],
    handle: ({ ds, query, now }) =>
      bulkBody(ds.statusMany({ markets: marketsParam(query.markets), subset: query.subset }, query.datetime_utc ?? query.datetime ?? now())),
  }),
  route({
    path: '/markets/{identifier}/is_available',
    operationId: 'isMarketAvailable',
    summary: 'Whether a market is available under the current plan',
    description: 'Never an error: unknown or malformed identifiers answer false.',
    tag: 'Markets',
    params: IdentifierPath,
    pathParam: 'identifier',
    query: NoQuery,
    response: Availability,
    errors: [503],
    handle: ({ ds, params }) => safely(() => ds.isMarketAvailable(params.identifier)),
  }),
  route({
    path: '/currencies',
    operationId: 'listCurrencies',
    cacheable: true,
    summary: 'List currencies',
    tag: 'Currencies',
    query: NoQuery,
    response: z.array(Currency),
    errors: [403, 500, 503],
    handle: ({ ds }) => ds.listCurrencies(),
  }),
  route({
    path: '/currencies/{code}',
    operationId: 'getCurrency',
    summary: 'Get a currency',
    tag: 'Currencies',
    params: CodePath,
    pathParam: 'code',
    query: NoQuery,
    response: Currency,
    errors: CURRENCY_ERRORS,
    handle: ({ ds, params }) => ds.getCurrency(params.code),
  }),
  route({
    path: '/currencies/{code}/holidays',
    operationId: 'listCurrencyHolidays',
    cacheable: true,
    summary: 'Settlement holidays of a currency in a date range',
    tag: 'Currencies',
    params: CodePath,
    pathParam: 'code',
    query: RangeQuery,
    response: z.array(CurrencyHoliday),
    errors: CURRENCY_ERRORS,
    handle: ({ ds, params, query }) => ds.listCurrencyHolidays(params.code, query.start, query.end),
    probe: probeCurrency,
  }),
  route({
    path: '/currencies/{code}/is_available',
    operationId: 'isCurrencyAvailable',
    summary: 'Whether a currency is available under the current plan',
    description: 'Never an error: unknown or malformed codes answer false.',
    tag: 'Currencies',
    params: CodePath,
    pathParam: 'code',
    query: NoQuery,
    response: Availability,
    errors: [503],
    handle: ({ ds, params }) => safely(() => ds.isCurrencyAvailable(params.code)),
  }),
];
