// Checks on the committed sample dataset that need no engine: the files are what the generator
// makes, they follow the bulk format, and the facts they encode match published calendars.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import * as generator from '../src/generate.mjs';

type Row = Record<string, string>;

const dataDir = fileURLToPath(new URL('../data/', import.meta.url));
const csvDir = join(dataDir, 'sample', 'csv');

/** A small RFC 4180 reader, independent of the loader under test. */
function parseCsv(text: string): Row[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length) throw new Error('file does not end with CRLF');
  const [header, ...rows] = records;
  return rows.map((r) => {
    if (r.length !== header!.length) throw new Error(`row has ${r.length} fields, header ${header!.length}`);
    return Object.fromEntries(header!.map((h, i) => [h, r[i]!]));
  });
}

const raw: Record<string, string> = {};
const t: Record<string, Row[]> = {};
function table(name: string): Row[] {
  t[name] ??= parseCsv(raw[name]!.slice(1));
  return t[name]!;
}

beforeAll(() => {
  for (const f of readdirSync(csvDir)) raw[f] = readFileSync(join(csvDir, f), 'utf8');
});

const NYSE_2023 = [
  '2023-01-02',
  '2023-01-16',
  '2023-02-20',
  '2023-04-07',
  '2023-05-29',
  '2023-06-19',
  '2023-07-04',
  '2023-09-04',
  '2023-11-23',
  '2023-12-25',
];
const NYSE_2022 = [
  '2022-01-17',
  '2022-02-21',
  '2022-04-15',
  '2022-05-30',
  '2022-06-20',
  '2022-07-04',
  '2022-09-05',
  '2022-11-24',
  '2022-12-26',
];
const NYSE_2021 = [
  '2021-01-01',
  '2021-01-18',
  '2021-02-15',
  '2021-04-02',
  '2021-05-31',
  '2021-07-05',
  '2021-09-06',
  '2021-11-25',
  '2021-12-24',
];
const NYSE_2024 = [
  '2024-01-01',
  '2024-01-15',
  '2024-02-19',
  '2024-03-29',
  '2024-05-27',
  '2024-06-19',
  '2024-07-04',
  '2024-09-02',
  '2024-11-28',
  '2024-12-25',
];
const NYSE_SPECIAL = [
  '2001-09-11',
  '2001-09-12',
  '2001-09-13',
  '2001-09-14',
  '2004-06-11',
  '2007-01-02',
  '2012-10-29',
  '2012-10-30',
  '2018-12-05',
  '2025-01-09',
];

describe('generator output', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'openbell-sample-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('regenerating into a temp dir gives byte-identical files and zip', () => {
    generator.writeSample(tmp);
    const names = readdirSync(join(tmp, 'sample', 'csv')).sort();
    expect(names).toEqual(readdirSync(csvDir).sort());
    for (const n of names) {
      expect(readFileSync(join(tmp, 'sample', 'csv', n)).equals(readFileSync(join(csvDir, n))), n).toBe(true);
    }
    expect(readFileSync(join(tmp, 'sample.zip')).equals(readFileSync(join(dataDir, 'sample.zip')))).toBe(true);
  });

  it('the zip holds README.txt and csv/ with the same files', () => {
    const zip = unzipSync(readFileSync(join(dataDir, 'sample.zip')));
    expect(strFromU8(zip['README.txt']!)).toMatch(/OPEN DATA/);
    expect(strFromU8(zip['README.txt']!)).toMatch(/NOT vendor data/);
    const csvs = Object.keys(zip)
      .filter((k) => k.startsWith('csv/'))
      .sort();
    expect(csvs).toEqual(
      readdirSync(csvDir)
        .sort()
        .map((n) => `csv/${n}`),
    );
    // Compare bytes: a text decoder would drop the byte-order mark.
    for (const k of csvs) expect(Buffer.from(zip[k]!).equals(readFileSync(join(csvDir, k.slice(4)))), k).toBe(true);
    expect(readFileSync(join(dataDir, 'sample.zip')).length).toBeLessThan(1_000_000);
  });
});

