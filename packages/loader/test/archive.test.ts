// parseArchive / buildDataset / loadFromBytes on small archives built in the test.
import { Inflate, strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import {
  buildDataset,
  LoaderError,
  loadFromBytes,
  normalizeHeader,
  parseArchive,
  readArchive,
  type LoadWarning,
} from '../src/index.js';

const BOM = '\uFEFF';
const crlf = (lines: string[]) => `${BOM + lines.join('\r\n')}\r\n`;

const MARKETS = [
  'FinID,Exchange Name,Timezone,Weekend Definition,MIC,Permanently Closed,Replaced By,Listing Tier',
  'US.NYSE,"New York Stock Exchange, Inc.",America/New_York,Sat-Sun,XNYS,,,Tier 1',
  'US.OLD,Old Exchange,America/New_York,Sat-Sun,,2010-01-01,US.NYSE,',
];
const HOLIDAYS = [
  'FinID,Date,Holiday Name,Schedule,Settlement,Observed,Memo,Status',
  'US.NYSE,2023-11-23,Thanksgiving Day,Closed,No,,,Closed',
  'US.NYSE,2023-11-24,Thanksgiving Day,Partial,Yes, obs ,,Open',
  'US.NYSE,2024-12-25,Christmas,Closed,No,OBS,"Memo, with comma",Closed',
];
const SCHEDULES = [
  'FinID,Schedule Group,Schedule Group Memo,Timezone,Phase Type,Phase Name,Phase Memo,Days,Start,End,Offset ' +
    'Days,Duration,Min Start,Max Start,Min End,Max End,In Force Start Date,In Force End Date,Season Start,Season ' +
    'End,Venue Note',
  'US.NYSE,Regular,,America/New_York,Primary Trading Session,Core Trading ' +
    'Session,,Mon-Fri,09:30,16:00,0,,,,,,,,,,floor',
  'US.NYSE,Regular,,America/New_York,"Primary Trading Session, No ' +
    'Settlement",Late,,Mon-Fri,16:00:00,17:00:00,,,,,,,,,,,',
  'US.NYSE,Partial,,America/New_York,Primary Trading Session,Core Trading Session,,Mon-Fri,09:30,13:00,0,,,,,,,,,,',
];
const PHASES = [
  'Name,Status,Settlement,Closing Price',
  'Primary Trading Session,Open,Yes,Yes',
  '"Primary Trading Session, No Settlement",Open,No,No',
];
const CURRENCIES = ['Currency Code,Currency Name', 'USD,US Dollar'];
const CCY_HOL = ['Currency Code,Date,Holiday Name,Settlement,Observed,Memo', 'USD,2023-11-23,Thanksgiving Day,No,,'];
const SEASONS = ['Season,Year,Date', 'Summer Start,2023,2023-04-01'];

type Files = Record<string, string[] | string | Uint8Array | null>;
const BASE: Files = {
  'csv/markets.csv': MARKETS,
  'csv/holidays.csv': HOLIDAYS,
  'csv/schedules.csv': SCHEDULES,
  'csv/phases.csv': PHASES,
  'csv/currencies.csv': CURRENCIES,
  'csv/currency-holidays.csv': CCY_HOL,
  'csv/season-definitions.csv': SEASONS,
  'xlsx/markets.xlsx': new Uint8Array([1, 2, 3]),
};

function zip(overrides: Files = {}, base: Files = BASE): Uint8Array {
  const files: Zippable = {};
  for (const [name, v] of Object.entries({ ...base, ...overrides })) {
    if (v === null) continue;
    files[name] = typeof v === 'string' ? strToU8(v) : v instanceof Uint8Array ? v : strToU8(crlf(v));
  }
  return zipSync(files);
}

const info = { source: 'test', kind: 'file' as const, version: null, downloadedAt: null };

function catchErr(fn: () => unknown): LoaderError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(LoaderError);
    return e as LoaderError;
  }
  throw new Error('expected a LoaderError');
}

/** Loads through parse + build, returning the error. */
const loadErr = (overrides: Files) => catchErr(() => loadFromBytes(zip(overrides), info));
const replaceLine = (lines: string[], i: number, line: string) => lines.map((l, k) => (k === i ? line : l));

