/**
 * Sessions, bells, joined calendars and FX dates (docs/calendar-arithmetic.md §1–5) over HTTP on
 * the bundled sample: the page's examples, every error status with its `loc`, and every
 * documented example answering 200.
 */
import { loadSample } from '@openbell/loader';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type LoadedData } from '../src/index.js';
import type { OpenbellApp } from '../src/app.js';
import { operations, type Operation } from '@openbell/catalog';
import { fixtureData } from './fixture.js';

const CME = 'US.CME.EQUITY.USINDEX1';
let sample: LoadedData;
let app: OpenbellApp;
/** The server's clock: Wednesday 2023-11-22 16:00 in New York (the NYSE close before Thanksgiving). */
let clock = Date.parse('2023-11-22T21:00:00Z');
const get = (path: string) => request(app).get(path);
const locs = (body: { detail: { loc: string[] }[] }) => body.detail.map((e) => e.loc);

beforeAll(async () => {
  sample = await loadSample();
  app = createApp({ data: sample, logLevel: 'silent', now: () => clock });
});

const ARITHMETIC_TAGS = ['Sessions', 'Calendars', 'FX'];
const arithmetic = (Object.values(operations) as Operation[]).filter((op) => ARITHMETIC_TAGS.includes(op.tag));

describe('sessions (§1)', () => {
  it('NYSE in Thanksgiving week 2023: no session on Thursday, a half day on Friday', async () => {
    const body = (await get('/markets/US.NYSE/sessions?start=2023-11-20&end=2023-11-26').expect(200)).body;
    expect(body.map((s: { date: string }) => s.date)).toEqual(['2023-11-20', '2023-11-21', '2023-11-22', '2023-11-24']);
    expect(body[0]).toEqual({
      date: '2023-11-20',
      open: '2023-11-20T09:30:00-05:00',
      close: '2023-11-20T16:00:00-05:00',
      breaks: [],
      partial: false,
      holiday_name: null,
    });
    expect(body[3]).toEqual({
      date: '2023-11-24',
      open: '2023-11-24T09:30:00-05:00',
      close: '2023-11-24T13:00:00-05:00',
      breaks: [],
      partial: true,
      holiday_name: 'Thanksgiving Day',
    });
  });

  it('CME overnight sessions count on the date they end', async () => {
    const body = (await get(`/markets/${CME}/sessions?start=2023-11-23&end=2023-11-23`).expect(200)).body;
    expect(body).toEqual([
      {
        date: '2023-11-23',
        open: '2023-11-22T17:00:00-06:00',
        close: '2023-11-23T12:00:00-06:00',
        breaks: [],
        partial: true,
        holiday_name: 'Thanksgiving Day',
      },
    ]);
  });

  it('a lunch break is a break (HKEX)', async () => {
    const [day] = (await get('/markets/HK.HKEX/sessions?start=2023-11-20&end=2023-11-20').expect(200)).body;
    expect(day.breaks).toEqual([{ start: '2023-11-20T12:00:00+08:00', end: '2023-11-20T13:00:00+08:00' }]);
  });

  it('errors: 422 naming start/end, 404, 409, 400 outside coverage', async () => {
    expect(locs((await get('/markets/US.NYSE/sessions?start=2023-02-30').expect(422)).body)).toEqual([
      ['query', 'start'],
      ['query', 'end'],
    ]);
    expect(locs((await get('/markets/X!/sessions?start=2023-11-20&end=2023-11-19').expect(422)).body)).toEqual([
      ['path', 'identifier'],
    ]);
    expect(locs((await get('/markets/US.NYSE/sessions?start=2023-11-20&end=2023-11-19').expect(422)).body)).toEqual([
      ['query', 'end'],
    ]);
    await get('/markets/US.NOPE/sessions?start=2023-11-20&end=2023-11-26').expect(404);
    expect((await get('/markets/XCME/sessions?start=2023-11-20&end=2023-11-26').expect(409)).body.candidates).toContain(
      CME,
    );
    expect((await get('/markets/US.NYSE/sessions?start=1999-01-01&end=1999-01-31').expect(400)).body.detail).toMatch(
      /2000-01-01 to 2030-12-25/,
    );
  });
});

