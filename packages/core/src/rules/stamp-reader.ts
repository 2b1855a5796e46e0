/**
 * Reading the timestamps of a series to check (docs/calendar-arithmetic.md §15) from a body fed
 * in pieces: a JSON array of strings, or lines (CSV or plain text) with a timestamp at the start
 * of each, a header line allowed. Each timestamp is handed on as it is read, so nothing but the
 * unfinished tail of a piece is kept.
 */
import { InvalidArgumentError, TooLargeError } from '../errors.js';
import { parseInstant } from '../params/values.js';

export type StampFormat = 'json' | 'lines';

/**
 * The form of a body: JSON for `application/json` (and `+json`), lines for `text/csv` and
 * `text/plain`; of any other type, or none (a file, `curl -d`'s form type), its first character
 * decides (`[` is JSON).
 */
export function stampFormat(type: string | null | undefined, first: string): StampFormat {
  const t = (type ?? '').split(';')[0]!.trim().toLowerCase();
  if (t === 'application/json' || t.endsWith('+json')) return 'json';
  if (t.startsWith('text/')) return 'lines';
  return first.trimStart().startsWith('[') ? 'json' : 'lines';
}

/** Receives each timestamp: epoch milliseconds and the text as given. */
export type StampSink = (ms: number, text: string) => void;

/** Refuses the body naming where it fails (`body`, as a 422's `loc`). */
function bad(msg: string): InvalidArgumentError {
  return InvalidArgumentError.one('body', msg, 'value_error');
}

function instantOf(text: string, where: string): number {
  try {
    return parseInstant(text, 'body');
  } catch {
    throw bad(
      `${where}: '${text.length > 80 ? `${text.slice(0, 80)}…` : text}' is not a timestamp (an ISO 8601 date-time ` +
        'with an offset or Z, such as 2024-01-02T09:30:00-05:00)',
    );
  }
}

export class StampReader {
  private tail = '';
  private line = 0;
  private index = 0;
  /** JSON: 0 before `[`, 1 expecting a string or `]`, 2 expecting `,` or `]`, 3 after `]`. */
  private state = 0;
  count = 0;

  constructor(
    private readonly format: StampFormat,
    private readonly sink: StampSink,
    private readonly limit = Number.POSITIVE_INFINITY,
    private readonly tooMany: () => Error = () =>
      new TooLargeError(`More than ${limit} timestamps: check a shorter series`, limit),
  ) {}

  feed(piece: string): void {
    if (this.format === 'lines') this.feedLines(piece);
    else this.feedJson(piece);
  }

  end(): void {
    if (this.format === 'lines') {
      if (this.tail.length > 0) this.takeLine(this.tail);
      this.tail = '';
      return;
    }
    if (this.tail.trim().length > 0 || this.state !== 3)
      throw bad(`The body is not a complete JSON array of timestamps (after item ${this.index})`);
  }

  private emit(ms: number, text: string): void {
    if (++this.count > this.limit) throw this.tooMany();
    this.sink(ms, text);
  }

  private feedLines(piece: string): void {
    const text = this.tail + piece;
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      this.takeLine(text.slice(from, nl));
      from = nl + 1;
    }
    this.tail = text.slice(from);
  }

  private takeLine(raw: string): void {
    this.line++;
    let end = raw.indexOf(',');
    if (end < 0) end = raw.length;
    let t = raw.slice(0, end).trim();
    if (t.length >= 2 && t.charCodeAt(0) === 34 && t.charCodeAt(t.length - 1) === 34) t = t.slice(1, -1).trim();
    if (t.length === 0) return;
    if (this.line === 1 && !/^\d/.test(t)) return; // a header line
    this.emit(instantOf(t, `Line ${this.line}`), t);
  }

  private feedJson(piece: string): void {
    const s = this.tail + piece;
    let i = 0;
    const n = s.length;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) {
        i++;
        continue;
      }
      if (this.state === 0) {
        if (c !== 91) throw bad('The body is not a JSON array of timestamps (it does not start with [)');
        this.state = 1;
        i++;
      } else if (this.state === 1 || this.state === 2) {
        if (c === 93) {
          if (this.state === 1 && this.index > 0) throw bad(`Item ${this.index}: a trailing comma before ]`);
          this.state = 3;
          i++;
        } else if (this.state === 2) {
          if (c !== 44) throw bad(`Item ${this.index - 1}: expected , or ] after it`);
          this.state = 1;
          i++;
        } else {
          if (c !== 34) throw bad(`Item ${this.index}: not a string (a timestamp is a JSON string)`);
          const close = s.indexOf('"', i + 1);
          if (close < 0) break; // the string continues in the next piece
          let text = s.slice(i + 1, close);
          if (text.includes('\\')) text = JSON.parse(`"${text}"`) as string;
          this.emit(instantOf(text, `Item ${this.index}`), text);
          this.index++;
          this.state = 2;
          i = close + 1;
        }
      } else throw bad('The body has something after the JSON array');
    }
    this.tail = s.slice(i);
  }
}
