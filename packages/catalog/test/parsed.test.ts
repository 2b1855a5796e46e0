/**
 * Parameters are parsed once: the catalogue reads each with core's parsers, and its calls hand
 * the parsed values to core's queries over parsed values (`ds.parsed`), never to the Dataset's
 * text methods, which would read the text a second time.
 */
import { Dataset, tryParseDay, type CalendarQueries, type Param } from '@openbell/core';
import { QUERIES } from '@openbell/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runOperation } from '../src/answer.js';
import { operations } from '../src/operations/index.js';
import { defineOperations, readArgs, type Operation } from '../src/registry.js';
import { fixtureTables, NOON_NY } from './fixture.js';

/** A value for every parameter: its documented example, else one of its kind. */
const BY_KIND: Record<string, string> = {
  market_identifier: 'US.NYSE',
  currency_code: 'USD',
  date: '2023-11-20',
  text: 'USD',
  integer: '1',
  calendar_expression: 'US.NYSE',
  currency_pair: 'EURUSD',
  tenor: '1M',
  period: '5m',
};
const rawFor = (op: Operation) =>
  Object.fromEntries(
    Object.entries(op.params).flatMap(([n, p]) =>
      p.example !== undefined ? [[n, p.example]] : !p.optional && BY_KIND[p.kind] ? [[n, BY_KIND[p.kind]]] : [],
    ),
  );

/** Text as a caller types a date or an instant: what a parsed value never is. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}/;

/**
 * The dataset as the catalogue sees it, recording every call: a text method of the Dataset
 * (anything but `parsed`) and the arguments of each parsed query.
 */
function recording(ds: Dataset) {
  const textCalls: string[] = [];
  const parsedCalls: { name: string; args: unknown[] }[] = [];
  const parsed = new Proxy(ds.parsed, {
    get(target, name, receiver) {
      const v = Reflect.get(target, name, receiver);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        parsedCalls.push({ name: String(name), args });
        return v.apply(target, args);
      };
    },
  });
  const standIn = new Proxy(ds, {
    get(target, name) {
      if (name === 'parsed') return parsed;
      const v = Reflect.get(target, name, target);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        textCalls.push(String(name));
        return v.apply(target, args);
      };
    },
  }) as CalendarQueries;
  return { standIn, textCalls, parsedCalls };
}

