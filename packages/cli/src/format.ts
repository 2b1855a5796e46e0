/**
 * Human output: text tables that fit the terminal, key/value blocks, times in one format and
 * colour on a terminal only.
 */
import pc from 'picocolors';
import { tryParseDay } from '@openbell/core/params';

export type Cell = string | number | boolean | null | undefined;

type Colors = ReturnType<typeof pc.createColors>;

/** Where and how human output is written: its width in columns and its colours (or none). */
export interface Out {
  width: number;
  color: Colors;
}

/**
 * Colour when stdout is a terminal (and TERM is not `dumb`), or when FORCE_COLOR asks for it;
 * never under NO_COLOR (https://no-color.org: set and not empty), which wins over FORCE_COLOR.
 */
export function colorWanted(env: NodeJS.ProcessEnv = process.env, isTTY = Boolean(process.stdout.isTTY)): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

/** 80 columns, or the terminal's width when stdout is a wider terminal. */
export function outputWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number {
  return stream.isTTY && stream.columns && stream.columns > 80 ? stream.columns : 80;
}

export function outputFor(env: NodeJS.ProcessEnv = process.env, stream: NodeJS.WriteStream = process.stdout): Out {
  return { width: outputWidth(stream), color: pc.createColors(colorWanted(env, Boolean(stream.isTTY))) };
}

/** Plain output: 80 columns, no colour (tests and callers without a terminal). */
export const PLAIN: Out = { width: 80, color: pc.createColors(false) };

/** Booleans read `yes`/`no`; so do the data's `Yes`/`No` words (a holiday's settlement). */
export function text(c: Cell): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'boolean') return c ? 'yes' : 'no';
  if (c === 'Yes' || c === 'No') return c.toLowerCase();
  return String(c);
}

/** Green for open, red for closed; other words as they are. */
export function statusColor(out: Out, s: string): string {
  if (s === 'Open' || s === 'yes') return out.color.green(s);
  if (s === 'Closed' || s === 'no') return out.color.red(s);
  if (s.startsWith('error')) return out.color.red(s);
  return s;
}

/** A column of a table. */
export interface Column {
  header: string;
  /** May be shortened (cut with `…`) down to `min` characters when the table is too wide. */
  flex?: boolean;
  min?: number;
  /** May be left out when the table is too wide: the lowest `drop` goes first. */
  drop?: number;
  /** Styles a cell (the text as shown, before padding). */
  style?: (s: string) => string;
}

const SEP = 2;

