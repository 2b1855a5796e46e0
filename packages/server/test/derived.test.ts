/**
 * Derived dates, bars of whole sessions, overlap and clock changes (docs/calendar-arithmetic.md
 * §10–13) over HTTP on the bundled sample: the answers docs/cli.md shows, CSV, and the errors with
 * their `loc` and status.
 */
import { loadSample } from '@openbell/loader';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import type { OpenbellApp } from '../src/app.js';

let app: OpenbellApp;
const get = (path: string) => request(app).get(path);
const locs = (body: { detail: { loc: string[] }[] }) => body.detail.map((e) => e.loc);

beforeAll(async () => {
  app = createApp({ data: await loadSample(), logLevel: 'silent', now: () => Date.parse('2023-11-22T21:00:00Z') });
});

describe('GET /calendars/{expr}/dates (§10)', () => {
  it('third Fridays of 2024 on the NYSE, the last business days, a month filter', async () => {
    const fridays = (await get('/calendars/XNYS/dates?rule=nth-weekday:3:fri&start=2024-01&end=2024-12').expect(200))
      .body;
    expect(fridays.map((d: { date: string }) => d.date)).toEqual([
      '2024-01-19',
      '2024-02-16',
      '2024-03-15',
      '2024-04-19',
      '2024-05-17',
      '2024-06-21',
      '2024-07-19',
      '2024-08-16',
      '2024-09-20',
      '2024-10-18',
      '2024-11-15',
      '2024-12-20',
    ]);
    const ends = (
      await get('/calendars/XNYS/dates?rule=last-business-day&start=2024-01&end=2024-12&months=3,12').expect(200)
    ).body;
    // Good Friday 2024 is March 29: March's last session is Thursday the 28th.
    expect(ends).toEqual([
      { period: '2024-03', nominal: '2024-03-28', date: '2024-03-28' },
      { period: '2024-12', nominal: '2024-12-31', date: '2024-12-31' },
    ]);
  });

  it('CSV as other listings', async () => {
    const res = await get('/calendars/XNYS/dates?rule=imm&start=2024-01&end=2024-06&format=csv').expect(200);
    expect(res.text).toBe('Period,Nominal,Date\r\n2024-03,2024-03-20,2024-03-20\r\n2024-06,2024-06-19,2024-06-20\r\n');
  });

  it(
    '422 names every bad parameter; 1,201 months is 422 on end; out of coverage is 400; unknown member ' + '404',
    async () => {
      const res = await get(
        '/calendars/XNYS/dates?rule=nth-weekday:6:fri&start=2024-1&end=2024-12&months=3,3&roll=x&offset=31',
      ).expect(422);
      expect(locs(res.body)).toEqual([
        ['query', 'rule'],
        ['query', 'start'],
        ['query', 'months'],
        ['query', 'roll'],
        ['query', 'offset'],
      ]);
      expect(locs((await get('/calendars/XNYS/dates?start=2024-01&end=2024-12').expect(422)).body)).toEqual([
        ['query', 'rule'],
      ]);
      expect(locs((await get('/calendars/XXXX/dates?rule=imm&start=1900-01&end=2000-12').expect(422)).body)).toEqual([
        ['query', 'end'],
      ]);
      expect((await get('/calendars/XNYS/dates?rule=imm&start=2040-01&end=2040-12').expect(400)).body.detail).toMatch(
        /coverage/,
      );
      await get('/calendars/XNYS+ZZZ/dates?rule=imm&start=2024-01&end=2024-12').expect(404);
    },
  );
});

