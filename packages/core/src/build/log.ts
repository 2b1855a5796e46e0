/**
 * What a build found wrong (bulk-format.md "Bad rows"): warnings for /info, and the faults that
 * make one market or currency answer a DataError for the queries that need the bad row, while
 * every other market answers normally.
 */
import { DataError, type DataLocation, type DataWarning, type TableName } from '../errors.js';
import { describePlace, type RowFault, type TableSources } from '../provenance.js';

/** Beyond this many warnings only a count is kept (a file of bad rows must not fill memory). */
export const MAX_WARNINGS = 1000;

/**
 * Which queries of a market a bad row reaches. Holiday rows decide schedule groups, so they
 * reach phases too; a bad market row reaches everything but the market record.
 */
export type MarketScope = 'holidays' | 'schedules' | 'market';

export interface MarketFaults {
  /** A bad holiday or market row: holidays, phases, days, status and all that builds on them. */
  holidays: DataError | null;
  /** A bad schedule row: schedules, phases, days, status and all that builds on them. */
  schedules: DataError | null;
}

export class BuildLog {
  readonly warnings: DataWarning[] = [];
  /** Every warning, including those beyond MAX_WARNINGS. */
  warningCount = 0;
  readonly marketFaults = new Map<string, MarketFaults>();
  readonly currencyFaults = new Map<string, DataError>();
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

  /** A bad row of a market: a warning, and (the first time) the error its queries answer. */
  badMarketRow(finId: string, scope: MarketScope, location: DataLocation, why: string): void {
    const error = new DataError(`${this.where(location.table, location.row, location.column)}: ${why}`, location);
    this.warn(why, location, { market: finId });
    let f = this.marketFaults.get(finId);
    if (!f) this.marketFaults.set(finId, (f = { holidays: null, schedules: null }));
    if (scope !== 'schedules') f.holidays ??= error;
    if (scope !== 'holidays') f.schedules ??= error;
  }

  badCurrencyRow(code: string, location: DataLocation, why: string): void {
    const error = new DataError(`${this.where(location.table, location.row, location.column)}: ${why}`, location);
    this.warn(why, location, { currency: code });
    if (!this.currencyFaults.has(code)) this.currencyFaults.set(code, error);
  }

  /** The list as kept, with a last line counting what was left out. */
  finish(): DataWarning[] {
    if (this.warningCount > this.warnings.length) {
      this.warnings.push({ message: `${this.warningCount - this.warnings.length} more warnings were not kept` });
    }
    return this.warnings;
  }
}
