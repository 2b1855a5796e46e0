/** GET /status (docs/calendar-arithmetic.md §6): each entry is what the single-market request answers. */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import type { OpenbellApp } from '../src/app.js';
import { CME, fixtureData, NOON_NY, NYSE } from './fixture.js';

let app: OpenbellApp;
beforeAll(() => {
  app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => NOON_NY });
});
const get = (path: string) => request(app).get(path);

/** The single-market answer reshaped as a bulk entry. */
async function single(id: string, at = '2023-11-15T17:00:00Z') {
  const res = await get(`/markets/${encodeURIComponent(id)}/status?datetime_utc=${at}`);
  if (res.status !== 200) return { identifier: id, error: { status: res.status, ...res.body } };
  const { market, ...rest } = res.body;
  return { identifier: id, fin_id: market.fin_id, ...rest, timezone: market.timezone };
}

describe('GET /status', () => {
  it('mirrors the single-market answers, errors included, in the order given', async () => {
    const ids = ['XNYS', 'NOPE', CME, 'XCME', 'bad!', 'ZZ.NONE', 'AR.BCBA', 'us.nyse'];
    const res = await get(
      `/status?markets=${ids.map(encodeURIComponent).join(',')}&datetime_utc=2023-11-15T17:00:00Z`,
    ).expect(200);
    expect(res.body.as_of).toBe('2023-11-15T17:00:00+00:00');
    const expected = await Promise.all(ids.map((id) => single(id)));
    expect(res.body.markets).toEqual(expected);
    expect(res.body.markets.map((m: { error?: { status: number } }) => m.error?.status ?? 200)).toEqual([
      200, 404, 200, 409, 422, 404, 200, 200,
    ]);
    expect(res.body.markets[3].error.candidates).toEqual(expect.arrayContaining([CME, 'US.CME.AGRI']));
  });

  it('out of coverage and plan errors stay per market', async () => {
    const res = await get(`/status?markets=XNYS&datetime_utc=2031-01-01T00:00:00Z`).expect(200);
    expect(res.body.markets).toEqual([await single('XNYS', '2031-01-01T00:00:00Z')]);
    expect(res.body.markets[0].error.status).toBe(400);
    const holidaysOnly = createApp({ data: fixtureData('h', 'holidays_only'), logLevel: 'silent' });
    const h = await request(holidaysOnly)
      .get('/status?markets=XNYS,NOPE&datetime_utc=2023-11-15T17:00:00Z')
      .expect(200);
    expect(h.body.markets.map((m: { error: { status: number } }) => m.error.status)).toEqual([403, 403]);
  });

  it('subset answers by FinID; repeated markets parameters add up; now is the server clock', async () => {
    const s = await get('/status?subset=US*').expect(200);
    expect(s.body.as_of).toBe('2023-11-15T17:00:00+00:00');
    expect(s.body.markets.map((m: { identifier: string }) => m.identifier)).toEqual(['US.CME.AGRI', CME, NYSE]);
    const r = await get('/status?markets=XNYS&markets=AR.BYMA').expect(200);
    expect(r.body.markets.map((m: { identifier: string }) => m.identifier)).toEqual(['XNYS', 'AR.BYMA']);
  });

  it('422: more than 1,000 identifiers, neither markets nor subset, both, a bad instant', async () => {
    const many = Array(1001).fill('XNYS').join(',');
    const r = await get(`/status?markets=${many}`).expect(422);
    expect(r.body.detail[0]).toMatchObject({ loc: ['query', 'markets'], type: 'too_long' });
    await get(`/status?markets=${Array(1000).fill('XNYS').join(',')}`).expect(200);
    expect((await get('/status').expect(422)).body.detail[0]).toMatchObject({
      loc: ['query', 'markets'],
      type: 'missing',
    });
    await get('/status?markets=XNYS&subset=US*').expect(422);
    expect((await get('/status?markets=XNYS&datetime_utc=yesterday').expect(422)).body.detail[0].loc).toEqual([
      'query',
      'datetime_utc',
    ]);
  });
});
