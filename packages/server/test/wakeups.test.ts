/**
 * The one timer every `/events` channel waits on (src/live/wakeups.ts): each waiter runs once,
 * at the first wake-up at or after its instant on the server's clock, all due at one instant;
 * a cancelled one never; the clock is read again every tick; nothing keeps a timer once
 * nobody waits.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wakeups } from '../src/live/wakeups.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

interface W {
  name: number;
  dueAt: number | undefined;
}

describe('wakeups', () => {
  it('runs every waiter once at its instant, those due together at one instant, on one timer', () => {
    const runs: [number, number][] = [];
    const w = new Wakeups<W>(
      () => Date.now(),
      1000,
      (x, t) => runs.push([x.name, t]),
    );
    const t0 = Date.now();
    const waiters = Array.from({ length: 100 }, (_, name): W => ({ name, dueAt: undefined }));
    for (const x of waiters) w.at(x, t0 + 250 + (x.name % 2) * 250);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(249);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    // Waiters due at one instant run in no particular order (channels do not depend on each other).
    expect(runs.map(([n]) => n).sort((a, b) => a - b)).toEqual(
      waiters.filter((x) => x.name % 2 === 0).map((x) => x.name),
    );
    expect(new Set(runs.map(([, t]) => t))).toEqual(new Set([t0 + 250]));
    vi.advanceTimersByTime(250);
    expect(runs).toHaveLength(100);
    // Nobody waits: no timer is left.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the clock again every tick: a clock set forward wakes what it passed', () => {
    let shift = 0;
    const runs: number[] = [];
    const w = new Wakeups<W>(
      () => Date.now() + shift,
      1000,
      (x) => runs.push(x.name),
    );
    w.at({ name: 1, dueAt: undefined }, Date.now() + 3_600_000);
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([]);
    shift = 3_600_000;
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([1]);
  });

  it('a cancelled waiter never runs; the last one cancelled stops the timer', () => {
    const runs: number[] = [];
    const w = new Wakeups<W>(
      () => Date.now(),
      1000,
      (x) => runs.push(x.name),
    );
    const a: W = { name: 1, dueAt: undefined };
    const b: W = { name: 2, dueAt: undefined };
    w.at(a, Date.now() + 100);
    w.at(b, Date.now() + 5000);
    w.cancel(a);
    vi.advanceTimersByTime(2000);
    expect(runs).toEqual([]);
    w.cancel(b);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs each waiter at the first wake-up at or after its last instant asked, whatever the order (property)', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('at' as const), who: fc.nat(7), in: fc.integer({ min: -50, max: 3000 }) }),
      fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(7) }),
      fc.record({ kind: fc.constant('pass' as const), ms: fc.integer({ min: 1, max: 1500 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        vi.clearAllTimers();
        const runs: { name: number; t: number }[] = [];
        const w = new Wakeups<W>(
          () => Date.now(),
          1000,
          (x, t) => runs.push({ name: x.name, t }),
        );
        const waiters = Array.from({ length: 8 }, (_, name): W => ({ name, dueAt: undefined }));
        // The model: the instant each waiter runs at, its instant or, when that had passed
        // already, the instant it was asked at.
        const expected = new Map<number, number>();
        const check = () => {
          for (const r of runs.splice(0)) {
            expect(r.t, `waiter ${r.name}`).toBe(expected.get(r.name));
            expected.delete(r.name);
          }
          const now = Date.now();
          for (const [name, due] of expected) expect(due, `waiter ${name} not run`).toBeGreaterThan(now);
        };
        for (const o of ops) {
          if (o.kind === 'at') {
            w.at(waiters[o.who]!, Date.now() + o.in);
            expected.set(o.who, Date.now() + Math.max(0, o.in));
          } else if (o.kind === 'cancel') {
            w.cancel(waiters[o.who]!);
            expected.delete(o.who);
          } else {
            // Time passes a millisecond at a time, so a waiter's wake-up is seen at once.
            for (let i = 0; i < o.ms; i++) {
              vi.advanceTimersByTime(1);
              check();
            }
          }
        }
        for (const x of waiters) w.cancel(x);
        expect(vi.getTimerCount()).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
