/** Range requests on the published archive: one `bytes=` range, or the whole file. */

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * A single `bytes=` range against a file of `size` bytes: {start, end} (inclusive),
 * 'unsatisfiable', or null to answer the whole file (no header, malformed, other unit or
 * several ranges).
 */
// Kept by hand: range-parser 1.3 answers 416 where RFC 9110 serves the file (a suffix longer
// than the file, a reversed range), and range-parser 2 needs Node 22.
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  if (b !== '' && Number(b) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  return { start, end };
}
