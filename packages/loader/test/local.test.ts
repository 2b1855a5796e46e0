// The bundled sample through loadSample / loadFromPath / readDirectory, checked against published facts.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, cpSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LoaderError,
  loadFromPath,
  loadSample,
  parseArchive,
  readDirectory,
  samplePath,
  type LoadedData,
} from '../src/index.js';

const dataDir = fileURLToPath(new URL('../../opendata/data/', import.meta.url));
let sample: LoadedData;
let tmp: string;

beforeAll(async () => {
  sample = await loadSample();
  tmp = mkdtempSync(join(tmpdir(), 'openbell-loader-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('loadSample', () => {
  it('is labelled as the sample', () => {
    expect(samplePath()).toBe(join(dataDir, 'sample.zip'));
    expect(sample.meta).toMatchObject({ kind: 'sample', isSample: true, plan: 'full', downloadedAt: null });
    expect(sample.meta.source).toMatch(/open dataset.*not vendor data/);
    expect(sample.meta.coverage?.['US.NYSE']?.confirmedThrough).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sample.meta.warnings).toEqual([]);
  });

  it('answers the published facts', () => {
    const ds = sample.dataset;
    expect(ds.status('US.NYSE', Date.parse('2023-11-15T17:00:00Z')).status).toBe('Open');
    expect(ds.status('US.NYSE', Date.parse('2023-11-23T17:00:00Z')).status).toBe('Closed');
    expect(ds.getMarket('XBUE').fin_id).toBe('AR.BYMA');
    expect(ds.getMarket('XNYS').timezone).toBe('America/New_York');
    const thanksgiving = ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-24');
    expect(thanksgiving.map((h) => [h.date, h.schedule, h.status])).toEqual([
      ['2023-11-23', 'Closed', 'Closed'],
      ['2023-11-24', 'Partial', 'Open'],
    ]);
    const primary = ds
      .listSchedules('US.NYSE')
      .find((s) => s.schedule_group === 'Regular' && s.phase_type === 'Primary Trading Session')!;
    expect([primary.start, primary.end]).toEqual(['09:30:00', '16:00:00']);
  });

  it('CME overnight phases over Thanksgiving 2023', () => {
    const phases = sample.dataset.generatePhases('US.CME.EQUITY.USINDEX1', '2023-11-22', '2023-11-24');
    const i = phases.findIndex((p) => p.start === '2023-11-22T17:00:00-06:00');
    expect(phases[i]).toMatchObject({
      phase_type: 'Primary Trading Session, No Closing Price',
      end: '2023-11-23T12:00:00-06:00',
    });
    expect(phases[i + 1]).toMatchObject({
      phase_type: 'Pre-Open',
      start: '2023-11-23T12:00:00-06:00',
      end: '2023-11-23T17:00:00-06:00',
    });
  });

  it('FX spot: EURUSD traded Friday 2023-06-16 settles Tuesday 2023-06-20 (Juneteenth is an intermediate day)', () => {
    const ds = sample.dataset;
    expect(ds.fxSpot('EURUSD', '2023-06-16')).toEqual({
      pair: 'EURUSD',
      trade_date: '2023-06-16',
      lag: 2,
      spot_date: '2023-06-20',
      closures: [
        {
          date: '2023-06-17',
          closed: [
            { currency: 'EUR', reason: 'weekend' },
            { currency: 'USD', reason: 'weekend' },
          ],
        },
        {
          date: '2023-06-18',
          closed: [
            { currency: 'EUR', reason: 'weekend' },
            { currency: 'USD', reason: 'weekend' },
          ],
        },
        { date: '2023-06-19', closed: [{ currency: 'USD', reason: 'Juneteenth National Independence Day' }] },
      ],
    });
    // Traded a day earlier, Juneteenth is the spot candidate and moves spot.
    expect(ds.fxSpot('EURUSD', '2023-06-15').spot_date).toBe('2023-06-20');
    expect(ds.calendarDays('USD+EUR', '2023-06-19', '2023-06-19')[0]!.closed).toEqual(['USD']);
    // Before 2022 Juneteenth was no settlement holiday (the Fed first observed it in 2022).
    expect(ds.calendarDays('USD', '2021-06-18', '2021-06-18')[0]!.is_business_day).toBe(true);
    // Markets and currencies join: NYSE closes for Juneteenth, LSE does not.
    expect(ds.adjust('XNYS+GB.LSE', '2023-06-19').adjusted).toBe('2023-06-20');
    expect(ds.calendarDays('XNYS~GB.LSE', '2023-06-19', '2023-06-19')[0]).toEqual({
      date: '2023-06-19',
      is_business_day: true,
      closed: ['XNYS'],
    });
  });

  it('accepts an override path, and a missing one is not_found', async () => {
    const copy = join(tmp, 'copy.zip');
    writeFileSync(copy, readFileSync(samplePath()));
    expect((await loadSample(copy)).meta.isSample).toBe(true);
    await expect(loadSample(join(tmp, 'nope.zip'))).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('readDirectory and loadFromPath', () => {
  it('the sample directory reads to the same tables as sample.zip', () => {
    // Equal but for where the rows came from (an entry of the archive, a file on disk).
    const rows = ({ sources: _sources, ...t }: ReturnType<typeof parseArchive>['tables']) => t;
    const fromZip = rows(parseArchive(new Uint8Array(readFileSync(samplePath()))).tables);
    expect(rows(readDirectory(join(dataDir, 'sample')).tables)).toEqual(fromZip);
    // The csv folder itself works too.
    expect(rows(readDirectory(join(dataDir, 'sample', 'csv')).tables)).toEqual(fromZip);
    expect(readDirectory(join(dataDir, 'sample')).tables.sources?.markets?.file).toBe(
      join(dataDir, 'sample', 'csv', 'markets.csv'),
    );
  });

  it('loads a ZIP file (kind file, content version) and a directory (kind directory, mtime version)', async () => {
    const file = await loadFromPath(samplePath());
    expect(file.meta).toMatchObject({ kind: 'file', isSample: false, plan: 'full' });
    expect(file.meta.version).toBe(`sha256:${createHash('sha256').update(readFileSync(samplePath())).digest('hex')}`);
    const dir = await loadFromPath(join(dataDir, 'sample'));
    expect(dir.meta).toMatchObject({ kind: 'directory', plan: 'full' });
    expect(Number.isNaN(Date.parse(dir.meta.version!))).toBe(false);
    expect(dir.dataset.counts).toEqual(file.dataset.counts);
  });

  it("a ZIP's version is its content: the same bytes are one version whatever their file times", async () => {
    // A version taken from the file's mtime once gave the sample four versions for one content.
    const a = join(tmp, 'copy-a.zip');
    const b = join(tmp, 'copy-b.zip');
    cpSync(samplePath(), a);
    cpSync(samplePath(), b);
    utimesSync(a, new Date('2001-01-01T00:00:00Z'), new Date('2001-01-01T00:00:00Z'));
    utimesSync(b, new Date('2030-06-01T12:00:00Z'), new Date('2030-06-01T12:00:00Z'));
    const [va, vb, sample, sampleAtA] = await Promise.all([
      loadFromPath(a),
      loadFromPath(b),
      loadSample(),
      loadSample(a),
    ]);
    expect(va.meta.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(vb.meta.version).toBe(va.meta.version);
    expect(sample.meta.version).toBe(va.meta.version);
    expect(sampleAtA.meta.version).toBe(va.meta.version);
    // Other bytes at the same path and time are another version.
    const csv = (n: string) => new Uint8Array(readFileSync(join(dataDir, 'sample', 'csv', n)));
    writeFileSync(a, zipSync({ csv: { 'markets.csv': csv('markets.csv'), 'holidays.csv': csv('holidays.csv') } }));
    utimesSync(a, new Date('2001-01-01T00:00:00Z'), new Date('2001-01-01T00:00:00Z'));
    const changed = await loadFromPath(a);
    expect(changed.meta.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(changed.meta.version).not.toBe(va.meta.version);
  });

  it('a missing path is not_found naming the path', async () => {
    const missing = join(tmp, 'does-not-exist.zip');
    const err = await loadFromPath(missing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LoaderError);
    expect(err).toMatchObject({ code: 'not_found', file: missing });
    expect((err as Error).message).toContain(missing);
  });

  it('directory errors name the file on disk', async () => {
    const d = join(tmp, 'bad');
    mkdirSync(join(d, 'csv'), { recursive: true });
    cpSync(join(dataDir, 'sample', 'csv', 'markets.csv'), join(d, 'csv', 'markets.csv'));
    writeFileSync(join(d, 'csv', 'holidays.csv'), '\uFEFFFinID,Date\r\nUS.NYSE,2023-02-30\r\n');
    // A bad row loads as a warning naming the file on disk; its market answers a data error.
    const loaded = await loadFromPath(d);
    expect(loaded.meta.warnings).toContainEqual(
      expect.objectContaining({ file: join(d, 'csv', 'holidays.csv'), line: 2, column: 'Date', market: 'US.NYSE' }),
    );
    expect(() => loaded.dataset.listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).toThrow(
      `${join(d, 'csv', 'holidays.csv')}, line 2, column 'Date'`,
    );
    writeFileSync(join(d, 'csv', 'holidays.csv'), '\uFEFFFinID,Holiday Name\r\nUS.NYSE,x\r\n');
    await expect(loadFromPath(d)).rejects.toMatchObject({
      code: 'data_invalid',
      file: join(d, 'csv', 'holidays.csv'),
      line: 1,
      column: 'Date',
    });
    rmSync(join(d, 'csv', 'holidays.csv'));
    await expect(loadFromPath(d)).rejects.toMatchObject({ code: 'data_invalid', file: 'csv/holidays.csv' });
  });

  it('a file that is not a ZIP is archive_invalid', async () => {
    const f = join(tmp, 'not.zip');
    writeFileSync(f, 'hello');
    await expect(loadFromPath(f)).rejects.toMatchObject({ code: 'archive_invalid' });
  });
});
