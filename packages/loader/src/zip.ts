/**
 * A defensive ZIP reader for untrusted archives. The central directory is read here (names,
 * declared sizes, offsets); only the entries the caller asks for are inflated, with fflate's
 * streaming `Inflate`, in small input chunks so that output is counted as it is produced:
 * an entry that inflates past its declared size or past the archive-wide cap fails at once
 * (`too_large`) instead of filling memory. Each inflated piece goes to the caller as it comes
 * (an entry is never held whole); CRC-32 is checked for every entry once it is inflated, so a
 * caller defers what it makes of the pieces until `inflateEntry` returns.
 */
import { Inflate } from 'fflate';
import { LoaderError } from './errors.js';

export interface ZipEntry {
  /** Name as stored, with `\` turned into `/`. */
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localHeaderOffset: number;
  flags: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

function invalid(message: string, cause?: unknown): LoaderError {
  return new LoaderError('archive_invalid', message, cause === undefined ? {} : { cause });
}

/** True when `name` is absolute or climbs out of the archive root. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((seg) => seg === '..');
}

/** Lists the entries of the central directory; refuses archives that are not ZIPs or are cut short. */
export function readCentralDirectory(data: Uint8Array): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const len = data.length;
  if (len < 22) throw invalid(`not a ZIP archive (only ${len} bytes)`);
  let eocd = -1;
  const stop = Math.max(0, len - 22 - 0xffff);
  for (let p = len - 22; p >= stop; p--) {
    if (view.getUint32(p, true) === EOCD_SIG) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) {
    const looksZip = len >= 4 && view.getUint32(0, true) === LOC_SIG;
    throw invalid(
      looksZip ? 'the ZIP archive is truncated or damaged (no end of central directory record)' : 'not a ZIP archive',
    );
  }
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff)
    throw invalid('ZIP64 archives are not supported');
  if (cdOffset + cdSize > eocd)
    throw invalid('the ZIP archive is truncated or damaged (central directory out of range)');
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CEN_SIG)
      throw invalid('the ZIP archive is damaged (bad central directory entry)');
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const crc = view.getUint32(p + 16, true);
    let compressedSize = view.getUint32(p + 20, true);
    let size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    let localHeaderOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLen + extraLen + commentLen > eocd)
      throw invalid('the ZIP archive is damaged (central directory entry out of range)');
    const name = decoder.decode(data.subarray(p + 46, p + 46 + nameLen)).replace(/\\/g, '/');
    // ZIP64 extra field: the 64-bit values appear in this order for the fields set to 0xFFFFFFFF.
    if (size === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      let q = p + 46 + nameLen;
      const end = q + extraLen;
      let found = false;
      while (q + 4 <= end) {
        const id = view.getUint16(q, true);
        const sz = view.getUint16(q + 2, true);
        if (id === 0x0001) {
          let r = q + 4;
          const read64 = () => {
            const v = Number(view.getBigUint64(r, true));
            r += 8;
            return v;
          };
          if (size === 0xffffffff) size = read64();
          if (compressedSize === 0xffffffff) compressedSize = read64();
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = read64();
          found = true;
          break;
        }
        q += 4 + sz;
      }
      if (!found) throw invalid(`the ZIP archive is damaged (entry ${name} lacks its ZIP64 sizes)`);
    }
    entries.push({ name, method, compressedSize, size, crc, localHeaderOffset, flags });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

let crcTable: Int32Array | undefined;
/** The running CRC-32 `c` (start with -1) over `data` more; the checksum is `(c ^ -1) >>> 0`. */
function crc32Update(c: number, data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let k = n;
      for (let b = 0; b < 8; b++) k = k & 1 ? 0xedb88320 ^ (k >>> 1) : k >>> 1;
      crcTable[n] = k;
    }
  }
  const t = crcTable;
  for (let i = 0; i < data.length; i++) c = t[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return c;
}

