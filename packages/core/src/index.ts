export * from './api.js';
export * from './errors.js';
export * from './types.js';
export { Dataset } from './dataset.js';
export * from './params.js';
export {
  civilFromDays,
  dayName,
  daysFromCivil,
  formatDay,
  formatInstant,
  formatTime,
  isoWeekday,
  tryParseDay,
  tryParseTime,
} from './dates.js';
export { parseDays } from './weekdays.js';
export { describePlace, placeOf, type Place, type RowFault, type TableSource, type TableSources } from './provenance.js';
export { compileGlob, matchGlob, MAX_PATTERN_LENGTH, type GlobMatcher } from './glob.js';
export * from './protocol.js';
export * from './secrets.js';