describe('bulk format', () => {
  it('every file starts with a BOM, uses CRLF only and has title-case headers', () => {
    const expected: Record<string, string> = {
      'markets.csv':
        'FinID,Exchange Name,Market Name,Security Group,Timezone,Weekend Definition,MIC,Acronym,Asset ' +
        'Type,Memo,Permanently Closed,Replaced By',
      'holidays.csv': 'FinID,Date,Holiday Name,Schedule,Settlement,Observed,Memo,Status',
      'schedules.csv':
        'FinID,Schedule Group,Schedule Group Memo,Timezone,Phase Type,Phase Name,Phase Memo,Days,Start,End,Offset ' +
        'Days,Duration,Min Start,Max Start,Min End,Max End,In Force Start Date,In Force End Date,Season ' +
        'Start,Season End',
      'phases.csv': 'Name,Status,Settlement,Closing Price',
      'mic-mapping.csv': 'MIC,FinID',
      'season-definitions.csv': 'Season,Year,Date',
      'currencies.csv':
        'Currency Code,Currency Name,Country Code,Central Bank,Financial Capital,Financial Capital Timezone,Weekend ' +
        'Definition',
      'currency-holidays.csv': 'Currency Code,Date,Holiday Name,Settlement,Observed,Memo',
      'regional-holidays.csv': 'Calendar,Country,Date,Name,Type,Memo',
    };
    expect(Object.keys(raw).sort()).toEqual(Object.keys(expected).sort());
    for (const [f, header] of Object.entries(expected)) {
      const text = raw[f]!;
      expect(text.startsWith('\uFEFF'), f).toBe(true);
      expect(text.slice(1).split('\r\n')[0], f).toBe(header);
      expect(text.replaceAll('\r\n', ''), f).not.toMatch(/[\r\n]/);
    }
  });

  it('quotes names that contain commas', () => {
    expect(raw['phases.csv']).toContain('"Primary Trading Session, No Settlement",Open,No,No');
    expect(table('phases.csv').map((p) => p.Name)).toContain('Primary Trading Session, No Closing Price');
  });

  it('dates, times, integers and flags are well formed', () => {
    const date = /^\d{4}-\d{2}-\d{2}$/;
    for (const h of table('holidays.csv')) {
      expect(h.Date).toMatch(date);
      expect(['OBS', '']).toContain(h.Observed);
      expect(['Open', 'Closed']).toContain(h.Status);
      expect(['Yes', 'No']).toContain(h.Settlement);
      if (h.Schedule === 'Closed') expect([h.Status, h.Settlement]).toEqual(['Closed', 'No']);
    }
    for (const s of table('schedules.csv')) {
      expect(s.Start).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(s.End).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      const secs = (x: string) => x.split(':').reduce((a, p) => a * 60 + Number(p), 0);
      expect(Number(s.Duration), `${s.FinID} ${s['Phase Name']}`).toBe(
        secs(s.End!) - secs(s.Start!) + 86400 * Number(s['Offset Days']),
      );
      for (const k of ['In Force Start Date', 'In Force End Date']) if (s[k]) expect(s[k]).toMatch(date);
    }
    for (const s of table('season-definitions.csv')) {
      expect(s.Date).toMatch(date);
      expect(s.Date!.slice(0, 4)).toBe(s.Year);
    }
  });

  it('Days values parse, and every phase type used is in phases.csv', () => {
    const types = new Set(table('phases.csv').map((p) => p.Name));
    for (const s of table('schedules.csv')) {
      const day = '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
      expect(s.Days).toMatch(new RegExp(`^${day}(-${day})?(,${day}(-${day})?)*$`));
      expect(generator.parseDays(s.Days).size).toBeGreaterThan(0);
      expect(types.has(s['Phase Type']!), s['Phase Type']).toBe(true);
    }
    expect([...generator.parseDays('Fri-Mon')].sort()).toEqual([0, 1, 5, 6]);
    expect([...generator.parseDays('Sun-Thu')].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('phases.csv has every phase type of the published table', () => {
    expect(table('phases.csv').map((p) => p.Name)).toEqual([
      'Primary Trading Session',
      'Primary Trading Session, No Settlement',
      'Primary Trading Session, No Closing Price',
      'Pre-Trading Session',
      'Post-Trading Session',
      'Pre-Open',
      'Pre-Close',
      'Call Auction',
      'Intermission',
      'Trading-at-Last',
      'Order Collection Period',
      'Settlement Window',
      'Other',
    ]);
  });
});

describe('coverage and consistency', () => {
  it('has at least 12 markets, each with a timezone, a MIC mapping and holidays in every year 2000-2030', () => {
    const markets = table('markets.csv');
    expect(markets.length).toBeGreaterThanOrEqual(12);
    const mapped = new Set(table('mic-mapping.csv').map((m) => m.FinID));
    for (const m of markets) {
      expect(m.Timezone, m.FinID).not.toBe('');
      expect(mapped.has(m.FinID!), m.FinID).toBe(true);
      const years = new Set(
        table('holidays.csv')
          .filter((h) => h.FinID === m.FinID)
          .map((h) => h.Date!.slice(0, 4)),
      );
      for (let y = 2000; y <= 2030; y++) expect(years.has(String(y)), `${m.FinID} ${y}`).toBe(true);
    }
  });

  it('schedule rows carry their market timezone', () => {
    const tz = new Map(table('markets.csv').map((m) => [m.FinID, m.Timezone]));
    for (const s of table('schedules.csv')) expect(s.Timezone).toBe(tz.get(s.FinID));
  });

  it("every season name used is defined for every year 2000-2030, and a group's seasons partition each year", () => {
    const defs = new Map(table('season-definitions.csv').map((s) => [`${s.Season!.toLowerCase()}|${s.Year}`, s.Date!]));
    const byGroup = new Map<string, Set<string>>();
    for (const s of table('schedules.csv')) {
      if (!s['Season Start']) continue;
      for (let y = 2000; y <= 2030; y++) {
        expect(defs.has(`${s['Season Start']!.toLowerCase()}|${y}`), `${s['Season Start']} ${y}`).toBe(true);
        expect(defs.has(`${s['Season End']!.toLowerCase()}|${y}`), `${s['Season End']} ${y}`).toBe(true);
      }
      const key = `${s.FinID}|${s['Schedule Group']}`;
      if (!byGroup.has(key)) byGroup.set(key, new Set());
      byGroup.get(key)!.add(`${s['Season Start']}|${s['Season End']}`);
    }
    expect(byGroup.size).toBeGreaterThan(0);
    let wraps = false;
    for (const pairs of byGroup.values()) {
      for (let y = 2000; y <= 2030; y++) {
        const ranges = [...pairs].map((p) => {
          const [a, b] = p.split('|');
          return [defs.get(`${a!.toLowerCase()}|${y}`)!, defs.get(`${b!.toLowerCase()}|${y}`)!] as const;
        });
        for (let d = new Date(Date.UTC(y, 0, 1)); d.getUTCFullYear() === y; d.setUTCDate(d.getUTCDate() + 1)) {
          const iso = d.toISOString().slice(0, 10);
          const n = ranges.filter(([s, e]) =>
            e < s ? (wraps = true) && (iso <= e || iso >= s) : s <= iso && iso <= e,
          ).length;
          expect(n, iso).toBe(1);
        }
      }
    }
    expect(wraps).toBe(true);
  });

  it('every holiday schedule other than Closed names a group of that market', () => {
    const groups = new Set(table('schedules.csv').map((s) => `${s.FinID}|${s['Schedule Group']!.toLowerCase()}`));
    for (const h of table('holidays.csv')) {
      if (h.Schedule !== 'Closed')
        expect(groups.has(`${h.FinID}|${h.Schedule!.toLowerCase()}`), `${h.FinID} ${h.Date} ${h.Schedule}`).toBe(true);
    }
  });

  it('has at least 8 currencies with holidays 2000-2030; EUR is Eurozone', () => {
    const cur = table('currencies.csv');
    expect(cur.length).toBeGreaterThanOrEqual(8);
    expect(cur.find((c) => c['Currency Code'] === 'EUR')!['Country Code']).toBe('Eurozone');
    for (const c of cur) {
      const dates = table('currency-holidays.csv')
        .filter((h) => h['Currency Code'] === c['Currency Code'])
        .map((h) => h.Date!);
      expect(dates[0]!.slice(0, 4), c['Currency Code']).toBe('2000');
      expect(dates.at(-1)!.slice(0, 4), c['Currency Code']).toBe('2030');
    }
    const usd = table('currency-holidays.csv').filter(
      (h) => h['Currency Code'] === 'USD' && h.Date!.startsWith('2023'),
    );
    // Veterans Day 2023 fell on a Saturday: the Reserve Banks open the Friday before.
    expect(usd.map((h) => h.Date)).toEqual([
      '2023-01-02',
      '2023-01-16',
      '2023-02-20',
      '2023-05-29',
      '2023-06-19',
      '2023-07-04',
      '2023-09-04',
      '2023-10-09',
      '2023-11-23',
      '2023-12-25',
    ]);
  });

  it(
    'USD closes settlement on Juneteenth from 2022 on, EUR does not (the FX spot example of calendar-arithmetic.md ' +
      '§5)',
    () => {
      const rows = table('currency-holidays.csv');
      const juneteenth = rows.filter(
        (h) => h['Currency Code'] === 'USD' && h['Holiday Name'] === 'Juneteenth National Independence Day',
      );
      // 2022 fell on a Sunday (observed Monday 20); 2027 falls on a Saturday (not observed).
      expect(juneteenth.map((h) => h.Date).slice(0, 3)).toEqual(['2022-06-20', '2023-06-19', '2024-06-19']);
      expect(juneteenth.map((h) => h.Date!.slice(0, 4))).toEqual([
        '2022',
        '2023',
        '2024',
        '2025',
        '2026',
        '2028',
        '2029',
        '2030',
      ]);
      for (const h of juneteenth) expect(h.Settlement, h.Date).toBe('No');
      expect(rows.find((h) => h['Currency Code'] === 'EUR' && h.Date === '2023-06-19')).toBeUndefined();
      const cur = new Map(table('currencies.csv').map((c) => [c['Currency Code'], c['Weekend Definition']]));
      expect([cur.get('USD'), cur.get('EUR')]).toEqual(['Sat-Sun', 'Sat-Sun']);
    },
  );

  it('has regional rows of a public and a religious calendar', () => {
    const r = table('regional-holidays.csv');
    expect(r.some((x) => x.Calendar === 'US' && x.Type === 'public')).toBe(true);
    expect(r.some((x) => x.Type === 'religious' && x.Date === '2024-03-31' && x.Name === 'Easter Sunday')).toBe(true);
  });
});

describe('published facts', () => {
  const holidays = (finId: string) => table('holidays.csv').filter((h) => h.FinID === finId);
  const on = (finId: string, date: string) => holidays(finId).find((h) => h.Date === date);

  it('computes Easter by the Gregorian computus', () => {
    expect(generator.easterSunday(2000)).toBe('2000-04-23');
    expect(generator.easterSunday(2008)).toBe('2008-03-23');
    expect(generator.easterSunday(2019)).toBe('2019-04-21');
    expect(generator.easterSunday(2024)).toBe('2024-03-31');
    expect(generator.easterSunday(2038)).toBe('2038-04-25');
  });

  it.each([
    ['2021', NYSE_2021],
    ['2022', NYSE_2022],
    ['2023', NYSE_2023],
    ['2024', NYSE_2024],
  ])('NYSE and Nasdaq full closures of %s match the published calendar', (year, expected) => {
    for (const id of ['US.NYSE', 'US.NASDAQ']) {
      const closed = holidays(id).filter(
        (h) => h.Date!.startsWith(year) && h.Status === 'Closed' && !NYSE_SPECIAL.includes(h.Date!),
      );
      expect(closed.map((h) => h.Date)).toEqual(expected);
    }
  });

  it('NYSE rows of the published examples', () => {
    expect(on('US.NYSE', '2023-11-23')).toMatchObject({
      'Holiday Name': 'Thanksgiving Day',
      Schedule: 'Closed',
      Status: 'Closed',
      Settlement: 'No',
    });
    expect(on('US.NYSE', '2023-11-24')).toMatchObject({
      'Holiday Name': 'Thanksgiving Day',
      Schedule: 'Partial',
      Status: 'Open',
      Settlement: 'Yes',
    });
    expect(on('US.NYSE', '2023-07-03')).toMatchObject({ Schedule: 'Partial', Status: 'Open' });
    expect(on('US.NYSE', '2024-12-25')).toMatchObject({
      'Holiday Name': 'Christmas',
      Schedule: 'Closed',
      Status: 'Closed',
    });
    expect(on('US.NYSE', '2024-12-24')).toMatchObject({ 'Holiday Name': 'Christmas', Schedule: 'Partial' });
    expect(on('US.NYSE', '2022-12-26')).toMatchObject({ 'Holiday Name': 'Christmas', Observed: 'OBS' });
    // New Year's Day on a Saturday is not observed on the Friday before.
    expect(on('US.NYSE', '2021-12-31')).toBeUndefined();
    expect(on('US.NYSE', '2022-01-03')).toBeUndefined();
    for (const d of NYSE_SPECIAL) expect(on('US.NYSE', d), d).toMatchObject({ Status: 'Closed', Schedule: 'Closed' });
    const halfDays2023 = holidays('US.NYSE')
      .filter((h) => h.Date!.startsWith('2023') && h.Status === 'Open')
      .map((h) => h.Date);
    expect(halfDays2023).toEqual(['2023-07-03', '2023-11-24']);
    const nyse = table('schedules.csv').filter((s) => s.FinID === 'US.NYSE');
    expect(
      nyse
        .filter((s) => s['Phase Type'] === 'Pre-Close')
        .map((s) => [s.Start, s['In Force Start Date'], s['In Force End Date']]),
    ).toEqual([
      ['15:45:00', '', '2019-03-31'],
      ['15:50:00', '2019-04-01', ''],
    ]);
  });

  it('CME: the Thanksgiving 2023 session ends 12:00 without closing price, then Pre-Open to 17:00', () => {
    const id = 'US.CME.EQUITY.USINDEX1';
    const eve = on(id, '2023-11-22')!;
    const day = on(id, '2023-11-23')!;
    const rows = table('schedules.csv').filter((s) => s.FinID === id);
    const ofGroup = (g: string) =>
      rows.filter(
        (s) =>
          s['Schedule Group'] === g && generator.parseDays(s.Days).has(new Date(`${eve.Date}T00:00:00Z`).getUTCDay()),
      );
    expect(ofGroup(eve.Schedule!).find((s) => s.Start === '17:00:00')).toMatchObject({
      'Phase Type': 'Primary Trading Session, No Closing Price',
      End: '12:00:00',
      'Offset Days': '1',
    });
    const thu = rows.filter((s) => s['Schedule Group'] === day.Schedule && generator.parseDays(s.Days).has(4));
    expect(thu.find((s) => s.Start === '12:00:00')).toMatchObject({
      'Phase Type': 'Pre-Open',
      End: '17:00:00',
      'Offset Days': '0',
    });
    const xcme = table('mic-mapping.csv')
      .filter((m) => m.MIC === 'XCME')
      .map((m) => m.FinID);
    expect(xcme.length).toBeGreaterThanOrEqual(2);
  });

  it('XBUE maps to the closed BCBA, replaced by BYMA', () => {
    expect(
      table('mic-mapping.csv')
        .filter((m) => m.MIC === 'XBUE')
        .map((m) => m.FinID),
    ).toEqual(['AR.BCBA']);
    const bcba = table('markets.csv').find((m) => m.FinID === 'AR.BCBA')!;
    expect(bcba['Replaced By']).toBe('AR.BYMA');
    expect(bcba['Permanently Closed']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(table('markets.csv').some((m) => m.FinID === 'AR.BYMA')).toBe(true);
  });

  it('AE.ADX trades Sun-Thu until 2022-01-02 and Mon-Fri from 2022-01-03', () => {
    const rows = table('schedules.csv').filter(
      (s) => s.FinID === 'AE.ADX' && s['Phase Type'] === 'Primary Trading Session',
    );
    expect(rows.map((s) => [s.Days, s['In Force Start Date'], s['In Force End Date']])).toEqual([
      ['Sun-Thu', '', '2022-01-02'],
      ['Mon-Fri', '2022-01-03', ''],
    ]);
  });

  it('CN.SGE night session runs 20:00-02:30 next day; CN.CIBM trades the 2023 National Day make-up weekend', () => {
    const night = table('schedules.csv').find(
      (s) => s.FinID === 'CN.SGE' && s['Schedule Group'] === 'Regular' && s.Start === '20:00:00',
    );
    expect(night).toMatchObject({ End: '02:30:00', 'Offset Days': '1', 'Phase Type': 'Primary Trading Session' });
    for (const d of ['2023-10-07', '2023-10-08'])
      expect(on('CN.CIBM', d)).toMatchObject({ Schedule: 'Regular', Status: 'Open', Settlement: 'Yes' });
    expect(on('CN.CIBM', '2023-10-02')).toMatchObject({ Status: 'Closed' });
  });

  it('JP.JPX afternoon session extended to 15:30 from 2024-11-05; year-end closures', () => {
    const pm = table('schedules.csv').filter((s) => s.FinID === 'JP.JPX' && s['Phase Name'] === 'Afternoon Session');
    expect(pm.map((s) => [s.End, s['In Force Start Date'], s['In Force End Date']])).toEqual([
      ['15:00:00', '', '2024-11-04'],
      ['15:30:00', '2024-11-05', ''],
    ]);
    for (const d of [
      '2024-01-01',
      '2024-01-02',
      '2024-01-03',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
    ]) {
      expect(on('JP.JPX', d), d).toMatchObject({ Status: 'Closed' });
    }
    const jpx2023 = holidays('JP.JPX')
      .filter((h) => h.Date!.startsWith('2023'))
      .map((h) => h.Date!.slice(5));
    expect(jpx2023).toEqual([
      '01-02',
      '01-03',
      '01-09',
      '02-23',
      '03-21',
      '05-03',
      '05-04',
      '05-05',
      '07-17',
      '08-11',
      '09-18',
      '10-09',
      '11-03',
      '11-23',
    ]);
  });

  it('computed lunar dates reproduce the almanac tables (Dragon Boat, Mid-Autumn, next Spring Festival)', () => {
    for (let y = 2000; y <= 2030; y++) {
      const sf = `${y}-${generator.SPRING_FESTIVAL[y]}`;
      if (generator.DRAGON_BOAT[y])
        expect(generator.lunarDate(sf, 5, 5), `${y}`).toBe(`${y}-${generator.DRAGON_BOAT[y]}`);
      if (generator.MID_AUTUMN[y])
        expect(generator.lunarDate(sf, 8, 15), `${y}`).toBe(`${y}-${generator.MID_AUTUMN[y]}`);
      if (y < 2030) expect(generator.lunarDate(sf, 13, 1), `${y}`).toBe(`${y + 1}-${generator.SPRING_FESTIVAL[y + 1]}`);
    }
  });

  it("mainland China's usual arrangement (years without a notice) reproduces the 2025-2026 notices", () => {
    const byName = (spans: [string, string, string, string[]][]) => new Map(spans.map((s) => [s[0], s.slice(1)]));
    // 2026 exactly: every block's days off and weekend working days.
    expect(byName(generator.usualArrangement(2026))).toEqual(byName(generator.STATE_COUNCIL[2026]));
    // 2025: the same blocks; Labour Day's one working day is put after the block (2026), not before.
    const rule = byName(generator.usualArrangement(2025));
    const notice = byName(generator.STATE_COUNCIL[2025]);
    for (const [name, [from, to, work]] of notice) {
      expect(rule.get(name)!.slice(0, 2), name).toEqual([from, to]);
      if (name !== 'Labour Day') expect(rule.get(name)![2], name).toEqual(work);
    }
    expect(rule.get('Labour Day')![2]).toEqual(['2025-05-10']);
    expect([...rule.keys()]).toEqual([...notice.keys()]);
  });

  it('HK.HKEX 2023 and 2024 closures and half days match the published calendar', () => {
    // The published holiday calendar; severe-weather closures are announced on the day.
    const weather = (h: Row) => h.Memo!.includes('severe weather');
    const rows = (y: string, status: string) =>
      holidays('HK.HKEX')
        .filter((h) => h.Date!.startsWith(y) && h.Status === status && !weather(h))
        .map((h) => h.Date!.slice(5));
    expect(
      holidays('HK.HKEX')
        .filter(weather)
        .map((h) => h.Date),
    ).toEqual(['2016-08-02', '2017-08-23', '2023-07-17', '2023-09-01', '2023-09-08', '2024-09-06']);
    expect(rows('2023', 'Closed')).toEqual([
      '01-02',
      '01-23',
      '01-24',
      '01-25',
      '04-05',
      '04-07',
      '04-10',
      '05-01',
      '05-26',
      '06-22',
      '10-02',
      '10-23',
      '12-25',
      '12-26',
    ]);
    expect(rows('2024', 'Closed')).toEqual([
      '01-01',
      '02-12',
      '02-13',
      '03-29',
      '04-01',
      '04-04',
      '05-01',
      '05-15',
      '06-10',
      '07-01',
      '09-18',
      '10-01',
      '10-11',
      '12-25',
      '12-26',
    ]);
    expect(rows('2024', 'Open')).toEqual(['02-09', '12-24', '12-31']);
  });

  it('GB.LSE 2022 closures include the jubilee and the state funeral', () => {
    const lse2022 = holidays('GB.LSE')
      .filter((h) => h.Date!.startsWith('2022') && h.Status === 'Closed')
      .map((h) => h.Date!.slice(5));
    expect(lse2022).toEqual(['01-03', '04-15', '04-18', '05-02', '06-02', '06-03', '08-29', '09-19', '12-26', '12-27']);
  });
});

describe('coverage: confirmed and projected dates', () => {
  const coverage = JSON.parse(readFileSync(join(dataDir, 'sample', 'coverage.json'), 'utf8')) as {
    markets: Record<string, { confirmedThrough: string; sources: { title: string; url: string }[] }>;
  };

  it('names every market once, with a confirmed-through date and its sources', () => {
    const ids = table('markets.csv').map((m) => m.FinID);
    expect(Object.keys(coverage.markets).sort()).toEqual([...ids].sort());
    for (const [id, c] of Object.entries(coverage.markets)) {
      expect(c.confirmedThrough, id).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(c.sources.length, id).toBeGreaterThan(0);
      for (const s of c.sources) expect(s.url, id).toMatch(/^https?:\/\/[^/\s]+/);
    }
  });

  it('a holiday after its market’s confirmed-through date says projected, and none before does', () => {
    let projected = 0;
    for (const h of table('holidays.csv')) {
      const after = h.Date! > coverage.markets[h.FinID!]!.confirmedThrough;
      expect(h.Memo!.startsWith('Projected:'), `${h.FinID} ${h.Date}`).toBe(after);
      if (after) projected++;
    }
    expect(projected).toBeGreaterThan(0);
  });

  it('the zip carries coverage.json beside csv/, the same bytes as data/sample/coverage.json', () => {
    const zip = unzipSync(readFileSync(join(dataDir, 'sample.zip')));
    expect(Buffer.from(zip['coverage.json']!).equals(readFileSync(join(dataDir, 'sample', 'coverage.json')))).toBe(
      true,
    );
  });

  it('docs/open-data.md lists every market with its confirmed-through date and sources, as generated', () => {
    const page = readFileSync(fileURLToPath(new URL('../../../docs/open-data.md', import.meta.url)), 'utf8');
    expect(page).toBe(generator.withMarketsTable(page, generator.buildOpenData()));
    for (const [id, c] of Object.entries(coverage.markets)) {
      expect(page).toMatch(new RegExp(`\\| ${id.replaceAll('.', '\\.')} +\\| [^|]+ \\| ${c.confirmedThrough} `));
    }
  });

  it('the markets table refuses a page without its markers (so it is never silently dropped)', () => {
    expect(() => generator.withMarketsTable('# no table here\n', generator.buildOpenData())).toThrow(/markets:start/);
  });
});

describe('coverage windows', () => {
  it('every market’s holiday rows start on or before 2000-01-01, on a day it does not trade', () => {
    const first = new Map<string, Row>();
    for (const h of table('holidays.csv'))
      if (!first.has(h.FinID!) || h.Date! < first.get(h.FinID!)!.Date!) first.set(h.FinID!, h);
    for (const m of table('markets.csv')) {
      const h = first.get(m.FinID!)!;
      expect(h.Date! <= '2000-01-01', m.FinID).toBe(true);
      expect(h.Status, m.FinID).toBe('Closed');
    }
    // Tadawul traded on Saturdays in 2000: its row is the Friday before.
    expect(first.get('SA.TADAWUL')!.Date).toBe('1999-12-31');
  });
});
