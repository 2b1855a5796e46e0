import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import type { OpenbellApp } from '../src/app.js';
import { INTERFACE_VERSION, PACKAGE_VERSION } from '@openbell/catalog';
import { Dataset } from '@openbell/core';
import { CME, fixtureData, fixtureTables, NOON_NY, NYSE } from './fixture.js';

let app: OpenbellApp;

beforeAll(() => {
  app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => NOON_NY });
});

const get = (path: string) => request(app).get(path);

describe('service endpoints', () => {
  it('/health says data is loaded', async () => {
    const res = await get('/health').expect(200);
    expect(res.body).toEqual({
      status: 'healthy',
      data_loaded: true,
      message: 'openbell is running',
      version: PACKAGE_VERSION,
    });
  });

  it("/health and /info also carry the fields of the vendor client's own server", async () => {
    // tradinghours-python's `tradinghours serve`: /health {status, message, version} and
    // /info {api_version, total_markets, total_currencies, last_data_update, access_level}.
    const health = (await get('/health').expect(200)).body;
    expect(health).toMatchObject({ status: 'healthy', message: expect.any(String), version: PACKAGE_VERSION });
    const info = (await get('/info').expect(200)).body;
    expect(info).toMatchObject({
      api_version: PACKAGE_VERSION,
      total_markets: info.data.counts.markets,
      total_currencies: info.data.counts.currencies,
      last_data_update: info.data.loaded_at,
      access_level: 'full',
    });
    // The plan in the vendor's spelling; downloaded data dates from its download.
    const data = fixtureData();
    data.meta.downloadedAt = '2023-11-14T06:00:00.000Z';
    data.dataset = Dataset.create(fixtureTables(), { plan: 'holidays_only' });
    const info2 = (
      await request(createApp({ data, logLevel: 'silent' }))
        .get('/info')
        .expect(200)
    ).body;
    expect(info2).toMatchObject({
      data: { plan: 'holidays_only' },
      access_level: 'only_holidays',
      last_data_update: '2023-11-14T06:00:00.000Z',
    });
    // Nothing loaded: the vendor fields are null, ours unchanged.
    const empty = createApp({ logLevel: 'silent' });
    const h = await request(empty).get('/health').expect(503);
    expect(h.body).toMatchObject({
      status: 'loading',
      data_loaded: false,
      message: expect.stringContaining('not loaded'),
      version: PACKAGE_VERSION,
    });
    expect((await request(empty).get('/info')).body).toMatchObject({
      total_markets: null,
      total_currencies: null,
      last_data_update: null,
      access_level: null,
    });
  });

  it('/info gives versions, source, plan and counts', async () => {
    const res = await get('/info').expect(200);
    expect(res.body).toMatchObject({
      name: 'openbell',
      interface_version: INTERFACE_VERSION,
      data: { loaded: true, version: 'fixture-1', is_sample: false, plan: 'full', kind: 'memory' },
      updates: { enabled: false, last_error: null },
    });
    expect(res.body.package_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.body.data.loaded_at).toBe('2023-11-15T00:00:00.000Z');
    expect(res.body.data.counts).toMatchObject({ markets: 9, currencies: 2 });
  });

  it('/info labels sample data loudly', async () => {
    const data = fixtureData();
    data.meta.isSample = true;
    data.meta.kind = 'sample';
    data.meta.coverage = {
      'US.NYSE': { confirmedThrough: '2028-12-31', sources: [{ title: 'NYSE', url: 'https://x' }] },
    };
    const res = await request(createApp({ data, logLevel: 'silent' }))
      .get('/info')
      .expect(200);
    expect(res.body.data.is_sample).toBe(true);
    expect(res.body.data.label).toMatch(/^OPEN DATA, NOT VENDOR DATA/);
    // The open dataset's confirmed-through dates, by market (docs/open-data.md); none for other data.
    expect(res.body.data.confirmed_through).toEqual({ 'US.NYSE': '2028-12-31' });
    const plain = await request(createApp({ data: fixtureData(), logLevel: 'silent' })).get('/info');
    expect(plain.body.data).not.toHaveProperty('confirmed_through');
  });

  it('/info never shows credentials in the source', async () => {
    const data = fixtureData();
    data.meta.source = 'https://user:secret@example.com/v4/download?token=abc123';
    const res = await request(createApp({ data, logLevel: 'silent' }))
      .get('/info')
      .expect(200);
    expect(JSON.stringify(res.body)).not.toMatch(/secret|abc123/);
  });
});

