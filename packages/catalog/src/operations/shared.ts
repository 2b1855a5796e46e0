/**
 * What the operations of every topic share: the OpenAPI tags, the declarer of an operation, and
 * the documentation of the parameters several operations take. The operations themselves are
 * in a file per topic; index.ts gathers them.
 */
import type { CliCommand, OperationSpec, ParamDocs, Params } from '../registry.js';

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
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Declares one operation; its argument and result types are inferred from `params` and `call`. */
export const operation = <S extends Params, R, C extends CliCommand | undefined = undefined>(
  spec: OperationSpec<S, R, Tag, C>,
) => spec;

// ---- parameters shared by several operations ----

export const identifier: ParamDocs = {
  description: 'A FinID (has a dot, e.g. US.NYSE) or a MIC (four letters or digits, e.g. XNYS); any case.',
  example: 'US.NYSE',
  cli: { arg: 'id', help: 'FinID or MIC' },
};
export const code: ParamDocs = {
  description: 'A 3-letter currency code, any case.',
  example: 'USD',
  cli: { arg: 'code', help: 'ISO 4217 code' },
};
export const start: ParamDocs = {
  description: 'First local date, inclusive (YYYY-MM-DD).',
  example: '2023-11-20',
  cli: { flag: 'start', help: 'first local date, YYYY-MM-DD' },
};
export const end: ParamDocs = {
  description: 'Last local date, inclusive (YYYY-MM-DD); not before start.',
  example: '2023-11-26',
  cli: { flag: 'end', help: 'last local date, YYYY-MM-DD' },
};
export const follow: ParamDocs = {
  description:
    'Follow `replaced_by` to the market that replaced this one (to the end of the chain). ' +
    'Accepts true/false, 1/0, yes/no, on/off in any case.',
  cli: { flag: 'follow', help: 'show a replaced market as stored instead of its replacement' },
};

// Calendar-arithmetic operations (docs/calendar-arithmetic.md §1–5).
export const sessionDate: ParamDocs = {
  description: 'A local date of the market (YYYY-MM-DD).',
  example: '2023-11-22',
  cli: { flag: 'date', help: 'local date, YYYY-MM-DD' },
};
export const steps = (description: string, example: string): ParamDocs => ({
  description,
  example,
  cli: { flag: 'n', help: 'steps, negative for backwards' },
});
export const event: ParamDocs = {
  description: '`open`: an opening (the market goes from not open to open); `close`: a closing.',
  example: 'open',
  cli: { flag: 'event', help: 'open or close (default open)' },
};
export const bellInstant = (which: 'after' | 'before', example: string): ParamDocs => ({
  description:
    `The bell is searched strictly ${which} this instant, ISO 8601 with \`Z\` or an offset (the forms of ` +
    `datetime_utc). ` +
    'Default: now. Its local date must lie in the market coverage window.',
  example,
  cli: { flag: which, help: `instant, ISO 8601 with Z or an offset (default: now)` },
});
export const expr: ParamDocs = {
  description:
    'Markets (FinID or MIC) and currencies (3 letters) joined by `+` (a business day of every member) or `~` ' +
    '(of at least one member): `US.NYSE+GB.LSE`, `USD+EUR`, `XNYS~XLON`. One operator, at most 16 members, no ' +
    'spaces; ' +
    'a `+` in the path may also be written `%2B`.',
  example: 'US.NYSE+GB.LSE',
  cli: { arg: 'expr', help: 'calendar expression, e.g. US.NYSE+GB.LSE or USD+EUR' },
};
export const calendarDate: ParamDocs = {
  description: 'The date (YYYY-MM-DD); it need not be a business day.',
  example: '2023-12-22',
  cli: { flag: 'date', help: 'date, YYYY-MM-DD' },
};
export const convention: ParamDocs = {
  description:
    '`following` (first business day on or after), `preceding` (last on or before), `modified_following` ' +
    '(following unless in another month, then preceding), `modified_preceding`, `unadjusted`.',
  example: 'modified_following',
  cli: {
    flag: 'convention',
    help: 'following (default), preceding, modified_following, modified_preceding, unadjusted',
  },
};
