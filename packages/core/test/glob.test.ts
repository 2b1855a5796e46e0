import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob, Dataset, InvalidArgumentError, MAX_PATTERN_LENGTH, matchGlob } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

/** The old regex form, as the reference for what a pattern means. */
function reference(pattern: string, text: string): boolean {
  const body = pattern
    .split('*')
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'is').test(text);
}

describe('subset patterns (glob with *)', () => {
  it('matches like the anchored, case-insensitive regex it replaces', () => {
    const alphabet = fc.constantFrom('a', 'B', '.', '*', '?', '+', '(', 'x');
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, maxLength: 10 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'A', '.', '?', '+', '(', 'x'), maxLength: 12 }),
        (p, t) => {
          expect(matchGlob(p, t)).toBe(reference(p, t));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('handles the usual shapes', () => {
    expect(matchGlob('US*', 'us.nyse')).toBe(true);
    expect(matchGlob('*.CME.*', 'US.CME.EQUITY')).toBe(true);
    expect(matchGlob('*.CME.*', 'US.CME')).toBe(false);
    expect(matchGlob('a*a', 'a')).toBe(false);
    expect(matchGlob('a*a', 'aa')).toBe(true);
    expect(matchGlob('US.NYSE', 'us.nyse')).toBe(true);
    expect(matchGlob('US?', 'USA')).toBe(false); // only * is special
  });

  it('answers a pathological pattern (30 stars then a character) without backtracking', () => {
    const p = `${'*'.repeat(30)}#`;
    const ds = Dataset.create(fixtureTables());
    expect(ds.listMarkets(p)).toEqual([]);
    expect(matchGlob(`${'*a'.repeat(100)}#`, 'a'.repeat(5000))).toBe(false);
  });

  it(`refuses a pattern longer than ${MAX_PATTERN_LENGTH} characters, naming subset`, () => {
    const ds = Dataset.create(fixtureTables());
    expect(() => compileGlob('*'.repeat(MAX_PATTERN_LENGTH))).not.toThrow();
    let err: unknown;
    try {
      ds.listMarkets('*'.repeat(MAX_PATTERN_LENGTH + 1));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect((err as InvalidArgumentError).faults[0]!.param).toBe('subset');
  });
});
