/**
 * One CSV file of the bulk archive → core rows (docs/bulk-format.md §2 and §3).
 * Line numbers are 1-based with the header as line 1, counting CSV records (a quoted field
 * spanning lines counts once; empty lines are skipped).
 */
import { isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import { formatTime, isIsoDate, tryParseTime, type RowFault, type TableName } from '@openbell/core';
import { LoaderError } from './errors.js';
import { RowPacker, rowShape, type PackedRows } from './packed.js';
import { QUOTE_MARK, UTF8_MARK, repairRows } from './repair.js';
import type { LoadWarning } from './types.js';

export { rowShape };

export interface TableSpec {
  table: TableName;
  /** File name inside `csv/`. */
  fileName: string;
  /** Columns (normalized name → header as published) without which the file is refused. */
  required: Record<string, string>;
  dates?: string[];
  times?: string[];
  ints?: string[];
  observed?: boolean;
}

export const TABLE_SPECS: TableSpec[] = [
  { table: 'markets', fileName: 'markets.csv', required: { fin_id: 'FinID' }, dates: ['permanently_closed'] },
  {
    table: 'holidays',
    fileName: 'holidays.csv',
    required: { fin_id: 'FinID', date: 'Date' },
    dates: ['date'],
    observed: true,
  },
  {
    table: 'schedules',
    fileName: 'schedules.csv',
    required: {
      fin_id: 'FinID',
      schedule_group: 'Schedule Group',
      phase_type: 'Phase Type',
      days: 'Days',
      start: 'Start',
      end: 'End',
    },
    dates: ['in_force_start_date', 'in_force_end_date'],
    times: ['start', 'end', 'min_start', 'max_start', 'min_end', 'max_end'],
    ints: ['offset_days', 'duration'],
  },
  { table: 'phaseTypes', fileName: 'phases.csv', required: { name: 'Name', status: 'Status' } },
  { table: 'micMapping', fileName: 'mic-mapping.csv', required: { mic: 'MIC', fin_id: 'FinID' } },
  {
    table: 'seasonDefinitions',
    fileName: 'season-definitions.csv',
    required: { season: 'Season', year: 'Year', date: 'Date' },
    dates: ['date'],
    ints: ['year'],
  },
  { table: 'currencies', fileName: 'currencies.csv', required: { currency_code: 'Currency Code' } },
  {
    table: 'currencyHolidays',
    fileName: 'currency-holidays.csv',
    required: { currency_code: 'Currency Code', date: 'Date' },
    dates: ['date'],
    observed: true,
  },
  {
    table: 'regionalHolidays',
    fileName: 'regional-holidays.csv',
    required: { calendar: 'Calendar', date: 'Date' },
    dates: ['date'],
  },
];

export const SPEC_BY_FILE = new Map(TABLE_SPECS.map((s) => [s.fileName, s]));

/**
 * docs/bulk-format.md §2: lower-case, runs of other characters → `_`, `finid` → `fin_id`. Underscores
 * the rule makes at either end stay (`Rank (Global)` is `rank_global_`): the page says nothing
 * about dropping them. Spaces around the cell and a byte-order mark are padding of the cell,
 * not part of the name, so they go first (`' Memo '` is `memo`, not `_memo_`).
 */
export function normalizeHeader(header: string): string {
  const n = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_');
  return n === 'finid' ? 'fin_id' : n;
}

export interface ParsedTable {
  rows: Record<string, unknown>[];
  /** normalized column → header as written. */
  headers: Record<string, string>;
  /**
   * Cells and lines that could not be read as the format says (docs/bulk-format.md §5):
   * the cell is kept as written and core makes the row a bad row of its market or currency.
   */
  faults: RowFault[];
  /** The rows packed instead (`rows` then empty), when the reader was asked to pack them. */
  packed?: PackedRows;
}

function dataError(file: string, line: number | undefined, column: string | undefined, message: string): LoaderError {
  const where = [file, line !== undefined ? `line ${line}` : null, column !== undefined ? `column '${column}'` : null]
    .filter(Boolean)
    .join(', ');
  return new LoaderError('data_invalid', `${where}: ${message}`, {
    file,
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  });
}

/** A converted value, or FAULT after recording why in the row's faults. */
type Convert = (cell: string, row: number) => unknown;

/** Text handed to the CSV parser at a time: the whole file is never one string. */
export const TEXT_CHUNK_BYTES = 32 * 1024;

const BOM = [0xef, 0xbb, 0xbf];

/**
 * UTF-8 that arrives in pieces (a file as it is inflated) as text slices of about
 * `chunkBytes`, without the byte-order mark and with every line ending (CRLF, CR) turned into
 * LF: papaparse takes the first line ending it sees, so a file mixing them would otherwise
 * leave a stray \r at the end of some rows' last cell. A \r ending a slice waits for the next
 * one, which may start with its \n. The last slice is always given, even empty.
 */
export class TextSlicer {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  /** The file's first bytes while too few have come to tell whether they are the mark. */
  private head: Uint8Array | null = new Uint8Array(0);
  private carry = '';

  constructor(private readonly chunkBytes = TEXT_CHUNK_BYTES) {}

  /** false (and nothing more is given) when the bytes are not valid UTF-8. */
  push(bytes: Uint8Array, final: boolean, give: (text: string) => void): boolean {
    if (this.head) {
      const joined = this.head.length ? concat(this.head, bytes) : bytes;
      if (joined.length < BOM.length && !final && BOM.every((b, i) => i >= joined.length || joined[i] === b)) {
        this.head = joined;
        return true;
      }
      this.head = null;
      // Dropping the mark as bytes keeps an ASCII file's text one byte per character in V8.
      bytes =
        joined.length >= BOM.length && BOM.every((b, i) => joined[i] === b) ? joined.subarray(BOM.length) : joined;
    }
    let at = 0;
    do {
      const end = Math.min(bytes.length, at + this.chunkBytes);
      const last = final && end === bytes.length;
      let text: string;
      try {
        text = this.carry + this.decoder.decode(bytes.subarray(at, end), { stream: !last });
      } catch {
        return false;
      }
      at = end;
      this.carry = '';
      if (!last && text.endsWith('\r')) {
        this.carry = '\r';
        text = text.slice(0, -1);
      }
      if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
      if (text || last) give(text);
    } while (at < bytes.length);
    return true;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The text of a whole file in slices (TextSlicer); throws on invalid UTF-8. */
export function* textChunks(bytes: Uint8Array, chunkBytes = TEXT_CHUNK_BYTES): Generator<string, void, void> {
  const out: string[] = [];
  if (!new TextSlicer(chunkBytes).push(bytes, true, (t) => out.push(t)))
    throw new TypeError('the bytes are not valid UTF-8');
  yield* out;
}

/**
 * A line with too few or too many fields, placed at its first missing column (by name) or its
 * first extra field (by position, `#9`: it has no header).
 */
function fieldCountFault(
  table: TableName,
  row: number,
  fields: number,
  width: number,
  names: readonly string[],
): RowFault {
  const column = fields < width && names[fields] ? names[fields]! : `#${fields < width ? fields + 1 : width + 1}`;
  const what = fields < width ? `the first missing is column ${fields + 1}` : `the first extra is field ${width + 1}`;
  return { table, row, column, message: `the line has ${fields} fields but the header has ${width} (${what})` };
}

/** One reading of a file's text, record by record (see readPass). */
interface Pass {
  /** The next slice of text (TextSlicer's `give`). */
  readonly text: (text: string) => void;
  /** No more text: the last slice given is the end of the file. */
  end(): void;
  /** Nothing more is wanted: the file is refused, or (a first reading) it must be read again repaired. */
  readonly stopped: () => boolean;
  /** A first reading met a quoting error, which repairRows may mend (the file is read again whole). */
  readonly broken: () => boolean;
  /** The table, with this reading's warnings appended to `warnings`; or what refuses the file. */
  finish(warnings: LoadWarning[]): ParsedTable;
}

/**
 * Reads a file's text, record by record (papaparse's step): no array of every record's fields
 * is ever built, which bounds the memory of a load to the rows themselves.
 *
 * `repaired`: the text went through repairRows, so a quoting error left refuses the file and
 * `marked` says whether cells may hold repair marks (each a fault of its row and column).
 * Otherwise this is the streamed first reading, which keeps nothing of its own when it meets a
 * quoting error (`broken`): its warnings wait for `finish`, so a reading given up leaves none.
 */
function readPass(file: string, spec: TableSpec, pack: boolean, repaired: boolean, marked: boolean): Pass {
  return new FilePass(file, spec, pack, repaired, marked);
}

class FilePass implements Pass {
  private readonly table: TableName;
  private readonly names: string[] = [];
  private readonly headers: Record<string, string> = {};
  private readonly keep: boolean[] = [];
  private readonly faults: RowFault[] = [];
  private readonly own: LoadWarning[] = [];
  private readonly rows: Record<string, unknown>[] = [];
  // Cells repeat a lot (FinIDs, holiday names, statuses): keep one copy of each distinct value.
  // A long one is copied flat first, so it does not keep the whole file's text alive (V8 may
  // hand out cells as slices of it).
  private readonly distinct = new Map<string, string>();
  private converters: (Convert | null)[] = [];
  // Every row starts as a copy of one object holding all the columns (see rowShape).
  private shape: Record<string, unknown> = {};
  private packer: RowPacker | undefined;
  private observedIdx = -1;
  private oddObserved = 0;
  private firstOdd: { line: number; value: string } | undefined;
  private width = 0;
  private r = 0;
  private fatal: LoaderError | undefined;
  private isBroken = false;
  private readonly parser: Papa.Parser;
  private carried = '';
  private consumed = 0;
  // A slice waits for the next, so that the last one can be marked as the end of the file.
  private pending: string | undefined;

  constructor(
    private readonly file: string,
    private readonly spec: TableSpec,
    private readonly pack: boolean,
    private readonly repaired: boolean,
    private readonly marked: boolean,
  ) {
    this.table = spec.table;
    // papaparse's Parser (its public class, in its typings) reads the text a slice at a time: each
    // call stops before a record the slice cuts off, whose text is carried over to the next call.
    // A step gives one record in an array of one.
    this.parser = new Papa.Parser({
      delimiter: ',',
      newline: '\n',
      step: (result: Papa.ParseStepResult<string[][]>) => this.onRecord(result.data[0]!, result.errors),
    } as Papa.ParseConfig);
  }

  readonly text = (text: string): void => {
    if (this.pending !== undefined) this.parse(this.pending, false);
    this.pending = text;
  };

  end(): void {
    if (this.pending !== undefined) this.parse(this.pending, true);
    this.pending = undefined;
  }

  readonly stopped = (): boolean => this.fatal !== undefined || this.isBroken;

  readonly broken = (): boolean => this.isBroken;

  finish(warnings: LoadWarning[]): ParsedTable {
    const { file, firstOdd, packer } = this;
    if (this.fatal) throw this.fatal;
    if (this.r === 0) throw dataError(file, 1, undefined, 'the file is empty (no header line)');
    for (const w of this.own) warnings.push(w);
    if (this.oddObserved > 0) {
      warnings.push({
        message:
          `${this.oddObserved} Observed cell(s) hold neither 'OBS' nor nothing (first: '${firstOdd!.value}'); ` +
          `read as not observed`,
        file,
        line: firstOdd!.line,
        column: this.headers.observed!,
      });
    }
    return {
      rows: this.rows,
      headers: this.headers,
      faults: this.faults,
      ...(packer ? { packed: packer.finish() } : {}),
    };
  }

  private parse(chunk: string, finished: boolean): void {
    if (this.fatal || this.isBroken) return;
    const input = this.carried + chunk;
    const out = this.parser.parse(input, this.consumed, !finished) as Papa.ParseResult<string[]>;
    if (finished) return;
    this.carried = input.slice(out.meta.cursor - this.consumed);
    this.consumed = out.meta.cursor;
  }

  private onRecord(rec: string[], errors: readonly Papa.ParseError[]): void {
    if (this.fatal || this.isBroken) return;
    // An empty line (one empty field) is skipped, as papaparse's skipEmptyLines does.
    if (rec.length === 1 && rec[0] === '') return;
    try {
      const quotes = errors.find((e) => e.type === 'Quotes');
      if (quotes && !this.repaired) {
        // papaparse reports every quoted field that repairRows would re-quote (a closing
        // quote followed by other text), so a file without one reads the same unrepaired.
        this.isBroken = true;
        this.parser.abort();
        return;
      }
      // Quoting errors left after repairRows refuse the file: an unterminated quote swallows
      // the rest of it, and a field spanning lines has no end that can be told.
      if (quotes) throw dataError(this.file, this.r + 1, undefined, `malformed quoting (${quotes.message})`);
      if (this.r === 0) this.readHeader(rec);
      else this.readRow(rec);
      this.r++;
    } catch (e) {
      this.fatal = e instanceof LoaderError ? e : dataError(this.file, this.r + 1, undefined, (e as Error).message);
      this.parser.abort();
    }
  }

  private intern(cell: string): string {
    let v = this.distinct.get(cell);
    if (v === undefined) {
      v = cell.length >= 13 ? Buffer.from(cell, 'utf8').toString('utf8') : cell;
      this.distinct.set(v, v);
    }
    return v;
  }

  private readHeader(rawHeader: string[]): void {
    const { file, spec, names, headers, keep } = this;
    if (this.marked) refuseMarkedHeader(file, rawHeader);
    this.width = rawHeader.length;
    rawHeader.forEach((h, i) => {
      const n = normalizeHeader(h);
      if (n === '') {
        keep.push(false);
        names.push('');
        this.own.push({ message: `column ${i + 1} has an empty header; its cells are ignored`, file, line: 1 });
        return;
      }
      if (n in headers) throw dataError(file, 1, h, `columns '${headers[n]}' and '${h}' both normalize to '${n}'`);
      headers[n] = h;
      names.push(n);
      keep.push(true);
    });
    for (const [n, published] of Object.entries(spec.required)) {
      if (!(n in headers)) throw dataError(file, 1, published, `required column '${published}' is missing`);
    }
    this.converters = names.map((n) => this.converterOf(n));
    this.observedIdx = spec.observed ? names.indexOf('observed') : -1;
    const columns = names.filter((_, c) => keep[c]);
    this.shape = rowShape(columns);
    if (this.pack) this.packer = new RowPacker(columns);
  }

  /** A malformed cell is kept as written and recorded; core turns its row into a bad row. */
  private converterOf(n: string): Convert | null {
    const { spec, table, faults } = this;
    if (spec.dates?.includes(n)) {
      return (cell, row) => {
        const v = cell.length === 10 ? cell : cell.trim();
        if (isIsoDate(v)) return this.intern(v);
        faults.push({ table, row, column: n, message: `expected a date YYYY-MM-DD, got '${cell}'` });
        return cell;
      };
    }
    if (spec.times?.includes(n)) {
      return (cell, row) => {
        const v = cell.trim();
        const t = /^\d{1,2}:\d{2}(:\d{2})?$/.test(v) ? tryParseTime(v) : undefined;
        if (t !== undefined) return this.intern(formatTime(t));
        faults.push({ table, row, column: n, message: `expected a time HH:MM:SS or HH:MM, got '${cell}'` });
        return cell;
      };
    }
    if (spec.ints?.includes(n)) {
      return (cell, row) => {
        const v = cell.trim();
        if (/^[+-]?\d{1,9}$/.test(v)) return Number(v);
        faults.push({ table, row, column: n, message: `expected an integer, got '${cell}'` });
        return cell;
      };
    }
    return null;
  }

  private readRow(rec: string[]): void {
    const { r, width, keep, names, observedIdx, converters } = this;
    const line = r + 1;
    if (this.marked) unmark(rec, r - 1, names, this.table, this.faults);
    // A line with the wrong number of fields is a bad row: its cells are read by position as
    // far as they go, so core can tell whose row it is.
    if (rec.length !== width) this.faults.push(fieldCountFault(this.table, r - 1, rec.length, width, names));
    const row: Record<string, unknown> = { ...this.shape };
    for (let c = 0; c < width; c++) {
      if (!keep[c]) continue;
      const cell = rec[c] ?? '';
      if (c === observedIdx) {
        // docs/bulk-format.md §3: true "when the cell says OBS", taken literally: `obs` or ` OBS ` is
        // not what the vendor writes, so it reads as false with the odd-value warning below
        // rather than as a guess.
        if (cell !== '' && cell !== 'OBS') {
          this.oddObserved++;
          this.firstOdd ??= { line, value: cell };
        }
        row[names[c]!] = cell === 'OBS';
        continue;
      }
      if (cell === '') {
        row[names[c]!] = null;
        continue;
      }
      const conv = converters[c];
      row[names[c]!] = conv ? conv(cell, r - 1) : this.intern(cell);
    }
    if (this.packer) this.packer.add(row);
    else this.rows.push(row);
  }
}

/** A header cell holding a repair mark cannot name its column: the file is refused. */
function refuseMarkedHeader(file: string, rawHeader: string[]): void {
  const bad = rawHeader.find((h) => h.includes(QUOTE_MARK) || h.includes(UTF8_MARK));
  if (bad !== undefined)
    throw dataError(
      file,
      1,
      undefined,
      `the header cannot be read: ${bad.includes(UTF8_MARK) ? 'not valid UTF-8' : 'malformed quoting'}`,
    );
}

/** Takes the repair marks out of a record's cells, recording each as a fault of its column. */
function unmark(rec: string[], row: number, names: readonly string[], table: TableName, faults: RowFault[]): void {
  for (let c = 0; c < rec.length; c++) {
    const cell = rec[c]!;
    if (!cell.includes(QUOTE_MARK) && !cell.includes(UTF8_MARK)) continue;
    const column = names[c] || `#${c + 1}`;
    if (cell.includes(QUOTE_MARK))
      faults.push({
        table,
        row,
        column,
        message:
          'malformed quoting: a quoted field is followed by other characters before the next comma (the cell is ' +
          'read as written)',
      });
    if (cell.includes(UTF8_MARK))
      faults.push({ table, row, column, message: 'not valid UTF-8 (the bad bytes read as U+FFFD)' });
    rec[c] = cell.replaceAll(QUOTE_MARK, '').replaceAll(UTF8_MARK, '');
  }
}

/**
 * One CSV file read as its bytes arrive (`push`, in pieces of any size), record by record;
 * `finish` gives the table or throws what refuses the file, exactly as `parseTable` of the
 * whole file would.
 *
 * A file whose bytes are not all UTF-8 or whose quoting papaparse reports wrong is the rare
 * case where a row must be repaired (repair.ts), which works on the whole file: the streamed
 * reading stops there and is dropped (rows, faults, warnings), and `finish` reads the bytes
 * `whole` gives through parseTable. So a clean file is never held whole, and a broken one
 * costs one copy of itself. `whole` is called only from `finish`, after the caller has checked
 * the pieces (an archive entry's CRC), so a damaged entry is refused as such first.
 */
export class TableReader {
  readonly push: (bytes: Uint8Array, final: boolean) => void;
  readonly finish: () => ParsedTable;

  /** `pack`: the rows go into a RowPacker as they are read, and no row object outlives its record. */
  constructor(file: string, spec: TableSpec, warnings: LoadWarning[], whole: () => Uint8Array, pack = false) {
    const pass = readPass(file, spec, pack, false, false);
    const slicer = new TextSlicer();
    let notUtf8 = false;
    this.push = (bytes, final) => {
      // Once stopped, the rest is not even decoded: a refusal stands, and a repair rereads it all.
      if (notUtf8 || pass.stopped()) return;
      if (!slicer.push(bytes, final, pass.text)) {
        notUtf8 = true;
        return;
      }
      if (final) pass.end();
    };
    this.finish = () => {
      if (notUtf8 || pass.broken()) return parseTable(whole(), file, spec, warnings, pack);
      return pass.finish(warnings);
    };
  }
}

/**
 * A whole file's bytes → its rows. A row with bytes that are not UTF-8 or a badly quoted field
 * is a bad row, not a bad file: repairRows marks it, and the marks become faults.
 */
export function parseTable(
  bytes: Uint8Array,
  file: string,
  spec: TableSpec,
  warnings: LoadWarning[],
  pack = false,
): ParsedTable {
  const repaired = repairRows(bytes, isUtf8(bytes));
  const pass = readPass(file, spec, pack, true, repaired.marked);
  // Repaired bytes are UTF-8 throughout.
  new TextSlicer().push(repaired.bytes, true, pass.text);
  pass.end();
  return pass.finish(warnings);
}
