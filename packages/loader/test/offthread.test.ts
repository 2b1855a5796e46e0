// The off-thread loader (worker parse + sliced build) against the in-thread one. Needs the
// package built (the worker runs dist/worker.js); `pnpm test` builds first.
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  LoaderError,
  createDataSource,
  loadFromBytes,
  loadFromBytesOffThread,
  loadFromPathOffThread,
  verifyPathOffThread,
  workerFile,
} from '../src/index.js';

const BOM = '\uFEFF';
const crlf = (lines: string[]) => `${BOM + lines.join('\r\n')}\r\n`;

/** n markets with ten years of weekly holidays and a regular session each. */
function csvFiles(n: number, extraHoliday?: string): Record<string, string> {
  const markets = ['FinID,Exchange Name,Timezone,Weekend Definition,MIC'];
  const holidays = ['FinID,Date,Holiday Name,Schedule,Settlement,Observed,Memo,Status'];
  const schedules = ['FinID,Schedule Group,Timezone,Phase Type,Phase Name,Days,Start,End,Offset Days'];
  for (let m = 0; m < n; m++) {
    const id = `M${String(m).padStart(4, '0')}.EX`;
    markets.push(`${id},Exchange ${m},America/New_York,Sat-Sun,X${String(m).padStart(3, '0')}`);
    for (let y = 2015; y < 2025; y++) {
      for (let w = 0; w < 12; w++)
        holidays.push(`${id},${y}-${String(w + 1).padStart(2, '0')}-1${w % 9},Holiday ${w},Closed,No,,,Closed`);
    }
    schedules.push(`${id},Regular,America/New_York,Primary Trading Session,Core,Mon-Fri,09:30,16:00,0`);
  }
  if (extraHoliday) holidays.push(extraHoliday);
  return {
    'csv/markets.csv': crlf(markets),
    'csv/holidays.csv': crlf(holidays),
    'csv/schedules.csv': crlf(schedules),
    'csv/phases.csv': crlf(['Name,Status,Settlement', 'Primary Trading Session,Open,Yes']),
  };
}
const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
const info = { source: 'test', kind: 'file' as const, version: 'v1', downloadedAt: null };

describe('off-thread loading', () => {
  it('runs the compiled worker (the package is built)', () => {
    expect(workerFile()).toMatch(/dist[\\/]worker\.js$/);
  });

  it('gives the same data and warnings as the in-thread loader', async () => {
    const bytes = zip(csvFiles(40));
    const a = loadFromBytes(bytes, info);
    const b = await loadFromBytesOffThread(bytes, info);
    expect(b.dataset.counts).toEqual(a.dataset.counts);
    expect(b.meta.warnings).toEqual(a.meta.warnings);
    expect(b.meta).toMatchObject({ source: 'test', kind: 'file', version: 'v1', plan: 'no_currencies' });
    expect(b.dataset.listMarkets()).toEqual(a.dataset.listMarkets());
    expect(b.dataset.listHolidays('M0007.EX', '2016-01-01', '2016-12-31')).toEqual(
      a.dataset.listHolidays('M0007.EX', '2016-01-01', '2016-12-31'),
    );
    expect(b.dataset.generatePhases('M0001.EX', '2020-03-02', '2020-03-06')).toEqual(
      a.dataset.generatePhases('M0001.EX', '2020-03-02', '2020-03-06'),
    );
  });

  it('refuses an archive that cannot be read as a whole with the same error (code, file, line, column)', async () => {
    const files = csvFiles(3);
    // A required column missing (a bad row would only warn).
    files['csv/holidays.csv'] = files['csv/holidays.csv']!.replace('FinID,Date,', 'FinID,Day,');
    const bytes = zip(files);
    let inThread: LoaderError | undefined;
    try {
      loadFromBytes(bytes, info);
    } catch (e) {
      inThread = e as LoaderError;
    }
    const off = await loadFromBytesOffThread(bytes, info).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(off).toBeInstanceOf(LoaderError);
    expect(inThread).toBeInstanceOf(LoaderError);
    const pick = (e: LoaderError) => ({
      code: e.code,
      message: e.message,
      file: e.file,
      line: e.line,
      column: e.column,
    });
    expect(pick(off as LoaderError)).toEqual(pick(inThread!));
    await expect(loadFromBytesOffThread(new Uint8Array([1, 2, 3]), info)).rejects.toMatchObject({
      code: 'archive_invalid',
    });
  });

  it('keeps bad-row provenance: the affected market answers the same data error naming file and line', async () => {
    const dir = new URL('./fixtures/bad-rows', import.meta.url).pathname;
    const off = await loadFromPathOffThread(dir);
    const { loadFromPath } = await import('../src/index.js');
    const inThread = await loadFromPath(dir);
    expect(off.meta.warnings).toEqual(inThread.meta.warnings);
    const errorOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    for (const market of ['XX.PT', 'XX.DATE', 'XX.TZ']) {
      const q = (ds: typeof off.dataset) => () => ds.generatePhases(market, '2023-11-20', '2023-11-24');
      expect(errorOf(q(off.dataset))).toBe(errorOf(q(inThread.dataset)));
      expect(errorOf(q(off.dataset))).toMatch(/csv\/\w+\.csv, line \d+/);
    }
  });

  it('keeps the event loop turning while it loads', async () => {
    const bytes = zip(csvFiles(300));
    let turns = 0;
    let on = true;
    const spin = () => {
      turns += 1;
      if (on) setImmediate(spin);
    };
    setImmediate(spin);
    const data = await loadFromBytesOffThread(bytes, info, {}, { sliceMs: 2 });
    on = false;
    expect(data.dataset.counts.markets).toBe(300);
    // Parsed in the worker, built in slices: the loop ran many times meanwhile (in-thread it would be once).
    expect(turns).toBeGreaterThan(20);
  });

  it('loads a directory and a ZIP path, and local sources use it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openbell-off-'));
    const files = csvFiles(5);
    mkdirSync(join(dir, 'data', 'csv'), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'data', name), text);
    writeFileSync(join(dir, 'a.zip'), zip(files));
    const fromDir = await loadFromPathOffThread(join(dir, 'data'));
    expect(fromDir.meta).toMatchObject({ kind: 'directory', plan: 'no_currencies' });
    expect(fromDir.meta.version).toMatch(/^\d{4}-/);
    const fromZip = await loadFromPathOffThread(join(dir, 'a.zip'));
    expect(fromZip.meta.kind).toBe('file');
    expect(fromZip.dataset.counts).toEqual(fromDir.dataset.counts);
    const source = createDataSource({ data: join(dir, 'a.zip') });
    expect((await source.load()).dataset.counts.markets).toBe(5);
    // One-shot commands load in-thread: same data.
    const inThread = createDataSource({ data: join(dir, 'a.zip'), offThread: false });
    expect((await inThread.load()).dataset.counts).toEqual(fromZip.dataset.counts);
    await expect(loadFromPathOffThread(join(dir, 'missing.zip'))).rejects.toMatchObject({ code: 'not_found' });
    // Verification alone (a publisher's check): passes, and fails like a load would.
    expect(await verifyPathOffThread(join(dir, 'a.zip'))).toEqual(fromZip.meta.warnings);
    writeFileSync(join(dir, 'bad.zip'), 'not a zip');
    await expect(verifyPathOffThread(join(dir, 'bad.zip'))).rejects.toMatchObject({ code: 'archive_invalid' });
  });
});
