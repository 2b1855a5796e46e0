/**
 * docs/bulk-format.md §5 over HTTP, on the loader's bad-row fixture: the server serves the
 * archive, /info names each bad row and the markets it affects, a query computing from a date
 * a bad row touches answers 500 with a detail naming file and line, and every other date and
 * market answers normally.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadFromPath } from '@openbell/loader';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';

const dir = fileURLToPath(new URL('../../loader/test/fixtures/bad-rows', import.meta.url));
const data = await loadFromPath(dir);
const app = createApp({ data, logLevel: 'silent', now: () => Date.parse('2023-11-21T15:00:00Z') });
const get = (path: string) => request(app).get(path);

describe('an archive with bad rows', () => {
  it('/info lists the warnings with file and line, and the markets and currencies they affect', async () => {
    const info = (await get('/info').expect(200)).body.data;
    expect(info.affected_markets).toEqual([
      'XX.DATE',
      'XX.DAYS',
      'XX.DUP',
      'XX.INT',
      'XX.OLD',
      'XX.PT',
      'XX.QUOTE',
      'XX.TIME',
      'XX.TWIN',
      'XX.TZ',
      'XX.WINDOW',
    ]);
    expect(info.affected_currencies).toEqual(['EUR', 'GBP']);
    const pt = info.warning_details.find((w: { market?: string }) => w.market === 'XX.PT');
    expect(pt).toMatchObject({
      file: expect.stringMatching(/schedules\.csv$/),
      line: expect.any(Number),
      column: 'Phase Type',
    });
  });

  it('an affected market answers 500 with a detail naming the file and line, for phases, days and status', async () => {
    for (const path of [
      '/markets/XX.PT/phases?start=2023-11-20&end=2023-11-24',
      '/markets/XX.PT/days?start=2023-11-20&end=2023-11-24',
      '/markets/XX.PT/status',
    ]) {
      const res = await get(path).expect(500);
      expect(res.body.detail).toMatch(
        /^Data error: .*schedules\.csv, line \d+, column 'Phase Type': unknown phase type 'Lunch Break'/,
      );
    }
    const holidays = await get('/markets/XX.DATE/holidays?start=2023-01-01&end=2023-12-31').expect(500);
    expect(holidays.body.detail).toMatch(
      /holidays\.csv, line \d+, column 'Date': expected a date YYYY-MM-DD, got '2023-13-01'/,
    );
    // Its record still answers.
    expect((await get('/markets/XX.PT').expect(200)).body.fin_id).toBe('XX.PT');
  });

  it('every other market answers normally', async () => {
    expect((await get('/markets/XX.GOOD/status').expect(200)).body).toMatchObject({
      status: 'Open',
      reason: 'Primary Trading Session',
    });
    expect((await get('/markets/XX.BACK/phases?start=2023-11-21&end=2023-11-21').expect(200)).body).toHaveLength(2);
    expect((await get('/currencies/USD/holidays?start=2023-01-01&end=2023-12-31').expect(200)).body).toHaveLength(1);
    expect((await get('/currencies/EUR/holidays?start=2023-01-01&end=2023-12-31').expect(500)).body.detail).toMatch(
      /2023-12-32/,
    );
  });

  it(
    'joined calendars with an affected market, and FX with an affected currency, answer the same data ' + 'error',
    async () => {
      const phaseType =
        /^Data error: .*schedules\.csv, line \d+, column 'Phase Type': unknown phase type 'Lunch Break'/;
      for (const path of [
        '/calendars/XX.PT/days?start=2023-11-20&end=2023-11-24',
        '/calendars/XX.GOOD+XX.PT/adjust?date=2023-11-25',
        '/calendars/XX.PT+XX.GOOD/advance?date=2023-11-22&n=1',
        '/calendars/XX.GOOD+XX.PT/advance?date=2023-11-22&n=1&unit=months&end_of_month=true',
      ]) {
        expect((await get(path).expect(500)).body.detail, path).toMatch(phaseType);
      }
      // docs/calendar-arithmetic.md §4: where XX.GOOD trades, `~` is settled without XX.PT's bad row.
      expect((await get('/calendars/XX.PT~XX.GOOD/advance?date=2023-11-22&n=1').expect(200)).body.result).toBe(
        '2023-11-23',
      );
      expect(
        (await get('/calendars/XX.GOOD+XX.DATE/days?start=2023-11-20&end=2023-11-24').expect(500)).body.detail,
      ).toMatch(/holidays\.csv, line \d+, column 'Date': expected a date YYYY-MM-DD, got '2023-13-01'/);
      expect((await get('/calendars/XX.DUP/adjust?date=2023-11-24').expect(500)).body.detail).toMatch(
        /two different holiday rows/,
      );
      expect((await get('/calendars/XX.TZ/adjust?date=2023-11-24').expect(500)).body.detail).toMatch(
        /markets\.csv, line \d+, column 'Timezone'/,
      );
      const eur =
        /^Data error: .*currency-holidays\.csv, line 3, column 'Date': expected a date YYYY-MM-DD, got '2023-12-32'/;
      for (const path of [
        '/fx/spot?pair=EURUSD&trade_date=2023-07-03',
        '/fx/spot?pair=USDEUR&trade_date=2023-07-03&lag=1',
        '/fx/value-date?pair=EURUSD&trade_date=2023-07-03&tenor=SN',
        '/calendars/EUR/days?start=2023-07-04&end=2023-07-04',
        '/calendars/XX.GOOD+EUR/adjust?date=2023-07-04',
      ]) {
        expect((await get(path).expect(500)).body.detail, path).toMatch(eur);
      }
      // Lag 0 answers the trade date without looking at a business day: nothing to fail.
      expect((await get('/fx/spot?pair=USDEUR&trade_date=2023-07-03&lag=0').expect(200)).body.spot_date).toBe(
        '2023-07-03',
      );
      // Calendars of unaffected members answer.
      expect((await get('/calendars/XX.GOOD+XX.BACK/days?start=2023-11-24&end=2023-11-25').expect(200)).body).toEqual([
        { date: '2023-11-24', is_business_day: true, closed: [] },
        { date: '2023-11-25', is_business_day: false, closed: ['XX.GOOD', 'XX.BACK'] },
      ]);
      expect((await get('/calendars/USD/days?start=2023-07-04&end=2023-07-04').expect(200)).body).toEqual([
        { date: '2023-07-04', is_business_day: false, closed: ['USD'] },
      ]);
    },
  );

  it('a season missing for 2024 fails only the calendar answers that look at the dates needing it', async () => {
    expect((await get('/calendars/XX.SEASON+XX.GOOD/advance?date=2023-11-22&n=2').expect(200)).body.result).toBe(
      '2023-11-24',
    );
    expect(
      (await get('/calendars/XX.GOOD~XX.SEASON/days?start=2024-03-04&end=2024-03-04').expect(500)).body.detail,
    ).toMatch(/Summer Start' has no definition for 2024/);
  });
});

const file = (name: string) => `${dir}/csv/${name}`;
const lineOf = (name: string, text: string) =>
  readFileSync(file(name), 'utf8')
    .split(/\r?\n/)
    .findIndex((l) => l.includes(text)) + 1;
const text = (res: { text: string }) => res.text;

describe('a bad row answers 500 only for the queries computing from a date it touches', () => {
  const oldLine = lineOf('holidays.csv', 'XX.OLD,2004-12-24');
  const oldError =
    `${file('holidays.csv')}, line ${oldLine + 1}, column 'Date': duplicate key (FinID, Date): two ` +
    `different holiday rows for XX.OLD on 2004-12-24 (also ${file('holidays.csv')}, line ${oldLine})`;

  it(
    'two holiday rows dated 2004: listed both; 2004-12-24 answers 500 naming both lines; 2023 answers ' + '200',
    async () => {
      expect(
        (await get('/markets/XX.OLD/holidays?start=2004-12-01&end=2004-12-31').expect(200)).body.map(
          (h: { schedule: string }) => h.schedule,
        ),
      ).toEqual(['Closed', 'Early Close']);
      for (const path of [
        '/markets/XX.OLD/days?start=2004-12-20&end=2004-12-31',
        '/markets/XX.OLD/phases?start=2004-12-25&end=2004-12-26',
        '/markets/XX.OLD/status?datetime_utc=2004-12-22T15:00:00Z',
        '/markets/XX.OLD/sessions?start=2004-12-24&end=2004-12-24',
        '/markets/XX.OLD/sessions/count?start=2004-12-01&end=2004-12-31',
        '/markets/XX.OLD/sessions/offset?date=2004-12-23&n=1',
        '/markets/XX.OLD/next?after=2004-12-23T22:00:00Z',
        '/calendars/XX.OLD/adjust?date=2004-12-24',
      ]) {
        const res = await get(path);
        expect([res.status, res.body.detail], path).toEqual([500, `Data error: ${oldError}`]);
      }
      for (const path of [
        '/markets/XX.OLD/status',
        '/markets/XX.OLD/days?start=2023-11-20&end=2023-11-24',
        '/markets/XX.OLD/sessions/count?start=2005-01-03&end=2023-12-29',
        '/markets/XX.OLD/sessions/offset?date=2004-12-27&n=1',
        '/markets/XX.OLD/next?after=2023-11-21T22:00:00Z',
        '/markets/XX.OLD/previous?before=2004-12-21T22:00:00Z&event=close',
        '/calendars/XX.OLD+XX.GOOD/advance?date=2023-11-21&n=1',
      ]) {
        expect((await get(path)).status, path).toBe(200);
      }
    },
  );

  it(
    'a bad schedule row in force one week: 500 for that week and what looks back to it, 200 before and ' + 'after',
    async () => {
      const line = lineOf('schedules.csv', 'XX.WINDOW,Regular,,Lunch Break');
      const where = `schedules.csv, line ${line}, column 'Phase Type'`;
      expect(
        (await get('/markets/XX.WINDOW/phases?start=2023-11-27&end=2023-11-27').expect(500)).body.detail,
      ).toContain(where);
      expect(
        (await get('/markets/XX.WINDOW/status?datetime_utc=2023-11-22T15:00:00Z').expect(500)).body.detail,
      ).toContain(where);
      await get('/markets/XX.WINDOW/phases?start=2023-11-20&end=2023-11-26').expect(200);
      await get('/markets/XX.WINDOW/days?start=2023-12-04&end=2023-12-08').expect(200);
      await get('/markets/XX.WINDOW/status?datetime_utc=2023-11-14T15:00:00Z').expect(200);
    },
  );

  it(
    'two currency holiday rows: listed both; FX and calendars looking at the date answer 500 naming both ' + 'lines',
    async () => {
      const first = lineOf('currency-holidays.csv', 'GBP,2023-12-25');
      const error =
        `Data error: ${file('currency-holidays.csv')}, line ${first + 1}, column 'Date': duplicate key ` +
        `(Currency Code, Date): two different holiday rows for GBP on 2023-12-25 (also ` +
        `${file('currency-holidays.csv')}, line ${first})`;
      expect(
        (await get('/currencies/GBP/holidays?start=2023-12-25&end=2023-12-25').expect(200)).body.map(
          (h: { settlement: string }) => h.settlement,
        ),
      ).toEqual(['No', 'Yes']);
      for (const path of [
        '/fx/spot?pair=GBPUSD&trade_date=2023-12-21',
        '/fx/value-date?pair=GBPUSD&trade_date=2023-11-22&tenor=1M',
        '/calendars/GBP/days?start=2023-12-20&end=2023-12-29',
      ]) {
        expect((await get(path).expect(500)).body.detail, path).toBe(error);
      }
      expect((await get('/fx/spot?pair=GBPUSD&trade_date=2023-12-26').expect(200)).body.spot_date).toBe('2023-12-28');
      expect((await get('/fx/value-date?pair=GBPUSD&trade_date=2023-11-21&tenor=1W').expect(200)).body.value_date).toBe(
        '2023-11-30',
      );
    },
  );

  it(
    'bulk status and the board show a market normally unless the status window of the instant touches the ' + 'date',
    async () => {
      // The window of 2023-11-21 runs to 2023-11-26: XX.DUP's 24th is in it, XX.OLD's 2004 row is not.
      const bulk = (await get('/status?markets=XX.OLD,XX.DUP,XX.GOOD&datetime_utc=2023-11-21T15:00:00Z').expect(200))
        .body.markets;
      expect(bulk.map((m: { status?: string; error?: { status: number } }) => m.status ?? m.error!.status)).toEqual([
        'Open',
        500,
        'Open',
      ]);
      expect(bulk[1].error.detail).toMatch(/two different holiday rows for XX.DUP on 2023-11-24/);
      const before = (await get('/status?markets=XX.DUP&datetime_utc=2023-11-14T15:00:00Z').expect(200)).body.markets;
      expect(before[0]).toMatchObject({ fin_id: 'XX.DUP', status: 'Open' });

      const board = (await get('/board/data?markets=XX.OLD,XX.DUP').expect(200)).body.markets;
      expect(board[0]).toMatchObject({ identifier: 'XX.OLD', status: 'Open', holiday: null });
      expect(board[1]).toMatchObject({ identifier: 'XX.DUP', error: { status: 500 } });
      const earlier = createApp({ data, logLevel: 'silent', now: () => Date.parse('2023-11-14T15:00:00Z') });
      const shown = (await request(earlier).get('/board/data?markets=XX.DUP').expect(200)).body.markets;
      expect(shown[0]).toMatchObject({ identifier: 'XX.DUP', status: 'Open' });
    },
  );

  it('the .ics feed has one event per duplicated date whose description names both lines', async () => {
    const ics = text(
      await get('/markets/XX.OLD/holidays.ics?start=2004-01-01&end=2004-12-31').buffer(true).expect(200),
    );
    const unfolded = ics.replace(/\r\n /g, '');
    // New Year's Day and one event for the two rows of Christmas Eve.
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfolded.match(/UID:XX.OLD-20041224@openbell/g)).toHaveLength(1);
    expect(unfolded).toContain('SUMMARY:Christmas Eve — XX.OLD conflicting rows');
    expect(unfolded).toContain(
      `DESCRIPTION:The data holds two conflicting rows for this date: ${file('holidays.csv')}\\, line ${oldLine}\\; ` +
        `${file('holidays.csv')}\\, line ${oldLine + 1}.`,
    );
    const gbp = text(
      await get('/currencies/GBP/holidays.ics?start=2023-01-01&end=2023-12-31').buffer(true).expect(200),
    ).replace(/\r\n /g, '');
    expect(gbp.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(gbp).toContain(`line ${lineOf('currency-holidays.csv', 'GBP,2023-12-25') + 1}.`);
  });
});
