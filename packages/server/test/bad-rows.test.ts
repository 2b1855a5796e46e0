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
});
