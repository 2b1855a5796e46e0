/** Shared pieces of the data-change tests: versions that differ a little, a log capture, fake timers. */
import { Writable } from 'node:stream';
import { Dataset, diff, type ChangeSet, type Tables } from '@openbell/core';
import { pino, type Logger } from 'pino';
import type { LoadedData } from '../src/index.js';
import { inMemoryData } from '../src/app.js';
import { fixtureTables, NYSE } from './fixture.js';

/** Tables with `extra` additional NYSE holidays (2024-01-02, -03, …) and, when asked, USD renamed. */
export function tablesFor(extra: number, usdName?: string): Tables {
  const t = fixtureTables();
  const base = t.holidays.find((h) => h.fin_id === NYSE && h.date === '2023-11-23')!;
  for (let i = 0; i < extra; i++)
    t.holidays.push({ ...base, date: `2024-01-${String(i + 2).padStart(2, '0')}`, holiday_name: `Extra ${i}` });
  if (usdName)
    t.currencies = t.currencies!.map((c) => (c.currency_code === 'USD' ? { ...c, currency_name: usdName } : c));
  return t;
}

export function datasetFor(extra: number, usdName?: string): Dataset {
  return Dataset.create(tablesFor(extra, usdName), { coverageEndYearWithoutHolidays: 2028 });
}

export function dataFor(version: string, extra: number, usdName?: string): LoadedData {
  const d = inMemoryData(datasetFor(extra, usdName), new Date('2023-11-15T00:00:00Z'));
  return { ...d, meta: { ...d.meta, version } };
}

export const T0 = Date.parse('2023-11-15T12:00:00Z');

/** The change set from version v(k-1) (k-1 extra holidays) to v(k). */
export function changeSetTo(k: number): ChangeSet {
  return diff(datasetFor(k - 1), datasetFor(k), { loadedAt: T0, fromVersion: `v${k - 1}`, toVersion: `v${k}` })!;
}

/** A logger whose JSON lines are kept (every level), for assertions on what is logged. */
export function captureLogger(): { logger: Logger; lines: string[]; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'trace' }, stream);
  return { logger, lines, text: () => lines.join('') };
}

/** Timers and a clock that move only when the test says. */
export class FakeClock {
  private t: number;
  private seq = 0;
  private readonly due = new Map<number, { at: number; fn: () => void }>();
  constructor(start = T0) {
    this.t = start;
  }
  now = (): number => this.t;
  timers = {
    setTimeout: (fn: () => void, ms: number): unknown => {
      const id = ++this.seq;
      this.due.set(id, { at: this.t + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout: (h: unknown): void => {
      this.due.delete(h as number);
    },
  };
  /** Moves the clock, firing what falls due in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.due) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.due.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
    this.t = end;
  }
  /** The next timer's delay from now, or undefined. */
  nextDelay(): number | undefined {
    let min: number | undefined;
    for (const e of this.due.values()) min = min === undefined ? e.at - this.t : Math.min(min, e.at - this.t);
    return min;
  }
}
