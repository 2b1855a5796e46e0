import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_ROWS, packRows, RowPacker, rowMaker, unpackAll, unpackRows } from '../src/packed.js';

const cell = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('M1.X', '2024-01-02', 'Closed'),
);
const key = fc.constantFrom('fin_id', 'date', 'memo', 'observed', 'row', 'column');
const rows = fc.array(fc.dictionary(key, cell), { maxLength: 40 });

describe('packRows / unpackRows', () => {
  it('round-trips rows of primitive cells, keys absent or present as they were', () => {
    fc.assert(
      fc.property(rows, (rs) => {
        // Through a structured clone, as between the worker and the main thread.
        const packed = structuredClone(packRows(rs));
        expect(unpackAll(packed)).toEqual(rs);
        for (const [i, r] of (unpackAll(packed) as object[]).entries())
          expect(Object.keys(r).sort()).toEqual(Object.keys(rs[i]!).sort());
      }),
    );
  });

  it('keeps one copy of each distinct value and one index per cell', () => {
    const rs = Array.from({ length: 1000 }, (_, i) => ({ fin_id: `M${i % 3}`, date: '2024-01-02', n: i % 2 }));
    const packed = packRows(rs);
    expect(packed.values.length).toBe(1 + 3 + 1 + 2);
    expect(packed.count * packed.columns.length).toBe(3000);
  });

  it('rows packed one at a time over several blocks come back as they were, each on demand', () => {
    const rs = Array.from({ length: 2 * BLOCK_ROWS + 7 }, (_, i) => ({
      fin_id: `M${i % 5}`,
      date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
      observed: i % 3 === 0,
      memo: i % 7 ? null : 'm',
    }));
    const packer = new RowPacker(['fin_id', 'date', 'observed', 'memo']);
    for (const r of rs) packer.add(r);
    const packed = structuredClone(packer.finish());
    expect(packed.blocks).toHaveLength(3);
    expect(unpackAll(packed)).toEqual(rs);
    const maker = rowMaker(packed);
    expect(maker.count).toBe(rs.length);
    expect(maker.row(BLOCK_ROWS + 1)).toEqual(rs[BLOCK_ROWS + 1]);
  });

  it('widens a block to 32 bits when the distinct values outgrow 16', () => {
    const rs = Array.from({ length: 70_000 }, (_, i) => ({ n: i, same: 'x' }));
    const packed = packRows(rs);
    expect(packed.blocks[0]).toBeInstanceOf(Uint16Array);
    expect(packed.blocks[packed.blocks.length - 1]).toBeInstanceOf(Uint32Array);
    expect(unpackAll(structuredClone(packed))).toEqual(rs);
  });

  it('pauses every `every` rows and appends in order', () => {
    const rs = Array.from({ length: 10 }, (_, i) => ({ a: i }));
    const out: unknown[] = [{ before: true }];
    let pauses = 0;
    const steps = unpackRows(packRows(rs), out, 3);
    while (!steps.next().done) pauses++;
    expect(pauses).toBe(3);
    expect(out).toEqual([{ before: true }, ...rs]);
  });

  it('refuses a cell that is an object', () => {
    expect(() => packRows([{ a: { b: 1 } }])).toThrow(TypeError);
  });
});
