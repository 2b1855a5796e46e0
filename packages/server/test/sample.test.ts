/**
 * The published examples and response conformance on the loader's sample dataset.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSample } from '@openbell/loader';
import { createApp, type LoadedData } from '../src/index.js';
import type { OpenbellApp } from '../src/app.js';
import { operations, SAMPLE_LABEL, type Operation } from '@openbell/catalog';
import * as schemas from '@openbell/catalog/schemas';

const sample: LoadedData = await loadSample();

const CME = 'US.CME.EQUITY.USINDEX1';

describe('sample dataset over HTTP', () => {
  let app: OpenbellApp;
  const get = (path: string) => request(app).get(path);

  beforeAll(() => {
    app = createApp({ data: sample, logLevel: 'silent', now: () => Date.parse('2023-11-15T17:00:00Z') });
  });

  it('says loudly that it is sample data', async () => {
    const info = (await get('/info').expect(200)).body;
    expect(info.data).toMatchObject({ is_sample: true, label: SAMPLE_LABEL, loaded: true });
    expect(info.data.counts.markets).toBeGreaterThan(5);
  });

  it('NYSE status at the published instants', async () => {
    const cases: [string, Record<string, unknown>][] = [
      [
        '2023-11-15T17:00:00Z',
        {
          status: 'Open',
          reason: 'Primary Trading Session',
          until: '2023-11-15T15:50:00-05:00',
          next_bell: '2023-11-15T16:00:00-05:00',
        },
      ],
      [
        '2023-11-15T23:00:00Z',
        {
          status: 'Closed',
          reason: 'Post-Trading Session',
          until: '2023-11-15T20:00:00-05:00',
          next_bell: '2023-11-16T09:30:00-05:00',
        },
      ],
      [
        '2023-11-24T15:00:00Z',
        {
          status: 'Open',
          reason: 'Thanksgiving Day - Primary Trading Session (Partial)',
          next_bell: '2023-11-24T13:00:00-05:00',
        },
      ],
      [
        '2023-11-11T23:00:00Z',
        { status: 'Closed', reason: null, until: '2023-11-13T04:00:00-05:00', next_bell: '2023-11-13T09:30:00-05:00' },
      ],
    ];
    for (const [instant, expected] of cases) {
      const res = await get(`/markets/US.NYSE/status?datetime_utc=${instant}`).expect(200);
      expect(res.body, instant).toMatchObject(expected);
    }
  });

  it('CME overnight phases over Thanksgiving 2023', async () => {
    const res = await get(`/markets/${CME}/phases?start=2023-11-22&end=2023-11-24`).expect(200);
    const phases = res.body as { phase_type: string; start: string; end: string }[];
    const i = phases.findIndex((p) => p.start === '2023-11-22T17:00:00-06:00');
    expect(phases[i]).toMatchObject({
      phase_type: 'Primary Trading Session, No Closing Price',
      end: '2023-11-23T12:00:00-06:00',
    });
    expect(phases[i + 1]).toMatchObject({
      phase_type: 'Pre-Open',
      start: '2023-11-23T12:00:00-06:00',
      end: '2023-11-23T17:00:00-06:00',
    });
  });

  it('XBUE follows to AR.BYMA, and follow=false gives AR.BCBA', async () => {
    expect((await get('/markets/XBUE').expect(200)).body.fin_id).toBe('AR.BYMA');
    expect((await get('/markets/XBUE?follow=false').expect(200)).body).toMatchObject({
      fin_id: 'AR.BCBA',
      replaced_by: 'AR.BYMA',
    });
  });

  it('every market answers every endpoint in its schema', async () => {
    const schemaOf = (path: string) =>
      (Object.values(operations) as Operation[]).find((r) => r.path === path)!.response(schemas);
    const markets = (await get('/markets').expect(200)).body as {
      fin_id: string;
      holidays_min_date: string;
      holidays_max_date: string;
    }[];
    expect(schemaOf('/markets').safeParse(markets).success).toBe(true);
    for (const m of markets) {
      const id = encodeURIComponent(m.fin_id);
      const checks: [string, string][] = [
        ['/markets/{identifier}', `/markets/${id}?follow=false`],
        ['/markets/{identifier}/schedules', `/markets/${id}/schedules`],
        [
          '/markets/{identifier}/holidays',
          `/markets/${id}/holidays?start=${m.holidays_min_date}&end=${m.holidays_max_date}`,
        ],
        ['/markets/{identifier}/phases', `/markets/${id}/phases?start=2023-11-13&end=2023-11-19`],
        ['/markets/{identifier}/days', `/markets/${id}/days?start=2023-11-13&end=2023-11-19`],
        ['/markets/{identifier}/status', `/markets/${id}/status?datetime_utc=2023-11-15T12:00:00Z`],
      ];
      // A replaced market's sub-resources follow to its successor, whose window may differ.
      const answering = (await get(`/markets/${id}`).expect(200)).body as typeof m;
      for (const [template, path] of checks) {
        const res = await get(path);
        if (res.status === 400) {
          // Only a question limited by the coverage window, only when the answering market's
          // window does not hold the week asked, and the detail names that market and window.
          expect(
            ['/markets/{identifier}/phases', '/markets/{identifier}/days', '/markets/{identifier}/status'],
            path,
          ).toContain(template);
          expect(answering.holidays_min_date > '2023-11-13' || answering.holidays_max_date < '2023-11-19', path).toBe(
            true,
          );
          expect(res.body.detail, path).toMatch(
            `is outside the coverage window of ${answering.fin_id}: ${answering.holidays_min_date} to ` +
              `${answering.holidays_max_date}`,
          );
          continue;
        }
        expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
        const parsed = schemaOf(template).safeParse(res.body);
        expect(
          parsed.success,
          `${path}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 2))}`,
        ).toBe(true);
      }
    }
    const currencies = (await get('/currencies').expect(200)).body as { currency_code: string }[];
    expect(schemaOf('/currencies').safeParse(currencies).success).toBe(true);
    for (const c of currencies) {
      const res = await get(`/currencies/${c.currency_code}/holidays?start=2023-01-01&end=2024-12-31`).expect(200);
      expect(schemaOf('/currencies/{code}/holidays').safeParse(res.body).success).toBe(true);
    }
  });
});
