/**
 * bulk-format.md "Bad rows" over HTTP, on the loader's bad-row fixture: the server serves the
 * archive, /info names each bad row and the markets it affects, an affected market answers 500
 * with a detail naming file and line, and every other market answers normally.
 */
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
    expect(info.affected_markets).toEqual(['XX.DATE', 'XX.DAYS', 'XX.DUP', 'XX.INT', 'XX.PT', 'XX.QUOTE', 'XX.TIME', 'XX.TWIN', 'XX.TZ']);
    expect(info.affected_currencies).toEqual(['EUR']);
    const pt = info.warning_details.find((w: { market?: string }) => w.market === 'XX.PT');
    expect(pt).toMatchObject({ file: expect.stringMatching(/schedules\.csv$/), line: expect.any(Number), column: 'Phase Type' });
  });

  it('an affected market answers 500 with a detail naming the file and line, for phases, days and status', async () => {
    for (const path of ['/markets/XX.PT/phases?start=2023-11-20&end=2023-11-24', '/markets/XX.PT/days?start=2023-11-20&end=2023-11-24', '/markets/XX.PT/status']) {
      const res = await get(path).expect(500);
      expect(res.body.detail).toMatch(/^Data error: .*schedules\.csv, line \d+, column 'Phase Type': unknown phase type 'Lunch Break'/);
    }
    const holidays = await get('/markets/XX.DATE/holidays?start=2023-01-01&end=2023-12-31').expect(500);
    expect(holidays.body.detail).toMatch(/holidays\.csv, line \d+, column 'Date': expected a date YYYY-MM-DD, got '2023-13-01'/);
    // Its record still answers.
    expect((await get('/markets/XX.PT').expect(200)).body.fin_id).toBe('XX.PT');
  });

  it('every other market answers normally', async () => {
    expect((await get('/markets/XX.GOOD/status').expect(200)).body).toMatchObject({ status: 'Open', reason: 'Primary Trading Session' });
    expect((await get('/markets/XX.BACK/phases?start=2023-11-21&end=2023-11-21').expect(200)).body).toHaveLength(2);
    expect((await get('/currencies/USD/holidays?start=2023-01-01&end=2023-12-31').expect(200)).body).toHaveLength(1);
    expect((await get('/currencies/EUR/holidays?start=2023-01-01&end=2023-12-31').expect(500)).body.detail).toMatch(/2023-12-32/);
  });

  it('joined calendars with an affected market, and FX with an affected currency, answer the same data error', async () => {
    const phaseType = /^Data error: .*schedules\.csv, line \d+, column 'Phase Type': unknown phase type 'Lunch Break'/;
    for (const path of [
      '/calendars/XX.PT/days?start=2023-11-20&end=2023-11-24',
      '/calendars/XX.GOOD+XX.PT/adjust?date=2023-11-25',
      '/calendars/XX.PT~XX.GOOD/advance?date=2023-11-22&n=1',
      '/calendars/XX.GOOD~XX.PT/advance?date=2023-11-22&n=1&unit=months&end_of_month=true',
    ]) {
      expect((await get(path).expect(500)).body.detail, path).toMatch(phaseType);
    }
    expect((await get('/calendars/XX.GOOD+XX.DATE/days?start=2023-11-20&end=2023-11-24').expect(500)).body.detail).toMatch(/holidays\.csv, line \d+, column 'Date': expected a date YYYY-MM-DD, got '2023-13-01'/);
    expect((await get('/calendars/XX.DUP/adjust?date=2023-11-24').expect(500)).body.detail).toMatch(/two different holiday rows/);
    expect((await get('/calendars/XX.TZ/adjust?date=2023-11-24').expect(500)).body.detail).toMatch(/markets\.csv, line \d+, column 'Timezone'/);
    const eur = /^Data error: .*currency-holidays\.csv, line 3, column 'Date': expected a date YYYY-MM-DD, got '2023-12-32'/;
    for (const path of [
      '/fx/spot?pair=EURUSD&trade_date=2023-07-03',
      '/fx/spot?pair=USDEUR&trade_date=2023-07-03&lag=0',
      '/fx/value-date?pair=EURUSD&trade_date=2023-07-03&tenor=SN',
      '/calendars/EUR/days?start=2023-07-04&end=2023-07-04',
      '/calendars/XX.GOOD~EUR/adjust?date=2023-07-04',
    ]) {
      expect((await get(path).expect(500)).body.detail, path).toMatch(eur);
    }
    // Calendars of unaffected members answer.
    expect((await get('/calendars/XX.GOOD+XX.BACK/days?start=2023-11-24&end=2023-11-25').expect(200)).body).toEqual([
      { date: '2023-11-24', is_business_day: true, closed: [] },
      { date: '2023-11-25', is_business_day: false, closed: ['XX.GOOD', 'XX.BACK'] },
    ]);
    expect((await get('/calendars/USD/days?start=2023-07-04&end=2023-07-04').expect(200)).body).toEqual([{ date: '2023-07-04', is_business_day: false, closed: ['USD'] }]);
  });

  it('a season missing for 2024 fails only the calendar answers that look at the dates needing it', async () => {
    expect((await get('/calendars/XX.SEASON+XX.GOOD/advance?date=2023-11-22&n=2').expect(200)).body.result).toBe('2023-11-24');
    expect((await get('/calendars/XX.GOOD~XX.SEASON/days?start=2024-03-04&end=2024-03-04').expect(500)).body.detail).toMatch(/Summer Start' has no definition for 2024/);
  });
});
