/**
 * What is worked out from a URL is kept from the URL's second request on (http/repeats.ts): a
 * client varying an instant on every request leaves nothing kept, a repeated URL is kept, and
 * a URL carrying a credential is kept nowhere, not even among those seen once.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { digest, Repeats } from '../src/http/repeats.js';
import { UrlMemo, type Reading } from '../src/http/url-memo.js';

const reading = { op: {}, args: {}, format: undefined } as unknown as Reading;
const seenOnce = (r: Repeats<object>) => (r as unknown as { once: Int32Array }).once;
const kept = (m: UrlMemo) => (m as unknown as { readings: Repeats<Reading> }).readings;

describe('Repeats', () => {
  it('a URL is let in on its second coming, not its first', () => {
    const r = new Repeats<object>(4);
    expect(r.repeated('/a')).toBe(false);
    expect(r.repeated('/a')).toBe(true);
    // Once let in, it starts over: a third offer is a first one again.
    expect(r.repeated('/a')).toBe(false);
  });

  it('notes the URLs seen once as digests in a fixed table (no string kept), however many come', () => {
    const r = new Repeats<object>(8);
    const table = seenOnce(r);
    expect(table).toBeInstanceOf(Int32Array);
    expect(table.length).toBe(16);
    for (let i = 0; i < 1000; i++) r.repeated(`/status?at=${i}`);
    expect(seenOnce(r)).toBe(table);
    // A URL repeated within the window is still caught.
    r.repeated('/x');
    r.repeated('/y');
    expect(r.repeated('/x')).toBe(true);
  });

  it('a URL never offered is never let in; one offered again right away always is', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 80 }), { minLength: 1, maxLength: 400 }), (urls) => {
        const r = new Repeats<object>(64);
        // Distinct URLs may share a digest (2^-32 a pair): such a pair is let in early, by design.
        fc.pre(new Set(urls.map(digest)).size === urls.length);
        for (const u of urls) {
          expect(r.repeated(u)).toBe(false);
          expect(r.repeated(u)).toBe(true);
          // Let in, it starts over: noted again, not let in again.
          expect(r.repeated(u)).toBe(false);
        }
      }),
    );
  });

  it('the digest differs on a one-character change', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 100 }), fc.nat(), (s, at) => {
        const i = at % s.length;
        const other = s.slice(0, i) + String.fromCharCode(s.charCodeAt(i) ^ 1) + s.slice(i + 1);
        expect(digest(other)).not.toBe(digest(s));
      }),
    );
  });
});

describe('UrlMemo', () => {
  it('keeps a reading from the second request of its URL on', () => {
    const m = new UrlMemo();
    m.remember('/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z', reading);
    expect(m.get('/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z')).toBeUndefined();
    m.remember('/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z', reading);
    expect(m.get('/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z')).toBe(reading);
  });

  it('keeps nothing of URLs that never come again', () => {
    const m = new UrlMemo();
    for (let i = 0; i < 2000; i++)
      m.remember(
        `/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:${String(i % 60).padStart(2, '0')}Z&n=${i}`,
        reading,
      );
    expect(m.get(`/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z&n=0`)).toBeUndefined();
    expect(seenOnce(kept(m)).length).toBe(1024);
  });

  it('never keeps or notes a URL carrying a credential', () => {
    const m = new UrlMemo();
    const url = '/markets/US.NYSE/status?token=s3cret';
    for (let i = 0; i < 3; i++) m.remember(url, reading);
    expect(m.get(url)).toBeUndefined();
    expect(seenOnce(kept(m)).includes(digest(url))).toBe(false);
  });
});