describe('stepping over sessions (§2)', () => {
  it('one session after Wednesday is Friday; a holiday needs a direction', async () => {
    expect((await get('/markets/US.NYSE/sessions/offset?date=2023-11-22&n=1').expect(200)).body).toEqual({
      date: '2023-11-22',
      n: 1,
      session: '2023-11-24',
    });
    expect((await get('/markets/US.NYSE/sessions/offset?date=2023-11-27&n=-1').expect(200)).body.session).toBe(
      '2023-11-24',
    );
    expect(
      (await get('/markets/XNYS/sessions/offset?date=2023-11-23&n=1&direction=next').expect(200)).body.session,
    ).toBe('2023-11-27');
    expect(
      (await get('/markets/XNYS/sessions/offset?date=2023-11-23&n=0&direction=previous').expect(200)).body.session,
    ).toBe('2023-11-22');
    const refused = (await get('/markets/US.NYSE/sessions/offset?date=2023-11-23&n=1').expect(422)).body;
    expect(refused.detail).toEqual([
      expect.objectContaining({ loc: ['query', 'date'], msg: expect.stringMatching(/not a trading day/) }),
    ]);
  });

  it('errors: 422 on n and direction (every fault at once), 400 past the window, 403 without schedules', async () => {
    const bad = (await get('/markets/US.NYSE/sessions/offset?date=2023-11-22&n=1.5&direction=up').expect(422)).body;
    expect(locs(bad)).toEqual([
      ['query', 'n'],
      ['query', 'direction'],
    ]);
    expect(locs((await get('/markets/US.NYSE/sessions/offset?date=2023-11-22').expect(422)).body)).toEqual([
      ['query', 'n'],
    ]);
    expect((await get('/markets/US.NYSE/sessions/offset?date=2030-12-20&n=10').expect(400)).body.detail).toMatch(
      /2000-01-01 to 2030-12-25/,
    );
    await get('/markets/US.NOPE/sessions/offset?date=2023-11-22&n=1').expect(404);
  });

  it('count: 21 sessions in November 2023', async () => {
    expect((await get('/markets/US.NYSE/sessions/count?start=2023-11-01&end=2023-11-30').expect(200)).body).toEqual({
      start: '2023-11-01',
      end: '2023-11-30',
      count: 21,
    });
    expect(locs((await get('/markets/US.NYSE/sessions/count?start=x&end=2023-11-30').expect(422)).body)).toEqual([
      ['query', 'start'],
    ]);
    await get('/markets/US.NYSE/sessions/count?start=2023-11-01&end=2031-01-31').expect(400);
  });
});

describe('next and previous bells (§3)', () => {
  it('after the close before Thanksgiving the next opening is Friday 09:30', async () => {
    expect((await get('/markets/US.NYSE/next?after=2023-11-22T22:00:00Z').expect(200)).body).toEqual({
      event: 'open',
      at: '2023-11-24T09:30:00-05:00',
      date: '2023-11-24',
    });
    expect((await get('/markets/US.NYSE/next?after=2023-11-24T15:00:00Z&event=close').expect(200)).body).toEqual({
      event: 'close',
      at: '2023-11-24T13:00:00-05:00',
      date: '2023-11-24',
    });
  });

  it('previous: the half-day close, and the CME overnight run attributed to its end date', async () => {
    expect((await get('/markets/US.NYSE/previous?before=2023-11-27T14:00:00Z&event=close').expect(200)).body).toEqual({
      event: 'close',
      at: '2023-11-24T13:00:00-05:00',
      date: '2023-11-24',
    });
    expect((await get(`/markets/${CME}/previous?before=2023-11-23T12:00:00Z`).expect(200)).body).toEqual({
      event: 'open',
      at: '2023-11-22T17:00:00-06:00',
      date: '2023-11-23',
    });
  });

  it('an instant exactly at a bell is neither after nor before it; offsets and an unencoded + are read', async () => {
    // 16:00 New York is the close: the next closing is the following session's.
    expect((await get('/markets/US.NYSE/next?after=2023-11-22T16:00:00-05:00&event=close').expect(200)).body.at).toBe(
      '2023-11-24T13:00:00-05:00',
    );
    expect(
      (await get('/markets/US.NYSE/previous?before=2023-11-22T21:00:00+00:00&event=close').expect(200)).body.at,
    ).toBe('2023-11-21T16:00:00-05:00');
  });

  it('defaults to now, and is not cached: the answer follows the clock', async () => {
    clock = Date.parse('2023-11-22T21:00:00Z');
    expect((await get('/markets/US.NYSE/next').expect(200)).body.at).toBe('2023-11-24T09:30:00-05:00');
    clock = Date.parse('2023-11-27T12:00:00Z');
    expect((await get('/markets/US.NYSE/next').expect(200)).body.at).toBe('2023-11-27T09:30:00-05:00');
    expect((await get('/markets/US.NYSE/previous').expect(200)).body.at).toBe('2023-11-24T09:30:00-05:00');
    clock = Date.parse('2023-11-22T21:00:00Z');
    expect(operations.getNextBell.cacheable).toBeFalsy();
    expect(operations.getPreviousBell.cacheable).toBeFalsy();
  });

  it('errors: 422 on after/before and event, 400 outside coverage, 404', async () => {
    expect(locs((await get('/markets/US.NYSE/next?after=tomorrow&event=ring').expect(422)).body)).toEqual([
      ['query', 'after'],
      ['query', 'event'],
    ]);
    expect(locs((await get('/markets/US.NYSE/previous?before=2023-11-22T10:00:00').expect(422)).body)).toEqual([
      ['query', 'before'],
    ]);
    expect((await get('/markets/US.NYSE/next?after=1999-06-01T00:00:00Z').expect(400)).body.detail).toMatch(
      /coverage window of US\.NYSE/,
    );
    await get('/markets/US.NOPE/previous').expect(404);
  });
});

