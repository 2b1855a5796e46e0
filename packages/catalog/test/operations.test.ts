/**
 * The operation registry: declarations agree with what core does (plans), the typed library
 * call, and a new operation declared elsewhere is served, validated and documented like the
 * built-in ones.
 */
import {
  Dataset,
  optional,
  param,
  withDefault,
  type Bar,
  type BarCount,
  type MarketHoliday,
  type SpecialSession,
  type Tables,
} from '@openbell/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createRouteMatcher, invoke, runOperation } from '../src/answer.js';
import { operations } from '../src/operations/index.js';
import { defineOperations, documented, errorStatuses, type Operation } from '../src/registry.js';
import { fixtureTables, NOON_NY } from './fixture.js';

const SAMPLE: Record<string, string> = {
  market_identifier: 'US.NYSE',
  currency_code: 'USD',
  date: '2023-11-01',
  text: 'USD',
  integer: '1',
  calendar_expression: 'US.NYSE',
  currency_pair: 'EURUSD',
  tenor: '1M',
  period: '5m',
  month: '2023-11',
  date_rule: 'imm',
  list: 'US.NYSE,US.CME.EQUITY.USINDEX1',
};
const argsFor = (op: Operation) =>
  Object.fromEntries(
    Object.entries(op.params).flatMap(([n, p]) => {
      // A required enum (a year fraction's convention) takes its first value.
      const v = SAMPLE[p.kind] ?? p.values?.[0];
      return v && !p.optional ? [[n, v]] : [];
    }),
  );

