/** Human output: aligned text tables and key/value blocks. */

export type Cell = string | number | boolean | null | undefined;

function text(c: Cell): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'boolean') return c ? 'yes' : 'no';
  return String(c);
}

/** Columns padded to their widest cell; the last column is not padded. */
export function table(headers: string[], rows: Cell[][]): string {
  const cells = rows.map((r) => r.map(text));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** `key  value` lines, keys aligned; null values are left out. */
export function keyValues(pairs: [string, Cell][]): string {
  const shown = pairs.filter(([, v]) => v !== null && v !== undefined && v !== '');
  const width = Math.max(...shown.map(([k]) => k.length));
  return shown.map(([k, v]) => `${k.padEnd(width)}  ${text(v)}`).join('\n');
}

/** `2023-11-15T09:30:00-05:00` → `2023-11-15 09:30` (the market's own wall clock, as served). */
export function localTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?/.exec(iso);
  if (!m) return iso;
  return `${m[1]} ${m[2]}${m[3] && m[3] !== ':00' ? m[3] : ''}`;
}