describe('GET /markets/{id}/bars with 1d, 1w, 1mo (§11)', () => {
  it('weekly bars of the NYSE, their count, and CSV with Sessions', async () => {
    const q = 'start=2023-11-20&end=2023-12-01&period=1w';
    expect((await get(`/markets/XNYS/bars?${q}`).expect(200)).body).toEqual([
      { date: '2023-11-24', start: '2023-11-20T09:30:00-05:00', end: '2023-11-24T13:00:00-05:00', sessions: 4 },
      { date: '2023-12-01', start: '2023-11-27T09:30:00-05:00', end: '2023-12-01T16:00:00-05:00', sessions: 5 },
    ]);
    expect((await get(`/markets/XNYS/bars/count?${q}`).expect(200)).body).toEqual({
      start: '2023-11-20',
      end: '2023-12-01',
      period: '1w',
      count: 2,
    });
    expect((await get(`/markets/XNYS/bars?${q}&format=csv`).expect(200)).text).toBe(
      'Date,Start,End,Sessions\r\n' +
        '2023-11-24,2023-11-20T09:30:00-05:00,2023-11-24T13:00:00-05:00,4\r\n' +
        '2023-12-01,2023-11-27T09:30:00-05:00,2023-12-01T16:00:00-05:00,5\r\n',
    );
  });
});

describe('GET /overlap (§12)', () => {
  it(
    'New York and London overlap 14:30 to 16:30 UTC in November; the open phases of the CME run ' + 'overnight',
    async () => {
      expect((await get('/overlap?markets=XNYS,XLON&start=2023-11-20&end=2023-11-21').expect(200)).body).toEqual([
        { start: '2023-11-20T14:30:00Z', end: '2023-11-20T16:30:00Z' },
        { start: '2023-11-21T14:30:00Z', end: '2023-11-21T16:30:00Z' },
      ]);
      const cmeTokyo = (
        await get('/overlap?markets=US.CME.EQUITY.USINDEX1,XTKS&start=2023-11-21&end=2023-11-21').expect(200)
      ).body;
      expect(cmeTokyo.length).toBeGreaterThan(0);
      for (const i of cmeTokyo) expect(i.start < i.end).toBe(true);
    },
  );

  it('errors: too few markets 422 naming markets, unknown 404, ambiguous MIC 409, out of coverage 400', async () => {
    expect(locs((await get('/overlap?markets=XNYS&start=2023-11-20&end=2023-11-21').expect(422)).body)).toEqual([
      ['query', 'markets'],
    ]);
    expect(
      locs((await get('/overlap?markets=XNYS,XLON&start=2023-11-22&end=2023-11-21&phase=x').expect(422)).body),
    ).toEqual([['query', 'phase']]);
    expect(locs((await get('/overlap?markets=XNYS,XLON&start=2023-11-22&end=2023-11-21').expect(422)).body)).toEqual([
      ['query', 'end'],
    ]);
    await get('/overlap?markets=XNYS,ZZ.NONE&start=2023-11-20&end=2023-11-21').expect(404);
    expect(
      (await get('/overlap?markets=XNYS,XCME&start=2023-11-20&end=2023-11-21').expect(409)).body.candidates,
    ).toBeDefined();
    await get('/overlap?markets=XNYS,XLON&start=2045-11-20&end=2045-11-21').expect(400);
  });
});

describe('GET /markets/{id}/clock-changes (§13)', () => {
  it('New York in 2024, and London in 1968-1971 (British Standard Time all year)', async () => {
    expect((await get('/markets/XNYS/clock-changes?start=2024-01-01&end=2024-12-31').expect(200)).body).toEqual([
      { at: '2024-03-10T07:00:00Z', offset_before: '-05:00', offset_after: '-04:00' },
      { at: '2024-11-03T06:00:00Z', offset_before: '-04:00', offset_after: '-05:00' },
    ]);
    expect((await get('/markets/XLON/clock-changes?start=1968-01-01&end=1971-12-31').expect(200)).body).toEqual([
      { at: '1968-02-18T02:00:00Z', offset_before: '+00:00', offset_after: '+01:00' },
      { at: '1971-10-31T02:00:00Z', offset_before: '+01:00', offset_after: '+00:00' },
    ]);
  });

  it('errors: a range over 200 years is 422 on end; an unknown market 404', async () => {
    expect(locs((await get('/markets/XNYS/clock-changes?start=1800-01-01&end=2024-12-31').expect(422)).body)).toEqual([
      ['query', 'end'],
    ]);
    await get('/markets/ZZZZ/clock-changes?start=2024-01-01&end=2024-12-31').expect(404);
  });
});