describe('operations', () => {
  it('an operation declaring a plan answers 403 on data without it, and only those', () => {
    const t = fixtureTables();
    // The reference tables that come with every plan stay: their own absence is another 403.
    const holidaysOnly = Dataset.create({
      markets: t.markets,
      holidays: t.holidays,
      micMapping: t.micMapping,
      regionalHolidays: t.regionalHolidays,
    });
    const noCurrencies = Dataset.create({ ...t, currencies: undefined, currencyHolidays: undefined } as Tables);
    for (const op of Object.values(operations) as Operation[]) {
      for (const [ds, lacks] of [
        [holidaysOnly, 'schedules'],
        [noCurrencies, 'currencies'],
      ] as const) {
        const out = runOperation(op, ds, argsFor(op), () => NOON_NY);
        const refused = !out.ok && out.status === 403;
        const needs = op.plan === lacks || (lacks === 'schedules' && op.plan === 'currencies');
        expect(refused, `${op.operationId} on data without ${lacks}`).toBe(needs);
        if (op.plan) expect(op.errors, op.operationId).toContain(403);
      }
    }
  });

  it('an operation declaring a table answers 403 on an archive without that file, and only those', () => {
    const t = fixtureTables();
    const bare = Dataset.create({
      ...t,
      phaseTypes: undefined,
      micMapping: undefined,
      seasonDefinitions: undefined,
      regionalHolidays: undefined,
    } as Tables);
    for (const op of Object.values(operations) as Operation[]) {
      const out = runOperation(op, bare, argsFor(op), () => NOON_NY);
      const refused = !out.ok && out.status === 403;
      expect(refused, op.operationId).toBe(op.table !== undefined);
      if (refused) expect(JSON.stringify(out.body), op.operationId).toContain(`csv/${op.table} is not in the archive`);
      if (op.table) expect(op.errors, op.operationId).toContain(403);
    }
  });

  it('error statuses follow from what an operation looks up, its plan and its parameters', () => {
    expect(operations.listMarketPhases.errors).toEqual([400, 403, 404, 409, 422, 500, 503]);
    expect(operations.getMarket.errors).toEqual([404, 409, 422, 500, 503]);
    expect(operations.listCurrencies.errors).toEqual([403, 500, 503]);
    expect(operations.isMarketAvailable.errors).toEqual([503]);
    const date = documented(param.date(), { description: 'd' });
    expect(errorStatuses({ needs: 'fx', plan: 'currencies', params: { date } })).toEqual([
      400, 403, 404, 422, 500, 503,
    ]);
  });

  it('invoke is typed from the entry and throws core errors', () => {
    const ds = Dataset.create(fixtureTables());
    const h = invoke(ds, 'listMarketHolidays', { identifier: 'XNYS', start: '2023-01-01', end: '2023-12-31' });
    expectTypeOf(h).toEqualTypeOf<MarketHoliday[]>();
    expect(h.length).toBeGreaterThan(0);
    expectTypeOf(invoke(ds, 'isMarketAvailable', { identifier: 'x' })).toEqualTypeOf<{ is_available: boolean }>();
    // @ts-expect-error: start and end are required
    expect(() => invoke(ds, 'listMarketHolidays', { identifier: 'XNYS' })).toThrow(/start.*end/);
    expect(invoke(ds, 'getMarket', { identifier: 'US.NYSE', follow: false }).fin_id).toBe('US.NYSE');
  });

  it('a new operation (top-level path, integer, enum, optional instant) is one declaration', () => {
    const extra = defineOperations({
      nextHolidays: {
        path: '/fx/{identifier}/next',
        tag: 'FX',
        summary: 'Next holidays',
        params: {
          identifier: documented(param.marketIdentifier(), { description: 'market' }),
          n: documented(withDefault(param.integer({ min: 1, max: 10 }), 1), { description: 'how many' }),
          direction: documented(withDefault(param.enum(['next', 'previous'] as const), 'next'), {
            description: 'which way',
          }),
          after: documented(optional(param.instant()), { description: 'from when' }),
        },
        call: (_ds, a, now) => ({ n: a.n, direction: a.direction, after: a.after ?? now() }),
        response: z.object({ n: z.number(), direction: z.string(), after: z.number() }),
      },
    });
    const match = createRouteMatcher(Object.values(extra))('/fx/XNYS/next')!;
    const ds = Dataset.create(fixtureTables());
    expect(runOperation(match.compiled.op, ds, { ...match.params, n: '3', direction: 'Previous' }, () => 5)).toEqual({
      ok: true,
      value: { n: 3, direction: 'previous', after: 5 },
    });
    const bad = runOperation(
      match.compiled.op,
      ds,
      { identifier: 'X!', n: '0', direction: 'up', after: 'soon' },
      () => 5,
    );
    expect(bad.ok ? null : (bad.body as { detail: { loc: string[] }[] }).detail.map((e) => e.loc)).toEqual([
      ['path', 'identifier'],
      ['query', 'n'],
      ['query', 'direction'],
      ['query', 'after'],
    ]);
  });

  it('bars, their count and special sessions: typed calls agreeing with core, period faults named `period`', () => {
    const ds = Dataset.create(fixtureTables());
    const args = { identifier: 'XNYS', start: '2023-11-20', end: '2023-11-24', period: '30m' };
    const bars = invoke(ds, 'listMarketBars', args);
    expectTypeOf(bars).toEqualTypeOf<Bar[]>();
    expect(bars).toEqual([...ds.bars('XNYS', '2023-11-20', '2023-11-24', { period: '30m' })]);
    const count = invoke(ds, 'getBarCount', { ...args, force_close: 'false', breaks: 'ignore' });
    expectTypeOf(count).toEqualTypeOf<BarCount>();
    expect(count).toEqual(
      ds.countBars('XNYS', '2023-11-20', '2023-11-24', { period: '30m', forceClose: false, breaks: 'ignore' }),
    );
    expect(count.count).toBeGreaterThan(0);
    const special = invoke(ds, 'listSpecialSessions', { identifier: 'XNYS', start: '2023-01-01', end: '2023-12-31' });
    expectTypeOf(special).toEqualTypeOf<SpecialSession[]>();
    expect(special).toEqual(ds.specialSessions('XNYS', '2023-01-01', '2023-12-31'));

    for (const name of ['listMarketBars', 'getBarCount'] as const) {
      const bad = runOperation(
        operations[name],
        ds,
        { ...args, period: '5M', force_close: 'maybe', breaks: 'skip' },
        () => NOON_NY,
      );
      expect(bad.ok ? null : bad.status).toBe(422);
      const detail = bad.ok ? [] : (bad.body as { detail: { loc: string[]; type: string }[] }).detail;
      expect(detail.map((e) => e.loc)).toEqual([
        ['query', 'period'],
        ['query', 'force_close'],
        ['query', 'breaks'],
      ]);
      expect(detail[0]!.type).toBe('period_format');
      const missing = runOperation(operations[name], ds, { ...args, period: undefined }, () => NOON_NY);
      expect(missing.ok ? null : (missing.body as { detail: unknown[] }).detail).toEqual([
        { loc: ['query', 'period'], msg: expect.any(String), type: 'missing', input: null },
      ]);
    }
    expect(operations.listMarketBars.errors).toEqual([400, 403, 404, 409, 422, 500, 503]);
  });
});
