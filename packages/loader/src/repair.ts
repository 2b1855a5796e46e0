/**
 * Bytes of a CSV file that one row gets wrong, made readable so that only that row is bad
 * (docs/bulk-format.md §5: refuse the archive only when it cannot be read as a whole).
 *
 * - A byte sequence that is not UTF-8 becomes U+FFFD (decoding with replacement).
 * - A quoted field followed by other characters before the next comma or line end
 *   (`"Coronation" of King,`) is re-quoted so that the cell holds its text as written and the
 *   record ends where its line ends. papaparse would instead read on to the next quote in the
 *   file, swallowing the lines in between.
 *
 * Each repair puts a mark in front of the cell's text, which the reader removes and reports as
 * a fault of that row and column. Marks are Unicode noncharacters, never found in vendor text.
 *
 * It works on a file's whole bytes, so the loader's streamed reading (TableReader in csv.ts)
 * comes here only for a file where it met bytes that are not UTF-8 or a quoting error: that
 * file is read again whole, the others never are.
 *
 * What is left alone, for the reader to refuse the file: a quote that is never closed, and a
 * malformed closing quote of a field that spans lines. There the end of the record cannot be
 * told: the quote may as well have been meant to open a field with a line break in it.
 */

/** Put in front of a cell whose quoting was repaired. */
export const QUOTE_MARK = '\uFDD0';
/** Put in front of a cell that held bytes that are not UTF-8. */
export const UTF8_MARK = '\uFDD1';

const QUOTE_MARK_BYTES = [0xef, 0xb7, 0x90];
const UTF8_MARK_BYTES = [0xef, 0xb7, 0x91];
const REPLACEMENT = [0xef, 0xbf, 0xbd];

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export interface Repaired {
  bytes: Uint8Array;
  /** Whether any mark was put in: only then do cells need looking at. */
  marked: boolean;
}

export function repairRows(bytes: Uint8Array, valid: boolean): Repaired {
  const utf8 = valid ? { bytes, marked: false } : replaceInvalid(bytes);
  const quotes = requote(utf8.bytes);
  return { bytes: quotes.bytes, marked: utf8.marked || quotes.marked };
}

/** Length of the valid UTF-8 sequence at `i`, or minus the length of its maximal invalid prefix. */
function sequenceAt(b: Uint8Array, i: number): number {
  const b0 = b[i]!;
  if (b0 < 0x80) return 1;
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) need = 1;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    need = 2;
    if (b0 === 0xe0) lo = 0xa0;
    if (b0 === 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    need = 3;
    if (b0 === 0xf0) lo = 0x90;
    if (b0 === 0xf4) hi = 0x8f;
  } else return -1;
  for (let k = 1; k <= need; k++) {
    const c = b[i + k];
    if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return -k;
  }
  return need + 1;
}

function replaceInvalid(bytes: Uint8Array): Repaired {
  const pieces: Uint8Array[] = [];
  let from = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = sequenceAt(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    pieces.push(bytes.subarray(from, i));
    // One replacement character per maximal invalid prefix, as TextDecoder does.
    pieces.push(Uint8Array.from([...UTF8_MARK_BYTES, ...REPLACEMENT]));
    i += -n;
    from = i;
  }
  pieces.push(bytes.subarray(from));
  return { bytes: Buffer.concat(pieces), marked: true };
}

function requote(bytes: Uint8Array): Repaired {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const pieces: Uint8Array[] = [];
  let from = 0;
  let at = start;
  for (;;) {
    const open = bytes.indexOf(QUOTE, at);
    if (open < 0) break;
    const before = open === start ? COMMA : bytes[open - 1];
    if (before !== COMMA && before !== LF && before !== CR) {
      at = open + 1; // a quote inside an unquoted field is text
      continue;
    }
    // The closing quote: a quote not doubled.
    let close = open + 1;
    for (;;) {
      close = bytes.indexOf(QUOTE, close);
      if (close < 0 || bytes[close + 1] !== QUOTE) break;
      close += 2;
    }
    if (close < 0) break; // never closed: the reader refuses the file
    let next = close + 1;
    while (bytes[next] === 0x20 || bytes[next] === 0x09) next++;
    const after = bytes[next];
    if (after === undefined || after === COMMA || after === LF || after === CR) {
      at = next;
      continue;
    }
    const field = bytes.subarray(open, close);
    if (field.includes(LF) || field.includes(CR)) break; // where the record ends cannot be told
    let end = next;
    while (end < bytes.length && bytes[end] !== COMMA && bytes[end] !== LF && bytes[end] !== CR) end++;
    pieces.push(bytes.subarray(from, open), quoted(bytes.subarray(open, end)));
    from = at = end;
  }
  if (pieces.length === 0) return { bytes, marked: false };
  pieces.push(bytes.subarray(from));
  return { bytes: Buffer.concat(pieces), marked: true };
}

/** `text` as one quoted field, marked: its quotes doubled, so the cell reads as written. */
function quoted(text: Uint8Array): Uint8Array {
  const out: number[] = [QUOTE, ...QUOTE_MARK_BYTES];
  for (const b of text) {
    out.push(b);
    if (b === QUOTE) out.push(QUOTE);
  }
  out.push(QUOTE);
  return Uint8Array.from(out);
}
