/** The access log's batches (logging.ts LineBatch): lines out as UTF-8 bytes, in order, whole. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LineBatch } from '../src/logging.js';

function collected(batchBytes: number) {
  const batches: Buffer[] = [];
  const copies: Buffer[] = [];
  const batch = new LineBatch((b) => {
    batches.push(b);
    copies.push(Buffer.from(b));
  }, batchBytes);
  return { batch, batches, copies };
}

describe('LineBatch', () => {
  it('holds lines until the batch is full, then hands them over in one piece', () => {
    const { batch, batches } = collected(64);
    batch.write('{"a":1}\n');
    batch.write('{"é":"ü"}\n');
    expect(batches).toHaveLength(0);
    batch.flushSync();
    expect(batches.map((b) => b.toString('utf8'))).toEqual(['{"a":1}\n{"é":"ü"}\n']);
    // Nothing pending: no empty batch.
    batch.flushSync();
    expect(batches).toHaveLength(1);
    batch.write('x'.repeat(64));
    expect(batches).toHaveLength(2);
  });

  it('a line longer than a whole batch goes out alone, after what was pending', () => {
    const { batch, batches } = collected(16);
    batch.write('short\n');
    const long = `${'ü'.repeat(10_000)}\n`;
    batch.write(long);
    expect(batches.map((b) => b.toString('utf8'))).toEqual(['short\n', long]);
  });

  it('any lines come out as their UTF-8 bytes, in order, and a batch handed over never changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 300 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 2048 }),
        (lines, size) => {
          const { batch, batches, copies } = collected(size);
          for (const l of lines) batch.write(`${l}\n`);
          batch.flushSync();
          expect(Buffer.concat(batches).toString('utf8')).toBe(lines.map((l) => `${l}\n`).join(''));
          // `out` may keep what it was given: later lines never write over it.
          batches.forEach((b, i) => expect(b.equals(copies[i]!)).toBe(true));
          for (const b of batches) expect(b.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
