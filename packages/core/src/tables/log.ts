/**
 * What a build found wrong (docs/bulk-format.md §5): warnings for /info, and the dates of a
 * market or currency a bad row touches, which answer a DataError for the queries computing from
 * them, while every other date and market answers as if the row were absent.
 */
import { DataError, type DataLocation, type DataWarning, type TableName } from '../errors.js';
import type { DayFaults, FaultSpan } from './model.js';
import { describePlace, type RowFault, type TableSources } from './provenance.js';

/** Beyond this many warnings only a count is kept (a file of bad rows must not fill memory). */
export const MAX_WARNINGS = 1000;

/**
 * Which answers of a market or currency a bad row reaches: `listing` its holiday listing and
 * everything computed (a bad holiday row, a bad market row), `computed` only what is computed
 * from the rows (a bad schedule row, an unknown time zone, a date with two holiday rows, which
 * the listing answers as written).
 */
export type FaultScope = 'listing' | 'computed';

/** The dates a bad row touches: every date, or inclusive spans of epoch days. */
export type Touched = 'all' | readonly (readonly [number, number])[];

/** Touched dates as they are collected, turned into the DayFaults a query checks at the end. */
class FaultSpans {
  all: DataError | null = null;
  private readonly spans: FaultSpan[] = [];

  add(touched: Touched, error: DataError): void {
    if (touched === 'all') this.all ??= error;
    else for (const [from, to] of touched) if (from <= to) this.spans.push({ from, to, error });
  }

  finish(): DayFaults | null {
    return mergeFaults(this.all, this.spans);
  }
}

/**
 * Disjoint spans in date order. Where rows overlap, each date keeps the error of the span that
 * starts first (then the one given first), so the answer does not depend on map order.
 */
export function mergeFaults(all: DataError | null, spans: readonly FaultSpan[]): DayFaults | null {
  if (all === null && spans.length === 0) return null;
  const sorted = spans.map((s, k) => ({ ...s, k })).sort((a, b) => a.from - b.from || a.k - b.k);
  const from: number[] = [];
  const to: number[] = [];
  const errors: DataError[] = [];
  for (const s of sorted) {
    const last = to.length ? to[to.length - 1]! : Number.NEGATIVE_INFINITY;
    if (s.to <= last) continue;
    from.push(Math.max(s.from, last + 1));
    to.push(s.to);
    errors.push(s.error);
  }
  return { all, from: Int32Array.from(from), to: Int32Array.from(to), errors, spans };
}

/** Both scopes of one market or currency: a `listing` fault is a `computed` one too. */
class OwnerFaults {
  readonly listing = new FaultSpans();
  readonly computed = new FaultSpans();
  add(scope: FaultScope, touched: Touched, error: DataError): void {
    if (scope === 'listing') this.listing.add(touched, error);
    this.computed.add(touched, error);
  }
}

/** Days fit an Int32Array with room to spare; an open in-force bound is clamped to these. */
export const FIRST_DAY = -1_000_000_000;
export const LAST_DAY = 1_000_000_000;

export class BuildLog {
  readonly warnings: DataWarning[] = [];
  /** Every warning, including those beyond MAX_WARNINGS. */
  warningCount = 0;
  readonly marketFaults = new Map<string, OwnerFaults>();
  readonly currencyFaults = new Map<string, OwnerFaults>();
  private readonly readerFaults = new Map<TableName, Map<number, RowFault>>();

  constructor(
    readonly sources: TableSources | undefined,
    rowFaults: readonly RowFault[] | undefined,
  ) {
    for (const f of rowFaults ?? []) {
      let byRow = this.readerFaults.get(f.table);
      if (!byRow) this.readerFaults.set(f.table, (byRow = new Map()));
      if (!byRow.has(f.row)) byRow.set(f.row, f);
    }
  }

  where(table: TableName, row?: number, column?: string): string {
    return describePlace(this.sources, table, row, column);
  }

  /** The first fault the reader found in this row (a malformed cell, a short line), if any. */
  readerFault(table: TableName, row: number): RowFault | undefined {
    return this.readerFaults.get(table)?.get(row);
  }

  warn(message: string, location?: DataLocation, owner?: { market?: string; currency?: string }): void {
    this.warningCount++;
    if (this.warnings.length >= MAX_WARNINGS) return;
    const at = location ? `${this.where(location.table, location.row, location.column)}: ` : '';
    this.warnings.push({ message: `${at}${message}`, ...(location ? { location } : {}), ...owner });
  }

  /** The error a bad row answers: its place, then what is wrong. */
  error(location: DataLocation, why: string): DataError {
    return new DataError(`${this.where(location.table, location.row, location.column)}: ${why}`, location);
  }

  /** A bad row of a market: a warning, and the error of the dates it touches. */
  badMarketRow(finId: string, scope: FaultScope, touched: Touched, location: DataLocation, why: string): void {
    this.warn(why, location, { market: finId });
    this.marketFault(finId, scope, touched, this.error(location, why));
  }

  /** An error for dates of a market, without a warning (the rows were warned about one by one). */
  marketFault(finId: string, scope: FaultScope, touched: Touched, error: DataError): void {
    let f = this.marketFaults.get(finId);
    if (!f) this.marketFaults.set(finId, (f = new OwnerFaults()));
    f.add(scope, touched, error);
  }

  badCurrencyRow(code: string, scope: FaultScope, touched: Touched, location: DataLocation, why: string): void {
    this.warn(why, location, { currency: code });
    this.currencyFault(code, scope, touched, this.error(location, why));
  }

  currencyFault(code: string, scope: FaultScope, touched: Touched, error: DataError): void {
    let f = this.currencyFaults.get(code);
    if (!f) this.currencyFaults.set(code, (f = new OwnerFaults()));
    f.add(scope, touched, error);
  }

  /** The list as kept, with a last line counting what was left out. */
  finish(): DataWarning[] {
    if (this.warningCount > this.warnings.length) {
      this.warnings.push({ message: `${this.warningCount - this.warnings.length} more warnings were not kept` });
    }
    return this.warnings;
  }
}
