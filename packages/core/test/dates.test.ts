import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InvalidArgumentError,
  civilFromDays,
  daysFromCivil,
  formatDay,
  isIsoDate,
  isoWeekday,
  parseBoolean,
  parseDays,
  parseInstant,
  parseIsoDate,
  tryParseDay,
} from '../src/index.js';

describe('calendar arithmetic', () => {
  it('round-trips every day against the platform calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (d) => {
        const js = new Date(d * 86_400_000);
        expect(formatDay(d)).toBe(js.toISOString().slice(0, 10));
        expect(tryParseDay(formatDay(d))).toBe(d);
        const { y, m, d: dd } = civilFromDays(d);
        expect(daysFromCivil(y, m, dd)).toBe(d);
        expect(isoWeekday(d)).toBe(((js.getUTCDay() + 6) % 7) + 1);
      }),
    );
  });

  it('refuses dates that do not exist', () => {
    for (const bad of ['2023-02-29', '2023-13-01', '2023-00-10', '2023-1-1', '20230101', ''])
      expect(tryParseDay(bad)).toBeUndefined();
    expect(tryParseDay('2024-02-29')).toBeDefined();
  });

  it('reads a date digit by digit exactly as the pattern YYYY-MM-DD with a calendar check', () => {
    // The reading it replaced: the pattern, then a round trip through the calendar.
    const reference = (v: string): number | undefined => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m) return undefined;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
      const days = daysFromCivil(y, mo, d);
      const back = civilFromDays(days);
      return back.m === mo && back.d === d ? days : undefined;
    };
    const char = fc.constantFrom(...'0123456789-/ +x\n\u0660\uff10'.split(''));
    const nearDate = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    const mangled = fc.tuple(nearDate, fc.nat(11), char).map(([s, i, c]) => s.slice(0, i) + c + s.slice(i + 1));
    fc.assert(
      fc.property(fc.oneof(nearDate, mangled, fc.string({ unit: char, maxLength: 12 }), fc.string()), (v) => {
        expect(tryParseDay(v)).toBe(reference(v));
      }),
      { numRuns: 5000 },
    );
    for (const v of [
      '0000-02-29',
      '1900-02-29',
      '2000-02-29',
      '2100-02-29',
      '2023-04-31',
      '2023-12-31',
      '2023-12-31\n',
    ])
      expect(tryParseDay(v)).toBe(reference(v));
  });
});

describe('argument parsing shared by every adapter', () => {
  it('parses instants with Z or an offset, refusing a bare local time', () => {
    expect(parseInstant('2023-11-15T17:00:00+00:00', 'instant')).toBe(Date.parse('2023-11-15T17:00:00Z'));
    expect(parseInstant('2023-11-15T17:00:00Z', 'instant')).toBe(Date.parse('2023-11-15T17:00:00Z'));
    expect(parseInstant('2023-11-15T12:00:00-05:00', 'instant')).toBe(Date.parse('2023-11-15T17:00:00Z'));
    expect(parseInstant('2023-11-15T17:00:00.250Z', 'instant')).toBe(Date.parse('2023-11-15T17:00:00.250Z'));
    for (const bad of ['2023-11-15T17:00:00', '2023-11-15', 'now', '2023-11-15T25:00:00Z', '2023-02-30T10:00:00Z']) {
      expect(() => parseInstant(bad, 'instant')).toThrow(InvalidArgumentError);
    }
  });

  it('parses dates and booleans, naming the parameter on failure', () => {
    expect(parseIsoDate('2023-11-15', 'start')).toBe('2023-11-15');
    try {
      parseIsoDate('2023-11-31', 'end');
      expect.unreachable();
    } catch (e) {
      expect((e as InvalidArgumentError).faults[0]).toMatchObject({ param: 'end' });
    }
    for (const t of ['true', 'TRUE', '1', 'yes', 'On']) expect(parseBoolean(t, 'follow')).toBe(true);
    for (const f of ['false', '0', 'No', 'off']) expect(parseBoolean(f, 'follow')).toBe(false);
    expect(() => parseBoolean('maybe', 'follow')).toThrow(/follow/);
  });

  it('parses Days lists and wrapping ranges', () => {
    expect(parseDays('Mon-Fri')).toBe(0b0011111);
    expect(parseDays('Fri-Mon')).toBe(0b1110001);
    expect(parseDays('Sun-Thu')).toBe(0b1001111);
    expect(parseDays('Mon, Wed,Fri')).toBe(0b0010101);
    expect(parseDays('sat')).toBe(0b0100000);
    expect(() => parseDays('Mon-')).toThrow();
    expect(() => parseDays('Funday')).toThrow(/Funday/);
  });
});

describe('the one date validator', () => {
  // tryParseDay reads character codes; the platform's calendar is the reference it must agree with.
  it('answers exactly the real dates written YYYY-MM-DD, as the platform calendar does', () => {
    const digits = (n: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789x'.split('')), minLength: n, maxLength: n });
    fc.assert(
      fc.property(digits(4), digits(2), digits(2), fc.constantFrom('-', '/'), (y, m, d, sep) => {
        const text = `${y}${sep}${m}-${d}`;
        const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
        const real =
          sep === '-' &&
          /^\d+$/.test(y + m + d) &&
          new Date(ms).toISOString().slice(0, 10) === `${y}-${m}-${d}` &&
          Number(y) >= 100;
        fc.pre(Number(y) >= 100 || !/^\d+$/.test(y)); // Date.UTC reads years 0-99 as 1900-1999
        expect(isIsoDate(text)).toBe(real);
        expect(tryParseDay(text)).toBe(real ? ms / 86_400_000 : undefined);
      }),
    );
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2023-13-01',
      '2023-00-10',
      '2023-04-31',
      '2023-1-01',
      ' 2023-01-01',
      '2023-01-01T',
    ]) {
      expect(tryParseDay(bad), bad).toBeUndefined();
    }
    expect(tryParseDay('2000-02-29')).toBe(daysFromCivil(2000, 2, 29));
  });
});
