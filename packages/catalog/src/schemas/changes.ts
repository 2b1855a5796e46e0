/**
 * Change sets (/changes), overrides and the data versions kept (docs/overrides.md).
 */
import { CHANGE_KINDS, CHANGE_OPS, OVERRIDE_KINDS } from '@openbell/core';
import { z } from './zod.js';
import { str, date, Market, MarketHoliday, Schedule, Currency, CurrencyHoliday, PhaseType } from './records.js';

// ---------------------------------------------------------------------------------------------
// Change sets (GET /changes, /changes/{to_version}; core's diff.ts builds them).

const ChangeRecord = z
  .union([Market, MarketHoliday, Schedule, Currency, CurrencyHoliday, PhaseType])
  .nullable()
  .openapi({
    description:
      'The record as the REST interface answers it: a Market, MarketHoliday, Schedule, Currency, CurrencyHoliday or ' +
      'phase type row, by `kind`.',
  });

export const Change = z
  .object({
    kind: z.enum(CHANGE_KINDS),
    op: z.enum(CHANGE_OPS),
    key: z
      .union([
        z.object({ fin_id: z.string(), date }),
        z.object({ fin_id: z.string() }),
        z.object({ currency_code: z.string(), date }),
        z.object({ currency_code: z.string() }),
        z.object({ name: z.string() }),
      ])
      .openapi({ example: { fin_id: 'US.NYSE', date: '2024-01-02' } }),
    before: ChangeRecord.openapi({ description: 'The record before the change; null when added.' }),
    after: ChangeRecord.openapi({ description: 'The record after the change; null when removed.' }),
    fields: z
      .array(z.string())
      .optional()
      .openapi({ description: 'Only for `changed`: the fields that differ, in record order.' }),
    soon: z
      .boolean()
      .openapi({ description: 'A holiday whose date lies 0 to 30 days on or after `loaded_at` (local date).' }),
    source: z
      .literal('override')
      .optional()
      .openapi({ description: 'On every change of a version made by an override change.' }),
  })
  .openapi('Change');

export const ChangeSet = z
  .object({
    from_version: str,
    to_version: str,
    loaded_at: z.iso.datetime().openapi({ example: '2023-11-15T12:00:00.000Z' }),
    summary: z
      .object({ soon: z.number().int().min(0) })
      .catchall(z.number().int().min(0))
      .openapi({
        description: '`<kind>_<op>` counts (zeros left out) and `soon`.',
        example: { holiday_added: 1, soon: 1 },
      }),
    changes: z.array(Change),
  })
  .openapi('ChangeSet');

export const Override = z
  .object({
    id: z.string().openapi({ example: 'ovr_k2m9x0a1b2c3' }),
    kind: z.enum(OVERRIDE_KINDS),
    target: z.string().openapi({ description: 'A FinID or a currency code.', example: 'HK.HKEX' }),
    date,
    name: str.openapi({ example: 'Typhoon signal No. 8' }),
    open: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .nullable(),
    close: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .nullable(),
    reason: z.string(),
    created_at: z.iso.datetime(),
    created_by: z.string(),
    withdrawn_at: z.iso.datetime().nullable(),
    withdrawn_by: z.string().nullable(),
    superseded: z.boolean().openapi({ description: "The vendor's data already says the same thing." }),
  })
  .openapi('Override');

export const Version = z
  .object({
    version: z.string(),
    loaded_at: z.iso.datetime(),
    source: z.enum(['archive', 'override']),
  })
  .openapi('Version');

export const HistoryEntry = Version.extend({
  op: z.enum(CHANGE_OPS),
  before: z.union([MarketHoliday, CurrencyHoliday]).nullable(),
  after: z.union([MarketHoliday, CurrencyHoliday]).nullable(),
}).openapi('HistoryEntry');

export const ChangeVersions = z.object({ versions: z.array(ChangeSet) }).openapi('ChangeVersions');