describe('the catalogue path parses each parameter once', () => {
  const ds = Dataset.create(fixtureTables());
  // The change log, one override and the versions kept are read from the adapter alone.
  const contextOnly = new Set(['getOverride', 'listVersions']);
  const ops = (Object.values(operations) as Operation[]).filter(
    (op) => op.tag !== 'Changes' && !contextOnly.has(op.operationId),
  );

  it(
    'every operation calls only the queries over parsed values, with no date or instant as text, and answers as ' +
      'before',
    () => {
      const { standIn, textCalls, parsedCalls } = recording(ds);
      for (const op of ops) {
        const raw = rawFor(op);
        const before = parsedCalls.length;
        const out = runOperation(op, standIn, raw, () => NOON_NY);
        expect(textCalls.splice(0), `${op.operationId} called a text method of the Dataset`).toEqual([]);
        expect(parsedCalls.length, `${op.operationId} reached core`).toBeGreaterThan(before);
        for (const { name, args } of parsedCalls.slice(before)) {
          for (const a of args)
            if (typeof a === 'string') expect(a, `${op.operationId} → parsed.${name}`).not.toMatch(DATE_TEXT);
        }
        // The same answer as the dataset itself gives.
        expect(JSON.stringify(out), op.operationId).toBe(JSON.stringify(runOperation(op, ds, raw, () => NOON_NY)));
        const args = readArgs(op, raw);
        // The pieces, too, are the answer's JSON, and a refused example is refused there.
        const pieces = op.bodyChunks && (() => Buffer.concat([...op.bodyChunks!(standIn, args)]).toString());
        if (pieces && out.ok) expect(pieces(), op.operationId).toBe(JSON.stringify(out.value));
        else if (pieces) expect(pieces, op.operationId).toThrow();
        if (op.csvChunks && out.ok) [...op.csvChunks(standIn, args)];
        // The bytes are the answer's JSON; an example refused (a market the fixture lacks) is refused there too.
        const bytes = op.bytes && (() => Buffer.from(op.bytes!(standIn, args, () => NOON_NY)).toString());
        if (bytes && out.ok) expect(bytes(), op.operationId).toBe(JSON.stringify(out.value));
        else if (bytes) expect(bytes, op.operationId).toThrow();
        expect(textCalls, `${op.operationId} (pieces) called a text method of the Dataset`).toEqual([]);
      }
    },
  );

  it('dates arrive as epoch days and instants as epoch milliseconds', () => {
    const args = readArgs(operations.listMarketPhases, { identifier: 'xnys', start: '2023-11-20', end: '2023-11-26' });
    expect(args).toEqual({ identifier: 'XNYS', start: tryParseDay('2023-11-20'), end: tryParseDay('2023-11-26') });
    expect(
      readArgs(operations.getMarketStatus, { identifier: 'XNYS', datetime_utc: '2023-11-15T12:00:00-05:00' })
        .datetime_utc,
    ).toBe(NOON_NY);
    expect(readArgs(operations.getFxSpot, { pair: 'eurusd', trade_date: '2023-06-16' })).toEqual({
      pair: ['EUR', 'USD'],
      trade_date: tryParseDay('2023-06-16'),
      lag: undefined,
    });
  });

  it(
    'a parsed value that is an object prints as its canonical text (answers are keyed by String of each ' + 'value)',
    () => {
      const bars = (period: string) =>
        readArgs(operations.listMarketBars, { identifier: 'XNYS', start: '2023-11-24', end: '2023-11-24', period });
      expect(String(bars('5m').period)).toBe('5m');
      expect(String(bars('1h').period)).not.toBe(String(bars('60m').period));
      expect(bars('5m').period).toEqual({ text: '5m', seconds: 300 });
      const adjust = readArgs(operations.adjustDate, { expr: 'us.nyse+gb.lse', date: '2023-12-25' });
      expect(String(adjust.expr)).toBe('US.NYSE+GB.LSE');
      expect(
        String(readArgs(operations.getFxValueDate, { pair: 'EURUSD', trade_date: '2023-06-16', tenor: '3m' }).tenor),
      ).toBe('3M');
    },
  );

  it('the range cap reads the parsed days and words its refusal as before (an operation no window bounds)', () => {
    const { capped } = defineOperations({
      capped: { ...operations.listClockChanges, rangeCapped: true, needs: 'market' as const },
    });
    expect(() => readArgs(capped, { identifier: 'XNYS', start: '2000-01-01', end: '2023-12-31' })).toThrow(
      expect.objectContaining({
        faults: [
          {
            param: 'end',
            msg:
              'The range 2000-01-01 to 2023-12-31 spans 8766 days, more than the limit of 3653 days (about 10 ' +
              'years); ask for a shorter range',
            type: 'range_too_long',
            ctx: { max_days: 3653 },
          },
        ],
      }),
    );
    expect(() =>
      readArgs(capped, { identifier: 'XNYS', start: '2000-01-01', end: '2000-01-08' }, { maxRangeDays: 7 }),
    ).toThrow('limit of 7 days');
    expect(
      readArgs(capped, { identifier: 'XNYS', start: '2000-01-01', end: '2000-01-07' }, { maxRangeDays: 7 }),
    ).toMatchObject({ identifier: 'XNYS' });
  });

  it('a range a coverage window bounds is never capped: 400 outside the window first, any length inside it', () => {
    // The fixture's XNYS window, and a range far longer than ten years around it.
    const out = runOperation(
      operations.listMarketPhases,
      ds,
      { identifier: 'XNYS', start: '1900-01-01', end: '2099-12-31' },
      () => NOON_NY,
    );
    expect(out.ok ? null : out.status).toBe(400);
    const inside = runOperation(
      operations.listMarketPhases,
      ds,
      { identifier: 'XNYS', start: '2023-01-01', end: '2023-12-31' },
      () => NOON_NY,
      null,
      { maxRangeDays: 7 },
    );
    expect(inside.ok).toBe(true);
    expect(() => defineOperations({ bad: { ...operations.listMarketPhases, rangeCapped: true } })).toThrow(
      'cannot be rangeCapped',
    );
  });
});

