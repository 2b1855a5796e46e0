/**
 * docs/bulk-format.md §5: which dates a bad row touches, one example per rule, and the
 * duplicate holiday rows of the vendor's archives (both listed, the date a data error).
 */
import { describe, expect, it } from 'vitest';
import { DataError, buildHolidayFeed, type FeedHoliday } from '../src/index.js';
import { buildWithSources, errorOf, holidayLine, scheduleLine } from './bad-rows.js';
import { calendarTables } from './calendar-fixture.js';
import { duplicateRowTables, fixtureTables, sched } from '../src/testing/fixture.js';

const build = buildWithSources;
const clean = build(() => {});

describe('a bad holiday row whose date reads touches that date alone', () => {
  // A row the reader could not read in full (a badly quoted name), dated Wednesday 2023-11-15.
  const ds = build((t) => {
    t.holidays.push({
      fin_id: 'US.NYSE',
      date: '2023-11-15',
      holiday_name: '"Odd" name',
      schedule: 'Closed',
      status: 'Closed',
      settlement: 'No',
    });
    t.rowFaults = [
      { table: 'holidays', row: t.holidays.length - 1, column: 'holiday_name', message: 'malformed quoting' },
    ];
  });
  const message = `csv/holidays.csv, line ${holidayLine()}, column 'Holiday Name': malformed quoting`;

  it('the listing of a range holding the date fails; other ranges list as without the row', () => {
    expect(errorOf(() => ds.listHolidays('US.NYSE', '2023-11-01', '2023-11-30')).message).toBe(message);
    expect(ds.listHolidays('US.NYSE', '2023-11-16', '2023-12-31')).toEqual(
      clean.listHolidays('US.NYSE', '2023-11-16', '2023-12-31'),
    );
  });

  it('phases and days fail from the date to two days after it (their look-back), and answer from the third', () => {
    for (const d of ['2023-11-15', '2023-11-16', '2023-11-17'])
      expect(errorOf(() => ds.listDays('US.NYSE', d, d)).message).toBe(message);
    expect(ds.generatePhases('US.NYSE', '2023-11-18', '2023-11-24')).toEqual(
      clean.generatePhases('US.NYSE', '2023-11-18', '2023-11-24'),
    );
    expect(ds.listDays('US.NYSE', '2023-11-06', '2023-11-14')).toEqual(
      clean.listDays('US.NYSE', '2023-11-06', '2023-11-14'),
    );
  });

  it('status fails when its window (two days back, five ahead) holds the date', () => {
    expect(errorOf(() => ds.status('US.NYSE', Date.parse('2023-11-10T15:00:00Z'))).message).toBe(message);
    const before = Date.parse('2023-11-09T15:00:00Z');
    expect(ds.status('US.NYSE', before)).toEqual(clean.status('US.NYSE', before));
    expect(ds.statusJson('US.NYSE', before)).toEqual(clean.statusJson('US.NYSE', before));
  });

  it('the session index does not fail as a whole: walks that stop before the date answer', () => {
    expect(ds.sessionOffset('US.NYSE', '2023-11-10', 1)).toEqual({ date: '2023-11-10', n: 1, session: '2023-11-13' });
    expect(errorOf(() => ds.sessionOffset('US.NYSE', '2023-11-10', 3)).message).toBe(message);
    expect(ds.sessionCount('US.NYSE', '2023-01-01', '2023-11-12')).toEqual(
      clean.sessionCount('US.NYSE', '2023-01-01', '2023-11-12'),
    );
    expect(ds.nextBell('US.NYSE', Date.parse('2023-11-13T12:00:00Z'))).toEqual(
      clean.nextBell('US.NYSE', Date.parse('2023-11-13T12:00:00Z')),
    );
    expect(errorOf(() => ds.nextBell('US.NYSE', Date.parse('2023-11-14T22:00:00Z'))).message).toBe(message);
    expect(ds.previousBell('US.NYSE', Date.parse('2023-11-20T22:00:00Z'), 'close')).toEqual(
      clean.previousBell('US.NYSE', Date.parse('2023-11-20T22:00:00Z'), 'close'),
    );
    expect(ds.sessions('US.NYSE', '2023-11-20', '2023-11-24')).toEqual(
      clean.sessions('US.NYSE', '2023-11-20', '2023-11-24'),
    );
  });

  it('joined calendars fail only when a step looks at the date', () => {
    expect(ds.advance('US.NYSE+CN.SGE', '2023-11-09', 2)).toEqual(clean.advance('US.NYSE+CN.SGE', '2023-11-09', 2));
    expect(errorOf(() => ds.advance('US.NYSE+CN.SGE', '2023-11-09', 4)).message).toBe(message);
    expect(ds.calendarDays('CN.SGE~US.NYSE', '2023-11-14', '2023-11-14')).toEqual(
      clean.calendarDays('CN.SGE~US.NYSE', '2023-11-14', '2023-11-14'),
    );
    // The day view of the 16th looks back to the 15th.
    expect(errorOf(() => ds.calendarDays('CN.SGE~US.NYSE', '2023-11-16', '2023-11-16')).message).toBe(message);
  });

  it('a date the clean members settle answers, whatever the order of the members (calendar-arithmetic §4)', () => {
    // Wed 15 to Fri 17 are touched on the NYSE. CN.SGE trades on them, which settles `~`.
    for (const expr of ['CN.SGE~US.NYSE', 'US.NYSE~CN.SGE']) {
      expect(ds.adjust(expr, '2023-11-15')).toEqual(clean.adjust(expr, '2023-11-15'));
      expect(ds.advance(expr, '2023-11-14', 3)).toEqual(clean.advance(expr, '2023-11-14', 3));
    }
    // `+`: CN.SGE open on the 15th leaves the answer to the NYSE, whose row is bad.
    for (const expr of ['CN.SGE+US.NYSE', 'US.NYSE+CN.SGE'])
      expect(errorOf(() => ds.adjust(expr, '2023-11-15')).message).toBe(message);
  });
});

