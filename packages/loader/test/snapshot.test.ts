// The sample's build-time snapshot (snapshot.ts): the same answers and version as parsing the
// archive, and never used for other bytes or when unreadable.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentVersion,
  encodeSnapshot,
  loadSample,
  loaderDatasetOptions,
  parseArchive,
  readSnapshot,
  readSnapshotData,
  samplePath,
  snapshotPath,
  type LoadedData,
} from '../src/index.js';

let tmp: string;
let zip: string;
let bytes: Buffer;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'openbell-snapshot-'));
  zip = join(tmp, 'sample.zip');
  copyFileSync(samplePath(), zip);
  bytes = readFileSync(zip);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const writeSnapshot = (parsed = parseArchive(new Uint8Array(bytes)), version = contentVersion(bytes)) =>
  writeFileSync(snapshotPath(zip), encodeSnapshot(parsed, version));

/** Everything a load answers, for every market and currency (loadedAt aside). */
function answers(d: LoadedData): unknown {
  const ds = d.dataset;
  const { loadedAt: _at, ...meta } = d.meta;
  const at = ['2023-11-15T17:00:00Z', '2024-03-10T07:30:00Z', '2024-12-25T12:00:00Z'].map(Date.parse);
  return {
    meta,
    warnings: ds.warnings,
    markets: ds.listMarkets().map((m) => ({
      m,
      holidays: ds.listHolidays(m.fin_id, '2023-01-01', '2024-12-31'),
      schedules: ds.listSchedules(m.fin_id),
      phases: ds.generatePhases(m.fin_id, '2024-03-01', '2024-04-15'),
      status: at.map((t) => ds.status(m.fin_id, t)),
    })),
    currencies: ds
      .listCurrencies()
      .map((c) => ({ c, holidays: ds.listCurrencyHolidays(c.currency_code, '2023-01-01', '2024-12-31') })),
  };
}

describe('sample snapshot', () => {
  it('answers and versions the sample exactly as parsing the archive', async () => {
    rmSync(snapshotPath(zip), { force: true });
    const parsedFromZip = await loadSample(zip);
    writeSnapshot();
    expect(readSnapshot(zip, contentVersion(bytes))).toBeDefined();
    // The load takes the Dataset built at build time, not only the tables.
    expect(readSnapshotData(zip, bytes, contentVersion, loaderDatasetOptions())?.dataset).toBeDefined();
    const fromSnapshot = await loadSample(zip);
    expect(fromSnapshot.meta.version).toBe(
      `sha256:${(await import('node:crypto')).createHash('sha256').update(bytes).digest('hex')}`,
    );
    expect(answers(fromSnapshot)).toEqual(answers(parsedFromZip));
  });

  it('is used for the bytes it was made from, and only for them', async () => {
    // A doctored snapshot shows whether it was read: one market fewer.
    const parsed = parseArchive(new Uint8Array(bytes));
    const doctored = {
      ...parsed,
      tables: { ...parsed.tables, markets: parsed.tables.markets.filter((m) => m.fin_id !== 'US.NYSE') },
    };
    writeSnapshot(doctored);
    expect((await loadSample(zip)).dataset.isMarketAvailable('US.NYSE')).toBe(false);
    // Made for other bytes (a stale snapshot): ignored.
    writeSnapshot(doctored, 'sha256:0000');
    expect((await loadSample(zip)).dataset.isMarketAvailable('US.NYSE')).toBe(true);
  });

  it('holding the archive, is matched by its bytes without hashing them, and only by them', async () => {
    const version = contentVersion(bytes);
    const hashed: Uint8Array[] = [];
    const versionOf = (b: Uint8Array) => (hashed.push(b), contentVersion(b));
    writeFileSync(snapshotPath(zip), encodeSnapshot(parseArchive(new Uint8Array(bytes)), version, bytes));
    const matched = readSnapshotData(zip, bytes, versionOf, loaderDatasetOptions())!;
    expect(matched.version).toBe(version);
    expect(matched.dataset).toBeDefined();
    expect(hashed).toEqual([]);
    expect((await loadSample(zip)).meta.version).toBe(version);
    // The right version string with other bytes: not this archive's snapshot.
    const other = Buffer.from(bytes);
    other[other.length - 1] ^= 1;
    writeFileSync(snapshotPath(zip), encodeSnapshot(parseArchive(new Uint8Array(bytes)), version, other));
    expect(readSnapshotData(zip, bytes, versionOf, loaderDatasetOptions())).toBeUndefined();
    expect((await loadSample(zip)).meta.version).toBe(version);
  });

  it('gives the tables instead of the Dataset when it was built for other options', () => {
    writeSnapshot();
    const other = readSnapshotData(zip, bytes, contentVersion, loaderDatasetOptions({ plan: 'holidays_only' }))!;
    expect(other.dataset).toBeUndefined();
    expect('parsed' in other && other.parsed).toEqual(parseArchive(new Uint8Array(bytes)));
  });

  it('falls back to the archive when the snapshot is unreadable', async () => {
    writeFileSync(snapshotPath(zip), 'not a snapshot');
    expect(readSnapshot(zip, contentVersion(bytes))).toBeUndefined();
    const d = await loadSample(zip);
    expect(d.dataset.status('US.NYSE', Date.parse('2023-11-15T17:00:00Z')).status).toBe('Open');
    rmSync(snapshotPath(zip));
    expect(readSnapshot(zip, contentVersion(bytes))).toBeUndefined();
  });

  it('gives back every table as it was: shared shapes as columns, anything else as stored', () => {
    const tables = {
      same: [
        { a: 'x', b: null, c: 1 },
        { a: 'x', b: true, c: undefined },
      ],
      reordered: [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      negativeZero: [{ n: -0 }, { n: 0 }],
      nested: [{ o: { deep: 1 } }],
      empty: [],
      notRows: { file: 'csv/x.csv' },
    };
    const parsed = { tables, warnings: [{ message: 'w' }] } as unknown as Parameters<typeof encodeSnapshot>[0];
    writeFileSync(snapshotPath(zip), encodeSnapshot(parsed, 'sha256:test'));
    const back = readSnapshot(zip, 'sha256:test')!;
    expect(back).toEqual(parsed);
    const t = back.tables as unknown as typeof tables;
    expect(Object.keys(t.reordered[1]!)).toEqual(['b', 'a']);
    expect(Object.is(t.negativeZero[0]!.n, -0)).toBe(true);
    expect('c' in t.same[1]!).toBe(true);
    rmSync(snapshotPath(zip));
  });
});