describe('joined calendars (§4)', () => {
  it('US.NYSE+GB.LSE over Christmas 2023: Boxing Day closes London only', async () => {
    const body = (await get('/calendars/US.NYSE+GB.LSE/days?start=2023-12-22&end=2023-12-27').expect(200)).body;
    expect(body).toEqual([
      { date: '2023-12-22', is_business_day: true, closed: [] },
      { date: '2023-12-23', is_business_day: false, closed: ['US.NYSE', 'GB.LSE'] },
      { date: '2023-12-24', is_business_day: false, closed: ['US.NYSE', 'GB.LSE'] },
      { date: '2023-12-25', is_business_day: false, closed: ['US.NYSE', 'GB.LSE'] },
      { date: '2023-12-26', is_business_day: false, closed: ['GB.LSE'] },
      { date: '2023-12-27', is_business_day: true, closed: [] },
    ]);
    // `+` written as %2B is the same expression; `~` needs one member open.
    expect((await get('/calendars/US.NYSE%2BGB.LSE/days?start=2023-12-22&end=2023-12-27').expect(200)).body).toEqual(
      body,
    );
    const any = (await get('/calendars/XNYS~XLON/days?start=2023-12-26&end=2023-12-26').expect(200)).body;
    expect(any).toEqual([{ date: '2023-12-26', is_business_day: true, closed: ['XLON'] }]);
    expect((await get('/calendars/USD+EUR/days?start=2023-06-19&end=2023-06-19').expect(200)).body).toEqual([
      { date: '2023-06-19', is_business_day: false, closed: ['USD'] },
    ]);
  });

  it('adjust: Christmas moves to the 27th (following) or the 22nd (preceding)', async () => {
    expect((await get('/calendars/US.NYSE+GB.LSE/adjust?date=2023-12-25').expect(200)).body).toEqual({
      date: '2023-12-25',
      convention: 'following',
      adjusted: '2023-12-27',
    });
    expect(
      (await get('/calendars/US.NYSE+GB.LSE/adjust?date=2023-12-25&convention=preceding').expect(200)).body.adjusted,
    ).toBe('2023-12-22');
    expect(
      (await get('/calendars/US.NYSE/adjust?date=2023-12-30&convention=modified_following').expect(200)).body.adjusted,
    ).toBe('2023-12-29');
  });

  it('advance: T+2 over Christmas, Saturday + 1 is Monday, month-end stays at month-end', async () => {
    expect((await get('/calendars/US.NYSE+GB.LSE/advance?date=2023-12-22&n=2').expect(200)).body).toEqual({
      date: '2023-12-22',
      n: 2,
      unit: 'days',
      result: '2023-12-28',
    });
    expect((await get('/calendars/US.NYSE/advance?date=2023-11-25&n=1').expect(200)).body.result).toBe('2023-11-27');
    expect((await get('/calendars/US.NYSE/advance?date=2023-11-24&n=-1').expect(200)).body.result).toBe('2023-11-22');
    const eom = (await get('/calendars/XNYS/advance?date=2023-10-31&n=1&unit=months&end_of_month=true').expect(200))
      .body;
    expect(eom).toEqual({ date: '2023-10-31', n: 1, unit: 'months', result: '2023-11-30' });
    expect((await get('/calendars/XNYS/advance?date=2023-01-31&n=1&unit=months').expect(200)).body.result).toBe(
      '2023-02-28',
    );
  });

  it('end of month as QuantLib: months and years when no session follows in the month, never weeks', async () => {
    // Saturday 2023-09-30 comes after September's last session: October's last session.
    expect(
      (await get('/calendars/XNYS/advance?date=2023-09-30&n=1&unit=months&end_of_month=true').expect(200)).body.result,
    ).toBe('2023-10-31');
    expect((await get('/calendars/XNYS/advance?date=2023-09-30&n=1&unit=months').expect(200)).body.result).toBe(
      '2023-10-30',
    );
    expect(
      (await get('/calendars/XNYS/advance?date=2023-09-30&n=0&unit=months&end_of_month=true').expect(200)).body.result,
    ).toBe('2023-10-02');
    expect(
      (await get('/calendars/XNYS/advance?date=2023-09-30&n=0&unit=years&end_of_month=true').expect(200)).body.result,
    ).toBe('2023-10-02');
    expect(
      (await get('/calendars/XNYS/advance?date=2023-09-29&n=1&unit=months&end_of_month=true').expect(200)).body.result,
    ).toBe('2023-10-31');
    // Friday 2023-06-30 is June's last session; weeks stay plain weeks.
    expect(
      (await get('/calendars/XNYS/advance?date=2023-06-30&n=1&unit=weeks&end_of_month=true').expect(200)).body.result,
    ).toBe('2023-07-07');
    expect((await get('/calendars/XNYS/advance?date=2023-06-30&n=1&unit=weeks').expect(200)).body.result).toBe(
      '2023-07-07',
    );
  });

  it('errors: 422 with path first, 404 unknown member, 409 ambiguous MIC, 400 outside the joined window', async () => {
    const bad = (
      await get(
        '/calendars/US.NYSE+GB.LSE~XNYS/advance?date=2023-13-01&n=x&unit=hours&convention=nearest&end_of_month=maybe',
      ).expect(422)
    ).body;
    expect(locs(bad)).toEqual([
      ['path', 'expr'],
      ['query', 'date'],
      ['query', 'n'],
      ['query', 'unit'],
      ['query', 'convention'],
      ['query', 'end_of_month'],
    ]);
    expect(locs((await get('/calendars/US.NYSE+/days?start=2023-12-22&end=2023-12-27').expect(422)).body)).toEqual([
      ['path', 'expr'],
    ]);
    expect(locs((await get('/calendars/US.NYSE/adjust').expect(422)).body)).toEqual([['query', 'date']]);
    expect(
      (await get('/calendars/US.NYSE+US.NOPE/days?start=2023-12-22&end=2023-12-27').expect(404)).body.detail,
    ).toMatch(/US\.NOPE/);
    expect((await get('/calendars/XCME+USD/adjust?date=2023-12-25').expect(409)).body.candidates).toContain(CME);
    expect((await get('/calendars/USD+EUR/adjust?date=2023-12-25').expect(200)).body.adjusted).toBe('2023-12-27');
    await get('/calendars/XXX+EUR/adjust?date=2023-12-25').expect(404);
    expect(
      (await get('/calendars/US.NYSE+GB.LSE/days?start=2030-12-20&end=2031-01-05').expect(400)).body.detail,
    ).toMatch(/coverage window of calendar US\.NYSE\+GB\.LSE/);
  });
});

