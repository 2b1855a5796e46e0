/**
 * A bounded map for what is worked out from a URL, which takes a URL in only the second time
 * it comes. Clients that vary a parameter on every request (an instant, a range) send URLs
 * that never come again: keeping each one's value would cost an LRU insertion and eviction
 * per request, and keep its objects alive just long enough to be promoted out of the young
 * generation and collected the expensive way. A URL that does repeat is kept from its second
 * request on.
 */
import { LRUCache } from 'lru-cache';

export class Repeats<V extends {}> {
  private readonly kept: LRUCache<string, V>;
  /** URLs seen once (since the set was last emptied): the strings only, no values. */
  private readonly once = new Set<string>();
  constructor(private readonly max: number) {
    this.kept = new LRUCache<string, V>({ max });
  }

  get(url: string): V | undefined {
    return this.kept.get(url);
  }

  /** Whether `url` came before and its value may be kept now; notes it as seen otherwise. */
  repeated(url: string): boolean {
    if (this.once.delete(url)) return true;
    // Emptied rather than aged: a URL that repeats within `max` others is still caught.
    if (this.once.size >= this.max) this.once.clear();
    this.once.add(url);
    return false;
  }

  set(url: string, value: V): void {
    this.kept.set(url, value);
  }
}
