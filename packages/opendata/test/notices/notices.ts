// Checks of the bundled sample against dates from exchanges' own notices, read through the loaded
// dataset (loadSample and core's queries), never through the generator's functions.
import type { Dataset } from '@openbell/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSample } from '@openbell/loader';

/** A date the notice says is closed, or traded with its primary session from `first` to `last`. */
export type Notice =
  | { date: string; closed: true; source: string }
  | { date: string; closed: false; first: string; last: string; source: string };

/** Closed all day. */
export const closed = (date: string, source: string): Notice => ({ date, closed: true, source });

/**
 * Traded, the primary session starting at `first` and ending at `last` (local times with the
 * zone's offset, which pins clock changes). `first` may name another date (`2026-03-08T17:00`)
 * for an overnight session that belongs to the day it ends on.
 */
export function trades(date: string, first: string, last: string, offset: string, source: string): Notice {
  const at = (t: string) => `${t.includes('T') ? t : `${date}T${t}`}:00${offset}`;
  return { date, closed: false, first: at(first), last: at(last), source };
}

let dataset: Dataset;

/** One describe block per market: each notice date is a test. */
export function checkNotices(finId: string, notices: readonly Notice[]): void {
  describe(`${finId} against its exchange's notices`, () => {
    beforeAll(async () => {
      dataset ??= (await loadSample()).dataset;
    });
    for (const n of notices) {
      it(`${n.date}: ${n.closed ? 'closed' : `${n.first.slice(11, 16)}-${n.last.slice(11, 16)}`} (${n.source})`, () => {
        const [day] = dataset.listDays(finId, n.date, n.date);
        const primary = day!.phases.filter((p) => p.phase_type.startsWith('Primary Trading Session'));
        if (n.closed) expect(day!.is_open, n.source).toBe(false);
        else expect([day!.is_open, primary[0]?.start, primary.at(-1)?.end], n.source).toEqual([true, n.first, n.last]);
      });
    }
  });
}