describe('FX spot and value dates (§5)', () => {
  it('EURUSD traded Friday 2023-06-16 settles Tuesday 20th: Juneteenth is an intermediate day', async () => {
    const body = (await get('/fx/spot?pair=EURUSD&trade_date=2023-06-16').expect(200)).body;
    expect(body).toMatchObject({ pair: 'EURUSD', trade_date: '2023-06-16', lag: 2, spot_date: '2023-06-20' });
    expect(body.closures.at(-1)).toEqual({
      date: '2023-06-19',
      closed: [{ currency: 'USD', reason: 'Juneteenth National Independence Day' }],
    });
    expect(body.closures.map((c: { date: string }) => c.date)).toEqual(['2023-06-17', '2023-06-18', '2023-06-19']);
  });

  it('lags: USDCAD is T+1, lag overrides, lag 0 is the trade date', async () => {
    expect((await get('/fx/spot?pair=usdcad&trade_date=2023-06-16').expect(200)).body).toMatchObject({
      pair: 'USDCAD',
      lag: 1,
      spot_date: '2023-06-20',
    });
    expect((await get('/fx/spot?pair=EURUSD&trade_date=2023-06-16&lag=0').expect(200)).body).toMatchObject({
      lag: 0,
      spot_date: '2023-06-16',
      closures: [],
    });
    // The reversed quote is not in §5's list: T+2.
    expect((await get('/fx/spot?pair=CADUSD&trade_date=2023-06-16').expect(200)).body).toMatchObject({
      pair: 'CADUSD',
      lag: 2,
    });
  });

  it('value dates: SN and 1M from spot', async () => {
    expect((await get('/fx/value-date?pair=EURUSD&trade_date=2023-06-16&tenor=SN').expect(200)).body).toEqual({
      pair: 'EURUSD',
      trade_date: '2023-06-16',
      tenor: 'SN',
      spot_date: '2023-06-20',
      value_date: '2023-06-21',
    });
    expect((await get('/fx/value-date?pair=EURUSD&trade_date=2023-06-16&tenor=1m').expect(200)).body).toMatchObject({
      tenor: '1M',
      value_date: '2023-07-20',
    });
    // Spot Friday 2023-06-30 is June's last business day: 1M goes to July's last, 1W is a plain week.
    expect((await get('/fx/value-date?pair=EURUSD&trade_date=2023-06-28&tenor=1M').expect(200)).body).toMatchObject({
      spot_date: '2023-06-30',
      value_date: '2023-07-31',
    });
    expect((await get('/fx/value-date?pair=EURUSD&trade_date=2023-06-28&tenor=1W').expect(200)).body).toMatchObject({
      spot_date: '2023-06-30',
      value_date: '2023-07-07',
    });
  });

  it('errors: 422 naming pair, trade_date, lag and tenor; 404 unknown currency; 400 outside coverage', async () => {
    expect(locs((await get('/fx/spot?pair=EURO&trade_date=2023-06-31&lag=9').expect(422)).body)).toEqual([
      ['query', 'pair'],
      ['query', 'trade_date'],
      ['query', 'lag'],
    ]);
    expect(locs((await get('/fx/value-date?pair=EURUSD&trade_date=2023-06-16&tenor=2D').expect(422)).body)).toEqual([
      ['query', 'tenor'],
    ]);
    expect(locs((await get('/fx/value-date?pair=EURUSD').expect(422)).body)).toEqual([
      ['query', 'trade_date'],
      ['query', 'tenor'],
    ]);
    expect((await get('/fx/spot?pair=EURXXX&trade_date=2023-06-16').expect(404)).body.detail).toMatch(/XXX/);
    expect((await get('/fx/spot?pair=EURUSD&trade_date=1990-01-02').expect(400)).body.detail).toMatch(
      /coverage window/,
    );
  });
});

