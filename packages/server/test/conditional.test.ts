/**
 * The ETag of an answer keyed by the URL's canonical key (http/conditional.ts): the data's tag
 * and a digest of the key, so it changes with the data and differs between queries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { etagMatches, keyEtag } from '../src/http/conditional.js';

describe('keyEtag', () => {
  it('is weak, names the tag, and is the same for the same key and tag', () => {
    const etag = keyEtag('abcdefghijkl', 'listHolidays\u0000US.NYSE\u000019000\u000019364');
    expect(etag).toMatch(/^W\/"abcdefghijkl-[A-Za-z0-9_-]{12}"$/);
    expect(keyEtag('abcdefghijkl', 'listHolidays\u0000US.NYSE\u000019000\u000019364')).toBe(etag);
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/"other", ${etag}`, etag)).toBe(true);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it('is the same text from one build to the next (clients keep it across restarts)', () => {
    expect(keyEtag('abcdefghijkl', 'listHolidays\u0000US.NYSE\u000019000\u000019364')).toBe(
      'W/"abcdefghijkl-MABviCTrKx9A"',
    );
    expect(keyEtag('t', 'overlap\u0000XNYS,XLON\u000019000\u000019364\u0000primary\u0000csv')).toBe(
      'W/"t-aGyGuDEVnRqC"',
    );
  });

  it('changes with the tag (a new version of the data)', () => {
    const key = 'listMarkets\u0000undefined';
    expect(keyEtag('aaaaaaaaaaaa', key)).not.toBe(keyEtag('bbbbbbbbbbbb', key));
  });

  it('keeps the JSON and CSV forms of one query apart', () => {
    const key = 'overlap\u0000XNYS,XLON\u000019000\u000019364\u0000primary';
    expect(keyEtag('t', key)).not.toBe(keyEtag('t', `${key}\u0000csv`));
  });

  it('property: keys that differ in one character get different ETags', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.nat(), fc.integer({ min: 1, max: 0xffff }), (key, at, delta) => {
        fc.pre(key.length > 0);
        const i = at % key.length;
        const other = key.slice(0, i) + String.fromCharCode((key.charCodeAt(i) + delta) % 0x10000) + key.slice(i + 1);
        fc.pre(other !== key);
        expect(keyEtag('t', other)).not.toBe(keyEtag('t', key));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives 20,000 canonical keys of holiday ranges 20,000 ETags', () => {
    const seen = new Set<string>();
    for (let s = 0; s < 10_000; s++) {
      seen.add(keyEtag('t', `listHolidays\u0000US.NYSE\u0000${s}\u0000${s + 364}`));
      seen.add(keyEtag('t', `listCurrencyHolidays\u0000USD\u0000${s}\u0000${s + 364}`));
    }
    expect(seen.size).toBe(20_000);
  });
});

describe('toKeep (what the answer cache keeps of a body)', () => {
  it('copies a view of a larger slab out, and keeps a body that owns its memory as it is', async () => {
    const { toKeep } = await import('../src/http/dispatcher.js');
    const slab = Buffer.alloc(256 * 1024, 7);
    const view = slab.subarray(1024, 1024 + 23_041);
    const kept = toKeep(view);
    expect(kept.equals(view)).toBe(true);
    expect(kept.buffer).not.toBe(slab.buffer);
    expect(kept.buffer.byteLength).toBeLessThan(2 * kept.byteLength + 8192);
    const own = Buffer.allocUnsafeSlow(23_041);
    expect(toKeep(own)).toBe(own);
  });
});
