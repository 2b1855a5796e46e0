// CSV answers of list operations: ?format=csv or Accept: text/csv, bulk-file column names.
import { loadSample } from '@openbell/loader';
import Papa from 'papaparse';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';

const sample = await loadSample();
const app = createApp({ data: sample, logLevel: 'silent' });
const parse = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });

describe('CSV answers', () => {
  it('holidays as CSV with the bulk file column names, the same rows as the JSON answer', async () => {
    const json = (await request(app).get('/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31').expect(200)).body;
    const res = await request(app)
      .get('/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31&format=csv')
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const { data, meta } = parse(res.text);
    expect(meta.fields?.slice(0, 4)).toEqual(['FinID', 'Date', 'Holiday Name', 'Schedule']);
    expect(meta.fields).toContain('Is Open');
    expect(data).toHaveLength(json.length);
    expect(data.map((r) => r.Date)).toEqual(json.map((h: { date: string }) => h.date));
    expect(data[0]!['Is Open']).toBe(String(json[0].is_open));
  });

  it('Accept: text/csv works too; markets, schedules and phases answer CSV; nested values are JSON cells', async () => {
    const markets = await request(app).get('/markets?subset=US*').set('Accept', 'text/csv').expect(200);
    expect(parse(markets.text).meta.fields?.[0]).toBe('FinID');
    const schedules = parse((await request(app).get('/markets/XNYS/schedules?format=csv').expect(200)).text);
    expect(schedules.meta.fields).toEqual(expect.arrayContaining(['Phase Type', 'Offset Days', 'In Force Start Date']));
    const days = parse(
      (await request(app).get('/markets/US.NYSE/days?start=2023-11-22&end=2023-11-24&format=csv').expect(200)).text,
    );
    expect(JSON.parse(days.data[1]!.Phases!)).toEqual([]);
    expect(JSON.parse(days.data[1]!.Holiday!).holiday_name).toBe('Thanksgiving Day');
  });

  it(
    'Accept is negotiated (negotiator): CSV when preferred to JSON by q-value, or listed first on a tie; JSON ' +
      'otherwise',
    async () => {
      const type = async (accept: string) =>
        (await request(app).get('/markets?subset=US*').set('Accept', accept).expect(200)).headers['content-type'];
      expect(await type('text/csv, application/json;q=0.5')).toMatch(/^text\/csv/);
      expect(await type('application/json;q=0.2, text/csv;q=0.9')).toMatch(/^text\/csv/);
      expect(await type('application/json, text/csv;q=0.5')).toMatch(/^application\/json/);
      expect(await type('text/csv, application/json')).toMatch(/^text\/csv/);
      // Negotiated whatever the text says: a range that takes CSV over JSON is CSV; a browser's default is JSON.
      expect(await type('text/*, application/json;q=0.5')).toMatch(/^text\/csv/);
      expect(await type('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toMatch(
        /^application\/json/,
      );
      expect(await type('*/*')).toMatch(/^application\/json/);
      expect(await type('text/html')).toMatch(/^application\/json/);
    },
  );

  it('a single record is not a list: 406 saying so; errors stay JSON', async () => {
    expect((await request(app).get('/markets/US.NYSE?format=csv').expect(406)).body.detail).toMatch(
      /list answers only/,
    );
    expect(
      (await request(app).get('/markets/US.NYSE/holidays?start=2023-02-30&end=2023-12-31&format=csv').expect(422)).body
        .detail[0].loc,
    ).toEqual(['query', 'start']);
  });
});
