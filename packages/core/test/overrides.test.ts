/**
 * Overrides (docs/overrides.md): what each kind does to every answer, the refusals of a request,
 * and the property that a closure or reopen answers exactly what the archive edited the same
 * way answers; a cut (early close, late open) answers the vendor's day view cut at its time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  Dataset,
  InvalidArgumentError,
  diff,
  formatDay,
  tryParseDay,
  type OverrideRecord,
  type Tables,
} from '../src/index.js';
import { CME, duplicateRowTables, fixtureTables } from '../src/testing/fixture.js';

/** The fixture with its currencies covering 2000–2030 (rows that settle bound their windows). */
function tables(): Tables {
  const t = fixtureTables();
  for (const currency_code of ['USD', 'EUR']) {
    for (const date of ['2000-01-03', '2030-12-27'])
      t.currencyHolidays!.push({
        currency_code,
        date,
        holiday_name: 'window',
        settlement: 'Yes',
        observed: false,
        memo: null,
      });
  }
  return t;
}

const base = Dataset.create(tables());
const NOW = Date.parse('2023-11-20T08:00:00Z');
let serial = 0;
const make = (ds: Dataset, body: Record<string, unknown>): OverrideRecord =>
  ds.makeOverride(body, { id: `ovr_${String(serial++).padStart(12, '0')}`, now: NOW, by: 'ops' });

/** The answer without the `override` field of holiday records (the only thing an edited archive cannot say). */
function strip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === 'override' ? undefined : v))) as T;
}

const text = (chunks: Iterable<Uint8Array>): string => Buffer.concat([...chunks]).toString('utf8');

