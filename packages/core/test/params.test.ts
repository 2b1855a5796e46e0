import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidArgumentError, optional, param, parseInstant, parseParams, withDefault } from '../src/index.js';
import { readInstant } from '../src/params/params.js';

function faultsOf(f: () => unknown) {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidArgumentError) return e.faults;
    throw e;
  }
  throw new Error('did not throw');
}

describe('parseParams', () => {
  const specs = {
    identifier: param.marketIdentifier(),
    start: param.date(),
    end: param.date(),
    follow: withDefault(param.boolean(), true),
    at: optional(param.instant()),
    n: withDefault(param.integer({ min: 1, max: 100 }), 10),
    direction: withDefault(param.enum(['next', 'previous'] as const), 'next'),
  };

  it('reads every parameter, applying defaults', () => {
    const v = parseParams(specs, {
      identifier: 'us.nyse',
      start: '2024-01-01',
      end: '2024-01-31',
      at: '2024-01-02T10:00:00 00:00',
      n: '5',
      direction: 'PREVIOUS',
    });
    expect(v).toEqual({
      identifier: 'US.NYSE',
      start: '2024-01-01',
      end: '2024-01-31',
      follow: true,
      at: Date.parse('2024-01-02T10:00:00Z'),
      n: 5,
      direction: 'previous',
    });
  });

  it('reports every fault at once, in declaration order, with the parameter name', () => {
    const f = faultsOf(() =>
      parseParams(specs, {
        identifier: 'X!',
        end: '2024-02-30',
        follow: 'maybe',
        at: 'soon',
        n: '0',
        direction: 'up',
        start: ['a', 'b'],
      }),
    );
    expect(f.map((x) => [x.param, x.type])).toEqual([
      ['identifier', 'mic_format'],
      ['start', 'string_type'],
      ['end', 'date_from_datetime_parsing'],
      ['follow', 'bool_parsing'],
      ['at', 'datetime_parsing'],
      ['n', 'value_error'],
      ['direction', 'enum'],
    ]);
  });

  it('a missing required parameter is "missing"', () => {
    expect(faultsOf(() => parseParams(specs, { identifier: 'XNYS' }))).toEqual([
      { param: 'start', msg: 'Field required: a date in the form YYYY-MM-DD', type: 'missing' },
      { param: 'end', msg: 'Field required: a date in the form YYYY-MM-DD', type: 'missing' },
    ]);
  });

  it('integers refuse fractions and text', () => {
    for (const bad of ['1.5', 'ten', '', '1e3'])
      expect(faultsOf(() => parseParams({ n: param.integer() }, { n: bad }))[0]!.type).toBe('int_parsing');
  });

  it('patterns never fail and blank means every market', () => {
    expect(parseParams({ subset: withDefault(param.pattern(), '*') }, { subset: '  ' })).toEqual({ subset: '*' });
  });

  it('calendar expressions, pairs and tenors are checked for form with every fault at once', () => {
    const specs = { expr: param.calendarExpression(), pair: param.currencyPair(), tenor: param.tenor() };
    expect(parseParams(specs, { expr: 'us.nyse+USD', pair: 'eurusd', tenor: '3m' })).toEqual({
      expr: 'us.nyse+USD',
      pair: 'eurusd',
      tenor: '3M',
    });
    expect(
      faultsOf(() => parseParams(specs, { expr: 'US.NYSE+GB.LSE~XNYS', pair: 'EURO', tenor: '0W' })).map((f) => [
        f.param,
        f.type,
      ]),
    ).toEqual([
      ['expr', 'calendar_expression'],
      ['pair', 'pair_format'],
      ['tenor', 'tenor_format'],
    ]);
  });
});

describe('checkRangeSpan (the range cap the adapters apply)', () => {
  it('accepts a range of exactly the cap and refuses one day more, naming the cap on `end`', async () => {
    const { checkRangeSpan, DEFAULT_MAX_RANGE_DAYS } = await import('../src/params/params.js');
    expect(DEFAULT_MAX_RANGE_DAYS).toBe(3653);
    expect(() => checkRangeSpan('2014-01-01', '2023-12-31', 3652)).not.toThrow(); // 3,652 days
    try {
      checkRangeSpan('2014-01-01', '2024-01-01', 3652);
      expect.unreachable();
    } catch (e) {
      expect((e as { faults: unknown[] }).faults).toEqual([
        {
          param: 'end',
          msg: expect.stringContaining('more than the limit of 3652 days'),
          type: 'range_too_long',
          ctx: { max_days: 3652 },
        },
      ]);
    }
    // Malformed dates are the date parser's business, not the cap's.
    expect(() => checkRangeSpan('soon', '2024-01-01', 1)).not.toThrow();
  });
});

describe('parseInstant: the digit-by-digit reader of the common form agrees with the full reader', () => {
  const outcome = (f: () => number): string => {
    try {
      return String(f());
    } catch (e) {
      return `throws ${(e as Error).message}`;
    }
  };
  // Digits mostly in range, sometimes not (13th months, 30 February, 24 o'clock, a letter).
  const field = (n: number, hi: number) =>
    fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: hi }).map((v) => String(v).padStart(n, '0')), weight: 12 },
      { arbitrary: fc.stringMatching(new RegExp(`^[0-9a ]{${n}}$`)), weight: 1 },
    );
  const text = fc
    .tuple(
      field(4, 9999),
      field(2, 13),
      field(2, 31),
      fc.constantFrom('T', 'T', 'T', 't', ' '),
      field(2, 24),
      field(2, 60),
      field(2, 60),
      fc.constantFrom('Z', 'Z', 'z', '+', '-', '+', '-', ''),
      field(2, 19),
      fc.constantFrom(':', ':', ':', ''),
      field(2, 60),
    )
    .map(
      ([y, mo, d, t, h, mi, s, z, oh, colon, om]) =>
        `${y}-${mo}-${d}${t}${h}:${mi}:${s}${z === 'Z' || z === 'z' || z === '' ? z : `${z}${oh}${colon}${om}`}`,
    );

  it('on strings of about its shape, valid or not', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(outcome(() => parseInstant(s, 'datetime_utc'))).toBe(outcome(() => readInstant(s, 'datetime_utc')));
      }),
      { numRuns: 5000 },
    );
  });

  it('on valid instants, as Date reads them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1900-01-01'), max: Date.parse('2199-12-31') }),
        fc.integer({ min: -18 * 4, max: 18 * 4 }),
        (ms, quarters) => {
          const whole = Math.floor(ms / 1000) * 1000;
          const off = quarters * 15;
          const local = new Date(whole + off * 60_000).toISOString().slice(0, 19);
          const sign = off < 0 ? '-' : '+';
          const a = Math.abs(off);
          const z = `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
          expect(parseInstant(`${local}${z}`, 'x')).toBe(whole);
          expect(parseInstant(`${new Date(whole).toISOString().slice(0, 19)}Z`, 'x')).toBe(whole);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
