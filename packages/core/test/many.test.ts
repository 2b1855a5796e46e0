/**
 * Many markets at once (docs/calendar-arithmetic.md §6) and bell events. Rules chosen where the
 * spec is silent are listed in src/rules/many.ts and pinned here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset, InvalidArgumentError, isStatusManyFailure, type StatusManyItem } from '../src/index.js';
import { CME, fixtureTables } from '../src/testing/fixture.js';

const ds = Dataset.create(fixtureTables());
const at = (iso: string) => Date.parse(iso);
const NOON_NY = at('2023-11-15T17:00:00Z');

describe('§6 statusMany', () => {
  it('answers one entry per identifier, in the order given, each exactly the single-market status', () => {
    const ids = ['XNYS', CME, 'us.nyse', 'AR.BCBA', 'CN.SGE'];
    const r = ds.statusMany({ markets: ids }, NOON_NY);
    expect(r.as_of).toBe('2023-11-15T17:00:00+00:00');
    expect(r.markets.map((m) => m.identifier)).toEqual(ids);
    for (const [i, id] of ids.entries()) {
      const single = ds.status(id, NOON_NY);
      expect(r.markets[i]).toEqual({
        identifier: id,
        fin_id: single.market!.fin_id,
        status: single.status,
        reason: single.reason,
        until: single.until,
        next_bell: single.next_bell,
        phase: single.phase,
        timezone: single.market!.timezone,
      });
    }
    // A replaced market answers for its replacement.
    expect((r.markets[3] as StatusManyItem).fin_id).toBe('AR.BYMA');
  });

  it('one bad identifier never fails the answer: each error is what the single request raises', () => {
    const r = ds.statusMany({ markets: ['XNYS', 'NOPE', 'XCME', 'bad id!', 'ZZ.NONE'] }, NOON_NY);
    const kinds = r.markets.map((m) => (isStatusManyFailure(m) ? (m.error as { code?: string }).code : 'ok'));
    expect(kinds).toEqual(['ok', 'not_found', 'ambiguous', 'invalid_argument', 'not_found']);
    for (const m of r.markets.filter(isStatusManyFailure)) {
      expect(() => ds.status(m.identifier, NOON_NY)).toThrow(m.error.message);
    }
  });

  it('out of coverage is per market', () => {
    const r = ds.statusMany({ markets: ['XNYS'] }, at('2035-01-01T00:00:00Z'));
    expect(isStatusManyFailure(r.markets[0]!) && (r.markets[0].error as { code?: string }).code).toBe(
      'out_of_coverage',
    );
  });

  it('subset answers every matching market ordered by FinID', () => {
    const r = ds.statusMany({ subset: 'us*' }, NOON_NY);
    expect(r.markets.map((m) => m.identifier)).toEqual(ds.listMarkets('US*').map((m) => m.fin_id));
    expect(r.markets.length).toBe(3);
  });

  it('comma lists split, empty items drop, duplicates stay', () => {
    const r = ds.statusMany({ markets: ['XNYS, US.NYSE,', 'XNYS'] }, NOON_NY);
    expect(r.markets.map((m) => m.identifier)).toEqual(['XNYS', 'US.NYSE', 'XNYS']);
  });

  it('refuses more than 1,000 identifiers, none, both markets and subset, and a bad instant', () => {
    const faultOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidArgumentError);
        return (e as InvalidArgumentError).faults.map((x) => `${x.param}:${x.type}`);
      }
      throw new Error('no error');
    };
    expect(faultOf(() => ds.statusMany({ markets: Array(1001).fill('XNYS') }, NOON_NY))).toEqual(['markets:too_long']);
    expect(ds.statusMany({ markets: Array(1000).fill('XNYS') }, NOON_NY).markets).toHaveLength(1000);
    expect(faultOf(() => ds.statusMany({}, NOON_NY))).toEqual(['markets:missing']);
    expect(faultOf(() => ds.statusMany({ markets: [' , '] }, NOON_NY))).toEqual(['markets:value_error']);
    expect(faultOf(() => ds.statusMany({ markets: ['XNYS'], subset: '*' }, NOON_NY))).toEqual(['markets:value_error']);
    expect(faultOf(() => ds.statusMany({ markets: ['XNYS'] }, Number.NaN))).toEqual(['instant:datetime_parsing']);
  });

  it('a holidays-only plan answers 403-type errors per market', () => {
    const h = Dataset.create(fixtureTables(), { plan: 'holidays_only' });
    const r = h.statusMany({ markets: ['XNYS'] }, NOON_NY);
    expect(isStatusManyFailure(r.markets[0]!) && (r.markets[0].error as { code?: string }).code).toBe('not_in_plan');
  });
});

describe('bell events', () => {
  it('plans the NYSE day: phase changes, the open and the close, ordered, with stable ids', () => {
    const from = at('2023-11-15T08:00:00Z'); // 03:00 New York
    const { events, errors } = ds.bellEvents(['XNYS'], from, 24 * 3600_000);
    expect(errors).toEqual([]);
    expect(events.map((e) => `${e.at.slice(11, 16)} ${e.event} ${e.phase}`)).toEqual([
      '04:00 phase Pre-Trading Session',
      '09:30 open Primary Trading Session',
      // 15:50: the Pre-Close starts, but the open session stays the current phase (§5 step 2).
      '16:00 close Post-Trading Session',
      '20:00 phase null',
    ]);
    expect(events[1]).toMatchObject({
      id: `${at('2023-11-15T14:30:00Z')}:US.NYSE`,
      market: 'US.NYSE',
      at: '2023-11-15T09:30:00-05:00',
      status: 'Open',
    });
    expect(ds.bellEvents(['US.NYSE'], from, 24 * 3600_000).events).toEqual(events);
  });

  it('every event is a change of the single-market status at its instant (property)', () => {
    const markets = ['US.NYSE', CME, 'CN.SGE', 'BR.B3', 'CN.CIBM'];
    const lo = at('2023-01-01T00:00:00Z');
    const hi = at('2024-12-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: lo, max: hi }), (from) => {
        const { events } = ds.bellEvents(markets, from, 3 * 86_400_000);
        for (const e of events) {
          const now = ds.status(e.market, e.at_ms);
          const before = ds.status(e.market, e.at_ms - 1);
          expect(now.status).toBe(e.status);
          expect(now.phase?.phase_type ?? null).toBe(e.phase);
          if (e.event === 'open') expect([before.status, now.status]).toEqual(['Closed', 'Open']);
          if (e.event === 'close') expect([before.status, now.status]).toEqual(['Open', 'Closed']);
          if (e.event === 'phase') expect(before.status).toBe(now.status);
        }
        // Ordered by instant, then by the order of the markets requested.
        const order = events.map((e) => [e.at_ms, markets.indexOf(e.market)] as const);
        expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
        // Nothing missed: between consecutive events of a market the status is unchanged.
        for (const m of markets) {
          const own = events.filter((e) => e.market === m);
          if (own.length < 2) continue;
          const mid = Math.floor((own[0]!.at_ms + own[1]!.at_ms) / 2);
          expect(ds.status(m, mid).status).toBe(own[0]!.status);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('resumes after a Last-Event-ID, keeping later events of the same instant', () => {
    const from = at('2023-11-15T08:00:00Z');
    const all = ds.bellEvents(['US.NYSE', 'US.CME.AGRI', CME], from, 2 * 86_400_000).events;
    const k = 3;
    const resumed = ds.bellEvents(['US.NYSE', 'US.CME.AGRI', CME], from, 2 * 86_400_000, {
      afterId: all[k]!.id,
    }).events;
    expect(resumed).toEqual(all.slice(k + 1));
  });

  it("shares each market's plan between sets asked over one window, as a dataset that keeps none (property)", () => {
    const pool = ['US.NYSE', 'XNYS', CME, 'CN.SGE', 'BR.B3', 'CN.CIBM', 'US.CME.AGRI', 'NOPE'];
    const lo = at('2023-01-01T00:00:00Z');
    const hi = at('2024-12-01T00:00:00Z');
    // Few windows, many sets: the asks within one window share plans; windows come back after
    // others pushed them out of the kept few.
    const ask = fc.record({
      window: fc.integer({ min: 0, max: 3 }),
      span: fc.constantFrom(0, 3_600_000, 7_200_000),
      markets: fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: lo, max: hi }), fc.array(ask, { minLength: 1, maxLength: 12 }), (from, asks) => {
        const keeping = Dataset.create(fixtureTables());
        for (const { window, span, markets } of asks) {
          const start = from + window * 1_800_000;
          const fresh = Dataset.create(fixtureTables()).bellEvents(markets, start, span);
          const kept = keeping.bellEvents(markets, start, span);
          expect(kept.events).toEqual(fresh.events);
          expect(kept.errors.map((e) => e.identifier)).toEqual(fresh.errors.map((e) => e.identifier));
        }
      }),
      { numRuns: 25 },
    );
  });

  it("hands out the shared events frozen, so no caller can change another's", () => {
    const from = at('2023-11-15T08:00:00Z');
    const one = ds.bellEvents(['XNYS', CME], from, 24 * 3600_000).events;
    const other = ds.bellEvents(['US.NYSE'], from, 24 * 3600_000).events;
    expect(other[0]).toBe(one.find((e) => e.market === 'US.NYSE'));
    expect(Object.isFrozen(other[0])).toBe(true);
    expect(() => {
      (other[0] as { status: string }).status = 'Closed';
    }).toThrow(TypeError);
  });

  it('reports identifiers it cannot plan and plans the rest; stops at the end of coverage', () => {
    const r = ds.bellEvents(['NOPE', 'XNYS', 'XCME'], NOON_NY, 3600_000);
    expect(r.errors.map((e) => e.identifier)).toEqual(['NOPE', 'XCME']);
    expect(
      ds.bellEvents(['XNYS'], at('2030-12-24T12:00:00Z'), 30 * 86_400_000).events.every((e) => e.at < '2030-12-26'),
    ).toBe(true);
  });
});