describe('a closure', () => {
  const rec = make(base, {
    kind: 'closure',
    target: 'XNYS',
    date: '2023-11-22',
    name: 'Day of mourning',
    reason: 'Announced by the exchange at 18:00',
  });
  const ds = base.withOverrides([rec]);

  it('is answered as a closed holiday row carrying the override', () => {
    expect(rec).toMatchObject({
      kind: 'closure',
      target: 'US.NYSE',
      date: '2023-11-22',
      created_by: 'ops',
      created_at: '2023-11-20T08:00:00.000Z',
      withdrawn_at: null,
      superseded: false,
    });
    expect(ds.listHolidays('US.NYSE', '2023-11-22', '2023-11-22')).toEqual([
      {
        fin_id: 'US.NYSE',
        date: '2023-11-22',
        holiday_name: 'Day of mourning',
        schedule: 'Closed',
        settlement: 'No',
        observed: false,
        memo: 'Announced by the exchange at 18:00',
        status: 'Closed',
        has_settlement: false,
        is_open: false,
        override: {
          id: rec.id,
          kind: 'closure',
          reason: 'Announced by the exchange at 18:00',
          created_by: 'ops',
          created_at: '2023-11-20T08:00:00.000Z',
        },
      },
    ]);
    // Vendor rows are answered as before, without the field.
    expect(ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-23')[0]).not.toHaveProperty('override');
  });

  it('closes the day in every answer computed from it', () => {
    expect(ds.listDays('US.NYSE', '2023-11-22', '2023-11-22')[0]).toMatchObject({ is_open: false, phases: [] });
    expect(ds.sessions('US.NYSE', '2023-11-21', '2023-11-24').map((s) => s.date)).toEqual(['2023-11-21', '2023-11-24']);
    expect(ds.status('US.NYSE', '2023-11-22T16:00:00Z')).toMatchObject({ status: 'Closed', reason: 'Day of mourning' });
    expect(ds.sessionOffset('US.NYSE', '2023-11-21', 1).session).toBe('2023-11-24');
    expect(ds.advance('US.NYSE', '2023-11-21', 1).result).toBe('2023-11-24');
    expect(ds.calendarDays('US.NYSE+USD', '2023-11-22', '2023-11-22')[0]).toMatchObject({
      is_business_day: false,
      closed: ['US.NYSE'],
    });
  });

  it('leaves every other market and the vendor dataset alone', () => {
    expect(ds.generatePhases(CME, '2023-11-01', '2023-11-30')).toEqual(
      base.generatePhases(CME, '2023-11-01', '2023-11-30'),
    );
    expect(base.listDays('US.NYSE', '2023-11-22', '2023-11-22')[0]!.is_open).toBe(true);
    expect(ds.overrides).toEqual([rec]);
    expect(ds.vendor.overrides).toEqual([]);
  });

  it('is undone by a withdrawal: the vendor answers again, byte for byte', () => {
    const back = ds.withOverrides([{ ...rec, withdrawn_at: '2023-11-21T00:00:00.000Z', withdrawn_by: 'ops' }]);
    for (const id of ['US.NYSE', CME]) {
      expect(text(back.dayJsonChunks(id, '2023-11-01', '2023-11-30'))).toBe(
        text(base.dayJsonChunks(id, '2023-11-01', '2023-11-30')),
      );
      expect(back.listHolidays(id, '2000-01-01', '2030-12-31')).toEqual(
        base.listHolidays(id, '2000-01-01', '2030-12-31'),
      );
    }
  });

  it('settles two conflicting vendor rows of its date (and only of its date)', () => {
    const dup = Dataset.create(duplicateRowTables());
    expect(() => dup.listDays('US.NYSE', '2004-12-24', '2004-12-24')).toThrow(/duplicate key/);
    const settled = dup.withOverrides([
      make(dup, {
        kind: 'closure',
        target: 'US.NYSE',
        date: '2004-12-24',
        name: 'Christmas Eve',
        reason: 'the exchange confirmed it is closed',
      }),
    ]);
    expect(settled.listDays('US.NYSE', '2004-12-24', '2004-12-24')[0]!.is_open).toBe(false);
    expect(settled.listHolidays('US.NYSE', '2004-12-24', '2004-12-24')).toHaveLength(1);
    expect(settled.duplicateHolidays('market', 'US.NYSE', '2004-01-01', '2004-12-31')).toEqual([]);
    // The currencies' duplicate rows of that date still fail what they touch.
    expect(() => settled.fxSpot('EURUSD', '2004-12-22')).toThrow(/duplicate key/);
  });

  it('of a currency closes its settlement day', () => {
    const usd = make(base, { kind: 'closure', target: 'usd', date: '2023-12-01', name: 'Storm', reason: 'Fed closed' });
    const ds2 = base.withOverrides([usd]);
    expect(usd.target).toBe('USD');
    expect(ds2.listCurrencyHolidays('USD', '2023-12-01', '2023-12-01')).toEqual([
      {
        currency_code: 'USD',
        date: '2023-12-01',
        holiday_name: 'Storm',
        settlement: 'No',
        observed: false,
        memo: 'Fed closed',
        override: expect.objectContaining({ id: usd.id }),
      },
    ]);
    expect(base.fxSpot('EURUSD', '2023-11-29').spot_date).toBe('2023-12-01');
    expect(ds2.fxSpot('EURUSD', '2023-11-29').spot_date).toBe('2023-12-04');
  });
});

describe('a reopen', () => {
  it('lifts the vendor row of its date', () => {
    const rec = make(base, {
      kind: 'reopen',
      target: 'US.NYSE',
      date: '2023-11-23',
      reason: 'The exchange trades after all',
    });
    const ds = base.withOverrides([rec]);
    expect(rec.name).toBeNull();
    expect(ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-23')).toEqual([]);
    expect(ds.sessions('US.NYSE', '2023-11-23', '2023-11-23')).toEqual([
      {
        date: '2023-11-23',
        open: '2023-11-23T09:30:00-05:00',
        close: '2023-11-23T16:00:00-05:00',
        breaks: [],
        partial: false,
        holiday_name: null,
      },
    ]);
  });

  it('is refused with 409 where the vendor has no row', () => {
    expect(() => make(base, { kind: 'reopen', target: 'US.NYSE', date: '2023-11-22', reason: 'x' })).toThrow(
      ConflictError,
    );
  });

  it('of a currency makes the date a settlement day', () => {
    const ds = base.withOverrides([
      make(base, { kind: 'reopen', target: 'USD', date: '2023-11-23', reason: 'Fedwire open' }),
    ]);
    expect(base.fxSpot('EURUSD', '2023-11-21').spot_date).toBe('2023-11-24');
    expect(ds.fxSpot('EURUSD', '2023-11-21').spot_date).toBe('2023-11-23');
  });
});

describe('an early close and a late open', () => {
  it('cut the day view at the local time and list the day as an Override row', () => {
    const rec = make(base, {
      kind: 'early_close',
      target: 'XNYS',
      date: '2023-11-22',
      name: 'Outage',
      close: '13:00',
      reason: 'matching engine failure',
    });
    const ds = base.withOverrides([rec]);
    expect(ds.listHolidays('US.NYSE', '2023-11-22', '2023-11-22')[0]).toMatchObject({
      schedule: 'Override',
      status: 'Open',
      settlement: 'Yes',
      is_open: true,
      has_settlement: true,
      holiday_name: 'Outage',
    });
    const phases = ds.listDays('US.NYSE', '2023-11-22', '2023-11-22')[0]!.phases;
    expect(phases.map((p) => [p.phase_type, p.start.slice(11), p.end.slice(11)])).toEqual(
      base
        .listDays('US.NYSE', '2023-11-22', '2023-11-22')[0]!
        .phases.filter((p) => p.start.slice(11, 16) < '13:00')
        .map((p) => [
          p.phase_type,
          p.start.slice(11),
          p.end.slice(11, 16) > '13:00' ? '13:00:00-05:00' : p.end.slice(11),
        ]),
    );
    expect(ds.sessions('US.NYSE', '2023-11-22', '2023-11-22')[0]).toMatchObject({
      close: '2023-11-22T13:00:00-05:00',
      partial: true,
      holiday_name: 'Outage',
    });
    expect(ds.specialSessions('US.NYSE', '2023-11-22', '2023-11-22')).toEqual([
      {
        date: '2023-11-22',
        open: '2023-11-22T09:30:00-05:00',
        close: '2023-11-22T13:00:00-05:00',
        regular_open: '2023-11-22T09:30:00-05:00',
        regular_close: '2023-11-22T16:00:00-05:00',
        late_open: false,
        early_close: true,
        holiday_name: 'Outage',
      },
    ]);
    expect(ds.status('US.NYSE', '2023-11-22T18:30:00Z')).toMatchObject({ status: 'Closed' });
    expect(ds.status('US.NYSE', '2023-11-22T17:30:00Z')).toMatchObject({
      status: 'Open',
      until: '2023-11-22T13:00:00-05:00',
    });
    expect(ds.bars('US.NYSE', '2023-11-22', '2023-11-22', { period: '1h' }).count).toBe(4);
  });

  it('a late open starts the day at its time', () => {
    const ds = base.withOverrides([
      make(base, {
        kind: 'late_open',
        target: 'US.NYSE',
        date: '2023-11-21',
        name: 'Late start',
        open: '11:00',
        reason: 'data feed outage',
      }),
    ]);
    expect(ds.sessions('US.NYSE', '2023-11-21', '2023-11-21')[0]).toMatchObject({
      open: '2023-11-21T11:00:00-05:00',
      close: '2023-11-21T16:00:00-05:00',
    });
    expect(ds.specialSessions('US.NYSE', '2023-11-21', '2023-11-21')[0]).toMatchObject({
      late_open: true,
      early_close: false,
      regular_open: '2023-11-21T09:30:00-05:00',
    });
  });

  it('cuts an overnight session that ends on its date', () => {
    // CN.SGE's night session starts at 20:00 the day before and belongs to the date it ends on.
    const ds = base.withOverrides([
      make(base, {
        kind: 'early_close',
        target: 'CN.SGE',
        date: '2023-11-22',
        name: 'Early',
        close: '01:00',
        reason: 'r',
      }),
    ]);
    const phases = ds.listDays('CN.SGE', '2023-11-22', '2023-11-22')[0]!.phases;
    expect(phases.map((p) => [p.start, p.end])).toEqual([['2023-11-21T20:00:00+08:00', '2023-11-22T01:00:00+08:00']]);
  });

  it('is refused when it would leave the day unchanged or empty, naming close / open', () => {
    const refuse = (body: Record<string, unknown>, param: string) => {
      try {
        make(base, { name: 'n', reason: 'r', target: 'US.NYSE', date: '2023-11-22', ...body });
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidArgumentError);
        expect((e as InvalidArgumentError).faults.map((f) => f.param)).toEqual([param]);
        return;
      }
      throw new Error(`accepted ${JSON.stringify(body)}`);
    };
    // The day view of US.NYSE runs from its pre-open to its close: find them.
    const phases = base.listDays('US.NYSE', '2023-11-22', '2023-11-22')[0]!.phases;
    const first = phases[0]!.start.slice(11, 16);
    const last = phases.at(-1)!.end.slice(11, 16);
    refuse({ kind: 'early_close', close: last }, 'close');
    refuse({ kind: 'early_close', close: '23:00' }, 'close');
    refuse({ kind: 'early_close', close: first }, 'close');
    refuse({ kind: 'late_open', open: first }, 'open');
    refuse({ kind: 'late_open', open: last }, 'open');
    refuse({ kind: 'early_close', close: '12:00', date: '2023-11-23' }, 'close'); // closed: no phases
  });
});

describe('a request', () => {
  const faults = (body: Record<string, unknown>): string[] => {
    try {
      make(base, body);
    } catch (e) {
      return (e as InvalidArgumentError).faults.map((f) => `${f.param}:${f.type}`);
    }
    return [];
  };

  it('names every faulty field at once', () => {
    expect(faults({})).toEqual(['kind:missing', 'target:missing', 'date:missing', 'name:missing', 'reason:missing']);
    expect(faults({ kind: 'storm', target: 'XNYS', date: '2023-02-30', name: 'x', reason: 'y' })).toEqual([
      'kind:enum',
      'date:date_from_datetime_parsing',
    ]);
    expect(
      faults({ kind: 'closure', target: 'XNYS', date: '2023-11-22', name: 'x'.repeat(201), reason: 'y'.repeat(2001) }),
    ).toEqual(['name:string_too_long', 'reason:string_too_long']);
    expect(
      faults({ kind: 'closure', target: 'XNYS', date: '2023-11-22', name: 'x', reason: 'y', close: '13:00' }),
    ).toEqual(['close:extra_forbidden']);
    expect(
      faults({ kind: 'closure', target: 'XNYS', date: '2023-11-22', name: 'x', reason: 'y', close: null, open: null }),
    ).toEqual([]);
    expect(
      faults({ kind: 'early_close', target: 'XNYS', date: '2023-11-22', name: 'x', reason: 'y', close: '1pm' }),
    ).toEqual(['close:time_parsing']);
    expect(
      faults({ kind: 'early_close', target: 'XNYS', date: '2023-11-22', name: 'x', reason: 'y', close: '24:00' }),
    ).toEqual(['close:time_parsing']);
    expect(faults({ kind: 'late_open', target: 'XNYS', date: '2023-11-22', name: 'x', reason: 'y' })).toEqual([
      'open:missing',
    ]);
    expect(
      faults({ kind: 'early_close', target: 'USD', date: '2023-12-01', name: 'x', reason: 'y', close: '12:00' }),
    ).toEqual(['kind:value_error']);
    expect(faults({ kind: 'reopen', target: 'XNYS', date: '2023-11-23', reason: 'y' })).toEqual([]);
  });

  it('is refused for an unknown target (404), outside coverage (400), and beside an active one (409 naming it)', () => {
    expect(() =>
      make(base, { kind: 'closure', target: 'XX.NOPE', date: '2023-11-22', name: 'x', reason: 'y' }),
    ).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => make(base, { kind: 'closure', target: 'JPY', date: '2023-11-22', name: 'x', reason: 'y' })).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    expect(() => make(base, { kind: 'closure', target: 'XCME', date: '2023-11-22', name: 'x', reason: 'y' })).toThrow(
      expect.objectContaining({ code: 'ambiguous' }),
    );
    expect(() =>
      make(base, { kind: 'closure', target: 'US.NYSE', date: '2031-01-02', name: 'x', reason: 'y' }),
    ).toThrow(expect.objectContaining({ code: 'out_of_coverage' }));
    const first = make(base, { kind: 'closure', target: 'US.NYSE', date: '2023-11-22', name: 'x', reason: 'y' });
    const ds = base.withOverrides([first]);
    expect(() =>
      make(ds, { kind: 'early_close', target: 'XNYS', date: '2023-11-22', name: 'x', reason: 'y', close: '12:00' }),
    ).toThrow(expect.objectContaining({ code: 'conflict', id: first.id }));
  });

  it('follows a replaced market to its successor', () => {
    expect(make(base, { kind: 'closure', target: 'AR.BCBA', date: '2023-11-22', name: 'x', reason: 'y' }).target).toBe(
      'AR.BYMA',
    );
  });

  it('is superseded when the vendor already says the same', () => {
    expect(
      make(base, { kind: 'closure', target: 'US.NYSE', date: '2023-11-23', name: 'x', reason: 'y' }).superseded,
    ).toBe(true);
    expect(make(base, { kind: 'closure', target: 'USD', date: '2023-12-25', name: 'x', reason: 'y' }).superseded).toBe(
      true,
    );
  });
});

