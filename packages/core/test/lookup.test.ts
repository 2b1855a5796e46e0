import { describe, expect, it } from 'vitest';
import {
  AmbiguousMicError,
  DataError,
  Dataset,
  InvalidArgumentError,
  NotFoundError,
  type Tables,
} from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const ds = Dataset.create(fixtureTables());

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

describe('§1 finding a market', () => {
  it('treats an identifier with a dot as a FinID, case-insensitively, answered upper case', () => {
    expect(ds.getMarket('us.nyse').fin_id).toBe('US.NYSE');
    expect(ds.getMarketByFinId('Us.NySe').fin_id).toBe('US.NYSE');
  });

  it('refuses a FinID with fewer than two dot-separated parts', () => {
    for (const bad of ['US.', '.NYSE', 'US..NYSE']) {
      const e = caught(() => ds.getMarket(bad));
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect((e as InvalidArgumentError).faults[0]!.param).toBe('identifier');
    }
    expect((caught(() => ds.getMarketByFinId('NYSE')) as InvalidArgumentError).faults[0]!.param).toBe('finid');
  });

  it('resolves a MIC (four letters or digits, any case) through the mapping table', () => {
    expect(ds.getMarket('xnys').fin_id).toBe('US.NYSE');
    expect(ds.getMarketByMic('XADS').fin_id).toBe('AE.ADX');
  });

  it('refuses a malformed MIC', () => {
    for (const bad of ['XNY', 'XNYSE', 'XN-S', '']) {
      expect(caught(() => ds.getMarket(bad))).toBeInstanceOf(InvalidArgumentError);
    }
    expect((caught(() => ds.getMarketByMic('XX')) as InvalidArgumentError).faults[0]!.param).toBe('mic');
  });

  it('answers an ambiguous MIC with the candidate FinIDs, never a guess', () => {
    const e = caught(() => ds.getMarket('XCME'));
    expect(e).toBeInstanceOf(AmbiguousMicError);
    expect((e as AmbiguousMicError).candidates).toEqual(['US.CME.AGRI', 'US.CME.EQUITY.USINDEX1']);
  });

  it('reports unknown markets and MICs as not found', () => {
    const e = caught(() => ds.getMarket('US.NOPE')) as NotFoundError;
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.message).toContain('US.NOPE');
    expect((caught(() => ds.getMarket('ZZZZ')) as NotFoundError).kind).toBe('mic');
  });

  it('follows replacements by default and returns the stored market with follow=false', () => {
    expect(ds.getMarket('XBUE').fin_id).toBe('AR.BYMA');
    expect(ds.getMarket('AR.BCBA').fin_id).toBe('AR.BYMA');
    expect(ds.getMarket('XBUE', { follow: false }).fin_id).toBe('AR.BCBA');
    expect(ds.getMarket('AR.BCBA', { follow: false }).replaced_by).toBe('AR.BYMA');
  });

  it('follows a chain to its end and reports cycles and dangling targets without hanging', () => {
    const t: Tables = fixtureTables();
    t.markets.push(
      { fin_id: 'ZZ.A', replaced_by: 'ZZ.B' },
      { fin_id: 'ZZ.B', replaced_by: 'ZZ.C' },
      { fin_id: 'ZZ.C' },
      { fin_id: 'ZZ.X', replaced_by: 'ZZ.Y' },
      { fin_id: 'ZZ.Y', replaced_by: 'ZZ.X' },
      { fin_id: 'ZZ.D', replaced_by: 'ZZ.GONE' },
    );
    const d = Dataset.create(t);
    expect(d.getMarket('ZZ.A').fin_id).toBe('ZZ.C');
    expect(caught(() => d.getMarket('ZZ.X'))).toBeInstanceOf(DataError);
    const gone = caught(() => d.getMarket('ZZ.D')) as NotFoundError;
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone.message).toContain('ZZ.GONE');
    expect(d.getMarket('ZZ.X', { follow: false }).fin_id).toBe('ZZ.X');
    expect(d.warnings.map((w) => w.message).join('\n')).toMatch(/loops/);
    expect(d.warnings.map((w) => w.message).join('\n')).toMatch(/ZZ\.GONE/);
  });

  it('resolves sub-resources with follow=true', () => {
    // AR.BCBA and AR.BYMA carry identical fixture data, so the phases/days comparisons below only
    // show that the calls succeed; spec-gaps › 1.10 checks every sub-resource on data that differs.
    expect(ds.listSchedules('AR.BCBA').length).toBeGreaterThan(0);
    expect(ds.listSchedules('AR.BCBA').every((s) => s.fin_id === 'AR.BYMA')).toBe(true);
    const holidays = ds.listHolidays('AR.BCBA', '2000-01-01', '2030-12-31');
    expect(holidays.length).toBeGreaterThan(0);
    expect(holidays.every((h) => h.fin_id === 'AR.BYMA')).toBe(true);
    expect(ds.generatePhases('XBUE', '2023-11-15', '2023-11-15')).toEqual(
      ds.generatePhases('AR.BYMA', '2023-11-15', '2023-11-15'),
    );
    expect(ds.listDays('ar.bcba', '2023-11-13', '2023-11-19')).toEqual(
      ds.listDays('AR.BYMA', '2023-11-13', '2023-11-19'),
    );
    expect(ds.status('XBUE', Date.parse('2023-11-15T15:00:00Z')).market?.fin_id).toBe('AR.BYMA');
  });

  it('lists markets by a case-insensitive * pattern, ordered by FinID', () => {
    const all = ds.listMarkets();
    expect(all.map((m) => m.fin_id)).toEqual([...all.map((m) => m.fin_id)].sort());
    expect(ds.listMarkets('us*').map((m) => m.fin_id)).toEqual(['US.CME.AGRI', 'US.CME.EQUITY.USINDEX1', 'US.NYSE']);
    expect(ds.listMarkets('*.cme.*').map((m) => m.fin_id)).toEqual(['US.CME.AGRI', 'US.CME.EQUITY.USINDEX1']);
    expect(ds.listMarkets('*').length).toBe(all.length);
    expect(ds.listMarkets('US.NYSE').length).toBe(1);
    expect(ds.listMarkets('US.NYS').length).toBe(0);
    // Regex characters in a pattern are literal.
    expect(ds.listMarkets('US.NYS.').length).toBe(0);
  });

  it('answers is_available true exactly when the lookup succeeds, never an error', () => {
    expect(ds.isMarketAvailable('US.NYSE')).toBe(true);
    expect(ds.isMarketAvailable('xbue')).toBe(true);
    expect(ds.isMarketAvailable('US.NOPE')).toBe(false);
    expect(ds.isMarketAvailable('not a mic')).toBe(false);
    expect(ds.isMarketAvailable('XCME')).toBe(false);
  });

  it('derives country_code from the FinID and keeps unknown columns', () => {
    const m = ds.getMarket('US.NYSE');
    expect(m.country_code).toBe('US');
    expect(m.extra_column).toBe('kept');
    expect(m.holidays_min_date).toBe('2000-01-01');
    expect(m.holidays_max_date).toBe('2030-12-25');
  });

  it(
    'country_code: with a Country Code column its cell answers, an empty one null; without the column, the FinID ' +
      'prefix',
    () => {
      const withColumn = (cell: string | null) => {
        const t = fixtureTables();
        t.markets = t.markets.map((m) => ({ ...m, country_code: m.fin_id === 'US.NYSE' ? cell : 'ZZ' }));
        return Dataset.create(t);
      };
      expect(withColumn(null).getMarket('US.NYSE').country_code).toBeNull();
      expect(withColumn('').getMarket('US.NYSE').country_code).toBeNull();
      expect(withColumn('GB').getMarket('US.NYSE').country_code).toBe('GB');
      expect(withColumn(null).getMarket('CN.SGE').country_code).toBe('ZZ');
      expect(ds.getMarket('CN.SGE').country_code).toBe('CN');
    },
  );
});