describe('markets', () => {
  it('lists all markets ordered by FinID, with every field present', async () => {
    const res = await get('/markets').expect(200);
    const ids = res.body.map((m: { fin_id: string }) => m.fin_id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toContain(NYSE);
    const nyse = res.body.find((m: { fin_id: string }) => m.fin_id === NYSE);
    expect(nyse).toMatchObject({
      mic: 'XNYS',
      timezone: 'America/New_York',
      country_code: 'US',
      holidays_min_date: '2000-01-01',
      holidays_max_date: '2030-12-25',
    });
    expect(nyse.security_group).toBeNull();
    // An extra column of the data rides along.
    expect(nyse.website).toBe('https://www.nyse.com');
    for (const key of [
      'exchange_name',
      'market_name',
      'memo',
      'permanently_closed',
      'replaced_by',
      'acronym',
      'asset_type',
      'weekend_definition',
    ]) {
      expect(nyse).toHaveProperty(key);
    }
  });

  it('filters by subset pattern, any case', async () => {
    const res = await get('/markets?subset=us.cme*').expect(200);
    expect(res.body.map((m: { fin_id: string }) => m.fin_id)).toEqual(['US.CME.AGRI', CME]);
    const star = await get('/markets?subset=*.CME.*').expect(200);
    expect(star.body).toHaveLength(2);
  });

  it('answers a pathological subset pattern at once (no regex backtracking)', async () => {
    const res = await get(`/markets?subset=${'*'.repeat(30)}%23`).expect(200);
    expect(res.body).toEqual([]);
  });

  it('refuses a subset pattern longer than 256 characters with 422 naming subset', async () => {
    await get(`/markets?subset=${'*'.repeat(256)}`).expect(200);
    const res = await get(`/markets?subset=${'a'.repeat(257)}`).expect(422);
    expect(JSON.stringify(res.body)).toContain('subset');
  });

  it('gets a market by FinID or MIC, any case', async () => {
    expect((await get('/markets/us.nyse').expect(200)).body.fin_id).toBe(NYSE);
    expect((await get('/markets/xnys').expect(200)).body.fin_id).toBe(NYSE);
    expect((await get('/markets/finid/US.NYSE').expect(200)).body.fin_id).toBe(NYSE);
    expect((await get('/markets/mic/XNYS').expect(200)).body.fin_id).toBe(NYSE);
  });

  it('follows XBUE to AR.BYMA, and not with follow=false', async () => {
    expect((await get('/markets/XBUE').expect(200)).body.fin_id).toBe('AR.BYMA');
    expect((await get('/markets/mic/XBUE').expect(200)).body.fin_id).toBe('AR.BYMA');
    const stored = (await get('/markets/XBUE?follow=false').expect(200)).body;
    expect(stored).toMatchObject({ fin_id: 'AR.BCBA', replaced_by: 'AR.BYMA', permanently_closed: '2017-04-24' });
    expect((await get('/markets/finid/AR.BCBA?follow=false').expect(200)).body.fin_id).toBe('AR.BCBA');
    expect((await get('/markets/finid/AR.BCBA').expect(200)).body.fin_id).toBe('AR.BYMA');
  });

  it('accepts every boolean spelling for follow', async () => {
    for (const v of ['false', 'FALSE', '0', 'no', 'No', 'off', 'OFF']) {
      expect((await get(`/markets/XBUE?follow=${v}`).expect(200)).body.fin_id).toBe('AR.BCBA');
    }
    for (const v of ['true', 'True', '1', 'yes', 'YES', 'on', 'On']) {
      expect((await get(`/markets/XBUE?follow=${v}`).expect(200)).body.fin_id).toBe('AR.BYMA');
    }
  });

  it('answers holidays in a range, inclusive, with derived fields', async () => {
    const res = await get('/markets/US.NYSE/holidays?start=2023-11-23&end=2023-11-24').expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        fin_id: NYSE,
        date: '2023-11-23',
        holiday_name: 'Thanksgiving Day',
        schedule: 'Closed',
        is_open: false,
        has_settlement: false,
        observed: false,
      }),
      expect.objectContaining({
        fin_id: NYSE,
        date: '2023-11-24',
        schedule: 'Partial',
        status: 'Open',
        is_open: true,
        has_settlement: true,
      }),
    ]);
    expect(res.body[0]).toHaveProperty('memo', null);
  });

  it('answers the schedules of a market', async () => {
    const res = await get('/markets/US.NYSE/schedules').expect(200);
    expect(res.body.length).toBe(10);
    const primary = res.body.find(
      (s: { phase_type: string; schedule_group: string }) =>
        s.phase_type === 'Primary Trading Session' && s.schedule_group === 'Regular',
    );
    expect(primary).toMatchObject({
      start: '09:30:00',
      end: '16:00:00',
      days: 'Mon-Fri',
      has_season: false,
      offset_days: 0,
    });
  });

  it('generates NYSE phases for a day, in the market timezone', async () => {
    const res = await get('/markets/US.NYSE/phases?start=2023-11-15&end=2023-11-15').expect(200);
    const primary = res.body.find((p: { phase_type: string }) => p.phase_type === 'Primary Trading Session');
    expect(primary).toMatchObject({
      start: '2023-11-15T09:30:00-05:00',
      end: '2023-11-15T16:00:00-05:00',
      is_open: true,
      has_settlement: true,
      timezone: 'America/New_York',
      phase_name: 'Core Trading Session',
    });
    for (const key of ['phase_memo', 'status', 'settlement']) expect(primary).toHaveProperty(key);
  });

  it('generates the CME overnight phases over Thanksgiving 2023', async () => {
    const res = await get(`/markets/${CME}/phases?start=2023-11-22&end=2023-11-24`).expect(200);
    const phases = res.body as { phase_type: string; start: string; end: string; is_open: boolean }[];
    const i = phases.findIndex((p) => p.phase_type === 'Primary Trading Session, No Closing Price');
    expect(phases[i]).toMatchObject({
      start: '2023-11-22T17:00:00-06:00',
      end: '2023-11-23T12:00:00-06:00',
      is_open: true,
    });
    expect(phases[i + 1]).toMatchObject({
      phase_type: 'Pre-Open',
      start: '2023-11-23T12:00:00-06:00',
      end: '2023-11-23T17:00:00-06:00',
    });
    // The session that began on Tuesday evening ends Wednesday: inside the range, so present.
    expect(phases[0]).toMatchObject({
      phase_type: 'Primary Trading Session',
      start: '2023-11-21T17:00:00-06:00',
      end: '2023-11-22T16:00:00-06:00',
    });
  });

  it('answers the day-level view', async () => {
    const res = await get('/markets/US.NYSE/days?start=2023-11-23&end=2023-11-25').expect(200);
    expect(
      res.body.map((d: { date: string; day_of_week: string; is_open: boolean }) => [d.date, d.day_of_week, d.is_open]),
    ).toEqual([
      ['2023-11-23', 'Thu', false],
      ['2023-11-24', 'Fri', true],
      ['2023-11-25', 'Sat', false],
    ]);
    expect(res.body[0].holiday).toMatchObject({ holiday_name: 'Thanksgiving Day' });
    expect(res.body[2].holiday).toBeNull();
    expect(res.body[1].phases.length).toBe(3);
  });
});