describe('the library and REST read an enum with one parser', () => {
  const ds = Dataset.create(fixtureTables());
  const faultsOf = (fn: () => unknown): unknown => {
    try {
      fn();
    } catch (e) {
      return (e as { faults?: unknown }).faults;
    }
    throw new Error('expected a refusal');
  };

  it('convention, unit and roll: the same fault, word for word, as the catalogue answers', () => {
    expect(faultsOf(() => ds.adjust('US.NYSE', '2023-12-25', 'sideways'))).toEqual(
      faultsOf(() => readArgs(operations.adjustDate, { expr: 'US.NYSE', date: '2023-12-25', convention: 'sideways' })),
    );
    expect(faultsOf(() => ds.advance('US.NYSE', '2023-12-25', 1, 'fortnights'))).toEqual(
      faultsOf(() =>
        readArgs(operations.advanceDate, { expr: 'US.NYSE', date: '2023-12-25', n: '1', unit: 'fortnights' }),
      ),
    );
    expect(faultsOf(() => ds.derivedDates('US.NYSE', 'imm', '2024-01', '2024-12', { roll: 'nearest' }))).toEqual(
      faultsOf(() =>
        readArgs(operations.listDerivedDates, {
          expr: 'US.NYSE',
          rule: 'imm',
          start: '2024-01',
          end: '2024-12',
          roll: 'nearest',
        }),
      ),
    );
    // Any case, spaces trimmed, in both.
    expect(ds.adjust('US.NYSE', '2023-12-25', ' Modified_Following ').convention).toBe('modified_following');
  });
});

describe('one declaration per query: the library method and the operation come from the same entry', () => {
  // A clock, so that an instant left out is the same present for both.
  const ds = Dataset.create(fixtureTables(), { clock: () => NOON_NY });
  const withQuery = (Object.values(operations) as Operation[]).filter((op) => op.query);
  const outcome = (fn: () => unknown): unknown => {
    try {
      fn();
      return 'ok';
    } catch (e) {
      return (e as { faults?: unknown }).faults ?? (e as Error).name;
    }
  };

  it('an operation built from a query takes its parameters as declared: the same parsers, defaults and order', () => {
    expect(withQuery.length).toBeGreaterThan(25);
    for (const op of withQuery) {
      const declared = op.query!.params as Record<string, Param>;
      expect(Object.keys(op.params).sort(), op.operationId).toEqual(Object.keys(declared).sort());
      for (const [name, p] of Object.entries(declared)) {
        const ours = op.params[name]!;
        expect(ours.parse, `${op.operationId}.${name}`).toBe(p.parse);
        expect([ours.kind, ours.optional, ours.default], `${op.operationId}.${name}`).toEqual([
          p.kind,
          p.optional,
          p.default,
        ]);
      }
    }
  });

  it('every query is a method of the Dataset', () => {
    for (const name of Object.keys(QUERIES))
      expect(typeof (ds as unknown as Record<string, unknown>)[name], name).toBe('function');
  });

  it('for any arguments, the library method and the REST operation answer or refuse alike, fault for fault', () => {
    // The operation of each query, and the library's arguments put where its declaration says.
    const byQuery = new Map(withQuery.map((op) => [op.query!, op]));
    const values = fc.oneof(
      fc.constantFrom('US.NYSE', 'XNYS', 'xlon', 'X!', 'USD', 'eur', 'EURUSD', 'US.NYSE+GB.LSE', ''),
      fc.constantFrom('2023-11-20', '2023-02-30', '2024-01', '2023-11', 'soon', ' 2023-11-22 '),
      fc.constantFrom('1', '-3', 'x', '5m', '1d', 'imm', 'nth-weekday:3:fri', 'following', 'Next', 'open', 'true'),
      fc.constantFrom('2023-11-15T17:00:00Z', '1M', 'SN', '3,6'),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.entries(QUERIES)),
        fc.array(fc.option(values, { nil: undefined }), { minLength: 1, maxLength: 8 }),
        ([name, q], picked) => {
          const op = byQuery.get(q);
          fc.pre(op !== undefined);
          const names = Object.keys(q.params);
          const raw: Record<string, string> = {};
          names.forEach((n, i) => {
            if (picked[i] !== undefined) raw[n] = picked[i]!;
          });
          // The positional arguments, then the options object under the library's keys.
          const args: unknown[] = [...q.args, ...q.rest].map((n) => raw[n]);
          const options = Object.entries(q.options as Record<string, string>);
          if (options.length) args.push(Object.fromEntries(options.map(([key, n]) => [key, raw[n]])));
          const library = outcome(() =>
            (ds as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args),
          );
          const rest = outcome(() => runOperationOrThrow(op!, raw));
          expect(library, name).toEqual(rest);
        },
      ),
      { numRuns: 400 },
    );
    function runOperationOrThrow(op: Operation, raw: Record<string, string>): unknown {
      return op.call(ds, readArgs(op, raw), () => NOON_NY, {});
    }
  });
});
