/**
 * The reference tables (phase types, regional holidays, season definitions, the MIC mapping):
 * records made once per table and kept, answered as slices or picks (listing-json.ts).
 */
import type { DatasetIndex } from '../tables/build.js';
import { tryParseDay, type EpochDay } from '../time/dates.js';
import { NotInPlanError } from '../errors.js';
import { pickedJson, sliceJson } from '../wire/listing-json.js';
import { Faults, checkDayOrder, optional, param, parseRegionalCalendar } from '../params/params.js';
import { lowerBound } from '../tables/model.js';
import type { MicMapping, PhaseType, RegionalHoliday, SeasonDefinition } from '../types.js';
import { withExtras } from '../tables/cells.js';
import { QueryBase } from './base.js';
import { queriesOf, start, end, type Surface } from './declare.js';

const TABLE_LABELS: Record<DatasetIndex['absentTables'][number], { label: string; file: string }> = {
  phaseTypes: { label: 'phase types', file: 'phases.csv' },
  micMapping: { label: 'MIC mapping', file: 'mic-mapping.csv' },
  seasonDefinitions: { label: 'season definitions', file: 'season-definitions.csv' },
  regionalHolidays: { label: 'regional holidays', file: 'regional-holidays.csv' },
};

// Reference tables' records as answered, made once per table (or regional calendar): the
// listings are then slices or picks of kept records, whose JSON is kept too (listing-json.ts).
const regionalRecords = new WeakMap<object, RegionalHoliday[]>();
const seasonTables = new WeakMap<object, { rows: SeasonDefinition[]; names: string[] }>();
const micTables = new WeakMap<object, { rows: MicMapping[]; mics: string[]; finIds: string[] }>();