describe('plans (403) over HTTP', () => {
  it('sessions, bells and market calendars need schedules; FX and currency calendars need currencies', async () => {
    const holidaysOnly = createApp({ data: fixtureData('h', 'holidays_only'), logLevel: 'silent' });
    const noCurrencies = createApp({ data: fixtureData('n', 'no_currencies'), logLevel: 'silent' });
    for (const path of [
      '/markets/US.NYSE/sessions?start=2023-11-20&end=2023-11-26',
      '/markets/US.NYSE/sessions/offset?date=2023-11-22&n=1',
      '/markets/US.NYSE/sessions/count?start=2023-11-20&end=2023-11-26',
      '/markets/US.NYSE/next?after=2023-11-22T22:00:00Z',
      '/markets/US.NYSE/previous?before=2023-11-22T22:00:00Z',
      '/calendars/US.NYSE/days?start=2023-11-20&end=2023-11-26',
    ]) {
      await request(holidaysOnly).get(path).expect(403);
      await request(noCurrencies).get(path).expect(200);
    }
    for (const path of [
      '/fx/spot?pair=EURUSD&trade_date=2023-11-22',
      '/fx/value-date?pair=EURUSD&trade_date=2023-11-22&tenor=SN',
      '/calendars/USD+EUR/adjust?date=2023-12-25',
    ]) {
      await request(holidaysOnly).get(path).expect(403);
      expect((await request(noCurrencies).get(path).expect(403)).body.detail).toMatch(/Currencies are not covered/);
    }
  });
});