describe('the change set of an override', () => {
  it('holds the holiday changes it makes, each marked source: override', () => {
    const closure = make(base, {
      kind: 'closure',
      target: 'US.NYSE',
      date: '2023-11-22',
      name: 'Mourning',
      reason: 'r',
    });
    const reopen = make(base, { kind: 'reopen', target: 'USD', date: '2023-11-23', reason: 'r' });
    const after = base.withOverrides([closure, reopen]);
    const cs = diff(base, after, { loadedAt: NOW, fromVersion: 'v1', toVersion: 'v2', source: 'override' })!;
    expect(cs.changes.map((c) => [c.kind, c.op, c.key, c.source, c.soon])).toEqual([
      ['holiday', 'added', { fin_id: 'US.NYSE', date: '2023-11-22' }, 'override', true],
      ['currency_holiday', 'removed', { currency_code: 'USD', date: '2023-11-23' }, 'override', true],
    ]);
    expect(cs.changes[0]!.after).toMatchObject({ holiday_name: 'Mourning', override: { id: closure.id } });
    // Withdrawing both is the way back, with the opposite changes.
    expect(diff(after, after.withOverrides([]), { loadedAt: NOW, source: 'override' })!.summary).toEqual({
      holiday_removed: 1,
      currency_holiday_added: 1,
      soon: 2,
    });
  });
});

