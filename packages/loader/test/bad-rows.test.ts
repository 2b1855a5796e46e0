// The bad-row fixture (test/fixtures/bad-rows): one bad row of each kind, each in its own market.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFromPath } from '../src/index.js';

const dir = fileURLToPath(new URL('./fixtures/bad-rows', import.meta.url));
const file = (name: string) => join(dir, 'csv', name);
/** 1-based line of the first line of a file containing `text`. */
const lineOf = (name: string, text: string) =>
  readFileSync(file(name), 'utf8')
    .split(/\r?\n/)
    .findIndex((l) => l.includes(text)) + 1;

const loaded = await loadFromPath(dir);
const { dataset, meta } = loaded;

const EXPECTED: [string, string, string, string | undefined, RegExp][] = [
  ['XX.PT', 'schedules.csv', 'Lunch Break', 'Phase Type', /unknown phase type 'Lunch Break'/],
  ['XX.TIME', 'schedules.csv', '8h30', 'Start', /expected a time HH:MM:SS or HH:MM, got '8h30'/],
  ['XX.DATE', 'holidays.csv', '2023-13-01', 'Date', /expected a date YYYY-MM-DD, got '2023-13-01'/],
  ['XX.INT', 'schedules.csv', ',one,', 'Offset Days', /expected an integer, got 'one'/],
  ['XX.DAYS', 'schedules.csv', 'Mon-Fry', 'Days', /bad Days value 'Mon-Fry'/],
  ['XX.TZ', 'markets.csv', 'Mars/Olympus', 'Timezone', /unknown time zone 'Mars\/Olympus'/],
  [
    'XX.DUP',
    'holidays.csv',
    'two different rows for one date',
    'Date',
    /duplicate key \(FinID, Date\): two different holiday rows for XX.DUP on 2023-11-24/,
  ],
];
/** Bad rows that `lineOf` cannot find by their text (a twin of an earlier line), tested on their own. */
const OTHERS = ['XX.TWIN', 'XX.QUOTE', 'XX.OLD', 'XX.WINDOW'];