describe('a bad schedule row touches its in-force window', () => {
  const ds = build((t) =>
    t.schedules!.push(
      sched('US.NYSE', 'Regular', 'Lunch Break', 'Mon-Fri', '12:00', '13:00', {
        timezone: 'America/New_York',
        in_force_start_date: '2023-11-13',
        in_force_end_date: '2023-11-17',
      }),
    ),
  );
  const message =
    `csv/schedules.csv, line ${scheduleLine()}, column 'Phase Type': unknown phase type 'Lunch Break' ` +
    `(not in phases.csv)`;

  it(
    'dates inside the window (and two days after, by look-back) fail; the listing of holidays and the rows as ' +
      'written answer',
    () => {
      expect(errorOf(() => ds.generatePhases('US.NYSE', '2023-11-13', '2023-11-13')).message).toBe(message);
      expect(errorOf(() => ds.generatePhases('US.NYSE', '2023-11-19', '2023-11-19')).message).toBe(message);
      expect(ds.generatePhases('US.NYSE', '2023-11-20', '2023-11-24')).toEqual(
        clean.generatePhases('US.NYSE', '2023-11-20', '2023-11-24'),
      );
      expect(ds.generatePhases('US.NYSE', '2023-11-06', '2023-11-12')).toEqual(
        clean.generatePhases('US.NYSE', '2023-11-06', '2023-11-12'),
      );
      expect(ds.listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).toEqual(
        clean.listHolidays('US.NYSE', '2023-01-01', '2023-12-31'),
      );
      expect(ds.listSchedules('US.NYSE')).toHaveLength(clean.listSchedules('US.NYSE').length + 1);
    },
  );

  it('a row naming seasons that resolve touches only the dates of its season in force', () => {
    // B3's winter season wraps the new year: Nov 5 2023 to Mar 9 2024.
    const b3 = build((t) =>
      t.schedules!.push(
        sched('BR.B3', 'Regular', 'Lunch Break', 'Mon-Fri', '12:00', '13:00', {
          timezone: 'America/Sao_Paulo',
          season_start: 'First Sunday of November',
          season_end: 'Saturday before Second Sunday of March',
          in_force_start_date: '2023-01-01',
          in_force_end_date: '2023-12-31',
        }),
      ),
    );
    const where = `csv/schedules.csv, line ${scheduleLine()}`;
    expect(errorOf(() => b3.generatePhases('BR.B3', '2023-12-13', '2023-12-13')).message).toContain(where);
    expect(errorOf(() => b3.generatePhases('BR.B3', '2023-02-15', '2023-02-15')).message).toContain(where);
    expect(b3.generatePhases('BR.B3', '2023-06-05', '2023-06-09')).toEqual(
      clean.generatePhases('BR.B3', '2023-06-05', '2023-06-09'),
    );
    // Out of force in 2024, though in season.
    expect(b3.generatePhases('BR.B3', '2024-01-08', '2024-01-12')).toEqual(
      clean.generatePhases('BR.B3', '2024-01-08', '2024-01-12'),
    );
  });

  it('an In Force date that cannot be read touches every date', () => {
    const all = build((t) =>
      t.schedules!.push(
        sched('US.NYSE', 'Regular', 'Other', 'Mon', '12:00', '13:00', {
          timezone: 'America/New_York',
          in_force_start_date: '2023-13-01',
        }),
      ),
    );
    expect(errorOf(() => all.generatePhases('US.NYSE', '2001-06-05', '2001-06-05')).message).toMatch(
      /column 'In Force Start Date': expected a date YYYY-MM-DD, got '2023-13-01'/,
    );
  });

  it('a row naming a phase type defined twice touches every date, whatever its in-force window', () => {
    const twice = build((t) => {
      t.phaseTypes = [...t.phaseTypes!, { name: 'Other', status: 'Open', settlement: 'No' }];
      t.schedules!.push(
        sched('US.NYSE', 'Regular', 'Other', 'Mon', '12:00', '13:00', {
          timezone: 'America/New_York',
          in_force_start_date: '2023-11-13',
          in_force_end_date: '2023-11-13',
        }),
      );
    });
    expect(errorOf(() => twice.generatePhases('US.NYSE', '2001-06-05', '2001-06-05')).message).toMatch(
      /duplicate key Name: phase type 'Other'/,
    );
  });
});