describe('status (published examples, US.NYSE)', () => {
  it('2023-11-15 12:00 New York is open until the Pre-Close', async () => {
    const res = await get('/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00%2B00:00').expect(200);
    expect(res.body).toMatchObject({
      status: 'Open',
      reason: 'Primary Trading Session',
      until: '2023-11-15T15:50:00-05:00',
      next_bell: '2023-11-15T16:00:00-05:00',
      phase: { phase_type: 'Primary Trading Session', start: '2023-11-15T09:30:00-05:00' },
      market: { fin_id: NYSE },
    });
  });

  it('2023-11-15 18:00 New York is closed in the post-trading session', async () => {
    const res = await get('/markets/US.NYSE/status?datetime_utc=2023-11-15T23:00:00Z').expect(200);
    expect(res.body).toMatchObject({
      status: 'Closed',
      reason: 'Post-Trading Session',
      until: '2023-11-15T20:00:00-05:00',
      next_bell: '2023-11-16T09:30:00-05:00',
    });
  });

  it('2023-11-24 10:00 New York is the Thanksgiving half day', async () => {
    const res = await get('/markets/US.NYSE/status?datetime_utc=2023-11-24T15:00:00Z').expect(200);
    expect(res.body).toMatchObject({
      status: 'Open',
      reason: 'Thanksgiving Day - Primary Trading Session (Partial)',
      until: '2023-11-24T13:00:00-05:00',
      next_bell: '2023-11-24T13:00:00-05:00',
    });
  });

  it('Saturday 2023-11-11 18:00 is closed with no reason', async () => {
    const res = await get('/markets/US.NYSE/status?datetime_utc=2023-11-11T23:00:00Z').expect(200);
    expect(res.body).toMatchObject({
      status: 'Closed',
      reason: null,
      until: '2023-11-13T04:00:00-05:00',
      next_bell: '2023-11-13T09:30:00-05:00',
      phase: null,
    });
  });

  it('uses the injected clock when datetime_utc is omitted', async () => {
    const res = await get('/markets/XNYS/status').expect(200);
    expect(res.body).toMatchObject({ status: 'Open', until: '2023-11-15T15:50:00-05:00' });
  });

  it('accepts a Date-returning clock too', async () => {
    const other = createApp({ data: fixtureData(), logLevel: 'silent', now: () => new Date('2023-11-15T23:00:00Z') });
    expect((await request(other).get('/markets/US.NYSE/status').expect(200)).body.status).toBe('Closed');
  });

  it('accepts other offsets, the datetime and time aliases, and an unencoded + (decoded to a space)', async () => {
    for (const q of [
      'datetime_utc=2023-11-15T12:00:00-05:00',
      'datetime=2023-11-15T17:00:00Z',
      'time=2023-11-15T12:00:00-05:00',
      'datetime_utc=2023-11-15T17:00:00+00:00',
      'datetime_utc=2023-11-15T17:00:00%2B00:00',
    ]) {
      const res = await get(`/markets/US.NYSE/status?${q}`).expect(200);
      expect(res.body.until, q).toBe('2023-11-15T15:50:00-05:00');
    }
  });

  it('datetime_utc wins over the alias', async () => {
    const res = await get(
      '/markets/US.NYSE/status?datetime_utc=2023-11-15T23:00:00Z&datetime=2023-11-15T17:00:00Z',
    ).expect(200);
    expect(res.body.status).toBe('Closed');
  });

  it(
    "time (the usage example's name) is read, never ignored for now, and a malformed one is a 422 naming " + 'it',
    async () => {
      const many = await get('/status?markets=XNYS&time=2023-11-15T12:00:00-05:00').expect(200);
      expect(many.body.as_of).toBe('2023-11-15T17:00:00+00:00');
      expect(many.body.markets[0].until).toBe('2023-11-15T15:50:00-05:00');
      const bad = await get('/markets/US.NYSE/status?time=noon').expect(422);
      expect(bad.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual([['query', 'time']]);
    },
  );

  it('follows replaced markets for sub-resources', async () => {
    const res = await get('/markets/XBUE/status?datetime_utc=2023-11-15T15:00:00Z').expect(200);
    expect(res.body.market.fin_id).toBe('AR.BYMA');
    expect(res.body.status).toBe('Open');
  });
});

describe('availability', () => {
  it('answers true for known markets and false for unknown or malformed ones, never an error', async () => {
    expect((await get('/markets/US.NYSE/is_available').expect(200)).body).toEqual({ is_available: true });
    expect((await get('/markets/XNYS/is_available').expect(200)).body).toEqual({ is_available: true });
    expect((await get('/markets/US.NOPE/is_available').expect(200)).body).toEqual({ is_available: false });
    expect((await get('/markets/!!/is_available').expect(200)).body).toEqual({ is_available: false });
    expect((await get('/markets/XCME/is_available').expect(200)).body.is_available).toBeTypeOf('boolean');
  });

  it('answers currency availability the same way', async () => {
    expect((await get('/currencies/usd/is_available').expect(200)).body).toEqual({ is_available: true });
    expect((await get('/currencies/XXX/is_available').expect(200)).body).toEqual({ is_available: false });
    expect((await get('/currencies/1/is_available').expect(200)).body).toEqual({ is_available: false });
  });
});

describe('currencies', () => {
  it('lists currencies with every field', async () => {
    const res = await get('/currencies').expect(200);
    expect(res.body.map((c: { currency_code: string }) => c.currency_code).sort()).toEqual(['EUR', 'USD']);
    expect(res.body.find((c: { currency_code: string }) => c.currency_code === 'EUR')).toMatchObject({
      country_code: 'Eurozone',
    });
  });

  it('gets one currency, any case', async () => {
    const res = await get('/currencies/usd').expect(200);
    expect(res.body).toMatchObject({
      currency_code: 'USD',
      central_bank: 'Federal Reserve',
      financial_capital_timezone: 'America/New_York',
    });
  });

  it('lists currency holidays in a range', async () => {
    const res = await get('/currencies/USD/holidays?start=2023-11-01&end=2023-12-31').expect(200);
    expect(res.body).toEqual([
      {
        currency_code: 'USD',
        date: '2023-11-23',
        holiday_name: 'Thanksgiving Day',
        settlement: 'No',
        observed: false,
        memo: null,
      },
      {
        currency_code: 'USD',
        date: '2023-12-25',
        holiday_name: 'Christmas',
        settlement: 'No',
        observed: false,
        memo: null,
      },
    ]);
  });
});

describe('docs', () => {
  it('serves the OpenAPI document', async () => {
    const res = await get('/openapi.json').expect(200).expect('content-type', /json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe(INTERFACE_VERSION);
  });

  it('serves Swagger UI and its assets locally', async () => {
    const page = await get('/docs').expect(200).expect('content-type', /html/);
    const assets = [...page.text.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(
      expect.arrayContaining(['/docs/swagger-ui.css', '/docs/swagger-ui-bundle.js', '/docs/init.js']),
    );
    for (const a of assets) await get(a).expect(200);
    expect((await get('/docs/init.js')).text).toContain('/openapi.json');
    // The rest of the swagger-ui-dist directory is not exposed.
    await get('/docs/package.json').expect(404);
  });

  it('serves Redoc at /redoc from local assets: the page, its standalone bundle and licence texts', async () => {
    const page = await get('/redoc').expect(200).expect('content-type', /html/);
    expect(page.text).toContain('<redoc spec-url="/openapi.json"></redoc>');
    // Nothing fetched from elsewhere (no CDN, no web fonts), and no inline script.
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.text).not.toMatch(/<script>/);
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/redoc/redoc.standalone.js']);
    const bundle = await get('/redoc/redoc.standalone.js')
      .expect(200)
      .expect('content-type', /javascript/);
    expect(bundle.text.length).toBeGreaterThan(500_000);
    expect(bundle.text).toContain('redoc.standalone.js.LICENSE.txt');
    expect((await get('/redoc/redoc.standalone.js.LICENSE.txt').expect(200)).text).toContain('ReDoc');
    expect((await get('/redoc/LICENSE').expect(200)).text).toMatch(/MIT License/i);
    await get('/redoc/package.json').expect(404);
    await get('/redoc/redoc.standalone.js.map').expect(404);
    // A write to it is a 405 like the other pages', not a 404.
    expect((await request(app).post('/redoc')).status).toBe(405);
  });
});

describe('answer cache', () => {
  it('never outlives a swap, and serves HEAD without a body', async () => {
    const a = createApp({ data: fixtureData('v1'), logLevel: 'silent' });
    const url = '/markets/US.NYSE/holidays?start=2023-11-01&end=2023-11-30';
    expect((await request(a).get(url).expect(200)).body).toHaveLength(2);
    expect((await request(a).get(url).expect(200)).body).toHaveLength(2);
    const head = await request(a).head(url).expect(200);
    expect(head.text ?? '').toBe('');
    const fewer = fixtureData('v2');
    const tables = fixtureTables();
    tables.holidays = tables.holidays.filter((h) => h.date !== '2023-11-24');
    fewer.dataset = Dataset.create(tables);
    a.holder.swap(fewer);
    expect((await request(a).get(url).expect(200)).body).toHaveLength(1);
  });

  it('is not used for the clock-dependent status, and can be disabled', async () => {
    let t = Date.parse('2023-11-15T17:00:00Z');
    const a = createApp({ data: fixtureData(), logLevel: 'silent', now: () => t, cacheBytes: 0 });
    expect((await request(a).get('/markets/US.NYSE/status').expect(200)).body.status).toBe('Open');
    t = Date.parse('2023-11-15T23:00:00Z');
    expect((await request(a).get('/markets/US.NYSE/status').expect(200)).body.status).toBe('Closed');
    const b = createApp({ data: fixtureData(), logLevel: 'silent', now: () => t });
    expect((await request(b).get('/markets/US.NYSE/status').expect(200)).body.status).toBe('Closed');
    t = Date.parse('2023-11-15T17:00:00Z');
    expect((await request(b).get('/markets/US.NYSE/status').expect(200)).body.status).toBe('Open');
  });
});

describe('transport', () => {
  it('answers HEAD like GET without a body', async () => {
    await request(app).head('/markets/US.NYSE').expect(200);
  });

  it('does not advertise express', async () => {
    const res = await get('/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends CORS headers only for configured origins', async () => {
    const withCors = createApp({ data: fixtureData(), logLevel: 'silent', corsOrigins: ['https://app.example'] });
    const ok = await request(withCors).get('/health').set('Origin', 'https://app.example').expect(200);
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example');
    // A page may read the validator, the wait and the data version (@openbell/client's cache and versions).
    expect(ok.headers['access-control-expose-headers']).toBe('ETag, Retry-After, X-Openbell-Data-Version');
    const other = await request(withCors).get('/health').set('Origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await request(withCors)
      .options('/markets')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-methods']).toContain('GET');
    const none = await get('/health').set('Origin', 'https://app.example');
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    const any = createApp({ data: fixtureData(), logLevel: 'silent', corsOrigins: '*' });
    expect(
      (await request(any).get('/health').set('Origin', 'https://x.example')).headers['access-control-allow-origin'],
    ).toBe('*');
  });
});
