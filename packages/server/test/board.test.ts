/** /board and /board/data without a browser (the browser test is board.browser.test.ts). */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import { loadSample } from '@openbell/loader';
import { fixtureData, NYSE } from './fixture.js';

const THANKSGIVING_NOON = Date.parse('2023-11-23T17:00:00Z');
const app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => THANKSGIVING_NOON });

describe('GET /board', () => {
  it('is one self-contained page: no script, style or font from elsewhere', async () => {
    const res = await request(app).get('/board').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).not.toMatch(/(src|href)=["']?(https?:)?\/\//i);
    expect(res.text).not.toMatch(/@import|url\(/);
    expect(res.text).toContain('<table id="board"');
  });
});

describe('GET /board/data', () => {
  it("the bulk status with names and today's holiday; a replaced market shows once, as its replacement", async () => {
    const res = await request(app).get('/board/data').expect(200);
    expect(res.body.now_ms).toBe(THANKSGIVING_NOON);
    const ids = res.body.markets.map((m: { identifier: string }) => m.identifier);
    expect(ids).not.toContain('AR.BCBA');
    expect(ids).toContain('AR.BYMA');
    const nyse = res.body.markets.find((m: { identifier: string }) => m.identifier === NYSE);
    expect(nyse).toMatchObject({
      status: 'Closed',
      holiday: 'Thanksgiving Day',
      mic: 'XNYS',
      exchange_name: 'New York Stock Exchange',
    });
    const bulk = await request(app).get(`/status?markets=${NYSE}`).expect(200);
    expect(nyse).toMatchObject({ holiday_date: '2023-11-23', holiday_next: false });
    const {
      holiday: _h,
      holiday_date: _d,
      holiday_next: _x,
      mic: _m,
      exchange_name: _e,
      market_name: _n,
      ...status
    } = nyse;
    expect(status).toEqual(bulk.body.markets[0]);
  });

  it("the holiday of an evening session's trading date is marked as the next trading date's", async () => {
    // CME equity index futures on Thanksgiving eve, 17:30 in Chicago: the session that opened at
    // 17:00 trades Thursday the 23rd, Thanksgiving; the market's local date is still the 22nd.
    const sample = await loadSample();
    const eve = createApp({ data: sample, logLevel: 'silent', now: () => Date.parse('2023-11-22T23:30:00Z') });
    const res = await request(eve).get('/board/data?markets=US.CME.EQUITY.USINDEX1,US.NYSE').expect(200);
    const [cme, nyse] = res.body.markets;
    expect(cme).toMatchObject({
      status: 'Open',
      holiday: 'Thanksgiving Day',
      holiday_date: '2023-11-23',
      holiday_next: true,
    });
    // NYSE is closed for the night: no session yet, the local date's (no holiday).
    expect(nyse).toMatchObject({ status: 'Closed', holiday: null, holiday_date: null, holiday_next: false });
  });

  it('markets= keeps every identifier, errors included', async () => {
    const res = await request(app).get('/board/data?markets=AR.BCBA,NOPE').expect(200);
    expect(
      res.body.markets.map(
        (m: { identifier: string; fin_id?: string }) => `${m.identifier}:${m.fin_id ?? m.identifier}`,
      ),
    ).toEqual(['AR.BCBA:AR.BYMA', 'NOPE:NOPE']);
    expect(res.body.markets[1].error.status).toBe(404);
  });

  it('is never stored by a browser or a proxy, an error answer neither', async () => {
    expect((await request(app).get('/board/data').expect(200)).headers['cache-control']).toBe('no-store');
    const empty = createApp({ logLevel: 'silent' });
    const res = await request(empty).get('/board/data').expect(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.detail).toEqual(expect.any(String));
  });
});