describe('a holiday row whose Date cannot be read touches every date', () => {
  it('every listing and computation of the market fails; coverage is checked first, as if the row were absent', () => {
    const ds = build((t) => t.holidays.push({ fin_id: 'US.NYSE', date: '2023-02-30', holiday_name: 'x' }));
    expect(errorOf(() => ds.listHolidays('US.NYSE', '2001-01-01', '2001-01-31')).message).toMatch(
      /column 'Date': expected a date/,
    );
    expect(errorOf(() => ds.generatePhases('US.NYSE', '2001-06-05', '2001-06-05')).message).toMatch(/column 'Date'/);
    expect(() => ds.generatePhases('US.NYSE', '2031-01-02', '2031-01-02')).toThrow(/outside the coverage window/);
  });
});

describe('duplicate holiday rows (the fixture of the vendor archives: US.NYSE, USD and EUR on 2004-12-24)', () => {
  const ds = build(() => {}, duplicateRowTables);
  const cleanDup = build((t) => {
    // The same data with only the first row of each duplicated date.
    t.holidays = t.holidays.filter((h) => !(h.date === '2004-12-24' && h.schedule === 'Partial'));
    const seen = new Set<string>();
    t.currencyHolidays = t.currencyHolidays!.filter((h) => {
      const key = `${h.currency_code} ${h.date}`;
      if (h.date !== '2004-12-24') return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, duplicateRowTables);
  const base = fixtureTables();
  const nyseLines = [base.holidays.length + 2, base.holidays.length + 3];
  const ccyLine = (k: number) => base.currencyHolidays!.length + 4 + 2 + k;

  it('listings answer both rows, in file order', () => {
    expect(ds.listHolidays('XNYS', '2004-12-24', '2004-12-24').map((h) => [h.schedule, h.status])).toEqual([
      ['Closed', 'Closed'],
      ['Partial', 'Open'],
    ]);
    expect(ds.listCurrencyHolidays('USD', '2004-12-24', '2004-12-24').map((h) => h.settlement)).toEqual(['No', 'Yes']);
    expect(ds.listCurrencyHolidays('EUR', '2004-01-01', '2004-12-31')).toHaveLength(2);
  });

  it('a computation needing the date answers the data error naming both lines', () => {
    const nyse =
      `csv/holidays.csv, line ${nyseLines[1]}, column 'Date': duplicate key (FinID, Date): two different ` +
      `holiday rows for US.NYSE on 2004-12-24 (also csv/holidays.csv, line ${nyseLines[0]})`;
    for (const q of [
      () => ds.listDays('US.NYSE', '2004-12-24', '2004-12-24'),
      () => ds.status('US.NYSE', Date.parse('2004-12-21T15:00:00Z')),
      () => ds.sessionCount('US.NYSE', '2004-01-01', '2004-12-31'),
      () => ds.adjust('US.NYSE', '2004-12-24'),
    ]) {
      expect(errorOf(q).message).toBe(nyse);
    }
    const usd =
      `csv/currency-holidays.csv, line ${ccyLine(1)}, column 'Date': duplicate key (Currency Code, Date): ` +
      `two different holiday rows for USD on 2004-12-24 (also csv/currency-holidays.csv, line ${ccyLine(0)})`;
    expect(errorOf(() => ds.fxSpot('EURUSD', '2004-12-22')).message).toMatch(
      /two (different|identical) holiday rows for (USD|EUR) on 2004-12-24/,
    );
    expect(errorOf(() => ds.calendarDays('USD', '2004-12-24', '2004-12-24')).message).toBe(usd);
    expect(errorOf(() => ds.calendarDays('EUR', '2004-12-24', '2004-12-24')).message).toMatch(
      /two identical holiday rows for EUR on 2004-12-24/,
    );
  });

  it('every other date answers as with one row: 2023 status, FX spot and joined calendars', () => {
    const at = Date.parse('2023-11-15T17:00:00Z');
    expect(ds.status('US.NYSE', at)).toEqual(cleanDup.status('US.NYSE', at));
    expect(ds.fxSpot('EURUSD', '2023-11-21')).toEqual(cleanDup.fxSpot('EURUSD', '2023-11-21'));
    expect(ds.fxValueDate('EURUSD', '2023-11-21', '1M')).toEqual(cleanDup.fxValueDate('EURUSD', '2023-11-21', '1M'));
    expect(ds.calendarDays('US.NYSE+USD', '2023-11-20', '2023-11-26')).toEqual(
      cleanDup.calendarDays('US.NYSE+USD', '2023-11-20', '2023-11-26'),
    );
    expect(ds.sessionOffset('US.NYSE', '2004-12-27', 2)).toEqual(cleanDup.sessionOffset('US.NYSE', '2004-12-27', 2));
  });

  it('three rows on one date: one error naming every line', () => {
    const three = build(
      (t) =>
        t.holidays.push({
          fin_id: 'US.NYSE',
          date: '2004-12-24',
          holiday_name: 'Third',
          schedule: 'Closed',
          status: 'Closed',
          settlement: 'No',
        }),
      duplicateRowTables,
    );
    expect(errorOf(() => three.listDays('US.NYSE', '2004-12-24', '2004-12-24')).message).toBe(
      `csv/holidays.csv, line ${nyseLines[1]}, column 'Date': duplicate key (FinID, Date): 3 different holiday rows ` +
        `for US.NYSE on 2004-12-24 (also csv/holidays.csv, line ${nyseLines[0]} and csv/holidays.csv, line ` +
        `${nyseLines[1] + 1})`,
    );
    expect(three.warnings.filter((w) => w.market === 'US.NYSE')).toHaveLength(2);
  });

  it('duplicateHolidays names the lines of each duplicated date in a range', () => {
    expect(ds.duplicateHolidays('market', 'XNYS', '2004-01-01', '2004-12-31')).toEqual([
      { date: '2004-12-24', lines: nyseLines.map((l) => `csv/holidays.csv, line ${l}`) },
    ]);
    expect(ds.duplicateHolidays('market', 'XNYS', '2005-01-01', '2023-12-31')).toEqual([]);
    expect(ds.duplicateHolidays('currency', 'usd', '2004-12-24', '2004-12-24')).toEqual([
      { date: '2004-12-24', lines: [0, 1].map((k) => `csv/currency-holidays.csv, line ${ccyLine(k)}`) },
    ]);
  });

  it(
    'the iCalendar feed has one event for the date, saying the data holds two conflicting rows and naming their ' +
      'lines',
    () => {
      const holidays = ds.listHolidays('US.NYSE', '2004-12-01', '2004-12-31') as FeedHoliday[];
      const text = buildHolidayFeed({
        kind: 'market',
        key: 'US.NYSE',
        name: 'x',
        holidays,
        duplicates: ds.duplicateHolidays('market', 'US.NYSE', '2004-12-01', '2004-12-31'),
        stamp: 0,
      }).replace(/\r\n /g, '');
      expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(text).toContain('SUMMARY:Christmas Eve — US.NYSE conflicting rows');
      expect(text).toContain(
        `DESCRIPTION:The data holds two conflicting rows for this date: csv/holidays.csv\\, line ${nyseLines[0]}\\; ` +
          `csv/holidays.csv\\, line ${nyseLines[1]}. Which one holds is unknown: answers computed from this date ` +
          `are a data error.`,
      );
    },
  );
});

describe('choices where the spec is silent', () => {
  const currencies = () => {
    const t = calendarTables();
    return { ...t, currencyHolidays: [...t.currencyHolidays!] };
  };
  const ds = build(
    (t) => t.currencyHolidays!.push({ currency_code: 'EUR', date: '2023-12-32', holiday_name: 'x', settlement: 'No' }),
    currencies,
  );
  const clean = build(() => {}, currencies);

  it('`unadjusted` and FX lag 0 look at no business day: they answer even with every date of a member touched', () => {
    expect(ds.adjust('EUR', '2023-12-20', 'unadjusted')).toEqual({
      date: '2023-12-20',
      convention: 'unadjusted',
      adjusted: '2023-12-20',
    });
    expect(ds.fxSpot('EURUSD', '2023-12-20', 0)).toMatchObject({ spot_date: '2023-12-20', closures: [] });
    expect(() => ds.fxSpot('EURUSD', '2023-12-20', 1)).toThrow(DataError);
  });

  it(
    "FX spot dates ask both currencies of a pair on every date they step over, so the pair's order does not decide " +
      'whether a bad date fails a value date',
    () => {
      // A GBP row on Saturday 2023-10-28, a date EUR's weekend already closes.
      const gbp = build((t) => {
        t.currencyHolidays!.push({ currency_code: 'GBP', date: '2023-10-28', holiday_name: '"Odd"', settlement: 'No' });
        t.rowFaults = [
          {
            table: 'currencyHolidays',
            row: t.currencyHolidays!.length - 1,
            column: 'holiday_name',
            message: 'malformed quoting',
          },
        ];
      }, currencies);
      // A value date lists no closures: only the spot steps look at the Saturday.
      for (const pair of ['EURGBP', 'GBPEUR'])
        expect(() => gbp.fxValueDate(pair, '2023-10-27', 'SN'), pair).toThrow(
          /currency-holidays.csv, line \d+, column 'Holiday Name': malformed quoting/,
        );
      expect(gbp.fxValueDate('EURGBP', '2023-10-30', 'SN')).toEqual(clean.fxValueDate('EURGBP', '2023-10-30', 'SN'));
    },
  );

  it(
    'FX closures look at USD on the dates between trade and spot: a duplicated USD date there fails the spot ' +
      'answer',
    () => {
      const usd = build(
        (t) =>
          t.currencyHolidays!.push({
            currency_code: 'USD',
            date: '2023-11-23',
            holiday_name: 'Thanksgiving Day',
            settlement: 'Yes',
          }),
        currencies,
      );
      expect(() => usd.fxSpot('EURUSD', '2023-11-21')).toThrow(/two different holiday rows for USD on 2023-11-23/);
      expect(usd.fxSpot('EURUSD', '2023-11-27')).toEqual(clean.fxSpot('EURUSD', '2023-11-27'));
    },
  );
});
