/** Calendar feeds (docs/calendar-arithmetic.md §7), parsed with ical.js. */
import ICAL from 'ical.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Dataset } from '@openbell/core';
import { createApp } from '../src/index.js';
import { inMemoryData } from '../src/app.js';
import { fixtureData, fixtureTables, NOON_NY } from './fixture.js';

const app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => NOON_NY });

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe('GET /markets/{id}/holidays.ics', () => {
  it('answers text/calendar with one all-day event per holiday row and timed events on a partial day', async () => {
    const res = await request(app)
      .get('/markets/XNYS/holidays.ics?start=2023-11-01&end=2023-12-31')
      .buffer(true)
      .parse((r, cb) => {
        let s = '';
        r.on('data', (c: Buffer) => (s += c.toString('utf8')));
        r.on('end', () => cb(null, s));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const text = res.body as string;
    expect(text.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const events = parse(text);
    const allDay = events.filter((e) => e.startDate.isDate);
    expect(allDay.map((e) => [e.uid, e.startDate.toString(), e.summary])).toEqual([
      ['US.NYSE-20231123@openbell', '2023-11-23', 'Thanksgiving Day — US.NYSE closed'],
      ['US.NYSE-20231124@openbell', '2023-11-24', 'Thanksgiving Day — US.NYSE partial day'],
    ]);
    expect(allDay[1]!.description).toBe('Schedule: Partial\nSettlement: Yes');
    const timed = events.filter((e) => !e.startDate.isDate);
    expect(
      timed.map((e) => [
        e.startDate.toString(),
        e.endDate.toString(),
        e.startDate.timezone ?? e.component.getFirstProperty('dtstart')?.getParameter('tzid'),
      ]),
    ).toEqual([['2023-11-24T09:30:00', '2023-11-24T13:00:00', 'America/New_York']]);
    // The VTIMEZONE makes the wall time an instant: 09:30 EST is 14:30 UTC.
    const cal = new ICAL.Component(ICAL.parse(text));
    const tz = new ICAL.Timezone(cal.getFirstSubcomponent('vtimezone')!);
    const start = timed[0]!.startDate;
    start.zone = tz;
    expect(start.toUnixTime()).toBe(Date.parse('2023-11-24T14:30:00Z') / 1000);
  });

  it('defaults to this year and next, by the server clock; errors answer JSON like /holidays', async () => {
    const res = await request(app).get('/markets/US.NYSE/holidays.ics').expect(200);
    const dates = parse(res.text)
      .filter((e) => e.startDate.isDate)
      .map((e) => e.startDate.toString());
    expect(dates).toEqual(['2023-11-23', '2023-11-24', '2024-12-25']);
    expect((await request(app).get('/markets/NOPE/holidays.ics').expect(404)).body.detail).toMatch(/NOPE/);
    expect(
      (await request(app).get('/markets/XNYS/holidays.ics?start=2024-01-01&end=2023-01-01').expect(422)).body.detail[0]
        .loc,
    ).toEqual(['query', 'end']);
    // Read with the entry's declarations, as /holidays reads its own: every fault at once, before any lookup.
    const both = (await request(app).get('/markets/NOPE/holidays.ics?start=2024-02-30&end=soon').expect(422)).body
      .detail;
    expect(both.map((f: { loc: string[] }) => f.loc)).toEqual([
      ['query', 'start'],
      ['query', 'end'],
    ]);
    const holidays = (await request(app).get('/markets/NOPE/holidays?start=2024-02-30&end=soon').expect(422)).body
      .detail;
    expect(both).toEqual(holidays);
    await request(app).get('/markets/XCME/holidays.ics').expect(409);
  });

  it('UIDs are stable across two data versions', async () => {
    const t2 = fixtureTables();
    // Version 2 renames a holiday, changes its schedule and adds another one.
    const row = t2.holidays.find((h) => h.fin_id === 'US.NYSE' && h.date === '2023-11-24')!;
    row.holiday_name = 'Day after Thanksgiving';
    t2.holidays.push({
      fin_id: 'US.NYSE',
      date: '2023-12-26',
      holiday_name: 'Extra',
      schedule: 'Closed',
      status: 'Closed',
      settlement: 'No',
      memo: null,
      observed: false,
    });
    const app2 = createApp({
      data: inMemoryData(Dataset.create(t2, { coverageEndYearWithoutHolidays: 2028 })),
      logLevel: 'silent',
      now: () => NOON_NY,
    });
    const uids = async (a: typeof app) =>
      parse((await request(a).get('/markets/XNYS/holidays.ics?start=2023-11-01&end=2023-12-31')).text).map(
        (e) => e.uid,
      );
    const v1 = await uids(app);
    const v2 = await uids(app2);
    expect(v2.filter((u) => v1.includes(u))).toEqual(v1);
    expect(v2).toContain('US.NYSE-20231226@openbell');
  });
});

describe('GET /currencies/{code}/holidays.ics', () => {
  it('one all-day event per settlement holiday', async () => {
    const res = await request(app).get('/currencies/usd/holidays.ics').expect(200);
    const events = parse(res.text);
    expect(events.map((e) => [e.uid, e.summary, e.description])).toEqual([
      ['USD-20231123@openbell', 'Thanksgiving Day — USD no settlement', 'Settlement: No'],
      ['USD-20231225@openbell', 'Christmas — USD no settlement', 'Settlement: No'],
    ]);
    await request(app).get('/currencies/XXX/holidays.ics').expect(404);
    await request(createApp({ data: fixtureData('x', 'no_currencies'), logLevel: 'silent' }))
      .get('/currencies/USD/holidays.ics')
      .expect(403);
  });
});
