/** The archive's reference tables over HTTP: listings, filters, CSV, the regional feed, and their 403s. */
import ICAL from 'ical.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Dataset } from '@openbell/core';
import { createApp } from '../src/index.js';
import { inMemoryData } from '../src/app.js';
import { fixtureData, fixtureTables, NOON_NY } from './fixture.js';

const withRegional = () =>
  inMemoryData(
    Dataset.create({
      ...fixtureTables(),
      seasonDefinitions: [
        { season: 'Second Sunday of March', year: 2024, date: '2024-03-10' },
        { season: 'First Sunday of November', year: 2024, date: '2024-11-03' },
      ],
      regionalHolidays: [
        {
          calendar: 'US',
          country: 'United States',
          date: '2023-11-23',
          name: 'Thanksgiving Day',
          type: 'public',
          memo: null,
          region: 'all',
        },
        {
          calendar: 'Christian',
          country: null,
          date: '2024-03-31',
          name: 'Easter Sunday',
          type: 'religious',
          memo: null,
          region: null,
        },
      ],
    }),
    new Date('2023-11-15T00:00:00Z'),
  );
const app = createApp({ data: withRegional(), logLevel: 'silent', now: () => NOON_NY });

const text = (r: request.Test) =>
  r.buffer(true).parse((res, cb) => {
    let s = '';
    res.on('data', (c: Buffer) => (s += c.toString('utf8')));
    res.on('end', () => cb(null, s));
  });

describe('reference tables', () => {
  it('lists regional holidays of a calendar in any case, with extra columns, and as CSV', async () => {
    const res = await request(app).get('/regional-holidays?calendar=us&start=2023-01-01&end=2023-12-31').expect(200);
    expect(res.body).toEqual([
      {
        calendar: 'US',
        country: 'United States',
        date: '2023-11-23',
        name: 'Thanksgiving Day',
        type: 'public',
        memo: null,
        region: 'all',
      },
    ]);
    await request(app).get('/regional-holidays?calendar=XX&start=2023-01-01&end=2023-12-31').expect(200, []);
    const bad = await request(app).get('/regional-holidays?start=2023-13-01&end=2023-12-31').expect(422);
    expect(bad.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual([
      ['query', 'calendar'],
      ['query', 'start'],
    ]);
    const csv = await request(app)
      .get('/regional-holidays?calendar=US&start=2023-01-01&end=2023-12-31&format=csv')
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('answers the regional feed with one all-day event per row', async () => {
    const res = await text(
      request(app).get('/regional-holidays.ics?calendar=christian&start=2024-01-01&end=2024-12-31'),
    ).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(res.body as string));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.startDate.toString(), e.summary])).toEqual([
      ['CHRISTIAN-20240331@openbell', '2024-03-31', 'Easter Sunday — Christian (religious)'],
    ]);
    const missing = await request(app).get('/regional-holidays.ics').expect(422);
    expect(missing.body.detail[0].loc).toEqual(['query', 'calendar']);
  });

  it('lists phase types, season definitions and the MIC mapping with their filters', async () => {
    const phases = await request(app).get('/phase-types').expect(200);
    expect(phases.body[0]).toEqual({
      name: 'Primary Trading Session',
      status: 'Open',
      settlement: 'Yes',
      closing_price: 'Yes',
    });
    await request(app)
      .get('/season-definitions?season=SECOND%20SUNDAY%20OF%20MARCH&year=2024')
      .expect(200, [{ season: 'Second Sunday of March', year: 2024, date: '2024-03-10' }]);
    await request(app).get('/season-definitions?year=2025').expect(200, []);
    const badYear = await request(app).get('/season-definitions?year=soon').expect(422);
    expect(badYear.body.detail[0].loc).toEqual(['query', 'year']);
    await request(app)
      .get('/mic-mapping?mic=xnys')
      .expect(200, [{ mic: 'XNYS', fin_id: 'US.NYSE' }]);
    const cme = await request(app).get('/mic-mapping?mic=XCME&fin_id=us.cme.agri').expect(200);
    expect(cme.body).toEqual([{ mic: 'XCME', fin_id: 'US.CME.AGRI' }]);
    await request(app).get('/mic-mapping?mic=TOOLONGX').expect(422);
  });

  it(
    'answers 403 for the tables of schedules on a holidays-only plan; the MIC mapping and regional holidays ' + 'stay',
    async () => {
      const h = createApp({ data: fixtureData('h', 'holidays_only'), logLevel: 'silent', now: () => NOON_NY });
      for (const path of ['/phase-types', '/season-definitions']) {
        const res = await request(h).get(path).expect(403);
        expect(res.body.detail).toMatch(/not covered by the plan/);
      }
      await request(h).get('/mic-mapping').expect(200);
      const regional = await request(h).get('/regional-holidays?calendar=US&start=2023-01-01&end=2023-12-31');
      expect(regional.status).toBe(200);
      expect(regional.body.map((r: { date: string }) => r.date)).toEqual(['2023-11-23']);
    },
  );

  it('answers 403 naming the file of a table the archive does not hold', async () => {
    const none = inMemoryData(
      Dataset.create({
        ...fixtureTables(),
        phaseTypes: undefined,
        micMapping: undefined,
        seasonDefinitions: undefined,
        regionalHolidays: undefined,
      }),
      new Date('2023-11-15T00:00:00Z'),
    );
    const a = createApp({ data: none, logLevel: 'silent', now: () => NOON_NY });
    const cases: Array<[string, string]> = [
      ['/phase-types', 'phases.csv'],
      ['/season-definitions', 'season-definitions.csv'],
      ['/mic-mapping', 'mic-mapping.csv'],
      ['/regional-holidays?calendar=US&start=2023-01-01&end=2023-12-31', 'regional-holidays.csv'],
      ['/regional-holidays.ics?calendar=US', 'regional-holidays.csv'],
    ];
    for (const [path, file] of cases) {
      const res = await request(a).get(path).expect(403);
      expect(res.body.detail).toContain(`csv/${file} is not in the archive`);
    }
  });
});