describe('parseArchive: reading the format', () => {
  it('strips the BOM, reads CRLF and quoted commas, normalizes headers', () => {
    const { tables } = parseArchive(zip());
    expect(tables.markets[0]).toMatchObject({
      fin_id: 'US.NYSE',
      exchange_name: 'New York Stock Exchange, Inc.',
      timezone: 'America/New_York',
      listing_tier: 'Tier 1',
    });
    expect(Object.keys(tables.markets[0]!)[0]).toBe('fin_id');
    expect(tables.phaseTypes![1]!.name).toBe('Primary Trading Session, No Settlement');
    expect(tables.holidays[2]!.memo).toBe('Memo, with comma');
  });

  it(
    'header names follow the rule literally: underscores it makes at the ends stay; padding of the cell does not ' +
      'count',
    () => {
      expect(normalizeHeader('Rank (Global)')).toBe('rank_global_');
      expect(normalizeHeader('(Note)')).toBe('_note_');
      expect(normalizeHeader('FinID')).toBe('fin_id');
      expect(normalizeHeader('\uFEFF In Force Start Date ')).toBe('in_force_start_date');
      expect(normalizeHeader('Memo__2')).toBe('memo__2');
      const { tables } = parseArchive(zip({ 'csv/markets.csv': ['FinID,Rank (Global), Padded ', 'US.NYSE,1,x'] }));
      expect(tables.markets[0]).toMatchObject({ fin_id: 'US.NYSE', rank_global_: '1', padded: 'x' });
    },
  );

  it('empty cell is null, Observed is a boolean, integers and HH:MM:SS times', () => {
    const { tables } = parseArchive(zip());
    expect(tables.markets[0]!.permanently_closed).toBeNull();
    // Only a cell that says OBS is true: the ' obs ' of the second row is not (docs/bulk-format.md §3).
    expect(tables.holidays.map((h) => h.observed)).toEqual([false, false, true]);
    const s = tables.schedules![0]!;
    expect(s).toMatchObject({
      start: '09:30:00',
      end: '16:00:00',
      offset_days: 0,
      duration: null,
      venue_note: 'floor',
    });
    expect(tables.schedules![1]!.offset_days).toBeNull();
    expect(tables.seasonDefinitions![0]!.year).toBe(2023);
    expect(tables.currencyHolidays![0]!.observed).toBe(false);
  });

  it('accepts LF line ends and files without BOM', () => {
    const { tables } = parseArchive(zip({ 'csv/markets.csv': `${MARKETS.join('\n')}\n` }));
    expect(tables.markets).toHaveLength(2);
  });

  it('tolerates the csv folder nested one level and ignores XLSX and other entries', () => {
    const nested: Files = {};
    for (const [k, v] of Object.entries(BASE)) nested[`bulk-2023/${k}`] = v;
    nested['README.txt'] = 'hello';
    const { tables } = parseArchive(zip({}, nested));
    expect(tables.markets).toHaveLength(2);
    expect(tables.schedules).toHaveLength(3);
  });

  it('missing schedules.csv → plan holidays_only; missing currencies.csv → no_currencies', () => {
    const a = loadFromBytes(
      zip({
        'csv/schedules.csv': null,
        'csv/phases.csv': null,
        'csv/currencies.csv': null,
        'csv/currency-holidays.csv': null,
      }),
      info,
    );
    expect(a.meta.plan).toBe('holidays_only');
    const b = loadFromBytes(zip({ 'csv/currencies.csv': null, 'csv/currency-holidays.csv': null }), info);
    expect(b.meta.plan).toBe('no_currencies');
    const c = loadFromBytes(zip(), info);
    expect(c.meta.plan).toBe('full');
    expect(parseArchive(zip({ 'csv/schedules.csv': null })).tables.schedules).toBeUndefined();
  });

  it(
    "country_code: a Country Code column's empty cell is null (not the FinID prefix); without the column, the " +
      'prefix',
    () => {
      const markets = ['FinID,Timezone,Country Code', 'US.NYSE,America/New_York,', 'US.OLD,America/New_York,XX'];
      const { dataset } = loadFromBytes(zip({ 'csv/markets.csv': markets }), info);
      expect(dataset.getMarket('US.NYSE').country_code).toBeNull();
      expect(dataset.getMarket('US.OLD', { follow: false }).country_code).toBe('XX');
      expect(loadFromBytes(zip(), info).dataset.getMarket('US.NYSE').country_code).toBe('US');
    },
  );

  it('unknown columns ride through to dataset records', () => {
    const { dataset } = loadFromBytes(zip(), info);
    expect(dataset.getMarket('US.NYSE').listing_tier).toBe('Tier 1');
    expect(
      dataset
        .listSchedules('US.NYSE')
        .find((s) => s.phase_name === 'Core Trading Session' && s.schedule_group === 'Regular')!.venue_note,
    ).toBe('floor');
  });

  it('fills meta', () => {
    const { meta } = loadFromBytes(zip(), { ...info, version: '"etag"', downloadedAt: '2023-01-01T00:00:00.000Z' });
    expect(meta).toMatchObject({
      source: 'test',
      kind: 'file',
      isSample: false,
      version: '"etag"',
      downloadedAt: '2023-01-01T00:00:00.000Z',
      plan: 'full',
    });
    expect(Number.isNaN(Date.parse(meta.loadedAt))).toBe(false);
  });
});

describe('errors name file, line and column', () => {
  it('markets.csv and holidays.csv are required', () => {
    expect(catchErr(() => parseArchive(zip({ 'csv/markets.csv': null })))).toMatchObject({
      code: 'data_invalid',
      file: 'csv/markets.csv',
    });
    expect(catchErr(() => parseArchive(zip({ 'csv/holidays.csv': null })))).toMatchObject({
      code: 'data_invalid',
      file: 'csv/holidays.csv',
    });
  });

  it('missing required column: markets without FinID, holidays without Date', () => {
    expect(loadErr({ 'csv/markets.csv': ['Exchange Name', 'NYSE'] })).toMatchObject({
      code: 'data_invalid',
      file: 'csv/markets.csv',
      line: 1,
      column: 'FinID',
    });
    expect(loadErr({ 'csv/holidays.csv': ['FinID,Holiday Name', 'US.NYSE,X'] })).toMatchObject({
      code: 'data_invalid',
      file: 'csv/holidays.csv',
      line: 1,
      column: 'Date',
    });
  });
});

