// The bad-row fixture (test/fixtures/bad-rows): one bad row of each kind, each in its own market.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFromPath } from '../src/index.js';

const dir = fileURLToPath(new URL('./fixtures/bad-rows', import.meta.url));
const file = (name: string) => join(dir, 'csv', name);
/** 1-based line of the first line of a file containing `text`. */
const lineOf = (name: string, text: string) => readFileSync(file(name), 'utf8').split(/\r?\n/).findIndex((l) => l.includes(text)) + 1;

const loaded = await loadFromPath(dir);
const { dataset, meta } = loaded;

const EXPECTED: [string, string, string, string | undefined, RegExp][] = [
  ['XX.PT', 'schedules.csv', 'Lunch Break', 'Phase Type', /unknown phase type 'Lunch Break'/],
  ['XX.TIME', 'schedules.csv', '8h30', 'Start', /expected a time HH:MM:SS or HH:MM, got '8h30'/],
  ['XX.DATE', 'holidays.csv', '2023-13-01', 'Date', /expected a date YYYY-MM-DD, got '2023-13-01'/],
  ['XX.INT', 'schedules.csv', ',one,', 'Offset Days', /expected an integer, got 'one'/],
  ['XX.DAYS', 'schedules.csv', 'Mon-Fry', 'Days', /bad Days value 'Mon-Fry'/],
  ['XX.TZ', 'markets.csv', 'Mars/Olympus', 'Timezone', /unknown time zone 'Mars\/Olympus'/],
  ['XX.QUOTE', 'holidays.csv', '"Coronation" of King', 'Holiday Name', /malformed quoting/],
  ['XX.DUP', 'holidays.csv', 'two different rows for one date', 'Date', /duplicate key \(FinID, Date\): two different holiday rows for XX.DUP on 2023-11-24/],
];
/** Bad rows that `lineOf` cannot find by their text (a twin of an earlier line), tested on their own. */
const OTHERS = ['XX.TWIN'];

describe('the bad-row fixture loads; each bad row affects only its own market', () => {
  it.each(EXPECTED)('%s: a warning names %s, the line and the column; its queries answer that data error', (market, name, text, column, message) => {
    const line = lineOf(name, text);
    const w = meta.warnings.find((x) => x.market === market)!;
    expect(w).toMatchObject({ file: file(name), line, ...(column ? { column } : {}), market });
    expect(w.message).toMatch(message);
    const where = `${file(name)}, line ${line}`;
    for (const q of [() => dataset.generatePhases(market, '2023-11-20', '2023-11-24'), () => dataset.listDays(market, '2023-11-20', '2023-11-24'), () => dataset.status(market, Date.parse('2023-11-21T15:00:00Z'))]) {
      expect(q).toThrow(where);
      expect(q).toThrow(message);
    }
    // The market record and its schedule rows as written still answer.
    expect(dataset.getMarket(market).fin_id).toBe(market);
    expect(dataset.listSchedules(market).length).toBeGreaterThan(0);
  });

  it('a bad holiday row also makes the holidays of its market answer the data error; a bad schedule row does not', () => {
    expect(() => dataset.listHolidays('XX.DATE', '2023-01-01', '2024-12-31')).toThrow(/2023-13-01/);
    expect(dataset.listHolidays('XX.PT', '2023-01-01', '2024-12-31')).toHaveLength(2);
  });

  it('schedule rows with an empty Timezone answer timezone null, their phases too, with instants in the market zone', () => {
    expect(dataset.listSchedules('XX.GOOD').map((s) => s.timezone)).toEqual([null]);
    expect(dataset.generatePhases('XX.GOOD', '2023-11-21', '2023-11-21').map((p) => [p.timezone, p.start])).toEqual([[null, '2023-11-21T09:30:00-05:00']]);
  });

  it('the control market answers normally, and so does a row written end before start (not a bad row)', () => {
    expect(dataset.status('XX.GOOD', Date.parse('2023-11-21T15:00:00Z'))).toMatchObject({ status: 'Open', reason: 'Primary Trading Session' });
    const back = dataset.generatePhases('XX.BACK', '2023-11-21', '2023-11-21').find((p) => p.phase_name === 'Backwards')!;
    expect([back.start, back.end]).toEqual(['2023-11-21T18:00:00-05:00', '2023-11-21T17:00:00-05:00']);
    expect(meta.warnings.some((w) => w.market === 'XX.BACK' || w.market === 'XX.GOOD')).toBe(false);
  });

  it('a season without a definition for a year: that year fails naming the row, the other answers', () => {
    expect(dataset.generatePhases('XX.SEASON', '2023-06-05', '2023-06-05').map((p) => p.phase_name)).toEqual(['Summer pre-open', 'Core']);
    const line = lineOf('schedules.csv', 'Summer pre-open');
    expect(() => dataset.generatePhases('XX.SEASON', '2024-06-03', '2024-06-03')).toThrow(`${file('schedules.csv')}, line ${line}: season 'Summer Start' has no definition for 2024`);
  });

  it('two identical holiday rows are a duplicate key: the second is a bad row naming the key columns and the first line', () => {
    const first = lineOf('holidays.csv', 'identical twice');
    const w = meta.warnings.find((x) => x.market === 'XX.TWIN')!;
    expect(w).toMatchObject({ file: file('holidays.csv'), line: first + 1, column: 'Date' });
    expect(w.message).toContain(`duplicate key (FinID, Date): two identical holiday rows for XX.TWIN on 2023-11-24 (also ${file('holidays.csv')}, line ${first})`);
    for (const q of [() => dataset.listHolidays('XX.TWIN', '2023-01-01', '2024-12-31'), () => dataset.generatePhases('XX.TWIN', '2023-11-20', '2023-11-24'), () => dataset.status('XX.TWIN', Date.parse('2023-11-21T15:00:00Z'))]) {
      expect(q).toThrow(`${file('holidays.csv')}, line ${first + 1}, column 'Date'`);
    }
  });

  it('rows for a market not in the data are warnings that affect no market', () => {
    const about = meta.warnings.filter((w) => w.message.includes('XX.UNKNOWN'));
    expect(about.map((w) => [w.file, w.line])).toEqual([
      [file('holidays.csv'), lineOf('holidays.csv', 'XX.UNKNOWN')],
      [file('schedules.csv'), lineOf('schedules.csv', 'XX.UNKNOWN')],
    ]);
    expect(about.every((w) => w.market === undefined)).toBe(true);
  });

  it('a bad currency holiday row affects that currency only (the file uses LF line ends)', () => {
    expect(meta.warnings.find((w) => w.currency === 'EUR')).toMatchObject({ file: file('currency-holidays.csv'), line: 3, column: 'Date' });
    expect(() => dataset.listCurrencyHolidays('EUR', '2023-01-01', '2023-12-31')).toThrow(/2023-12-32/);
    expect(dataset.listCurrencyHolidays('USD', '2023-01-01', '2023-12-31').map((h) => h.holiday_name)).toEqual(['Independence Day']);
  });

  it('lists exactly the affected markets and currencies', () => {
    expect([...new Set(meta.warnings.flatMap((w) => (w.market ? [w.market] : [])))].sort()).toEqual([...EXPECTED.map((e) => e[0]), ...OTHERS].sort());
    expect(meta.warnings.flatMap((w) => (w.currency ? [w.currency] : []))).toEqual(['EUR']);
  });
});
