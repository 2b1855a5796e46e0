/** The access log's batches (logging.ts LineBatch): lines out as UTF-8 bytes, in order, whole. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { infoLineText, LineBatch, writeInfoLine, type InfoLine } from '../src/logging.js';

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

describe('access lines written in place', () => {
  const json = (s: string) => JSON.stringify(s);
  const fields = fc.record({
    time: fc.integer({ min: 0, max: 4_102_444_800_000 }),
    // Two loggers' own fields: the line keeps the last one's bytes, and must notice a change.
    own: fc.constantFrom(
      `,${JSON.stringify({ pid: 4242, hostname: 'höst', name: 'openbell' }).slice(1, -1)}`,
      `,${JSON.stringify({ pid: 4243, hostname: 'host', name: 'openbell' }).slice(1, -1)}`,
    ),
    id: fc.nat(),
    method: fc.constantFrom('GET', 'HEAD', 'POST').map(json),
    url: fc.string({ unit: 'binary', maxLength: 200 }).map((u) => json(`/markets${u}`)),
    remote: fc.oneof(
      fc.constant(''),
      fc.ipV4().map((a) => `,"remoteAddress":${json(a)}`),
    ),
    status: fc.integer({ min: 100, max: 499 }),
    ms: fc.nat({ max: 99_999 }).map((t) => `${(t / 10) | 0}.${t % 10}`),
  });

  it('are byte for byte the line as text, whatever the URL holds, and a JSON object of the fields', () => {
    fc.assert(
      fc.property(fc.array(fields, { minLength: 1, maxLength: 20 }), fc.integer({ min: 64, max: 4096 }), (fs, size) => {
        const { batch, batches } = collected(size);
        for (const f of fs) writeInfoLine(batch, f);
        batch.flushSync();
        const text = fs.map(infoLineText).join('');
        expect(Buffer.concat(batches).equals(Buffer.from(text, 'utf8'))).toBe(true);
        const first = JSON.parse(text.slice(0, text.indexOf('\n'))) as { req: unknown; msg: string };
        const f = fs[0]! as InfoLine;
        expect(first.req).toMatchObject({ id: f.id, method: JSON.parse(f.method), url: JSON.parse(f.url) });
        expect(first.msg).toBe(`${JSON.parse(f.method)} ${JSON.parse(f.url)} ${f.status} ${f.ms}ms`);
      }),
    );
  });

  it('a line too long for any batch is written whole all the same', () => {
    const { batch, batches } = collected(64);
    const f: InfoLine = {
      time: 1,
      own: '',
      id: 1,
      method: '"GET"',
      url: json(`/x?q=${'ü'.repeat(500)}`),
      remote: '',
      status: 200,
      ms: '0.1',
    };
    writeInfoLine(batch, f);
    batch.flushSync();
    expect(Buffer.concat(batches).toString('utf8')).toBe(infoLineText(f));
  });
});
