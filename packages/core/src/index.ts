export * from './api.js';
export * from './errors.js';
export * from './types.js';
export { Dataset, type InstantInput } from './dataset.js';
export type { ParsedQueries, ParsedBarOptions } from './queries.js';
export { freezeDataset, thawDataset, type Decode, type Encode, type FrozenDataset } from './frozen.js';
export type { JsonPieceOptions } from './json.js';
export { DEFAULT_BLOCK_BYTES, monthBlockBytes, setMonthBlockBytes } from './month-blocks.js';
export * from './params.js';
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
} from './dates.js';
export { parseDays } from './weekdays.js';
export { msToSeconds, secondsToMs, type EpochDay, type EpochMs, type EpochSeconds } from './dates.js';
export { describePlace, placeOf, publishedHeader, type Place, type RowFault, type TableSource, type TableSources } from './provenance.js';
export { MAX_CALENDAR_MEMBERS, CONVENTIONS, UNITS } from './calendars.js';
export { compileGlob, matchGlob, MAX_PATTERN_LENGTH, type GlobMatcher } from './glob.js';
export * from './secrets.js';
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
} from './many.js';
export { DEFAULT_HORIZON_MS, MAX_RESUME_MS, openBellEventStream, type BellEventStream, type BellEventStreamOptions, type BellStreamStep } from './stream.js';
export { localDate } from './zone.js';
export { buildHolidayFeed, type FeedHoliday, type FeedInput } from './feeds.js';
export {
  CHANGE_KINDS,
  CHANGE_OPS,
  SOON_DAYS,
  diff,
  diffSteps,
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
} from './diff.js';
export { BarCursor, BarSeries } from './bars.js';
export { SessionBarSeries } from './session-bars.js';
export type { DerivedDateOptions } from './derived-dates.js';
export { MAX_CLOCK_CHANGE_DAYS } from './queries.js';
export {
  MAX_OVERRIDE_NAME,
  MAX_OVERRIDE_REASON,
  OVERRIDE_ID,
  OVERRIDE_KINDS,
  isActive,
  isUtcInstant,
  readOverrideRequest,
  withdrawn,
  type MakeOverride,
  type OverrideKind,
  type OverrideRecord,
  type OverrideRef,
  type OverrideRequest,
} from './overrides.js';
