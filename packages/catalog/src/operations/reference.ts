/**
 * The archive's reference tables: phase types, regional holidays, season definitions, the MIC
 * mapping.
 */
import { QUERIES } from '@openbell/core';
import { fromQuery } from '../registry.js';
import { operation, start, end } from './shared.js';

// Phase types and season definitions come with schedules; the MIC mapping and the regional
// holidays with every plan. An archive without the file answers 403 naming it (an empty list
// would claim there are no rows).
export const REFERENCE_OPERATIONS = {
  listRegionalHolidays: operation({
    path: '/regional-holidays',
    tag: 'Reference',
    summary: 'Regional and religious holidays of a calendar in a date range',
    description:
      'Rows of regional-holidays.csv for one calendar, ordered by date; a calendar without rows answers an empty ' +
      'list. ' +
      '403 when the archive has no regional-holidays.csv.',
    ...fromQuery(QUERIES.listRegionalHolidays, {
      calendar: {
        description: 'A 2-letter country code (regional holidays) or a religion name (religious ones), any case.',
        example: 'US',
        cli: { arg: 'calendar', help: '2-letter country code or religion name' },
      },
      start: { ...start, example: '2023-01-01' },
      end: { ...end, example: '2023-12-31' },
    }),
    bytes: (ds, a) => ds.parsed.regionalHolidayJson(a.calendar, a.start, a.end),
    response: (s) => s.z.array(s.RegionalHoliday),
    table: 'regional-holidays.csv',
    cacheable: true,
    cli: { command: 'regional-holidays', description: 'regional and religious holidays of a country or religion' },
  }),
  listPhaseTypes: operation({
    path: '/phase-types',
    tag: 'Reference',
    summary: 'Phase types',
    description:
      'Rows of phases.csv in file order: whether each phase counts as open, settles, and publishes a closing price.',
    ...fromQuery(QUERIES.listPhaseTypes, {}),
    bytes: (ds) => ds.parsed.phaseTypesJson(),
    response: (s) => s.z.array(s.PhaseType),
    plan: 'schedules',
    table: 'phases.csv',
    cacheable: true,
    cli: { command: 'phase-types', description: 'phase types: open, settlement, closing price' },
  }),
  listSeasonDefinitions: operation({
    path: '/season-definitions',
    tag: 'Reference',
    summary: 'Season definitions',
    description:
      'Rows of season-definitions.csv (the dates that season names resolve to, by year), ordered by season name, ' +
      'year ' +
      'and file order; rows that cannot be read are load warnings (/info) and left out.',
    ...fromQuery(QUERIES.listSeasonDefinitions, {
      season: {
        description: 'Only this season, by name, any case.',
        example: 'Second Sunday of March',
        cli: { flag: 'season', help: 'season name, any case' },
      },
      year: {
        description: 'Only this year (YYYY).',
        example: '2024',
        cli: { flag: 'year', help: 'year, YYYY' },
      },
    }),
    bytes: (ds, a) => ds.parsed.seasonDefinitionsJson({ season: a.season, year: a.year }),
    response: (s) => s.z.array(s.SeasonDefinition),
    plan: 'schedules',
    table: 'season-definitions.csv',
    cacheable: true,
    cli: { command: 'seasons', description: 'season definitions: the date of each season name by year' },
  }),
  listMicMapping: operation({
    path: '/mic-mapping',
    tag: 'Reference',
    summary: 'MIC to FinID mapping',
    description: 'Rows of mic-mapping.csv, ordered by MIC then FinID; a MIC may map to several markets.',
    ...fromQuery(QUERIES.listMicMapping, {
      mic: {
        description: 'Only the rows of this MIC, any case.',
        example: 'XCME',
        cli: { flag: 'mic', help: 'MIC, any case' },
      },
      fin_id: {
        description: 'Only the rows of this FinID, any case.',
        cli: { flag: 'fin-id', help: 'FinID, any case' },
      },
    }),
    bytes: (ds, a) => ds.parsed.micMappingJson({ mic: a.mic, fin_id: a.fin_id }),
    response: (s) => s.z.array(s.MicMapping),
    table: 'mic-mapping.csv',
    cacheable: true,
    cli: { command: 'mic-mapping', description: 'which FinIDs each MIC maps to' },
  }),
};