/** Loads with one bad row; answers the warnings and the dataset. */
const loadBad = (overrides: Files) => loadFromBytes(zip(overrides), info);
/** The data error a query answers. */
function dataErr(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    expect((e as { code?: string }).code).toBe('data_error');
    return e as Error;
  }
  throw new Error('expected a data error');
}

describe(
  'bad rows load as warnings naming file, line and column; only the dates of their market they touch answer a ' +
    'data error',
  () => {
    const cases: [string, Files, { file: string; line: number; column?: string }, RegExp][] = [
      [
        'malformed holiday date (not a real date)',
        { 'csv/holidays.csv': replaceLine(HOLIDAYS, 2, 'US.NYSE,2023-11-31,X,Closed,No,,,Closed') },
        { file: 'csv/holidays.csv', line: 3, column: 'Date' },
        /2023-11-31/,
      ],
      [
        'malformed holiday date (another order)',
        { 'csv/holidays.csv': replaceLine(HOLIDAYS, 1, 'US.NYSE,23/11/2023,X,Closed,No,,,Closed') },
        { file: 'csv/holidays.csv', line: 2, column: 'Date' },
        /23\/11\/2023/,
      ],
      [
        'malformed time',
        {
          'csv/schedules.csv': replaceLine(
            SCHEDULES,
            2,
            'US.NYSE,Regular,,America/New_York,Primary Trading Session,X,,Mon-Fri,9h30,16:00,0,,,,,,,,,,',
          ),
        },
        { file: 'csv/schedules.csv', line: 3, column: 'Start' },
        /9h30/,
      ],
      [
        'non-integer Offset Days',
        {
          'csv/schedules.csv': replaceLine(
            SCHEDULES,
            3,
            'US.NYSE,Partial,,America/New_York,Primary Trading Session,X,,Mon-Fri,09:30,13:00,1.5,,,,,,,,,,',
          ),
        },
        { file: 'csv/schedules.csv', line: 4, column: 'Offset Days' },
        /1\.5/,
      ],
      [
        'unknown phase type',
        {
          'csv/schedules.csv': replaceLine(
            SCHEDULES,
            3,
            'US.NYSE,Partial,,America/New_York,Lunch Break,X,,Mon-Fri,09:30,13:00,0,,,,,,,,,,',
          ),
        },
        { file: 'csv/schedules.csv', line: 4, column: 'Phase Type' },
        /'Lunch Break'/,
      ],
      [
        'bad Days',
        {
          'csv/schedules.csv': replaceLine(
            SCHEDULES,
            3,
            'US.NYSE,Partial,,America/New_York,Primary Trading Session,X,,Mon-Fry,09:30,13:00,0,,,,,,,,,,',
          ),
        },
        { file: 'csv/schedules.csv', line: 4, column: 'Days' },
        /Mon-Fry/,
      ],
      [
        'unknown time zone',
        {
          'csv/schedules.csv': replaceLine(
            SCHEDULES,
            3,
            'US.NYSE,Partial,,Mars/Olympus,Primary Trading Session,X,,Mon-Fri,09:30,13:00,0,,,,,,,,,,',
          ),
        },
        { file: 'csv/schedules.csv', line: 4, column: 'Timezone' },
        /Mars\/Olympus/,
      ],
      [
        'a line with too few fields names the first missing column',
        { 'csv/holidays.csv': [...HOLIDAYS, 'US.NYSE,2025-01-01,Too,Few'] },
        { file: 'csv/holidays.csv', line: 5, column: 'Settlement' },
        /4 fields but the header has 8 \(the first missing is column 5\)/,
      ],
      [
        'a line with too many fields names the first extra one by position',
        { 'csv/holidays.csv': [...HOLIDAYS, 'US.NYSE,2025-01-01,Too,Closed,No,,,Closed,many'] },
        { file: 'csv/holidays.csv', line: 5, column: '#9' },
        /9 fields but the header has 8 \(the first extra is field 9\)/,
      ],
      [
        'a market listed twice with different cells',
        { 'csv/markets.csv': [...MARKETS, 'us.nyse,Again,America/New_York,Sat-Sun,,,,'] },
        { file: 'csv/markets.csv', line: 4, column: 'FinID' },
        /listed twice/,
      ],
    ];
    /** Rows whose date reads (2025-01-01, outside the coverage they do not widen): only that date's listing fails. */
    const dated = new Set([
      'a line with too few fields names the first missing column',
      'a line with too many fields names the first extra one by position',
    ]);
    for (const [what, files, place, message] of cases) {
      it(what, () => {
        const { meta, dataset } = loadBad(files);
        const w = meta.warnings.find((x) => x.market === 'US.NYSE');
        expect(w, JSON.stringify(meta.warnings)).toMatchObject(place);
        expect(w!.message).toMatch(message);
        if (dated.has(what))
          expect(dataset.generatePhases('US.NYSE', '2023-11-23', '2023-11-24').length).toBeGreaterThan(0);
        // Coverage is checked first, as if the bad row were absent: the range lies inside it.
        const e = dataErr(() =>
          dated.has(what)
            ? dataset.listHolidays('US.NYSE', '2025-01-01', '2025-01-01')
            : dataset.generatePhases('US.NYSE', '2023-11-27', '2023-11-28'),
        );
        expect(e.message).toContain(`${place.file}, line ${place.line}`);
        expect(e.message).toMatch(message);
        // The other market still answers.
        expect(dataset.getMarket('US.OLD', { follow: false }).fin_id).toBe('US.OLD');
      });
    }

    // Was a bad row failing every date of the market; docs/semantics.md §4 step 3 makes it a data
    // error of the dates that need the season, naming season and year.
    it(
      'a season name with no definition: a warning, and a data error naming season and year for the dates that need ' +
        'it',
      () => {
        const { meta, dataset } = loadBad({
          'csv/schedules.csv': replaceLine(
            SCHEDULES,
            1,
            'US.NYSE,Regular,,America/New_York,Primary Trading ' +
              'Session,X,,Mon-Fri,09:30,16:00,0,,,,,,2024-01-01,,Summer ' +
              'Start,Summer Finish,',
          ),
        });
        expect(meta.warnings).toContainEqual(
          expect.objectContaining({
            file: 'csv/schedules.csv',
            line: 2,
            column: 'Season End',
            market: 'US.NYSE',
            message: expect.stringContaining("'Summer Finish' has no definition"),
          }),
        );
        const e = dataErr(() => dataset.generatePhases('US.NYSE', '2024-03-04', '2024-03-04'));
        expect(e.message).toBe(
          "csv/schedules.csv, line 2: season 'Summer Start' has no definition for 2024 in season-definitions.csv",
        );
        // Out of force in 2023: those dates answer.
        expect(dataset.generatePhases('US.NYSE', '2023-11-27', '2023-11-27').map((p) => p.phase_name)).toEqual([
          'Late',
        ]);
      },
    );

    it('a badly quoted field is a bad row of its line (the record ends with its line), not a refused archive', () => {
      const holidays = [
        ...HOLIDAYS.slice(0, 3),
        'US.NYSE,2023-05-08,"Coronation" of King,Closed,No,,,Closed',
        'US.OLD,2023-05-09,"Late" "name",Closed,No,,,Closed',
        HOLIDAYS[3]!,
      ];
      const { meta, dataset } = loadFromBytes(zip({ 'csv/holidays.csv': holidays }), info);
      const { tables } = parseArchive(zip({ 'csv/holidays.csv': holidays }));
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({
          file: 'csv/holidays.csv',
          line: 4,
          column: 'Holiday Name',
          market: 'US.NYSE',
          message: expect.stringContaining('malformed quoting'),
        }),
      );
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({ file: 'csv/holidays.csv', line: 5, column: 'Holiday Name', market: 'US.OLD' }),
      );
      // The cell reads as written; the lines after it read normally.
      expect(tables.holidays.map((h) => h.holiday_name)).toEqual([
        'Thanksgiving Day',
        'Thanksgiving Day',
        '"Coronation" of King',
        '"Late" "name"',
        'Christmas',
      ]);
      expect(tables.holidays[2]).toMatchObject({ status: 'Closed', memo: null });
      expect(dataErr(() => dataset.listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).message).toContain(
        "csv/holidays.csv, line 4, column 'Holiday Name': malformed quoting",
      );
      // Its date reads (2023-05-08): it touches that date alone.
      expect(dataset.generatePhases('US.NYSE', '2023-11-24', '2023-11-24').length).toBeGreaterThan(0);
    });

    it(
      'a quote never closed, or a malformed one after a field spanning lines, refuses the file (its records cannot ' +
        'be ' +
        'told apart)',
      () => {
        const open = [
          ...HOLIDAYS.slice(0, 2),
          'US.NYSE,2023-05-08,"Coronation of King,Closed,No,,,Closed',
          HOLIDAYS[3]!,
        ];
        expect(loadErr({ 'csv/holidays.csv': open })).toMatchObject({
          code: 'data_invalid',
          file: 'csv/holidays.csv',
          message: expect.stringContaining('malformed quoting'),
        });
        const spanning = [
          ...HOLIDAYS.slice(0, 2),
          'US.NYSE,2023-05-08,"Coronation of King,Closed,No,,,Closed',
          'US.NYSE,2024-12-25,"Christmas" Day,Closed,No,,,Closed',
        ];
        expect(loadErr({ 'csv/holidays.csv': spanning })).toMatchObject({
          code: 'data_invalid',
          file: 'csv/holidays.csv',
          line: 3,
          message: expect.stringContaining('malformed quoting'),
        });
      },
    );

    it(
      'bytes that are not UTF-8 in one row: that row is a bad row naming its column, read with U+FFFD; in the header ' +
        'they refuse the file',
      () => {
        const bytes = (lines: string[], bad: string) => {
          const text = crlf(lines);
          const at = text.indexOf(bad);
          return Buffer.concat([
            Buffer.from(text.slice(0, at)),
            Buffer.from([0x43, 0x61, 0x66, 0xe9]),
            Buffer.from(text.slice(at + bad.length)),
          ]);
        };
        const holidays = [...HOLIDAYS.slice(0, 3), 'US.NYSE,2023-05-09,@@,Closed,No,,,Closed', HOLIDAYS[3]!];
        const { meta, dataset } = loadFromBytes(zip({ 'csv/holidays.csv': bytes(holidays, '@@') }), info);
        const { tables } = parseArchive(zip({ 'csv/holidays.csv': bytes(holidays, '@@') }));
        expect(meta.warnings).toContainEqual(
          expect.objectContaining({
            file: 'csv/holidays.csv',
            line: 4,
            column: 'Holiday Name',
            market: 'US.NYSE',
            message: expect.stringContaining('not valid UTF-8'),
          }),
        );
        expect(tables.holidays[2]!.holiday_name).toBe('Caf\uFFFD');
        expect(dataErr(() => dataset.listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).message).toContain(
          "line 4, column 'Holiday Name': not valid UTF-8",
        );
        expect(tables.holidays.map((h) => h.holiday_name)).toEqual([
          'Thanksgiving Day',
          'Thanksgiving Day',
          'Caf\uFFFD',
          'Christmas',
        ]);
        expect(
          loadErr({ 'csv/holidays.csv': bytes(['FinID,Date,Holiday @@', ...HOLIDAYS.slice(1)], '@@') }),
        ).toMatchObject({
          code: 'data_invalid',
          file: 'csv/holidays.csv',
          line: 1,
          message: expect.stringContaining('not valid UTF-8'),
        });
      },
    );

    it('a malformed season year is a warning; rows using that season fail only for that year', () => {
      const { meta } = loadBad({ 'csv/season-definitions.csv': ['Season,Year,Date', 'Summer Start,two,2023-04-01'] });
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({ file: 'csv/season-definitions.csv', line: 2, column: 'Year' }),
      );
    });

    it('a holiday for a market not in the data is a warning that affects no market', () => {
      const { meta, dataset } = loadBad({
        'csv/holidays.csv': [...HOLIDAYS, 'US.NOPE,2023-01-02,X,Closed,No,,,Closed'],
      });
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({ file: 'csv/holidays.csv', line: 5, column: 'FinID' }),
      );
      expect(meta.warnings.some((w) => w.market)).toBe(false);
      expect(dataset.generatePhases('US.NYSE', '2023-11-23', '2023-11-24').length).toBeGreaterThan(0);
    });

    it('a file mixing LF and CRLF line endings reads every cell without a stray carriage return', () => {
      const mixed = BOM + HOLIDAYS.map((l, i) => l + (i % 2 ? '\r\n' : '\n')).join('');
      const { tables } = parseArchive(zip({ 'csv/holidays.csv': mixed }));
      expect(tables.holidays.map((h) => h.status)).toEqual(['Closed', 'Open', 'Closed']);
      const { dataset } = loadFromBytes(zip({ 'csv/holidays.csv': mixed }), info);
      expect(dataset.listDays('US.NYSE', '2023-11-24', '2023-11-24')[0]!.is_open).toBe(true);
      // Old Mac line ends (CR alone) read too.
      const cr = `${BOM + HOLIDAYS.join('\r')}\r`;
      expect(parseArchive(zip({ 'csv/holidays.csv': cr })).tables.holidays.map((h) => h.status)).toEqual([
        'Closed',
        'Open',
        'Closed',
      ]);
    });

    // Was: identical duplicates collapse to one; then: the listing failed too. docs/bulk-format.md §5.5 keeps
    // both rows in listings and fails what is computed from the date.
    it('identical duplicate rows are a duplicate key: both listed, the date a data error naming both lines', () => {
      const { meta, dataset } = loadBad({ 'csv/holidays.csv': [...HOLIDAYS, HOLIDAYS[1]!] });
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({
          file: 'csv/holidays.csv',
          line: 5,
          column: 'Date',
          market: 'US.NYSE',
          message: expect.stringContaining('duplicate key (FinID, Date): two identical holiday rows'),
        }),
      );
      expect(dataset.listHolidays('US.NYSE', '2023-11-23', '2023-11-23')).toHaveLength(2);
      expect(dataErr(() => dataset.listDays('US.NYSE', '2023-11-23', '2023-11-23')).message).toContain(
        "csv/holidays.csv, line 5, column 'Date': duplicate key (FinID, Date): two identical holiday rows for " +
          'US.NYSE on 2023-11-23 (also csv/holidays.csv, line 2)',
      );
      expect(dataset.getMarket('US.OLD', { follow: false }).fin_id).toBe('US.OLD');
    });

    it('replaced_by naming no market is a warning (documented choice), mapped to the file and column', () => {
      const { meta, dataset } = loadFromBytes(
        zip({
          'csv/markets.csv': replaceLine(
            MARKETS,
            2,
            'US.OLD,Old Exchange,America/New_York,Sat-Sun,,2010-01-01,US.GONE,',
          ),
        }),
        info,
      );
      expect(dataset.getMarketByFinId('US.OLD', { follow: false }).fin_id).toBe('US.OLD');
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({
          file: 'csv/markets.csv',
          column: 'Replaced By',
          message: expect.stringContaining('US.GONE'),
        }),
      );
    });

    it('odd Observed values warn (read as false)', () => {
      const { meta } = loadFromBytes(
        zip({
          'csv/holidays.csv': replaceLine(HOLIDAYS, 1, 'US.NYSE,2023-11-23,Thanksgiving Day,Closed,No,Yes,,Closed'),
        }),
        info,
      );
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({ file: 'csv/holidays.csv', line: 2, column: 'Observed' }),
      );
    });

    it("Observed is true only when the cell says OBS: 'obs' and ' OBS ' are odd values (false, one warning)", () => {
      const lines = [
        'FinID,Date,Holiday Name,Schedule,Settlement,Observed,Memo,Status',
        'US.NYSE,2023-11-23,A,Closed,No,obs,,Closed',
        'US.NYSE,2023-11-24,B,Closed,No, OBS ,,Closed',
        'US.NYSE,2024-12-25,C,Closed,No,OBS,,Closed',
      ];
      const { meta, dataset } = loadFromBytes(zip({ 'csv/holidays.csv': lines }), info);
      expect(dataset.listHolidays('US.NYSE', '2023-01-01', '2024-12-31').map((h) => h.observed)).toEqual([
        false,
        false,
        true,
      ]);
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({
          file: 'csv/holidays.csv',
          line: 2,
          column: 'Observed',
          message: expect.stringContaining('2 Observed cell(s)'),
        }),
      );
    });

    it('unknown CSV files and empty header cells are warnings', () => {
      const { warnings, tables } = parseArchive(
        zip({ 'csv/extra-table.csv': ['A', '1'], 'csv/mic-mapping.csv': ['MIC,FinID,', 'XNYS,US.NYSE,'] }),
      );
      expect(warnings.map((w) => w.message).join('\n')).toContain('csv/extra-table.csv');
      expect(warnings).toContainEqual(expect.objectContaining({ file: 'csv/mic-mapping.csv', line: 1 }));
      expect(tables.micMapping).toEqual([{ mic: 'XNYS', fin_id: 'US.NYSE' }]);
    });

    it('the same table twice at the same depth is refused', () => {
      expect(
        catchErr(() =>
          parseArchive(zip({ 'a/csv/phases.csv': PHASES, 'b/csv/phases.csv': PHASES, 'csv/phases.csv': null })),
        ).code,
      ).toBe('archive_invalid');
    });

    it('buildDataset on tables without source info names tables and rows instead of files', () => {
      const tables = parseArchive(zip()).tables;
      const copy = {
        ...tables,
        sources: undefined,
        markets: [...tables.markets, { fin_id: 'US.NYSE', timezone: 'UTC' }],
      };
      const w: LoadWarning[] = [];
      const ds = buildDataset(copy, w);
      expect(w).toContainEqual(
        expect.objectContaining({ market: 'US.NYSE', message: expect.stringContaining('markets, row 3') }),
      );
      expect(ds.plan).toBe('full');
    });
  },
);