/** A line cut to `w` characters (`…` at the end) when longer. */
/**
 * `text` wrapped at word boundaries to `width` columns, every line after `indent` (a word longer than a line stays
 * whole).
 */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + w.length > width) {
      lines.push(indent + line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(indent + line);
  return lines;
}

export function fitLine(s: string, w: number): string {
  return cut(s, w);
}

function cut(s: string, w: number): string {
  if (s.length <= w) return s;
  return w <= 1 ? s.slice(0, w) : `${s.slice(0, w - 1)}…`;
}

/**
 * Columns padded to their widest cell (the last one not padded), within `out.width`
 * characters. Columns that may be dropped are left out when empty. When too wide, flexible
 * columns are shortened down to their minimum if that is enough, else droppable columns are
 * left out (lowest `drop` first) one by one, and as a last resort flexible columns are cut to their header and the
 * lines
 * to the width. A line never exceeds the width.
 */
export function table(spec: (string | Column)[], rows: Cell[][], out: Out = PLAIN): string {
  const cols: Column[] = spec.map((c) => (typeof c === 'string' ? { header: c } : c));
  const cells = rows.map((r) => cols.map((_, i) => text(r[i])));
  let shown = cols.map((_, i) => i);
  const natural = (i: number) => Math.max(cols[i]!.header.length, ...cells.map((r) => r[i]!.length));
  const total = (ws: number[]) => ws.reduce((a, b) => a + b, 0) + SEP * Math.max(0, ws.length - 1);
  const minOf = (i: number) =>
    cols[i]!.flex ? Math.min(natural(i), Math.max(cols[i]!.min ?? 10, cols[i]!.header.length)) : natural(i);
  const droppable = () => shown.filter((i) => cols[i]!.drop !== undefined);

  // A droppable column with nothing in it is left out.
  shown = shown.filter((i) => cols[i]!.drop === undefined || cells.some((r) => r[i] !== ''));
  // When even the columns that cannot go do not fit cut to their floors, lines would be cut
  // and columns that tell rows apart hidden behind it: one record a block instead.
  const kept = shown.filter((i) => cols[i]!.drop === undefined);
  if (total(kept.map((i) => (cols[i]!.flex ? cols[i]!.header.length : natural(i)))) > out.width)
    return vertical(
      kept.map((i) => cols[i]!.header),
      cells.map((r) => kept.map((i) => r[i]!)),
      out,
    );
  let widths = shown.map(natural);
  if (total(widths) > out.width) {
    for (;;) {
      widths = shown.map(natural);
      if (total(widths) <= out.width) break;
      if (total(shown.map(minOf)) <= out.width || droppable().length === 0) {
        // Shorten the widest flexible column one character at a time (down to its minimum,
        // or to its header when even the minimums do not fit).
        const floor =
          total(shown.map(minOf)) <= out.width
            ? minOf
            : (i: number) => (cols[i]!.flex ? cols[i]!.header.length : natural(i));
        for (;;) {
          if (total(widths) <= out.width) break;
          let k = -1;
          shown.forEach((i, j) => {
            if (widths[j]! > floor(i) && (k < 0 || widths[j]! > widths[k]!)) k = j;
          });
          if (k < 0) break;
          widths[k]!--;
        }
        break;
      }
      const victim = droppable().sort((a, b) => cols[a]!.drop! - cols[b]!.drop!)[0]!;
      shown = shown.filter((i) => i !== victim);
    }
  }

  const line = (r: string[], style?: (j: number, s: string) => string) =>
    r
      .map((c, j) => {
        const s = cut(c, widths[j]!);
        const styled = style && s ? style(j, s) : s;
        return j === r.length - 1 ? styled : styled + ' '.repeat(Math.max(0, widths[j]! - s.length));
      })
      .join(' '.repeat(SEP))
      .trimEnd();
  // A line still too wide (the last resort) is cut, without styles.
  const emit = (r: string[], style?: (j: number, s: string) => string) => {
    const plain = line(r);
    if (plain.length > out.width) return cut(plain, out.width);
    return style ? line(r, style) : plain;
  };
  const headers = shown.map((i) => cols[i]!.header);
  return [
    emit(headers, (_, s) => out.color.bold(s)),
    emit(
      widths.map((w) => '-'.repeat(w)),
      (_, s) => out.color.dim(s),
    ),
    ...cells.map((r) =>
      emit(
        shown.map((i) => r[i]!),
        (j, s) => cols[shown[j]!]!.style?.(s) ?? s,
      ),
    ),
  ].join('\n');
}

/** Rows too wide for a table: one block of `Header  value` lines a row, a blank line between. */
export function vertical(headers: string[], rows: string[][], out: Out = PLAIN): string {
  return rows
    .map((r) =>
      keyValues(
        headers.map((h, i): [string, Cell] => [h, r[i]!]),
        out,
      ),
    )
    .join('\n\n');
}

/** A note under a table (`(times in …)`), folded to the width, dim on a terminal. */
export function note(out: Out, s: string): string {
  return fold(s, out.width)
    .map((l) => out.color.dim(l))
    .join('\n');
}

/**
 * `key  value` lines, keys aligned; null values are left out. A value too long for the width
 * continues on the next lines, under itself.
 */
export function keyValues(
  pairs: [string, Cell][],
  out: Out = PLAIN,
  styles: Record<string, (s: string) => string> = {},
): string {
  const shown = pairs.filter(([, v]) => v !== null && v !== undefined && v !== '');
  const width = Math.max(...shown.map(([k]) => k.length));
  const room = Math.max(20, out.width - width - SEP);
  return shown
    .map(([k, v]) => {
      const value = text(v);
      // A word longer than the room beside the key (a version's hash) goes whole on the lines
      // below, indented two: cut only when even the width cannot hold it.
      if (value.split(/\s+/).some((w) => w.length > room)) {
        const below = fold(value, Math.max(20, out.width - SEP));
        const first = styles[k] ? styles[k]!(below[0]!) : below[0]!;
        return [out.color.bold(k), `  ${first}`, ...below.slice(1).map((l) => `  ${l}`)].join('\n');
      }
      const lines = fold(value, room);
      const first = styles[k] ? styles[k]!(lines[0]!) : lines[0]!;
      return [
        `${out.color.bold(k.padEnd(width))}  ${first}`,
        ...lines.slice(1).map((l) => `${' '.repeat(width + SEP)}${l}`),
      ].join('\n');
    })
    .join('\n');
}

/** Words into lines of at most `w` characters (a longer word is cut into pieces). */
function fold(s: string, w: number): string[] {
  if (s.length <= w) return [s];
  const lines: string[] = [];
  let cur = '';
  for (let word of s.split(/\s+/)) {
    while (word.length > w) {
      if (cur) {
        lines.push(cur);
        cur = '';
      }
      lines.push(word.slice(0, w));
      word = word.slice(w);
    }
    if (!cur) cur = word;
    else if (cur.length + 1 + word.length <= w) cur += ` ${word}`;
    else {
      lines.push(cur);
      cur = word;
    }
  }
  if (cur) lines.push(cur);
  return lines;
}

/** `09:30:00` → `09:30`, `14:59:30` → `14:59:30`: seconds only when they are not zero, everywhere. */
export function hhmm(time: string): string {
  const m = /^(\d{2}:\d{2})(:\d{2})?/.exec(time);
  if (!m) return time;
  return `${m[1]}${m[2] && m[2] !== ':00' ? m[2] : ''}`;
}

/** A served date-time's local date and wall time (`2023-11-15T09:30:00-05:00` → `2023-11-15`, `09:30:00`). */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)/;

/** `2023-11-15T09:30:00-05:00` → `2023-11-15 09:30` (the market's own wall clock, as served). */
export function localTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = LOCAL_DATE_TIME.exec(iso);
  if (!m) return iso;
  return `${m[1]} ${hhmm(m[2]!)}`;
}

/**
 * The wall-clock time of a date-time served in the market's zone, as `HH:MM` (`HH:MM:SS` when
 * the seconds are not zero), with `-1d`/`+1d` when it falls on another date than `date` (an
 * overnight session that opened the evening before).
 */
export function clock(iso: string | null | undefined, date: string): string {
  if (!iso) return '';
  const m = LOCAL_DATE_TIME.exec(iso);
  const served = m ? tryParseDay(m[1]!) : undefined;
  const asked = tryParseDay(date);
  if (!m || served === undefined) return iso;
  const time = hhmm(m[2]!);
  const shift = asked === undefined ? 0 : served - asked;
  return shift ? `${time} ${shift > 0 ? '+' : ''}${shift}d` : time;
}

/** The local date of a served date-time (`2023-11-15T09:30:00-05:00` → `2023-11-15`). */
export function dateOf(iso: string): string {
  return iso.slice(0, 10);
}
