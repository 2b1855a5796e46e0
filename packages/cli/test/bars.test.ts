/**
 * `openbell bars`, `bars-count` and `special-sessions`: the table for people, and JSON and CSV
 * that are the REST bodies, a year of one-minute bars included (written in pieces).
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { batched, queryPieces, writePieces } from '../src/commands/queries.js';
import { run } from './helpers.js';
import { sampleRest } from './sample-rest.js';

const { sample, text: restText } = await sampleRest();

describe.concurrent('openbell bars', () => {
  it('prints a table of session, start and end in the market zone, with a note', async () => {
    const r = await run(['bars', 'XNYS', '--start', '2023-11-24', '--end', '2023-11-24', '--period', '1h']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        'Date        Start  End',
        '----------  -----  -----',
        '2023-11-24  09:30  10:30',
        '2023-11-24  10:30  11:30',
        '2023-11-24  11:30  12:30',
        '2023-11-24  12:30  13:00',
        '(4 bars; times in America/New_York)',
        '',
      ].join('\n'),
    );
  });

  it('marks bars of an overnight session that start the evening before', async () => {
    const r = await run([
      'bars',
      'US.CME.EQUITY.USINDEX1',
      '--start',
      '2023-11-24',
      '--end',
      '2023-11-24',
      '--period',
      '4h',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[2]).toBe('2023-11-24  17:00 -1d  21:00 -1d');
    expect(lines.at(-1)).toMatch(/times in America\/Chicago; ±1d/);
  });

  it('--format csv and --json are the REST bodies, for a year of one-minute bars too', async () => {
    const q = 'start=2023-01-01&end=2023-12-31&period=1m';
    const args = ['bars', 'XNYS', '--start', '2023-01-01', '--end', '2023-12-31', '--period', '1m'];
    const [csv, json, restCsv, restJson] = await Promise.all([
      run([...args, '--format', 'csv']),
      run([...args, '--json']),
      restText(`/markets/XNYS/bars?${q}&format=csv`),
      restText(`/markets/XNYS/bars?${q}`),
    ]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe(restCsv);
    expect(csv.stdout.split('\r\n')).toHaveLength(97_140 + 2);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toBe(`${restJson}\n`);
  });

  it('refuses a bad period naming --period, and too many bars naming the count, exit 1', async () => {
    const bad = await run(['bars', 'XNYS', '--start', '2023-11-24', '--end', '2023-11-24', '--period', '5M']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/openbell: --period: Invalid period '5M'/);
    const many = await run([
      'bars',
      'US.CME.EQUITY.USINDEX1',
      '--start',
      '2020-01-01',
      '--end',
      '2023-12-31',
      '--period',
      '1m',
      '--json',
    ]);
    expect(many.code).toBe(1);
    expect(many.stderr).toMatch(/--end: .*holds 1416795 bars of 1m, more than the limit of 1000000/);
    expect(JSON.parse(many.stdout).detail[0]).toMatchObject({ loc: ['query', 'end'], type: 'too_many_bars' });
    const unknown = await run([
      'bars',
      'NOPE',
      '--start',
      '2023-11-24',
      '--end',
      '2023-11-24',
      '--period',
      '5m',
      '--format',
      'csv',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
  });
});

describe.concurrent('openbell bars-count and special-sessions', () => {
  it('bars-count prints the count record', async () => {
    const r = await run(['bars-count', 'XTKS', '--start', '2023-11-20', '--end', '2023-11-24', '--period', '30m']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^count\s+40$/m);
    expect(r.stdout).toMatch(/^period\s+30m$/m);
  });

  it('special-sessions: a table of hours against the regular ones; CSV is the REST CSV', async () => {
    const r = await run(['special-sessions', 'XNYS', '--start', '2024-01-01', '--end', '2024-12-31']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Date\s+Day\s+Hours\s+Regular\s+What\s+Holiday$/);
    expect(lines[2]).toBe('2024-07-03  Wed  09:30 – 13:00  09:30 – 16:00  early close  Independence Day');
    expect(lines).toHaveLength(2 + 3 + 1);
    const [csv, restCsv] = await Promise.all([
      run(['special-sessions', 'XNYS', '--start', '2024-01-01', '--end', '2024-12-31', '--format', 'csv']),
      restText('/markets/XNYS/special-sessions?start=2024-01-01&end=2024-12-31&format=csv'),
    ]);
    expect(csv.stdout).toBe(restCsv);
  });
});

describe('writing in pieces', () => {
  it('waits for a full stream to drain: a paused reader holds the writer back', async () => {
    const out = queryPieces(
      sample.dataset,
      'listMarketBars',
      { identifier: 'XNYS', start: '2023-01-01', end: '2023-12-31', period: '1m' },
      'csv',
    );
    if (!out.ok) throw new Error('expected pieces');
    const stream = new PassThrough({ highWaterMark: 64 * 1024 });
    let done = false;
    const writing = writePieces(out.pieces, stream).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 100));
    // Unread, the stream holds about one piece beyond its mark, not the answer's 6 MB.
    expect(done).toBe(false);
    expect(stream.writableLength).toBeLessThan(3 * 1024 * 1024);
    let size = 0;
    stream.on('data', (c: Buffer) => (size += c.length));
    await writing;
    expect(size).toBeGreaterThan(6_000_000);
  });

  it('batches lines into pieces', () => {
    const pieces = [
      ...batched(
        (function* () {
          for (let i = 0; i < 1000; i++) yield 'x'.repeat(99);
        })(),
        10_000,
      ),
    ];
    expect(pieces.join('')).toBe(`${'x'.repeat(99)}\n`.repeat(1000));
    expect(pieces.length).toBe(10);
  });
});
