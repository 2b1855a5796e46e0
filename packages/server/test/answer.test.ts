// `answer` (used by the CLI's --json) gives the same status and body as the HTTP server for
// the same request, successes and every kind of error.
import { loadSample } from '@openbell/loader';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type LoadedData } from '../src/index.js';
import type { OpenbellApp } from '../src/app.js';
import { answer } from '@openbell/catalog';

const NOW = Date.parse('2023-11-15T17:00:00Z');
let data: LoadedData;
let app: OpenbellApp;
beforeAll(async () => {
  data = (await loadSample()) as unknown as LoadedData;
  app = createApp({ data, logLevel: 'silent', now: () => NOW });
});

const cases: [string, Record<string, string>][] = [
  ['/markets', { subset: 'US*' }],
  ['/markets/XNYS', {}],
  ['/markets/XBUE', { follow: 'false' }],
  ['/markets/finid/US.NYSE', {}],
  ['/markets/US.NYSE/holidays', { start: '2024-01-01', end: '2024-12-31' }],
  ['/markets/US.CME.EQUITY.USINDEX1/phases', { start: '2023-11-22', end: '2023-11-24' }],
  ['/markets/US.NYSE/days', { start: '2023-11-20', end: '2023-11-26' }],
  ['/markets/US.NYSE/schedules', {}],
  ['/markets/US.NYSE/status', {}],
  ['/markets/US.NYSE/status', { datetime_utc: '2023-11-23T17:00:00Z' }],
  ['/currencies', {}],
  ['/currencies/EUR', {}],
  ['/currencies/USD/holidays', { start: '2024-01-01', end: '2024-12-31' }],
  // errors: unknown market, bad dates (two faults), reversed range, out of coverage, unknown route
  ['/markets/NO.SUCH', {}],
  ['/markets/NO.SUCH/holidays', { start: '2024-13-01', end: 'x' }],
  ['/markets/US.NYSE/phases', { start: '2024-01-05', end: '2024-01-01' }],
  ['/markets/US.NYSE/phases', { start: '1900-01-01', end: '1900-01-02' }],
  ['/currencies/XXX', {}],
  ['/nothing/here', {}],
];

describe('answer', () => {
  it.each(cases)('%s %j matches the HTTP answer', async (path, query) => {
    const http = await request(app).get(path).query(query);
    const mine = answer(data.dataset, path, query, { now: () => NOW });
    expect(mine.status).toBe(http.status);
    expect(JSON.parse(JSON.stringify(mine.body))).toEqual(http.body);
  });

  it('without data it is the 503 of a server still loading', () => {
    expect(answer(undefined, '/markets', {}).status).toBe(503);
  });
});