// ---- properties ----

const MARKETS = ['US.NYSE', CME, 'CN.SGE', 'CN.CIBM', 'BR.B3'];
const first = tryParseDay('2023-10-20')!;
// Half the draws on a date with vendor rows: reopens need one, closures replace one.
const ROW_DATES = ['2023-10-02', '2023-10-08', '2023-11-22', '2023-11-23', '2023-11-24', '2023-12-25'].map(
  (d) => tryParseDay(d)!,
);
const dayArb = fc.oneof(fc.integer({ min: first, max: first + 80 }), fc.constantFrom(...ROW_DATES));

/** The fixture's tables with `rec`'s row in place of the rows of its date, as an operator would edit the archive. */
function edited(rec: OverrideRecord): Tables {
  const t = tables();
  if (rec.target.length === 3) {
    t.currencyHolidays = t.currencyHolidays!.filter((h) => !(h.currency_code === rec.target && h.date === rec.date));
    if (rec.kind === 'closure')
      t.currencyHolidays.push({
        currency_code: rec.target,
        date: rec.date,
        holiday_name: rec.name,
        settlement: 'No',
        observed: false,
        memo: rec.reason,
      });
  } else {
    t.holidays = t.holidays.filter((h) => !(h.fin_id === rec.target && h.date === rec.date));
    if (rec.kind === 'closure')
      t.holidays.push({
        fin_id: rec.target,
        date: rec.date,
        holiday_name: rec.name,
        schedule: 'Closed',
        settlement: 'No',
        status: 'Closed',
        observed: false,
        memo: rec.reason,
      });
  }
  return t;
}

