export * from './api.js';
export * from './errors.js';
export * from './types.js';
export { Dataset, type InstantInput } from './dataset.js';
export type { ParsedQueries, ParsedBarOptions, Queries } from './queries/index.js';
export type { QueryMethods } from './interface.js';
export { QUERIES, barOptionsOf } from './queries/index.js';
export { freezeDataset, type Decode, type Encode, type FrozenDataset } from './tables/frozen.js';
export { diff, diffSteps, thawDataset } from './datasets.js';
export type { JsonPieceOptions } from './wire/json.js';
export { DEFAULT_BLOCK_BYTES, KEEP_MONTHS, monthBlockBytes, setMonthBlockBytes } from './wire/month-blocks.js';
export { pooledPieces, releasePiece } from './wire/piece-pool.js';
export * from './params/params.js';
export {
  civilFromDays,
  DAY_NAMES,
  dayName,
  daysFromCivil,
  formatDay,
  formatInstant,
  formatTime,
  isoWeekday,
  isIsoDate,
  tryParseDay,
  tryParseTime,
} from './time/dates.js';
export { parseDays } from './time/weekdays.js';
export { msToSeconds, secondsToMs, type EpochDay, type EpochMs, type EpochSeconds } from './time/dates.js';
export {
  describePlace,
  placeOf,
  publishedHeader,
  type Place,
  type RowFault,
  type TableSource,
  type TableSources,
} from './tables/provenance.js';
export { MAX_CALENDAR_MEMBERS, CONVENTIONS, UNITS } from './rules/calendars.js';
export {
  DAY_COUNTS,
  MAX_DAY_COUNT_SPAN,
  type BusinessDayCount,
  type DayCountConvention,
  type YearFraction,
} from './queries/day-counts.js';
export {
  BAR_CHECK_REASONS,
  BarCheck,
  checkReader,
  MAX_CHECK_STAMPS,
  seriesRange,
  StampReader,
  stampFormat,
  stampReader,
  type TextReader,
  type BarCheckReason,
  type BarCheckResult,
  type ExtraStamp,
  type MissingBar,
  type StampFormat,
} from './queries/bar-check.js';
export { compileGlob, matchGlob, MAX_PATTERN_LENGTH, type GlobMatcher } from './params/glob.js';
export * from './params/secrets.js';
export {
  MAX_BULK_IDENTIFIERS,
  eventIdInstant,
  isStatusManyFailure,
  type BellEventKind,
  type BellEventPlan,
  type PlanOptions,
  type PlannedBellEvent,
  type StatusMany,
  type StatusManyFailure,
  type StatusManyItem,
  type StatusManyRequest,
} from './rules/many.js';
export {
  DEFAULT_HORIZON_MS,
  MAX_RESUME_MS,
  openBellEventStream,
  type BellEventStream,
  type BellEventStreamOptions,
  type BellStreamStep,
} from './rules/stream.js';
export { localDate } from './time/zone.js';
export { buildHolidayFeed, type FeedHoliday, type FeedInput } from './wire/feeds.js';
export {
  CHANGE_KINDS,
  CHANGE_OPS,
  SOON_DAYS,
  filterChanges,
  summarize,
  type Change,
  type ChangeFilter,
  type ChangeKey,
  type ChangeKind,
  type ChangeOp,
  type ChangeRecord,
  type ChangeSet,
  type ChangeSummary,
  type DiffOptions,
} from './versions/diff.js';
export { BarCursor, BarSeries } from './rules/bars.js';
export { SessionBarSeries } from './rules/session-bars.js';
export type { DerivedDateOptions } from './rules/derived-dates.js';
export { MAX_CLOCK_CHANGE_DAYS } from './queries/index.js';
export {
  MAX_OVERRIDE_NAME,
  MAX_OVERRIDE_REASON,
  OVERRIDE_ID,
  isActive,
  isUtcInstant,
  readOverrideRequest,
  withdrawn,
  type MakeOverride,
} from './versions/override-records.js';
