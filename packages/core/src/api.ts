/**
 * The public query surface of a Dataset. The REST server and the CLI call exactly these
 * methods, so library, REST and CLI answers cannot disagree.
 *
 * Argument conventions:
 * - identifier: a FinID (has a dot) or a MIC (4 alphanumerics), any case.
 * - dates: 'YYYY-MM-DD' local dates of the market, inclusive.
 * - instant: epoch milliseconds, or a Date.
 * Errors are the typed errors of errors.ts; InvalidArgumentError names parameters by the
 * names used here (`identifier`, `code`, `start`, `end`, `instant`, `subset`, `date`, `n`,
 * `direction`, `after`, `before`, `event`), and for the calendar and FX operations by their
 * REST names (`expr`, `date`, `n`, `unit`, `convention`, `end_of_month`, `pair`, `trade_date`,
 * `lag`, `tenor`).
 */
import type { Dataset } from './dataset.js';
import type { ParsedQuerySurface } from './queries/index.js';

export interface LookupOptions {
  /** Follow replaced_by to the end of the chain. Default true. */
  follow?: boolean;
}

/**
 * The query surface: every public member of `Dataset`, derived from the class so that a new
 * query is declared once (its method). Adapters and helpers that only ask questions take this
 * type, so a stand-in (a test double, a remote client) can answer too.
 */
export type CalendarQueries = {
  readonly [K in keyof Dataset]: K extends 'parsed' ? ParsedCalendarQueries : Dataset[K];
};

/**
 * The same queries over parsed values (`dataset.parsed`): epoch days, epoch milliseconds,
 * normalized identifiers, parsed expressions, as core's parameter parsers (params/) answer
 * them. The catalogue calls these with the values its parameters yield, so nothing is parsed twice.
 */
export type ParsedCalendarQueries = ParsedQuerySurface;
