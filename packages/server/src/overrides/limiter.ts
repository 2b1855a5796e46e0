/**
 * Failed write attempts per client address (docs/overrides.md §3): from the 11th failure within
 * a minute, every write from that address answers 429 until the minute has passed. Each process
 * counts for itself. The table is bounded: an address flood cannot grow it without end.
 */
import { LRUCache } from 'lru-cache';

export const FAILURES_ALLOWED = 10;
export const FAILURE_WINDOW_MS = 60_000;
const ADDRESSES_KEPT = 10_000;

interface Window {
  /** When the address's first failure of this window was counted. */
  since: number;
  failures: number;
}

export class FailureLimiter {
  private readonly windows = new LRUCache<string, Window>({ max: ADDRESSES_KEPT });
  constructor(private readonly now: () => number = Date.now) {}

  private windowOf(address: string): Window | undefined {
    const w = this.windows.get(address);
    if (w && this.now() - w.since >= FAILURE_WINDOW_MS) {
      this.windows.delete(address);
      return undefined;
    }
    return w;
  }

  /** Seconds until the address may write again, or 0 when it may now. */
  blockedFor(address: string): number {
    const w = this.windowOf(address);
    if (!w || w.failures < FAILURES_ALLOWED) return 0;
    return Math.max(1, Math.ceil((w.since + FAILURE_WINDOW_MS - this.now()) / 1000));
  }

  fail(address: string): void {
    const w = this.windowOf(address);
    if (w) w.failures++;
    else this.windows.set(address, { since: this.now(), failures: 1 });
  }
}
