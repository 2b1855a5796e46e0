/**
 * `POST /markets/{id}/bars/check` (docs/calendar-arithmetic.md §15): the three body forms give
 * the library's answer; the refusals (404, 422 naming the range, the period or the body's item
 * or line, 413 past the limit).
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import { fixtureData, fixtureDataset } from './fixture.js';

const app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => Date.parse('2023-11-15T17:00:00Z') });
const ds = fixtureDataset();
const Q = 'start=2023-11-20&end=2023-11-24&period=1h';
const starts = ds
  .bars('US.NYSE', '2023-11-20', '2023-11-24', { period: '1h' })
  .toArray()
  .map((b) => b.start);
const series = [...starts.slice(1), starts[3]!, '2023-11-20T10:07:00-05:00', '2023-11-23T10:00:00-05:00'];
const post = (path: string, body: string, type: string) => request(app).post(path).set('Content-Type', type).send(body);

describe('POST /markets/{id}/bars/check', () => {
  it('answers the library check for a JSON array, CSV with a header, and plain lines', async () => {
    const want = ds.checkBars('US.NYSE', '2023-11-20', '2023-11-24', '1h', series);
    expect(want.missing).toHaveLength(1);
    expect(want.extra.map((e) => e.reason)).toEqual(['duplicate', 'off_grid', 'closed']);
    const json = await post(`/markets/XNYS/bars/check?${Q}`, JSON.stringify(series), 'application/json');
    expect(json.status).toBe(200);
    expect(json.body).toEqual(want);
    const csv = await post(
      `/markets/XNYS/bars/check?${Q}`,
      `timestamp,close\r\n${series.map((s) => `${s},1.5`).join('\r\n')}\r\n`,
      'text/csv',
    );
    expect(csv.body).toEqual(want);
    const plain = await post(`/markets/US.NYSE/bars/check?${Q}`, series.join('\n'), 'text/plain');
    expect(plain.body).toEqual(want);
  });

  it('answers CSV rows of both lists with a kind column when asked', async () => {
    const res = await post(`/markets/XNYS/bars/check?${Q}&format=csv`, JSON.stringify(series), 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('Kind,Date,Start,At,Reason,Holiday Name');
    expect(lines).toHaveLength(1 + 1 + 3);
    expect(lines[1]).toMatch(/^missing,2023-11-20,2023-11-20T09:30:00-05:00,,,$/);
    expect(lines[4]).toBe('extra,,,2023-11-23T10:00:00-05:00,closed,Thanksgiving Day');
    const none = await post(`/markets/XNYS/bars/check?${Q}`, JSON.stringify(starts), 'application/json');
    expect(none.body).toMatchObject({ missing: [], extra: [], matched: starts.length });
  });

  it('refuses: unknown market 404, bad period and range 422, an unreadable line 422 naming it', async () => {
    expect((await post(`/markets/ZZZZ/bars/check?${Q}`, '[]', 'application/json')).status).toBe(404);
    const period = await post(
      '/markets/XNYS/bars/check?start=2023-11-20&end=2023-11-24&period=1d',
      '[]',
      'application/json',
    );
    expect(period.status).toBe(422);
    expect(period.body.detail[0].loc).toEqual(['query', 'period']);
    const order = await post(
      '/markets/XNYS/bars/check?start=2023-11-24&end=2023-11-20&period=1h',
      '[]',
      'application/json',
    );
    expect(order.status).toBe(422);
    const line = await post(`/markets/XNYS/bars/check?${Q}`, `${starts[0]}\nyesterday\n`, 'text/plain');
    expect(line.status).toBe(422);
    expect(line.body.detail[0].loc).toEqual(['body']);
    expect(line.body.detail[0].msg).toContain("Line 2: 'yesterday'");
    const item = await post(`/markets/XNYS/bars/check?${Q}`, `["${starts[0]}", 5]`, 'application/json');
    expect(item.status).toBe(422);
    expect(item.body.detail[0].msg).toContain('Item 1');
  });
});
