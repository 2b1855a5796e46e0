/**
 * Every response body of the REST interface as a zod schema, for the OpenAPI document
 * (openapi.ts) and the tests that check real responses against it. Requests are not
 * validated here: core reads parameters (operations/ declares which parser each uses).
 *
 * The schemas of calendar records must agree with core's record types: the assertions at the
 * end of this file fail the build when a field is added to one and not the other.
 */
import type * as core from '@openbell/core';
import type { BulkEntry, bulkBody } from './bulk.js';
import type { HealthBody, InfoBody, InfoData } from './info.js';
import { z } from './schemas/zod.js';
import {
  str,
  type Market,
  type MarketHoliday,
  type Phase,
  type Schedule,
  MarketStatus,
  type MarketDay,
  type Currency,
  type CurrencyHoliday,
  type PhaseType,
  type MicMapping,
  type SeasonDefinition,
  type RegionalHoliday,
} from './schemas/records.js';
import type {
  Session,
  SessionOffset,
  SessionCount,
  Bar,
  BarCount,
  BarCheck,
  SpecialSession,
  Bell,
  CalendarDay,
  AdjustedDate,
  AdvancedDate,
  DerivedDate,
  OverlapInterval,
  ClockChange,
  FxSpot,
  FxValueDate,
} from './schemas/arithmetic.js';
import { type Health, isoInstant, type Info } from './schemas/service.js';
import type { ChangeSet, Override } from './schemas/changes.js';

export { INTERFACE_VERSION } from './interface-version.js';
/** The zod the schemas are made with (extended with `.openapi`), for operations' `response`. */
export { z };
export {
  Market,
  OverrideRef,
  MarketHoliday,
  Phase,
  Schedule,
  MarketStatus,
  MarketDay,
  Currency,
  CurrencyHoliday,
  PhaseType,
  MicMapping,
  SeasonDefinition,
  RegionalHoliday,
} from './schemas/records.js';
export {
  Session,
  SessionOffset,
  SessionCount,
  Bar,
  BarCount,
  BarCheck,
  SpecialSession,
  Bell,
  CalendarDay,
  AdjustedDate,
  AdvancedDate,
  DerivedDate,
  OverlapInterval,
  ClockChange,
  FxSpot,
  FxValueDate,
  Availability,
} from './schemas/arithmetic.js';
export { Health, Info, ValidationErrorEntry, ValidationError, ErrorDetail, AmbiguousError } from './schemas/service.js';
export { Change, ChangeSet, Override, Version, HistoryEntry, ChangeVersions } from './schemas/changes.js';

// ---------------------------------------------------------------------------------------------
// Agreement with core's record types, checked by the compiler: each schema's output and the
// core type must be assignable both ways (a field missing, extra or typed differently on
// either side fails the build).

/** The declared fields only (deeply): loose objects and core's `Extra` rows both carry an index signature. */
type Known<T> = T extends readonly (infer E)[]
  ? Known<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;
type Agree<A, B> = [Known<A>] extends [Known<B>] ? ([Known<B>] extends [Known<A>] ? true : false) : false;
function agree<_T extends true>(): void {}
agree<Agree<z.output<typeof Market>, core.Market>>();
agree<Agree<z.output<typeof BarCheck>, core.BarCheckResult>>();
agree<Agree<z.output<typeof MarketHoliday>, core.MarketHoliday>>();
agree<Agree<z.output<typeof Phase>, core.Phase>>();
agree<Agree<z.output<typeof Schedule>, core.Schedule>>();
agree<Agree<z.output<typeof MarketStatus>, core.MarketStatus>>();
agree<Agree<z.output<typeof MarketDay>, core.MarketDay>>();
agree<Agree<z.output<typeof Currency>, core.Currency>>();
agree<Agree<z.output<typeof CurrencyHoliday>, core.CurrencyHoliday>>();
agree<Agree<z.output<typeof PhaseType>, core.PhaseType>>();
agree<Agree<z.output<typeof MicMapping>, core.MicMapping>>();
agree<Agree<z.output<typeof SeasonDefinition>, core.SeasonDefinition>>();
agree<Agree<z.output<typeof RegionalHoliday>, core.RegionalHoliday>>();
agree<Agree<z.output<typeof Session>, core.Session>>();
agree<Agree<z.output<typeof SessionOffset>, core.SessionOffset>>();
agree<Agree<z.output<typeof SessionCount>, core.SessionCount>>();
agree<Agree<z.output<typeof Bell>, core.Bell>>();
agree<Agree<z.output<typeof Bar>, core.Bar>>();
agree<Agree<z.output<typeof BarCount>, core.BarCount>>();
agree<Agree<z.output<typeof SpecialSession>, core.SpecialSession>>();
agree<Agree<z.output<typeof CalendarDay>, core.CalendarDay>>();
agree<Agree<z.output<typeof AdjustedDate>, core.AdjustedDate>>();
agree<Agree<z.output<typeof AdvancedDate>, core.AdvancedDate>>();
agree<Agree<z.output<typeof DerivedDate>, core.DerivedDate>>();
agree<Agree<z.output<typeof OverlapInterval>, core.OverlapInterval>>();
agree<Agree<z.output<typeof ClockChange>, core.ClockChange>>();
agree<Agree<z.output<typeof FxSpot>, core.FxSpot>>();
agree<Agree<z.output<typeof FxValueDate>, core.FxValueDate>>();
agree<Agree<z.output<typeof ChangeSet>, core.ChangeSet>>();
agree<Agree<z.output<typeof Override>, core.OverrideRecord>>();