/** A cell as answered: empty or missing is null. */
const cell = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class ReferenceRules extends QueryBase {
  // Phase types and season definitions come with the schedules (a holidays-only archive has
  // neither); the MIC mapping and the regional holidays with every plan. A table the plan
  // includes but the archive lacks is refused naming its file: an empty list would read as
  // "no rows" when nothing is known.

  /** The phase types table as read, in file order. */
  listPhaseTypes(): PhaseType[] {
    this.needTable('phaseTypes', 'schedules');
    return this.index.phaseTypes.slice();
  }

  /** `listPhaseTypes` as the UTF-8 bytes of its JSON (listing-json.ts). */
  phaseTypesJson(): Uint8Array {
    this.needTable('phaseTypes', 'schedules');
    const rows = this.index.phaseTypes;
    return sliceJson(rows, 0, rows.length);
  }

  /**
   * Regional and religious holidays of one calendar (a 2-letter country code or a religion
   * name, any case: params.parseRegionalCalendar, the one reading of that text) in an inclusive
   * date range, ordered by date. A calendar without rows answers an empty list.
   */
  listRegionalHolidays(calendar: string, startDay: EpochDay, endDay: EpochDay): RegionalHoliday[] {
    const { rows, from, to } = this.regionalRows(calendar, startDay, endDay);
    return rows.slice(from, to);
  }

  /** `listRegionalHolidays` as the UTF-8 bytes of its JSON (listing-json.ts). */
  regionalHolidayJson(calendar: string, startDay: EpochDay, endDay: EpochDay): Uint8Array {
    const { rows, from, to } = this.regionalRows(calendar, startDay, endDay);
    return sliceJson(rows, from, to);
  }

  private regionalRows(
    calendar: string,
    startDay: EpochDay,
    endDay: EpochDay,
  ): { rows: readonly RegionalHoliday[]; from: number; to: number } {
    const faults = new Faults();
    const key = faults.get(() => parseRegionalCalendar(calendar));
    faults.get(() => checkDayOrder(startDay, endDay));
    faults.done();
    this.needTable('regionalHolidays');
    const entry = this.index.regional.get(key);
    if (!entry) return { rows: [], from: 0, to: 0 };
    // The records are made once per calendar (as answered: empty cells null, extra columns kept).
    let rows = regionalRecords.get(entry);
    if (rows === undefined) {
      rows = entry.rows.map((r) =>
        withExtras(
          {
            calendar: r.calendar,
            country: cell(r.country),
            date: r.date,
            name: cell(r.name),
            type: cell(r.type),
            memo: cell(r.memo),
          },
          r,
        ),
      );
      regionalRecords.set(entry, rows);
    }
    return { rows, from: lowerBound(entry.days, startDay), to: lowerBound(entry.days, endDay + 1) };
  }

  /**
   * Season definitions, optionally of one season (name any case) and one year, ordered by
   * season name, year and file order. Rows whose season, year or date cannot be read are load
   * warnings and are left out; two rows of one season and year are both listed.
   */
  listSeasonDefinitions(filter: { season?: string | null | undefined; year?: number | undefined }): SeasonDefinition[] {
    const { rows, picked } = this.seasonRows(filter);
    return picked.map((i) => rows[i]!);
  }

  /** `listSeasonDefinitions` as the UTF-8 bytes of its JSON (listing-json.ts). */
  seasonDefinitionsJson(filter: { season?: string | null | undefined; year?: number | undefined }): Uint8Array {
    const { rows, picked } = this.seasonRows(filter);
    return pickedJson(rows, picked);
  }

  private seasonRows(filter: { season?: string | null | undefined; year?: number | undefined }): {
    rows: readonly SeasonDefinition[];
    picked: number[];
  } {
    this.needTable('seasonDefinitions', 'schedules');
    const season = filter.season?.trim().toLowerCase() || undefined;
    const year = filter.year;
    const table = this.index.seasonDefinitions!;
    // Sorted once per table: a filter keeps rows of the sorted list, whose order is the answer's.
    let sorted = seasonTables.get(table);
    if (sorted === undefined) {
      const rows = table.filter(
        (r) =>
          typeof r.season === 'string' &&
          r.season !== '' &&
          typeof r.year === 'number' &&
          tryParseDay(String(r.date)) !== undefined,
      );
      const keyed = rows.map((r, i) => ({ r, i, name: r.season.toLowerCase() }));
      keyed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.r.year - b.r.year || a.i - b.i));
      sorted = {
        rows: keyed.map((x) => withExtras({ season: x.r.season, year: x.r.year, date: x.r.date }, x.r)),
        names: keyed.map((x) => x.name),
      };
      seasonTables.set(table, sorted);
    }
    const picked: number[] = [];
    for (let i = 0; i < sorted.rows.length; i++) {
      if ((season === undefined || sorted.names[i] === season) && (year === undefined || sorted.rows[i]!.year === year))
        picked.push(i);
    }
    return { rows: sorted.rows, picked };
  }

  /**
   * The MIC mapping table, optionally only the rows of one MIC and/or one FinID (normalized),
   * ordered by MIC, then FinID. Rows without a MIC or a FinID are load warnings and left out.
   */
  listMicMapping(filter: { mic?: string | undefined; fin_id?: string | undefined }): MicMapping[] {
    const { rows, picked } = this.micRows(filter);
    return picked.map((i) => rows[i]!);
  }

  /** `listMicMapping` as the UTF-8 bytes of its JSON (listing-json.ts). */
  micMappingJson(filter: { mic?: string | undefined; fin_id?: string | undefined }): Uint8Array {
    const { rows, picked } = this.micRows(filter);
    return pickedJson(rows, picked);
  }

  private micRows(filter: { mic?: string | undefined; fin_id?: string | undefined }): {
    rows: readonly MicMapping[];
    picked: number[];
  } {
    const { mic, fin_id: finId } = filter;
    this.needTable('micMapping');
    const table = this.index.micMapping!;
    // Sorted once per table: a filter keeps rows of the sorted list, whose order is the answer's.
    let sorted = micTables.get(table);
    if (sorted === undefined) {
      const up = (v: unknown) =>
        String(v ?? '')
          .trim()
          .toUpperCase();
      const keyed = table
        .filter((r) => up(r.mic) !== '' && up(r.fin_id) !== '')
        .map((r, i) => ({ r, i, mic: up(r.mic), finId: up(r.fin_id) }));
      keyed.sort((a, b) => cmp(a.mic, b.mic) || cmp(a.finId, b.finId) || a.i - b.i);
      sorted = {
        rows: keyed.map((x) => withExtras({ mic: String(x.r.mic), fin_id: String(x.r.fin_id) }, x.r)),
        mics: keyed.map((x) => x.mic),
        finIds: keyed.map((x) => x.finId),
      };
      micTables.set(table, sorted);
    }
    const picked: number[] = [];
    for (let i = 0; i < sorted.rows.length; i++) {
      if ((mic === undefined || sorted.mics[i] === mic) && (finId === undefined || sorted.finIds[i] === finId))
        picked.push(i);
    }
    return { rows: sorted.rows, picked };
  }

  /** Refuses (403) a reference table the plan leaves out or the archive does not hold. */
  private needTable(table: DatasetIndex['absentTables'][number], plan?: 'schedules'): void {
    if (plan === 'schedules' && this.index.plan === 'holidays_only')
      throw new NotInPlanError(
        'schedules',
        `The ${TABLE_LABELS[table].label} table is not covered by the plan of the loaded data (it comes with ` +
          `schedules)`,
      );
    if (this.index.absentTables.includes(table)) {
      throw new NotInPlanError(
        table,
        `The loaded data has no ${TABLE_LABELS[table].label} table (csv/${TABLE_LABELS[table].file} is not in the ` +
          `archive)`,
      );
    }
  }
}

const query = queriesOf<Surface<ReferenceRules>>();

export const REFERENCE_QUERIES = {
  /** The phase types table as read, in file order. */
  listPhaseTypes: query({ params: {}, args: [], run: (q) => q.listPhaseTypes() }),
  /**
   * Regional and religious holidays of one calendar (a 2-letter country code or a religion name,
   * any case) in an inclusive date range, ordered by date. A calendar without rows answers an
   * empty list.
   */
  listRegionalHolidays: query({
    // Any text: the query reads the key, with the order of the range, so both faults come together.
    params: { calendar: param.text(), start, end },
    args: ['calendar', 'start', 'end'],
    run: (q, a) => q.listRegionalHolidays(a.calendar, a.start, a.end),
  }),
  /** Season definitions, optionally of one season (name any case) and one year. */
  listSeasonDefinitions: query({
    params: { season: optional(param.text()), year: optional(param.integer({ min: 1, max: 9999 })) },
    args: [],
    options: { season: 'season', year: 'year' },
    run: (q, a) => q.listSeasonDefinitions({ season: a.season, year: a.year }),
  }),
  /**
   * The MIC mapping table, optionally only the rows of one MIC and/or one FinID (any case), ordered by MIC, then FinID.
   */
  listMicMapping: query({
    params: { mic: optional(param.mic()), fin_id: optional(param.finId()) },
    args: [],
    options: { mic: 'mic', fin_id: 'fin_id' },
    run: (q, a) => q.listMicMapping({ mic: a.mic, fin_id: a.fin_id }),
  }),
} as const;
