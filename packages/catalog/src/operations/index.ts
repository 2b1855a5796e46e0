/**
 * The operation registry: every calendar query, declared once. The REST routes, the OpenAPI
 * document and /docs, the CLI commands and their --json, and the library's typed `invoke` are
 * all derived from these entries (registry.ts says how). Calls are thin: parameters read by
 * core's parsers, one call of core's queries over the parsed values (`ds.parsed`), its result
 * out. Every calendar rule lives in core, and no text is read twice.
 *
 * Adding an operation: the core query (and its test) and one entry in its topic's file here; its error statuses
 * follow from `needs`, `plan` and its parameters. A command prints the CLI's default table
 * unless a text formatter is added (cli/src/commands/formatters.ts). docs/architecture.md.
 */
import { defineOperations } from '../registry.js';
import { changeOperations } from './changes.js';
import { overrideOperations } from './overrides.js';
import { MARKET_OPERATIONS } from './markets.js';
import { SESSION_OPERATIONS } from './sessions.js';
import { CALENDAR_OPERATIONS } from './calendars.js';
import { DAY_COUNT_OPERATIONS } from './day-counts.js';
import { DERIVED_DATE_OPERATIONS } from './derived-dates.js';
import { OVERLAP_OPERATIONS } from './overlap.js';
import { FX_OPERATIONS } from './fx.js';
import { CURRENCY_OPERATIONS } from './currencies.js';
import { REFERENCE_OPERATIONS } from './reference.js';

export { TAGS } from './shared.js';

// Order matters only for reading: literal path segments (finid/, mic/) win over placeholders.
// The order of the topics is that of the OpenAPI document and of the commands' help.
export const operations = defineOperations({
  ...MARKET_OPERATIONS,
  ...SESSION_OPERATIONS,
  ...CALENDAR_OPERATIONS,
  ...DAY_COUNT_OPERATIONS,
  ...DERIVED_DATE_OPERATIONS,
  ...OVERLAP_OPERATIONS,
  ...FX_OPERATIONS,
  ...CURRENCY_OPERATIONS,
  // Read the adapter's change log (changes.ts), not the Dataset.
  ...changeOperations,
  // The override set and the kept versions (overrides.ts), read through the context.
  ...overrideOperations,
  // The archive's reference tables (reference.ts says which plan and file each needs).
  ...REFERENCE_OPERATIONS,
});

export type Operations = typeof operations;