// /status of many markets (bulk.ts builds the body).
const StatusManyOk = MarketStatus.omit({ market: true })
  .extend({ identifier: z.string(), fin_id: z.string(), timezone: z.string().nullable() })
  .openapi('BulkStatusEntry');

const StatusManyFault = z
  .object({
    identifier: z.string(),
    error: z.looseObject({
      status: z.number().int(),
      detail: z.unknown(),
      candidates: z
        .array(z.string())
        .optional()
        .openapi({ description: 'The FinIDs of an ambiguous MIC (status 409).' }),
    }),
  })
  .openapi('BulkStatusError');

export const BulkStatus = z
  .object({
    as_of: z.string().openapi({ example: '2023-11-15T17:00:00+00:00' }),
    markets: z.array(z.union([StatusManyOk, StatusManyFault])),
  })
  .openapi('BulkStatusResponse');

// GET /board/data (the server's board handler builds the body).
export const BoardData = z
  .object({
    as_of: z.string().openapi({ example: '2023-11-15T17:00:00+00:00' }),
    now_ms: z
      .number()
      .int()
      .openapi({ description: "The server's clock, epoch milliseconds (the page measures its offset from it)." }),
    data: z.looseObject({ version: str, is_sample: z.boolean(), loaded_at: isoInstant }).openapi('BoardDataSource'),
    markets: z.array(
      z.union([
        StatusManyOk.extend({
          mic: str,
          exchange_name: str,
          market_name: str,
          holiday: str.openapi({
            description:
              "The holiday of the trading date the status is about (the current phase's, else the local date), if any.",
          }),
          holiday_date: str.openapi({ description: 'The date of `holiday` (YYYY-MM-DD); null without one.' }),
          holiday_next: z.boolean().openapi({
            description:
              "`holiday` belongs to the next trading date, not the market's local date (an evening session of the " +
              'next day).',
          }),
        }).openapi('BoardEntry'),
        StatusManyFault,
      ]),
    ),
  })
  .openapi('BoardDataResponse');

// The service bodies and the bulk status against the types of the code that builds them. The
// document leaves some of /info's fields out (the load's warnings in detail): the body's type
// names them apart (InfoDataDetails), so any other field added to one side fails the build.
// Optional and required fields count alike: the document marks what a caller may rely on.
type Shape<T> = T extends readonly (infer E)[]
  ? Shape<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]-?: Shape<Exclude<T[K], undefined>> }
    : T;
type SameShape<A, B> = [Shape<A>] extends [Shape<B>] ? ([Shape<B>] extends [Shape<A>] ? true : false) : false;
agree<SameShape<z.output<typeof Health>, HealthBody>>();
agree<SameShape<z.output<typeof Info>, Omit<InfoBody, 'data'> & { data: InfoData }>>();
agree<
  SameShape<z.output<typeof BulkStatus>, Omit<ReturnType<typeof bulkBody>, 'markets'> & { markets: BulkEntry[] }>
>();
