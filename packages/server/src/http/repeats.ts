/**
 * A bounded map for what is worked out from a URL, which takes a URL in only the second time
 * it comes. Clients that vary a parameter on every request (an instant, a range) send URLs
 * that never come again: keeping each one's value would cost an LRU insertion and eviction
 * per request, and keep its objects alive just long enough to be promoted out of the young
 * generation and collected the expensive way. A URL that does repeat is kept from its second
 * request on.
 *
 * The URLs seen once are noted by a 32-bit digest in a fixed table, not by the strings: a set
 * of the last few hundred URL strings kept each of them alive across a young collection or two,
 * so under load every scavenge copied and then promoted them (about 100 KB each time, most of
 * what survived it; docs/benchmarks.md "Listings at the wire"). A digest is a number in a
 * typed array: nothing to copy, nothing to promote, and no URL (or credential in one) held.
 */
import { LRUCache } from 'lru-cache';
import { fnv1a, mix } from './digest.js';

export class Repeats<V extends {}> {
  private readonly kept: LRUCache<string, V>;
  /** Digests of URLs seen once, each in the slot its low bits name; 0 is an empty slot. */
  private readonly once: Int32Array;
  private readonly mask: number;
  constructor(max: number) {
    this.kept = new LRUCache<string, V>({ max });
    // Twice `max` slots, a power of two: a URL that repeats within about `max` others is
    // still caught (unless one of them took its slot, as often as a set emptied when full
    // forgot it).
    const slots = 2 ** Math.ceil(Math.log2(Math.max(2, 2 * max)));
    this.once = new Int32Array(slots);
    this.mask = slots - 1;
  }

  get(url: string): V | undefined {
    return this.kept.get(url);
  }

  /** Whether `url` came before and its value may be kept now; notes it as seen otherwise. */
  repeated(url: string): boolean {
    const d = digest(url);
    const slot = d & this.mask;
    if (this.once[slot] === d) {
      this.once[slot] = 0;
      return true;
    }
    this.once[slot] = d;
    return false;
  }

  set(url: string, value: V): void {
    this.kept.set(url, value);
  }
}

/**
 * FNV-1a of the UTF-16 units, finished with murmur3's mix, never 0 (the empty slot). Two URLs
 * with one digest in one slot only let the second in a request early: what is kept is still
 * worked out from, and keyed by, its own URL.
 */
export function digest(s: string): number {
  return mix(fnv1a(s) ^ s.length) | 0 || 1;
}
