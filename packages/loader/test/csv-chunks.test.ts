import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTable, rowShape, SPEC_BY_FILE, TableReader, textChunks } from '../src/csv.js';
import { repairRows } from '../src/repair.js';

const enc = new TextEncoder();
/** What the whole-file reading gave: decoded, without the mark, line endings as LF. */
const whole = (bytes: Uint8Array) =>
  new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');

describe('textChunks', () => {
  it('gives the whole text with LF line endings, however the bytes are sliced', () => {
    const piece = fc.constantFrom('a', 'é', '€', '𝄞', '\r', '\n', '\r\n', ',', '"', 'OBS', '2024-01-02');
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(piece, { maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        (bom, pieces, size) => {
          const bytes = enc.encode((bom ? '\uFEFF' : '') + pieces.join(''));
          const chunks = [...textChunks(bytes, size)];
          expect(chunks.join('')).toBe(whole(bytes));
          // A line ending is never split (a lone \r at a slice end would read as two endings).
          for (const c of chunks) expect(c.includes('\r')).toBe(false);
        },
      ),
    );
  });

  it('yields one empty slice for an empty file', () => {
    expect([...textChunks(new Uint8Array(0))]).toEqual(['']);
  });
});

describe('parseTable over slices', () => {
  const spec = SPEC_BY_FILE.get('holidays.csv')!;
  it('reads the same rows whatever the slice size (records and quoted fields split across slices)', () => {
    const cell = fc.constantFrom('x', 'Holiday, "quoted"', 'Né\r\nline', '', 'OBS');
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 20 }), (rows) => {
        const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
        const text =
          'FinID,Date,Holiday Name,Memo\r\n' +
          rows.map(([a, b]) => `M1,2024-01-02,${q(a)},${q(b)}`).join('\r\n') +
          '\r\n';
        const bytes = enc.encode(text);
        const parsed = parseTable(bytes, 'csv/holidays.csv', spec, []);
        expect(parsed.rows).toEqual(
          rows.map(([a, b]) => ({
            fin_id: 'M1',
            date: '2024-01-02',
            holiday_name: a.replace(/\r\n/g, '\n') || null,
            memo: b.replace(/\r\n/g, '\n') || null,
          })),
        );
      }),
      { numRuns: 50 },
    );
  });

  it('reads the same rows, faults and warnings when the bytes arrive in pieces (as inflated from the archive)', () => {
    const cell = fc.constantFrom('x', 'Holiday, "quoted"', 'Né\r\nline', '', 'OBS', 'obs', '2024-02-30', '𝄞');
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.tuple(cell, cell, cell), { minLength: 0, maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 6 }),
        (bom, rows, cuts) => {
          const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
          const text =
            (bom ? '\uFEFF' : '') +
            'FinID,Date,Holiday Name,Observed,\r\n' +
            rows.map(([a, b, c]) => `M1,${b},${q(a)},${c},${q(c)}`).join('\r\n');
          const bytes = enc.encode(text);
          const wholeWarnings: unknown[] = [];
          const expected = parseTable(bytes, 'csv/holidays.csv', spec, wholeWarnings);
          const warnings: unknown[] = [];
          let wholeReads = 0;
          const reader = new TableReader('csv/holidays.csv', spec, warnings as never, () => (wholeReads++, bytes));
          const at = [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b);
          let from = 0;
          for (const c of at) {
            reader.push(bytes.subarray(from, c), false);
            from = c;
          }
          reader.push(bytes.subarray(from), true);
          expect(reader.finish()).toEqual(expected);
          expect(warnings).toEqual(wholeWarnings);
          // A clean file is never asked for whole.
          expect(wholeReads).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it(
    'reads a file with a row to repair (bad quoting, bytes not UTF-8) as parseTable of the whole file, from one ' +
      'whole copy',
    () => {
      // Cells as written, unquoted: some are badly quoted, some hold bytes that are not UTF-8.
      const raw = fc.constantFrom<(number[] | string)[]>(
        ['x'],
        ['"Coronation" of King'],
        ['"ok"'],
        ['a', [0xff], 'b'],
        [[0xe2, 0x82]],
        ['"unterminated'],
        ['"a""b"c'],
        ['Né'],
      );
      const piece = (p: number[] | string) => (typeof p === 'string' ? [...enc.encode(p)] : p);
      fc.assert(
        fc.property(
          fc.array(fc.tuple(raw, raw), { minLength: 1, maxLength: 12 }),
          fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 6 }),
          (rows, cuts) => {
            const lines = [
              [...enc.encode('FinID,Date,Holiday Name,Memo')],
              ...rows.map(([a, b]) => [
                ...enc.encode('M1,2024-01-02,'),
                ...a.flatMap(piece),
                0x2c,
                ...b.flatMap(piece),
              ]),
            ];
            const bytes = Uint8Array.from(lines.flatMap((l) => [...l, 0x0d, 0x0a]));
            const outcome = (read: (warnings: unknown[]) => unknown) => {
              const warnings: unknown[] = [];
              try {
                return { table: read(warnings), warnings };
              } catch (e) {
                return { error: (e as Error).message };
              }
            };
            const expected = outcome((w) => parseTable(bytes, 'csv/holidays.csv', spec, w as never));
            let wholeReads = 0;
            const got = outcome((w) => {
              const reader = new TableReader('csv/holidays.csv', spec, w as never, () => (wholeReads++, bytes.slice()));
              let from = 0;
              for (const c of [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b)) {
                reader.push(bytes.subarray(from, c), false);
                from = c;
              }
              reader.push(bytes.subarray(from), true);
              return reader.finish();
            });
            expect(got).toEqual(expected);
            expect(wholeReads).toBeLessThanOrEqual(1);
            const clean = rows.every(([a, b]) =>
              [a, b].every((cell) =>
                cell.every((p) => typeof p === 'string' && (p === 'x' || p === 'Né' || p === '"ok"')),
              ),
            );
            if (clean) expect(wholeReads).toBe(0);
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it('names the line of a bad record after a slice boundary', () => {
    const lines = ['FinID,Date'];
    for (let i = 0; i < 20000; i++) lines.push(`M1,2024-01-${String((i % 28) + 1).padStart(2, '0')}`);
    lines.push('M1,2024-02-30');
    const parsed = parseTable(enc.encode(lines.join('\n')), 'csv/holidays.csv', spec, []);
    expect(parsed.rows).toHaveLength(20001);
    expect(parsed.faults).toEqual([
      { table: 'holidays', row: 20000, column: 'date', message: "expected a date YYYY-MM-DD, got '2024-02-30'" },
    ]);
  });
});

describe('repairRows', () => {
  it('leaves well-formed CSV byte for byte as it is', () => {
    const cell = fc.constantFrom('x', 'a"b', 'Holiday, "quoted"', 'Né\r\nline', '', ' ', '"');
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.array(fc.tuple(cell, fc.boolean()), { minLength: 1, maxLength: 4 }), { maxLength: 10 }),
        (bom, rows) => {
          // A cell with a quote, comma or line end must be quoted; others may be.
          const write = ([c, quote]: [string, boolean]) =>
            quote || /[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c;
          const bytes = enc.encode((bom ? '\uFEFF' : '') + rows.map((r) => r.map(write).join(',')).join('\r\n'));
          expect(repairRows(bytes, true)).toEqual({ bytes, marked: false });
        },
      ),
    );
  });

  it('marks each invalid UTF-8 sequence once, as TextDecoder replaces it', () => {
    const bytes = Uint8Array.from([0x61, 0xe9, 0x62, 0xe2, 0x82, 0x63, 0xf0, 0x9f, 0x98, 0x80, 0xff]);
    const out = new TextDecoder().decode(repairRows(bytes, false).bytes);
    expect(out.replaceAll('\uFDD1', '')).toBe(new TextDecoder().decode(bytes));
    expect(out.split('\uFDD1')).toHaveLength(4);
  });
});

describe('rowShape', () => {
  it('is a template whose copies hold exactly the columns', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z0-9_]{1,12}$/), { maxLength: 30 }), (cols) => {
        const row = { ...rowShape(cols) };
        expect(Object.keys(row)).toEqual(Object.keys(Object.fromEntries(cols.map((c) => [c, null]))));
        expect(Object.values(row).every((v) => v === null)).toBe(true);
      }),
    );
  });
});
