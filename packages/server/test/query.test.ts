import querystring from 'node:querystring';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../src/http/query.js';

describe('parseQuery', () => {
  it('reads plus as space, percent escapes, repeated keys and bare keys', () => {
    expect({ ...parseQuery('a=1+2&b=%2B00%3A00&a=3&flag&=x&&c=') }).toEqual({
      a: ['1 2', '3'],
      b: '+00:00',
      flag: '',
      '': 'x',
      c: '',
    });
  });

  it('keeps keys that name Object.prototype members as plain parameters', () => {
    const q = parseQuery('__proto__=x&constructor=y&toString=z');
    expect(Object.keys(q)).toEqual(['__proto__', 'constructor', 'toString']);
    // biome-ignore lint/suspicious/noProto: the key a hostile query names is what is tested
    expect([q.__proto__, q.constructor, q.toString]).toEqual(['x', 'y', 'z']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(parseQuery('a=1').constructor).toBeUndefined();
  });

  it('keeps a malformed escape as typed instead of throwing', () => {
    expect({ ...parseQuery('start=2024-01-%ZZ') }).toEqual({ start: '2024-01-%ZZ' });
  });

  it('decodes UTF-8, raw or escaped', () => {
    expect({ ...parseQuery('a=%C3%A9&b=é') }).toEqual({ a: 'é', b: 'é' });
  });

  // ASCII only: after a malformed escape node:querystring mangles non-ASCII bytes, which is
  // no behaviour worth copying; such input fails validation either way.
  it('agrees with node:querystring on ASCII query strings', () => {
    const chars = fc.constantFrom('a', 'b', '=', '&', '+', '%', '2', 'B', '0', 'C', '3', ' ', 'Z');
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 40 }), (qs) => {
        expect({ ...parseQuery(qs) }).toEqual({ ...querystring.parse(qs) });
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