describe('untrusted archives', () => {
  it('refuses path traversal and absolute entry names', () => {
    expect(catchErr(() => parseArchive(zip({ '../evil.csv': 'x' })))).toMatchObject({ code: 'archive_invalid' });
    expect(catchErr(() => parseArchive(zip({ 'csv/../../markets.csv': 'x' })))).toMatchObject({
      code: 'archive_invalid',
    });
    expect(catchErr(() => parseArchive(zip({ '/etc/passwd': 'x' })))).toMatchObject({ code: 'archive_invalid' });
  });

  it('not a zip, empty, truncated → archive_invalid', () => {
    expect(catchErr(() => parseArchive(strToU8('FinID,Date\nUS.NYSE,2023-01-01\n'))).code).toBe('archive_invalid');
    expect(catchErr(() => parseArchive(new Uint8Array(0))).code).toBe('archive_invalid');
    const full = zip();
    for (const n of [Math.floor(full.length / 2), full.length - 10, 100]) {
      const e = catchErr(() => parseArchive(full.subarray(0, n)));
      expect(e.code).toBe('archive_invalid');
      expect(e.message).toMatch(/ZIP/);
    }
  });

  it('damaged compressed data → archive_invalid', () => {
    const full = zip().slice();
    // Flip bytes inside the first entry's data (after its 30-byte header and name).
    for (let i = 60; i < 90; i++) full[i] = full[i]! ^ 0xff;
    expect(catchErr(() => parseArchive(full)).code).toBe('archive_invalid');
  });

  /** `bytes` with the CRC-32 that the central directory declares for `name` changed. */
  const wrongCrc = (bytes: Uint8Array, name: string) => {
    const out = bytes.slice();
    const view = new DataView(out.buffer);
    for (let p = out.length - 22; p > 0; p--) {
      if (
        view.getUint32(p, true) === 0x02014b50 &&
        new TextDecoder().decode(out.subarray(p + 46, p + 46 + view.getUint16(p + 28, true))) === name
      ) {
        view.setUint32(p + 16, view.getUint32(p + 16, true) ^ 1, true);
      }
    }
    return out;
  };

  it('a CRC mismatch is archive_invalid, even when the file also has a bad record', () => {
    expect(catchErr(() => parseArchive(wrongCrc(zip(), 'csv/holidays.csv'))).message).toMatch(
      /CRC mismatch in csv\/holidays.csv/,
    );
    const badQuote = zip({
      'csv/markets.csv': replaceLine(MARKETS, 1, 'US.NYSE,"unterminated,America/New_York,Sat-Sun,XNYS,,,'),
    });
    expect(catchErr(() => parseArchive(badQuote)).code).toBe('data_invalid');
    expect(catchErr(() => parseArchive(wrongCrc(badQuote, 'csv/markets.csv'))).code).toBe('archive_invalid');
  });

  // h/rows made bytes that are not UTF-8 a bad row of their line (docs/bulk-format.md §5), where
  // this test once pinned them refusing the whole file ahead of its bad records. The streamed
  // reading meets them past its first pieces, so the entry is inflated again whole and read
  // through repairRows; a quote never closed before them still refuses the file.
  it(
    'bytes that are not UTF-8 far into a file make a bad row, as when the file is read whole; a quote never closed ' +
      'still refuses it',
    () => {
      const day = (i: number) => new Date(Date.UTC(1990, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const pad = Array.from({ length: 6000 }, (_, i) => `US.NYSE,${day(i)},Padding Day ${i},Closed,No,,,Closed`);
      const withBad = (lines: string[], tail: Uint8Array) => Buffer.concat([Buffer.from(crlf(lines)), tail]);
      const cafe = Uint8Array.from([...strToU8('US.NYSE,2023-05-09,Caf'), 0xe9, ...strToU8(',Closed,No,,,Closed\r\n')]);
      const holidays = withBad([HOLIDAYS[0]!, ...pad], cafe);
      expect(holidays.length).toBeGreaterThan(200_000);
      const { tables } = parseArchive(zip({ 'csv/holidays.csv': holidays }));
      expect(tables.holidays).toHaveLength(6001);
      expect(tables.holidays[6000]!.holiday_name).toBe('Caf\uFFFD');
      expect(tables.rowFaults).toContainEqual({
        table: 'holidays',
        row: 6000,
        column: 'holiday_name',
        message: expect.stringContaining('not valid UTF-8'),
      });
      // Packed (as loadFromBytes reads holidays) the same rows come out.
      expect(readArchive(zip({ 'csv/holidays.csv': holidays }), {}, true).packed?.holidays?.count).toBe(6001);
      const { meta } = loadFromBytes(zip({ 'csv/holidays.csv': holidays }), info);
      expect(meta.warnings).toContainEqual(
        expect.objectContaining({
          file: 'csv/holidays.csv',
          line: 6002,
          column: 'Holiday Name',
          market: 'US.NYSE',
          message: expect.stringContaining('not valid UTF-8'),
        }),
      );
      const unterminated = withBad(
        [HOLIDAYS[0]!, 'US.NYSE,2023-05-08,"Coronation of King,Closed,No,,,Closed', ...pad],
        cafe,
      );
      expect(catchErr(() => parseArchive(zip({ 'csv/holidays.csv': unterminated })))).toMatchObject({
        code: 'data_invalid',
        line: 2,
        message: expect.stringContaining('malformed quoting'),
      });
      // A sequence cut by the end of the file is invalid too: its cell reads with U+FFFD.
      const cut = strToU8(`${crlf(MARKETS)}XX.CUT,Caf€`).subarray(0, -1);
      const cutTables = parseArchive(zip({ 'csv/markets.csv': cut })).tables;
      expect(cutTables.markets[2]!.exchange_name).toBe('Caf\uFFFD');
      expect(cutTables.rowFaults).toContainEqual(
        expect.objectContaining({
          table: 'markets',
          row: 2,
          column: 'exchange_name',
          message: expect.stringContaining('not valid UTF-8'),
        }),
      );
    },
  );

  it('a CRC mismatch is archive_invalid, even when the file also has a row to repair', () => {
    const badByte = Buffer.concat([
      Buffer.from(crlf(HOLIDAYS)),
      Uint8Array.from([...strToU8('US.NYSE,2023-05-09,Caf'), 0xe9, ...strToU8(',Closed,No,,,Closed\r\n')]),
    ]);
    expect(parseArchive(zip({ 'csv/holidays.csv': badByte })).tables.holidays).toHaveLength(4);
    expect(catchErr(() => parseArchive(wrongCrc(zip({ 'csv/holidays.csv': badByte }), 'csv/holidays.csv'))).code).toBe(
      'archive_invalid',
    );
    const badQuote = zip({
      'csv/holidays.csv': [...HOLIDAYS, 'US.NYSE,2023-05-08,"Coronation" of King,Closed,No,,,Closed'],
    });
    expect(parseArchive(badQuote).tables.holidays).toHaveLength(4);
    expect(catchErr(() => parseArchive(wrongCrc(badQuote, 'csv/holidays.csv'))).code).toBe('archive_invalid');
  });

  it('stored (uncompressed) entries read as deflated ones', () => {
    const stored = zipSync(
      Object.fromEntries(
        Object.entries(BASE).map(([n, v]) => [
          n,
          [
            typeof v === 'string' ? strToU8(v) : v instanceof Uint8Array ? v : strToU8(crlf(v as string[])),
            { level: 0 },
          ],
        ]),
      ) as Zippable,
    );
    expect(parseArchive(stored)).toEqual(parseArchive(zip()));
    expect(catchErr(() => parseArchive(wrongCrc(stored, 'csv/holidays.csv'))).code).toBe('archive_invalid');
  });

  it('the cap on inflated bytes counts every file read', () => {
    const sizes = Object.fromEntries(
      ['csv/markets.csv', 'csv/holidays.csv'].map((n) => [
        n,
        strToU8(crlf(n.includes('markets') ? MARKETS : HOLIDAYS)).length,
      ]),
    );
    const both = sizes['csv/markets.csv']! + sizes['csv/holidays.csv']!;
    const two = zip({}, { 'csv/markets.csv': MARKETS, 'csv/holidays.csv': HOLIDAYS });
    expect(parseArchive(two, { maxUncompressedBytes: both }).tables.holidays).toHaveLength(3);
    expect(catchErr(() => parseArchive(two, { maxUncompressedBytes: both - 1 })).code).toBe('too_large');
  });

  it('declared size above the cap → too_large before inflating', () => {
    const e = catchErr(() => parseArchive(zip(), { maxUncompressedBytes: 100 }));
    expect(e.code).toBe('too_large');
  });

  it('a ZIP bomb that lies about its size fails fast with too_large', () => {
    // 64 MiB of zeros deflate to ~64 KiB; rewrite the declared size to look harmless.
    const zeros = new Uint8Array(64 * 1024 * 1024);
    const bomb = zipSync({ 'csv/markets.csv': zeros, 'csv/holidays.csv': strToU8(crlf(HOLIDAYS)) }, { level: 9 });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    // Central directory entries: patch the uncompressed size of markets.csv to 1000 bytes.
    for (let p = bomb.length - 22; p > 0; p--) {
      if (view.getUint32(p, true) === 0x02014b50) {
        const nameLen = view.getUint16(p + 28, true);
        const name = new TextDecoder().decode(bomb.subarray(p + 46, p + 46 + nameLen));
        if (name === 'csv/markets.csv') view.setUint32(p + 24, 1000, true);
      }
    }
    // Fast means little work, counted in bytes rather than ms: the compressed bytes pushed into
    // the inflater stop at the first piece past the declared size, far short of the ~64 KiB entry.
    let pushed = 0;
    const inflatePush = Inflate.prototype.push;
    const push = vi.spyOn(Inflate.prototype, 'push').mockImplementation(function (
      this: Inflate,
      chunk: Uint8Array,
      final?: boolean,
    ) {
      pushed += chunk.length;
      inflatePush.call(this, chunk, final);
    });
    try {
      const e = catchErr(() => parseArchive(bomb));
      expect(e.code).toBe('too_large');
    } finally {
      push.mockRestore();
    }
    expect(pushed).toBeGreaterThan(0);
    expect(pushed).toBeLessThan(bomb.length / 4);
  });

  it('declared 600 MiB is refused under the default 512 MiB cap without inflating anything', () => {
    const small = zip().slice();
    const view = new DataView(small.buffer);
    for (let p = small.length - 22; p > 0; p--) {
      if (view.getUint32(p, true) === 0x02014b50) {
        const nameLen = view.getUint16(p + 28, true);
        if (new TextDecoder().decode(small.subarray(p + 46, p + 46 + nameLen)) === 'csv/holidays.csv')
          view.setUint32(p + 24, 600 * 1024 * 1024, true);
      }
    }
    const e = catchErr(() => parseArchive(small));
    expect(e.code).toBe('too_large');
    expect(e.message).toContain('512 MiB');
  });

  it('an honest but huge archive is refused by the declared-size check with a small cap', () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const big = zipSync({ 'csv/markets.csv': zeros, 'csv/holidays.csv': strToU8(crlf(HOLIDAYS)) }, { level: 9 });
    expect(big.length).toBeLessThan(200_000);
    expect(catchErr(() => parseArchive(big, { maxUncompressedBytes: 1024 * 1024 })).code).toBe('too_large');
  });
});