/** Every answer of `ds` around `day` that a market or currency override can reach. */
function answers(ds: Dataset, day: number): unknown[] {
  const s = formatDay(day - 6);
  const e = formatDay(day + 6);
  const out: unknown[] = [];
  const attempt = (f: () => unknown) => {
    try {
      out.push(f());
    } catch (err) {
      out.push({ error: (err as Error).message });
    }
  };
  for (const id of MARKETS) {
    attempt(() => ds.getMarket(id));
    attempt(() => ds.listHolidays(id, s, e));
    attempt(() => JSON.parse(text(ds.dayJsonChunks(id, s, e))));
    attempt(() => JSON.parse(text(ds.phaseJsonChunks(id, s, e))));
    attempt(() => ds.sessions(id, s, e));
    attempt(() => ds.specialSessions(id, s, e));
    attempt(() => ds.sessionCount(id, s, e));
    attempt(() => ds.sessionOffset(id, formatDay(day - 2), 3, 'next'));
    attempt(() => ds.nextBell(id, Date.UTC(2023, 0, 1) + (day - tryParseDay('2023-01-01')!) * 86_400_000, 'close'));
    attempt(() => ds.countBars(id, s, e, { period: '30m' }));
    for (let h = -24; h <= 48; h += 5)
      attempt(() => JSON.parse(Buffer.from(ds.statusJson(id, day * 86_400_000 + h * 3_600_000)).toString()));
  }
  attempt(() => ds.calendarDays('US.NYSE+CN.SGE+USD', s, e));
  attempt(() => ds.advance('US.NYSE+USD', formatDay(day - 2), 2));
  attempt(() => ds.adjust('BR.B3+EUR', formatDay(day), 'modified_following'));
  for (const code of ['USD', 'EUR']) attempt(() => ds.listCurrencyHolidays(code, s, e));
  for (let k = -3; k <= 0; k++) attempt(() => ds.fxSpot('EURUSD', formatDay(day + k)));
  attempt(() => ds.statusMany({ markets: MARKETS }, day * 86_400_000 + 15 * 3_600_000));
  return out;
}