describe('documentation examples', () => {
  it('the new operations carry the Sessions, Calendars and FX tags, and every parameter has an example', () => {
    expect(arithmetic.map((op) => `${op.tag} ${op.path}`)).toEqual([
      'Sessions /markets/{identifier}/sessions',
      'Sessions /markets/{identifier}/sessions/offset',
      'Sessions /markets/{identifier}/sessions/count',
      'Sessions /markets/{identifier}/next',
      'Sessions /markets/{identifier}/previous',
      'Calendars /calendars/{expr}/days',
      'Calendars /calendars/{expr}/adjust',
      'Calendars /calendars/{expr}/advance',
      'Calendars /calendars/{expr}/year-fraction',
      'Calendars /calendars/{expr}/business-days/count',
      'Calendars /calendars/{expr}/dates',
      'Sessions /overlap',
      'FX /fx/spot',
      'FX /fx/value-date',
    ]);
    for (const op of arithmetic)
      for (const [name, p] of Object.entries(op.params)) expect(p.example, `${op.operationId} ${name}`).toBeDefined();
  });

  it(
    'every operation called with its documented examples answers 200 on the sample, and something ' + 'useful',
    async () => {
      const bodies: Record<string, unknown> = {};
      for (const op of Object.values(operations) as Operation[]) {
        // These read the server's change log, empty here (changes-routes.test.ts swaps versions).
        if (op.tag === 'Changes') continue;
        // One override by id exists only once made (overrides.test.ts makes them).
        if (op.operationId === 'getOverride') continue;
        let path = op.path;
        const query = new URLSearchParams();
        for (const [name, p] of Object.entries(op.params)) {
          if (p.example === undefined) {
            expect(p.optional, `${op.operationId}: required parameter ${name} has no example`).toBe(true);
            continue;
          }
          if (op.locations[name] === 'path') path = path.replace(`{${name}}`, encodeURIComponent(p.example));
          else if (op.locations[name] === 'query') query.set(name, p.example);
        }
        // A POST sends its body's declared example (the bar check: a JSON array of timestamps).
        const res = op.body
          ? await request(app)
              .post(`${path}?${query}`)
              .set('Content-Type', 'application/json')
              .send(JSON.stringify(op.body.media['application/json']!.example))
          : await get(`${path}?${query}`);
        expect(res.status, `${op.operationId} ${path}?${query}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
        bodies[op.operationId] = res.body;
      }
      // What the examples show on the sample (docs/library.md and docs/cli.md use the same ones).
      expect((bodies.listSessions as { date: string }[]).map((s) => s.date)).not.toContain('2023-11-23');
      expect(bodies.getSessionOffset).toEqual({ date: '2023-11-22', n: 1, session: '2023-11-24' });
      expect(bodies.getSessionCount).toMatchObject({ count: 21 });
      expect(bodies.getNextBell).toEqual({ event: 'open', at: '2023-11-24T09:30:00-05:00', date: '2023-11-24' });
      expect(bodies.getPreviousBell).toEqual({ event: 'close', at: '2023-11-24T12:15:00-06:00', date: '2023-11-24' });
      expect((bodies.listCalendarDays as { closed: string[] }[])[4]!.closed).toEqual(['GB.LSE']);
      expect(bodies.adjustDate).toMatchObject({ adjusted: '2023-12-27' });
      expect(bodies.advanceDate).toMatchObject({ result: '2023-12-28' });
      expect(bodies.getFxSpot).toMatchObject({ spot_date: '2023-06-20' });
      expect(bodies.getFxValueDate).toMatchObject({ value_date: '2023-07-20' });
      // The example series: three stamps of the first minutes of the day, each on the grid, none extra.
      expect(bodies.checkBars).toMatchObject({ expected: 390, given: 3, matched: 3, extra: [] });
    },
  );
});
