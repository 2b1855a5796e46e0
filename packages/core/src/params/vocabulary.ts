/**
 * The words of the bulk format that carry meaning (docs/bulk-format.md §3), in one place.
 * Comparisons of group names are case-insensitive, so the lower-case forms are kept too.
 */
export const OPEN = 'Open';
export const YES = 'Yes';
export const NO = 'No';
/** The schedule group of a day without a holiday row (lower case, as groups are compared). */
export const REGULAR_GROUP = 'regular';
/** A phase type that *contains* these words counts as a primary session (docs/semantics.md §4 step 5). */
export const PRIMARY_SESSION = 'primary trading session';
/** Currencies without a `weekend_definition` rest on these days (docs/calendar-arithmetic.md §4). */
export const DEFAULT_WEEKEND = 'Sat-Sun';