describe('properties', () => {
  it('a closure or reopen answers what the archive edited the same way answers', () => {
    const targetArb = fc.constantFrom(...MARKETS, 'USD', 'EUR');
    fc.assert(
      fc.property(targetArb, dayArb, fc.constantFrom('closure', 'reopen'), (target, day, kind) => {
        let rec: OverrideRecord | undefined;
        try {
          rec = make(base, { kind, target, date: formatDay(day), name: 'Typhoon', reason: 'signal 8 raised' });
        } catch (e) {
          // A reopen needs a vendor row; a currency's window is its rows' span.
          expect((e as { code?: string }).code).toMatch(/^(conflict|out_of_coverage)$/);
        }
        fc.pre(rec !== undefined);
        const overridden = base.withOverrides([rec!]);
        const archive = Dataset.create(edited(rec!));
        expect(strip(answers(overridden, day))).toEqual(answers(archive, day));
      }),
      { numRuns: 60 },
    );
  });

  it('an early close or late open answers the vendor day view cut at its time, and nothing else changes', () => {
    const minuteArb = fc
      .integer({ min: 0, max: 24 * 4 - 1 })
      .map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.constantFrom(...MARKETS),
        dayArb,
        fc.constantFrom('early_close', 'late_open'),
        minuteArb,
        (target, day, kind, hhmm) => {
          const date = formatDay(day);
          const vendorDay = base.listDays(target, date, date)[0]!;
          const instants = vendorDay.phases.map((p) => [Date.parse(p.start), Date.parse(p.end)] as const);
          const firstStart = Math.min(...instants.map((x) => x[0]));
          const lastEnd = Math.max(...instants.map((x) => x[1]));
          const zone = base.getMarket(target).timezone!;
          const t = localInstant(zone, date, hhmm);
          const field = kind === 'early_close' ? 'close' : 'open';
          let rec: OverrideRecord | undefined;
          try {
            rec = make(base, { kind, target, date, name: 'Cut', reason: 'r', [field]: hhmm });
          } catch (e) {
            expect((e as InvalidArgumentError).faults?.[0]?.param).toBe(field);
          }
          // Accepted exactly when the time lies strictly inside the day's phases.
          expect(rec !== undefined).toBe(instants.length > 0 && firstStart < t && t < lastEnd);
          fc.pre(rec !== undefined);
          const ds = base.withOverrides([rec!]);
          const expected = vendorDay.phases.flatMap((p) => {
            let [s, e] = [Date.parse(p.start), Date.parse(p.end)];
            if (kind === 'early_close') {
              if (s >= t) return [];
              e = Math.min(e, t);
            } else {
              if (e <= t) return [];
              s = Math.max(s, t);
            }
            return [{ ...p, start: s, end: e }];
          });
          const got = ds.listDays(target, date, date)[0]!;
          expect(got.phases.map((p) => ({ ...p, start: Date.parse(p.start), end: Date.parse(p.end) }))).toEqual(
            expected,
          );
          expect(got.is_open).toBe(true);
          expect(got.holiday).toMatchObject({ schedule: 'Override', status: 'Open', override: { id: rec!.id } });
          // Every other date's day view is the vendor's.
          const around = (d: Dataset) =>
            d.listDays(target, formatDay(day - 4), formatDay(day + 4)).filter((v) => v.date !== date);
          expect(around(ds)).toEqual(around(base));
          // Sessions read the cut day.
          const open = expected.filter((p) => p.is_open);
          const session = ds.sessions(target, date, date)[0];
          if (open.length) {
            expect(Date.parse(session!.open!)).toBe(Math.min(...open.map((p) => p.start)));
            expect(Date.parse(session!.close!)).toBe(Math.max(...open.map((p) => p.end)));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** Epoch ms of a local wall time in `zone`, the earlier instant of an overlap, a gap moving forward. */
function localInstant(zone: string, date: string, hhmm: string): number {
  const guess = Date.parse(`${date}T${hhmm}:00Z`);
  const offsetAt = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(ms));
    const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms;
  };
  const candidates = [
    guess - offsetAt(guess - 86_400_000),
    guess - offsetAt(guess + 86_400_000),
    guess - offsetAt(guess),
  ];
  const exact = candidates.filter((c) => c + offsetAt(c) === guess).sort((a, b) => a - b);
  if (exact.length) return exact[0]!;
  return guess - offsetAt(guess - 86_400_000);
}

describe('versions side by side', () => {
  it('share the markets and currencies whose rows did not change, and answer as the new version', () => {
    const t2 = tables();
    t2.holidays.push({
      fin_id: 'CN.SGE',
      date: '2024-03-04',
      holiday_name: 'New',
      schedule: 'Closed',
      status: 'Closed',
      settlement: 'No',
    });
    t2.currencyHolidays!.push({
      currency_code: 'EUR',
      date: '2024-03-04',
      holiday_name: 'New',
      settlement: 'No',
      observed: false,
      memo: null,
    });
    const next = Dataset.create(t2);
    const shared = next.sharingWith(base);
    const [a, b, n] = [Dataset.indexOf(base), Dataset.indexOf(shared), Dataset.indexOf(next)];
    expect(b.markets.get('US.NYSE')).toBe(a.markets.get('US.NYSE'));
    expect(b.markets.get('CN.SGE')).not.toBe(a.markets.get('CN.SGE'));
    void n;
    expect(b.currencies.get('USD')).toBe(a.currencies.get('USD'));
    expect(b.currencies.get('EUR')).toBe(n.currencies.get('EUR'));
    expect(answers(shared, tryParseDay('2024-03-04')!)).toEqual(answers(next, tryParseDay('2024-03-04')!));
    // Another phase types table changes every compiled row: nothing is shared.
    const t3 = tables();
    t3.phaseTypes = t3.phaseTypes!.slice(1);
    expect(Dataset.indexOf(Dataset.create(t3).sharingWith(base)).markets.get('US.NYSE')).not.toBe(
      a.markets.get('US.NYSE'),
    );
  });
});