/**
 * Compressed bytes fed to the inflater at a time. Deflate expands at most ~1032:1, so one push
 * yields ≤ ~8 MiB; a CSV's ~10:1 gives pieces of ~80 KiB, which the allocator reuses: 64 KiB
 * pushes gave pieces (and fflate's doubling output buffers) of up to 1 MiB that left ~20 MiB
 * more resident after a load.
 */
const CHUNK = 8 * 1024;

/**
 * Inflates one entry, handing each piece to `onData` as it is produced (`final` on the last,
 * which may be empty); returns how many bytes it produced. `budget` is how many bytes the
 * whole archive may still produce; the entry may not produce more than that, nor more than it
 * declared. Throws archive_invalid or too_large, after which the pieces given are worthless.
 */
export function inflateEntry(
  data: Uint8Array,
  entry: ZipEntry,
  budget: number,
  capLabel: string,
  onData: (piece: Uint8Array, final: boolean) => void,
): number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const h = entry.localHeaderOffset;
  if (h + 30 > data.length || view.getUint32(h, true) !== LOC_SIG) {
    throw invalid(`the ZIP archive is truncated or damaged (no local header for ${entry.name})`);
  }
  const start = h + 30 + view.getUint16(h + 26, true) + view.getUint16(h + 28, true);
  const end = start + entry.compressedSize;
  if (end > data.length) throw invalid(`the ZIP archive is truncated (${entry.name} is cut short)`);
  const tooLarge = () =>
    new LoaderError(
      'too_large',
      `${entry.name} inflates to more than ` +
        `${entry.size > budget ? capLabel : `its declared ${entry.size} bytes`}; refusing the archive`,
      { file: entry.name },
    );
  let crc = -1;
  let written = 0;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size)
      throw invalid(`the ZIP archive is damaged (stored entry ${entry.name} has inconsistent sizes)`);
    if (entry.size > budget) throw tooLarge();
    let p = start;
    do {
      const q = Math.min(end, p + CHUNK);
      const piece = data.subarray(p, q);
      crc = crc32Update(crc, piece);
      onData(piece, q === end);
      p = q;
    } while (p < end);
    written = entry.size;
  } else if (entry.method === 8) {
    const limit = Math.min(entry.size, budget);
    let done = false;
    const inflater = new Inflate((piece, final) => {
      if (written + piece.length > limit) throw tooLarge();
      written += piece.length;
      crc = crc32Update(crc, piece);
      if (final) done = true;
      onData(piece, final);
    });
    try {
      for (let p = start; p < end; p += CHUNK) {
        const q = Math.min(end, p + CHUNK);
        inflater.push(data.subarray(p, q), q === end);
      }
      if (start === end) inflater.push(new Uint8Array(0), true);
    } catch (e) {
      if (e instanceof LoaderError) throw e;
      throw invalid(`the ZIP archive is damaged: ${entry.name} does not inflate (${(e as Error).message})`, e);
    }
    if (!done || written !== entry.size)
      throw invalid(`the ZIP archive is damaged: ${entry.name} inflates to ${written} bytes, declared ${entry.size}`);
  } else {
    throw invalid(`${entry.name} uses an unsupported compression method (${entry.method})`);
  }
  if ((crc ^ -1) >>> 0 !== entry.crc) throw invalid(`the ZIP archive is damaged: CRC mismatch in ${entry.name}`);
  return written;
}

/**
 * An entry's bytes in one piece, for a reader that must see a whole file after a streamed
 * reading of it (a row to repair, csv.ts). The entry has been read once by inflateEntry, which
 * checked its size against the cap and its CRC, so it is inflated again to its declared size.
 */
export function extractEntry(data: Uint8Array, entry: ZipEntry): Uint8Array {
  const out = new Uint8Array(entry.size);
  let at = 0;
  inflateEntry(data, entry, entry.size, `its declared ${entry.size} bytes`, (piece) => {
    out.set(piece, at);
    at += piece.length;
  });
  return out;
}
