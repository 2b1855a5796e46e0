/**
 * The answers of calendar arithmetic (docs/calendar-arithmetic.md): sessions, bars, bells, joined
 * calendars, derived dates, overlap, clock changes, FX dates and availability.
 */
import { BAR_CHECK_REASONS, BELL_EVENTS, CONVENTIONS, MAX_LAG, UNITS } from '@openbell/core';
import { z } from './zod.js';
import { str, date, dateTime } from './records.js';

// ---- trading days, bells, joined calendars, FX dates (docs/calendar-arithmetic.md §1–5) ----

export const Session = z
  .looseObject({
    date,
    open: dateTime.nullable(),
    close: dateTime.nullable(),
    breaks: z.array(z.looseObject({ start: dateTime, end: dateTime }).openapi('SessionBreak')),
    partial: z.boolean(),
    holiday_name: str,
  })
  .openapi('SessionResponse');

export const SessionOffset = z
  .looseObject({ date, n: z.number().int(), session: date.openapi({ example: '2023-11-24' }) })
  .openapi('SessionOffsetResponse');

export const SessionCount = z
  .looseObject({ start: date, end: date, count: z.number().int().min(0) })
  .openapi('SessionCountResponse');

export const Bar = z
  .looseObject({
    date: date.openapi({ description: 'The session the bar belongs to.' }),
    start: dateTime,
    end: dateTime.openapi({
      description: "The bar's end; the end of its piece of open time instead when force_close cuts it short.",
    }),
    sessions: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({
        description:
          'Bars of whole sessions only (period 1d, 1w, 1mo): how many sessions the bar covers. `date` is then its ' +
          'last ' +
          "session, `start` the first one's open, `end` the last one's close.",
      }),
  })
  .openapi('Bar', {
    example: { date: '2023-11-24', start: '2023-11-24T09:30:00-05:00', end: '2023-11-24T09:35:00-05:00' },
  });

export const BarCount = z
  .looseObject({
    start: date,
    end: date,
    period: z.string().openapi({ example: '30m' }),
    count: z.number().int().min(0),
  })
  .openapi('BarCountResponse');

/**
 * A series checked against the bar grid (docs/calendar-arithmetic.md §15). Not a component of
 * its own: the document describes it in place, as it always did.
 */
export const BarCheck = z.object({
  market: z.string(),
  start: z.string(),
  end: z.string(),
  period: z.string(),
  expected: z.number().int(),
  given: z.number().int(),
  matched: z.number().int(),
  missing: z.array(z.object({ date: z.string(), start: z.string() })),
  extra: z.array(
    z.object({
      at: z.string(),
      reason: z.enum(BAR_CHECK_REASONS),
      date: z.union([z.string(), z.null()]),
      holiday_name: z.union([z.string(), z.null()]),
    }),
  ),
});

export const SpecialSession = z
  .looseObject({
    date,
    open: dateTime.nullable(),
    close: dateTime.nullable(),
    regular_open: dateTime.nullable().openapi({
      description:
        'The open the session would have without its own holiday row; null when it would have no open phase.',
    }),
    regular_close: dateTime.nullable(),
    late_open: z.boolean(),
    early_close: z.boolean(),
    holiday_name: str,
  })
  .openapi('SpecialSession');

export const Bell = z
  .looseObject({
    event: z.enum(BELL_EVENTS),
    at: dateTime
      .nullable()
      .openapi({ description: "The instant in the market's zone; null when there is none in the coverage window." }),
    date: date.nullable().openapi({
      description: 'The local date the run of open phases is attributed to (the end date of its last phase).',
    }),
  })
  .openapi('BellResponse');

const convention = z.enum(CONVENTIONS);

export const CalendarDay = z
  .looseObject({
    date,
    is_business_day: z.boolean(),
    closed: z.array(z.string()).openapi({
      description: 'Members for which the date is not a business day, in expression order.',
      example: ['GB.LSE'],
    }),
  })
  .openapi('CalendarDayResponse');

export const AdjustedDate = z.looseObject({ date, convention, adjusted: date }).openapi('AdjustedDateResponse');

export const AdvancedDate = z
  .looseObject({ date, n: z.number().int(), unit: z.enum(UNITS), result: date })
  .openapi('AdvancedDateResponse');

// Derived dates, overlap, clock changes (docs/calendar-arithmetic.md §10, §12, §13).
export const DerivedDate = z
  .looseObject({
    period: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .openapi({ description: 'The month, YYYY-MM.', example: '2024-03' }),
    nominal: date.openapi({ description: 'The date the rule names.', example: '2024-03-15' }),
    date: date.openapi({
      description: 'The nominal date rolled by the convention, then moved `offset` business days.',
      example: '2024-03-15',
    }),
  })
  .openapi('DerivedDate');

const utcInstant = z.iso.datetime().openapi({ example: '2023-11-15T14:30:00Z' });

export const OverlapInterval = z.looseObject({ start: utcInstant, end: utcInstant }).openapi('OverlapInterval');

const utcOffset = z
  .string()
  .regex(/^[+-]\d{2}:\d{2}(?::\d{2})?$/)
  .openapi({ example: '-05:00' });

export const ClockChange = z
  .looseObject({
    at: utcInstant.openapi({ example: '2024-03-10T07:00:00Z' }),
    offset_before: utcOffset,
    offset_after: utcOffset.openapi({ example: '-04:00' }),
  })
  .openapi('ClockChange');

export const FxSpot = z
  .looseObject({
    pair: z.string().openapi({ example: 'EURUSD' }),
    trade_date: date,
    lag: z.number().int().min(0).max(MAX_LAG),
    spot_date: date,
    closures: z.array(
      z
        .looseObject({
          date,
          closed: z.array(
            z
              .looseObject({ currency: z.string(), reason: z.string().openapi({ example: 'weekend' }) })
              .openapi('FxCurrencyClosure'),
          ),
        })
        .openapi('FxClosure'),
    ),
  })
  .openapi('FxSpotResponse');

export const FxValueDate = z
  .looseObject({
    pair: z.string().openapi({ example: 'EURUSD' }),
    trade_date: date,
    tenor: z.string().openapi({ example: '1M' }),
    spot_date: date,
    value_date: date,
  })
  .openapi('FxValueDateResponse');

export const Availability = z.looseObject({ is_available: z.boolean() }).openapi('IsAvailableResponse');
