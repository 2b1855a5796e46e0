/**
 * When each `/events` channel asks its bell-event stream again, on one timer for the whole
 * process (docs/benchmarks.md, "Watchers").
 *
 * A timer per channel, each reading the clock every second, cost ten thousand timers a second
 * when ten thousand subscribers watched different sets of markets (about 0.1 s of CPU a
 * second doing nothing). Here the channels wait in a queue ordered by the instant they are due
 * on the server's clock; one timer wakes for the earliest, or after `tickMs` at the latest to
 * read the clock again (a clock set forward then wakes every channel it passed), and each
 * wake-up runs only the channels that are due, all at one instant.
 */

/** What waits: the instant it is due at on the server's clock (undefined: not waiting). */
export interface Waiter {
  dueAt: number | undefined;
}

interface Entry<W> {
  at: number;
  waiter: W;
}

export class Wakeups<W extends Waiter> {
  /** A binary min-heap by `at`; an entry whose waiter has moved on (dueAt differs) is skipped. */
  private heap: Entry<W>[] = [];
  private waiting = 0;
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires, on the server's clock. */
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly now: () => number,
    private readonly tickMs: number,
    private readonly run: (waiter: W, t: number) => void,
  ) {}

  /** `waiter` is due at `at` (replacing when it was due before). */
  at(waiter: W, at: number): void {
    if (waiter.dueAt === undefined) this.waiting += 1;
    waiter.dueAt = at;
    this.push({ at, waiter });
    // Stale entries are dropped once they outnumber the live ones.
    if (this.heap.length > 2 * this.waiting + 64) this.compact();
    if (at < this.timerAt) this.arm();
  }

  /** `waiter` no longer waits. */
  cancel(waiter: W): void {
    if (waiter.dueAt === undefined) return;
    waiter.dueAt = undefined;
    this.waiting -= 1;
    if (this.waiting === 0) this.stop();
  }

  private stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    this.heap = [];
  }

  private arm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    const t = this.now();
    const wait = Math.max(0, Math.min(this.tickMs, this.heap[0]!.at - t));
    this.timerAt = t + wait;
    this.timer = setTimeout(() => this.fire(), wait);
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const t = this.now();
    const due: W[] = [];
    while (this.heap.length > 0 && this.heap[0]!.at <= t) {
      const { at, waiter } = this.pop();
      if (waiter.dueAt !== at) continue;
      waiter.dueAt = undefined;
      this.waiting -= 1;
      due.push(waiter);
    }
    // Run once all due are taken out: a run that asks for its waiter again (at) waits for
    // the next wake-up even when it asks for an instant already passed.
    for (const waiter of due) this.run(waiter, t);
    if (this.waiting === 0) this.stop();
    else if (this.timer === undefined) this.arm();
  }

  private compact(): void {
    const live = this.heap.filter((e) => e.waiter.dueAt === e.at);
    this.heap = [];
    for (const e of live) this.push(e);
  }

  private push(e: Entry<W>): void {
    const h = this.heap;
    let i = h.length;
    h.push(e);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]!.at <= e.at) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = e;
  }

  private pop(): Entry<W> {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const r = l + 1;
        const c = r < h.length && h[r]!.at < h[l]!.at ? r : l;
        if (h[c]!.at >= last.at) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}
