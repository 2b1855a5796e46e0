/** Reading one cell of a row: empty is null, typed values parse or report what is wrong. */
import { tryParseDay, tryParseTime } from '../time/dates.js';
import type { RowsOnDemand } from '../types.js';

export function str(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const s = String(v);
  return s === '' ? null : s;
}

/** A cell's value, or the reason it cannot be read (a message without the location). */
export type Cell<T> = { ok: true; value: T } | { ok: false; why: string };

const good = <T>(value: T): Cell<T> => ({ ok: true, value });
const bad = (why: string): Cell<never> => ({ ok: false, why });

export function dayCell(value: unknown, required: boolean): Cell<number | null> {
  const s = str(value);
  if (s === null) return required ? bad('the date is empty') : good(null);
  const d = tryParseDay(s.trim());
  return d === undefined ? bad(`expected a date YYYY-MM-DD, got '${s}'`) : good(d);
}

export function timeCell(value: unknown, required: boolean): Cell<number | null> {
  const s = str(value);
  if (s === null) return required ? bad('the time is empty') : good(null);
  const v = s.trim();
  const t = /^\d{1,2}:\d{2}(:\d{2})?$/.test(v) ? tryParseTime(v) : undefined;
  return t === undefined ? bad(`expected a time HH:MM:SS or HH:MM, got '${s}'`) : good(t);
}

export function intCell(value: unknown): Cell<number | null> {
  if (value === undefined || value === null || value === '') return good(null);
  const n = typeof value === 'number' ? value : /^\s*[+-]?\d{1,9}\s*$/.test(String(value)) ? Number(value) : Number.NaN;
  return Number.isInteger(n) ? good(n) : bad(`expected an integer, got '${String(value)}'`);
}

/**
 * Copies the unknown columns of `row` onto `rec`. Building `rec` as a fixed literal first and
 * adding extras after keeps one hidden class for all records: spreading rows of varying
 * shapes made V8 fall back to slow dictionary objects (10x slower builds).
 */
export function withExtras<T extends object>(rec: T, row: object): T {
  for (const k in row) {
    if (!Object.hasOwn(rec, k)) (rec as Record<string, unknown>)[k] = (row as Record<string, unknown>)[k];
  }
  return rec;
}

/** Two rows are duplicates when every cell is the same (rows of one file share their keys). */
export function sameRow(a: object, b: object): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  return true;
}

/**
 * Rows grouped by an owner key, each group sorted by epoch day (stable: file order within a
 * day). `rowIndex` keeps each record's position in its table, for naming lines.
 */
export interface DayIndexed<T> {
  recs: T[];
  days: Int32Array;
  rowIndex: Int32Array;
}

export class DayIndexBuilder<T> {
  private readonly groups = new Map<string, { recs: T[]; days: number[]; rows: number[] }>();

  add(key: string, rec: T, day: number, row: number): void {
    let g = this.groups.get(key);
    if (!g) this.groups.set(key, (g = { recs: [], days: [], rows: [] }));
    g.recs.push(rec);
    g.days.push(day);
    g.rows.push(row);
  }

  *entries(): IterableIterator<[string, DayIndexed<T>]> {
    for (const [key, g] of this.groups) yield [key, sortByDay(g.recs, g.days, g.rows)];
  }
}

function sortByDay<T>(recs: T[], days: number[], rows: number[]): DayIndexed<T> {
  let sorted = true;
  for (let i = 1; i < days.length; i++) {
    if (days[i]! < days[i - 1]!) {
      sorted = false;
      break;
    }
  }
  if (sorted) return { recs, days: Int32Array.from(days), rowIndex: Int32Array.from(rows) };
  const idx = days.map((_, i) => i).sort((a, b) => days[a]! - days[b]! || a - b);
  return {
    recs: idx.map((i) => recs[i]!),
    days: Int32Array.from(idx.map((i) => days[i]!)),
    rowIndex: Int32Array.from(idx.map((i) => rows[i]!)),
  };
}

/**
 * The rows of a table of dated rows as the build needs them after reading them: only to tell
 * an identical duplicate of a row from a different one (`same`), which words the warning;
 * both are bad rows (a duplicate key, docs/bulk-format.md §5). When the caller hands the
 * rows over (Tables.handOver) or makes them on demand (Tables.onDemand), a row is let go once
 * its record is made, unless the record does not show the row exactly as written (a FinID in
 * lower case, an empty string for null, a missing column...): such rows are kept, the rest are
 * compared through their records, which hold every cell of the row plus `computed` columns
 * derived from the others.
 */
export class ReadRows<R extends object> {
  readonly count: number;
  private readonly kept = new Map<number, R>();
  private readonly letGo: boolean;

  constructor(
    private readonly rows: readonly R[],
    handOver: boolean,
    private readonly computed: readonly string[],
    private readonly onDemand?: RowsOnDemand<R>,
  ) {
    this.count = onDemand ? onDemand.count : rows.length;
    this.letGo = handOver || onDemand !== undefined;
  }

  /** Row `i`, read once, in order. */
  row(i: number): R {
    return this.onDemand ? this.onDemand.row(i) : this.rows[i]!;
  }

  /** Row `i` is read; `rec` is its record, or null when the row is not kept in the data. */
  done(i: number, row: R, rec: object | null): void {
    if (!this.letGo) return;
    if (rec !== null && !this.writtenAs(row, rec)) this.kept.set(i, row);
    if (!this.onDemand) (this.rows as (R | undefined)[])[i] = undefined;
  }

  /** Whether rows `a` and `b` were written the same (sameRow of the rows), given their records. */
  same(a: number, recA: object, b: number, recB: object): boolean {
    const ra = this.letGo ? this.kept.get(a) : this.rows[a];
    const rb = this.letGo ? this.kept.get(b) : this.rows[b];
    if (ra && rb) return sameRow(ra, rb);
    // A record is a function of its row: a row its record shows exactly cannot equal one it does not.
    if (ra || rb) return false;
    return sameRow(recA, recB);
  }

  /** Empties the caller's array once every row is read. */
  finish(): void {
    if (this.letGo && !this.onDemand) (this.rows as R[]).length = 0;
  }

  /** The row's own cells are exactly the record's, less the computed ones. */
  private writtenAs(row: object, rec: object): boolean {
    let n = 0;
    for (const k in row) {
      if (!Object.hasOwn(row, k) || this.computed.includes(k)) return false;
      const v = (row as Record<string, unknown>)[k];
      if (v === undefined || v !== (rec as Record<string, unknown>)[k]) return false;
      n++;
    }
    let m = 0;
    for (const k in rec) if (Object.hasOwn(rec, k)) m++;
    return n + this.computed.length === m;
  }
}
