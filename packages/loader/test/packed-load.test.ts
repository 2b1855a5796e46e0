// Loads read the holiday tables packed and the build makes their rows on demand (memory); the
// answers, warnings and data errors must be those of a build from the plain row arrays.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DataError, type Dataset } from '@openbell/core';
import {
  buildDataset,
  loadFromBytes,
  loadFromBytesOffThread,
  parseArchive,
  readArchive,
  type LoadedData,
} from '../src/index.js';

const dir = fileURLToPath(new URL('./fixtures/bad-rows/csv', import.meta.url));
const archive = zipSync(
  Object.fromEntries(readdirSync(dir).map((n) => [`csv/${n}`, new Uint8Array(readFileSync(join(dir, n)))])),
);
const info = { source: 'test', kind: 'file' as const, version: null, downloadedAt: null };

function answers(ds: Dataset) {
  const attempt = (f: () => unknown) => {
    try {
      return f();
    } catch (e) {
      if (e instanceof DataError) return `DataError: ${e.message}`;
      throw e;
    }
  };
  return {
    counts: ds.counts,
    markets: ds
      .listMarkets()
      .map((m) => [
        m,
        attempt(() => ds.listHolidays(m.fin_id, '1990-01-01', '2040-12-31')),
        attempt(() => ds.listDays(m.fin_id, '2023-11-20', '2023-11-26')),
      ]),
    currencies: ds
      .listCurrencies()
      .map((c) => [c, attempt(() => ds.listCurrencyHolidays(c.currency_code, '1990-01-01', '2040-12-31'))]),
  };
}

describe('holiday tables read packed', () => {
  const parsed = parseArchive(archive);
  const warnings = [...parsed.warnings];
  const plain = buildDataset(parsed.tables, warnings);
  const same = (loaded: LoadedData) => {
    expect(answers(loaded.dataset)).toEqual(answers(plain));
    expect(loaded.meta.warnings).toEqual(warnings);
  };

  it('are packed only when asked, with the same rows', () => {
    const packed = readArchive(archive, {}, true);
    expect(packed.tables.holidays).toEqual([]);
    expect(packed.packed?.holidays?.count).toBe(parsed.tables.holidays.length);
    expect(packed.packed?.currencyHolidays?.count).toBe(parsed.tables.currencyHolidays!.length);
    expect(packed.tables.markets).toEqual(parsed.tables.markets);
    expect(parsed.packed).toBeUndefined();
  });

  it('in-thread: the bad-row fixture answers as from row arrays', () => same(loadFromBytes(archive, info)));
  it('off-thread: the bad-row fixture answers as from row arrays', async () =>
    same(await loadFromBytesOffThread(archive, info)));
});
