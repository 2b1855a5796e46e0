export * from './api.js';
export * from './errors.js';
export * from './types.js';
export { Dataset, normalizeCurrencyCode, normalizeFinId, normalizeMic } from './dataset.js';
export {
  civilFromDays,
  dayName,
  daysFromCivil,
  formatDay,
  formatInstant,
  formatTime,
  isoWeekday,
  parseBoolean,
  parseInstant,
  parseIsoDate,
  tryParseDay,
  tryParseTime,
} from './dates.js';
export { parseDays } from './weekdays.js';
export { describePlace, placeOf, type Place, type RowFault, type TableSource, type TableSources } from './provenance.js';
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
export { planBellEvents, statusMany } from './live.js';
export { buildHolidayFeed, type FeedHoliday, type FeedInput } from './feeds.js';