describe('the bad-row fixture loads; each bad row affects only its own market', () => {
  it.each(EXPECTED)(
    '%s: a warning names %s, the line and the column; its queries over the dates it touches answer that data error',
    (market, name, text, column, message) => {
      const line = lineOf(name, text);
      const w = meta.warnings.find((x) => x.market === market)!;
      expect(w).toMatchObject({ file: file(name), line, ...(column ? { column } : {}), market });
      expect(w.message).toMatch(message);
      const where = `${file(name)}, line ${line}`;
      for (const q of [
        () => dataset.generatePhases(market, '2023-11-20', '2023-11-24'),
        () => dataset.listDays(market, '2023-11-20', '2023-11-24'),
        () => dataset.status(market, Date.parse('2023-11-21T15:00:00Z')),
      ]) {
        expect(q).toThrow(where);
        expect(q).toThrow(message);
      }
      // The market record and its schedule rows as written still answer.
      expect(dataset.getMarket(market).fin_id).toBe(market);
      expect(dataset.listSchedules(market).length).toBeGreaterThan(0);
    },
  );

  it(
    'a bad holiday row also makes the holidays of its market answer the data error; a bad schedule row does ' + 'not',
    () => {
      expect(() => dataset.listHolidays('XX.DATE', '2023-01-01', '2024-12-31')).toThrow(/2023-13-01/);
      expect(dataset.listHolidays('XX.PT', '2023-01-01', '2024-12-31')).toHaveLength(2);
    },
  );

  it(
    'schedule rows with an empty Timezone answer timezone null, their phases too, with instants in the market ' +
      'zone',
    () => {
      expect(dataset.listSchedules('XX.GOOD').map((s) => s.timezone)).toEqual([null]);
      expect(dataset.generatePhases('XX.GOOD', '2023-11-21', '2023-11-21').map((p) => [p.timezone, p.start])).toEqual([
        [null, '2023-11-21T09:30:00-05:00'],
      ]);
    },
  );

  it('the control market answers normally, and so does a row written end before start (not a bad row)', () => {
    expect(dataset.status('XX.GOOD', Date.parse('2023-11-21T15:00:00Z'))).toMatchObject({
      status: 'Open',
      reason: 'Primary Trading Session',
    });
    const back = dataset
      .generatePhases('XX.BACK', '2023-11-21', '2023-11-21')
      .find((p) => p.phase_name === 'Backwards')!;
    expect([back.start, back.end]).toEqual(['2023-11-21T18:00:00-05:00', '2023-11-21T17:00:00-05:00']);
    expect(meta.warnings.some((w) => w.market === 'XX.BACK' || w.market === 'XX.GOOD')).toBe(false);
  });

  it('a season without a definition for a year: that year fails naming the row, the other answers', () => {
    expect(dataset.generatePhases('XX.SEASON', '2023-06-05', '2023-06-05').map((p) => p.phase_name)).toEqual([
      'Summer pre-open',
      'Core',
    ]);
    const line = lineOf('schedules.csv', 'Summer pre-open');
    expect(() => dataset.generatePhases('XX.SEASON', '2024-06-03', '2024-06-03')).toThrow(
      `${file('schedules.csv')}, line ${line}: season 'Summer Start' has no definition for 2024`,
    );
  });

  it(
    'two identical holiday rows are a duplicate key: listed both; the dates computed from them answer the error ' +
      'naming both lines',
    () => {
      const first = lineOf('holidays.csv', 'identical twice');
      const w = meta.warnings.find((x) => x.market === 'XX.TWIN')!;
      expect(w).toMatchObject({ file: file('holidays.csv'), line: first + 1, column: 'Date' });
      const message =
        `duplicate key (FinID, Date): two identical holiday rows for XX.TWIN on 2023-11-24 (also ` +
        `${file('holidays.csv')}, line ${first})`;
      expect(w.message).toContain(message);
      expect(dataset.listHolidays('XX.TWIN', '2023-11-24', '2023-11-24').map((h) => h.memo)).toEqual([
        'identical twice',
        'identical twice',
      ]);
      for (const q of [
        () => dataset.generatePhases('XX.TWIN', '2023-11-20', '2023-11-24'),
        () => dataset.status('XX.TWIN', Date.parse('2023-11-21T15:00:00Z')),
      ]) {
        expect(q).toThrow(`${file('holidays.csv')}, line ${first + 1}, column 'Date': ${message}`);
      }
      // A week whose dates (and look-back) avoid the 24th answers.
      expect(dataset.listDays('XX.TWIN', '2023-11-13', '2023-11-17').filter((d) => d.is_open)).toHaveLength(5);
    },
  );

  it('a badly quoted holiday row whose date reads touches that date only', () => {
    const line = lineOf('holidays.csv', '"Coronation" of King');
    const w = meta.warnings.find((x) => x.market === 'XX.QUOTE')!;
    expect(w).toMatchObject({ file: file('holidays.csv'), line, column: 'Holiday Name' });
    for (const q of [
      () => dataset.listHolidays('XX.QUOTE', '2023-05-01', '2023-05-31'),
      () => dataset.listDays('XX.QUOTE', '2023-05-08', '2023-05-08'),
      () => dataset.sessionCount('XX.QUOTE', '2023-05-01', '2023-05-31'),
    ]) {
      expect(q).toThrow(`${file('holidays.csv')}, line ${line}, column 'Holiday Name'`);
    }
    expect(dataset.listHolidays('XX.QUOTE', '2023-01-01', '2023-05-07')).toHaveLength(1);
    expect(dataset.status('XX.QUOTE', Date.parse('2023-11-21T15:00:00Z'))).toMatchObject({ status: 'Open' });
  });

  it('two holiday rows on a date of 2004 fail only what is computed from that date: 2023 answers', () => {
    const first = lineOf('holidays.csv', 'XX.OLD,2004-12-24');
    expect(dataset.listHolidays('XX.OLD', '2004-12-24', '2004-12-24').map((h) => h.schedule)).toEqual([
      'Closed',
      'Early Close',
    ]);
    expect(dataset.duplicateHolidays('market', 'XX.OLD', '2004-01-01', '2004-12-31')).toEqual([
      {
        date: '2004-12-24',
        lines: [`${file('holidays.csv')}, line ${first}`, `${file('holidays.csv')}, line ${first + 1}`],
      },
    ]);
    expect(() => dataset.listDays('XX.OLD', '2004-12-24', '2004-12-24')).toThrow(
      `${file('holidays.csv')}, line ${first + 1}, column 'Date': duplicate key (FinID, Date): two different holiday ` +
        `rows for XX.OLD on 2004-12-24 (also ${file('holidays.csv')}, line ${first})`,
    );
    expect(dataset.status('XX.OLD', Date.parse('2023-11-21T15:00:00Z'))).toMatchObject({ status: 'Open' });
    expect(dataset.sessionCount('XX.OLD', '2023-11-20', '2023-11-24')).toMatchObject({ count: 5 });
  });

  it('a bad schedule row in force one week touches that week (and what looks back to it) only', () => {
    const line = lineOf('schedules.csv', 'XX.WINDOW,Regular,,Lunch Break');
    const where = `${file('schedules.csv')}, line ${line}, column 'Phase Type'`;
    expect(() => dataset.generatePhases('XX.WINDOW', '2023-12-01', '2023-12-01')).toThrow(where);
    expect(() => dataset.generatePhases('XX.WINDOW', '2023-12-03', '2023-12-03')).toThrow(where);
    expect(dataset.generatePhases('XX.WINDOW', '2023-12-04', '2023-12-08')).toHaveLength(5);
    expect(dataset.generatePhases('XX.WINDOW', '2023-11-20', '2023-11-26')).toHaveLength(5);
    expect(() => dataset.sessionOffset('XX.WINDOW', '2023-11-24', 1)).toThrow(where);
    expect(dataset.sessionOffset('XX.WINDOW', '2023-11-22', 1)).toMatchObject({ session: '2023-11-23' });
  });

  it(
    'two settlement rows of one currency on a date: listed both; FX looking at that date fails, other dates ' +
      'answer',
    () => {
      const first = lineOf('currency-holidays.csv', 'GBP,2023-12-25');
      expect(dataset.listCurrencyHolidays('GBP', '2023-12-25', '2023-12-25').map((h) => h.settlement)).toEqual([
        'No',
        'Yes',
      ]);
      const message =
        `${file('currency-holidays.csv')}, line ${first + 1}, column 'Date': duplicate key (Currency ` +
        `Code, Date): two different holiday rows for GBP on 2023-12-25 (also ${file('currency-holidays.csv')}, line ` +
        `${first})`;
      expect(() => dataset.fxSpot('GBPUSD', '2023-12-21')).toThrow(message);
      expect(dataset.fxSpot('GBPUSD', '2023-11-21')).toMatchObject({ spot_date: '2023-11-23' });
      expect(dataset.fxSpot('GBPUSD', '2023-12-26')).toMatchObject({ spot_date: '2023-12-28' });
    },
  );

  it('rows for a market not in the data are warnings that affect no market', () => {
    const about = meta.warnings.filter((w) => w.message.includes('XX.UNKNOWN'));
    expect(about.map((w) => [w.file, w.line])).toEqual([
      [file('holidays.csv'), lineOf('holidays.csv', 'XX.UNKNOWN')],
      [file('schedules.csv'), lineOf('schedules.csv', 'XX.UNKNOWN')],
    ]);
    expect(about.every((w) => w.market === undefined)).toBe(true);
  });

  it('a bad currency holiday row affects that currency only (the file uses LF line ends)', () => {
    expect(meta.warnings.find((w) => w.currency === 'EUR')).toMatchObject({
      file: file('currency-holidays.csv'),
      line: 3,
      column: 'Date',
    });
    expect(() => dataset.listCurrencyHolidays('EUR', '2023-01-01', '2023-12-31')).toThrow(/2023-12-32/);
    expect(dataset.listCurrencyHolidays('USD', '2023-01-01', '2023-12-31').map((h) => h.holiday_name)).toEqual([
      'Independence Day',
    ]);
  });

  it('lists exactly the affected markets and currencies', () => {
    expect([...new Set(meta.warnings.flatMap((w) => (w.market ? [w.market] : [])))].sort()).toEqual(
      [...EXPECTED.map((e) => e[0]), ...OTHERS].sort(),
    );
    expect([...new Set(meta.warnings.flatMap((w) => (w.currency ? [w.currency] : [])))]).toEqual(['EUR', 'GBP']);
  });
});
