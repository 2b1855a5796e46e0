/**
 * The Dataset's text methods read their arguments with params.ts, then call the query over
 * parsed values (`dataset.parsed`) that the catalogue calls: one rule, one answer, and the
 * library's refusals as they were.
 */
import { describe, expect, it } from 'vitest';
import { Dataset, InvalidArgumentError, param, parseDay, parseParams, tryParseDay } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const day = (s: string) => tryParseDay(s)!;

function faultsOf(f: () => unknown) {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidArgumentError) return e.faults.map((x) => [x.param, x.type]);
    throw e;
  }
  throw new Error('did not throw');
}

describe('queries over parsed values', () => {
  const ds = Dataset.create(fixtureTables());

  it('answer what the text methods answer', () => {
    expect(ds.generatePhases('xnys', '2023-11-20', '2023-11-26')).toEqual(
      ds.parsed.generatePhases('XNYS', day('2023-11-20'), day('2023-11-26')),
    );
    expect(ds.nextBell('US.NYSE', '2023-11-22T22:00:00Z', 'close')).toEqual(
      ds.parsed.nextBell('US.NYSE', Date.parse('2023-11-22T22:00:00Z'), 'close'),
    );
    const bars = ds.countBars('XNYS', '2023-11-24', '2023-11-24', { period: '5m', forceClose: 'false' });
    expect(bars).toEqual(
      ds.parsed.countBars('XNYS', day('2023-11-24'), day('2023-11-24'), {
        period: { text: '5m', seconds: 300 },
        forceClose: false,
        breaks: 'split',
      }),
    );
  });

  it('the text methods read their arguments as REST does: every fault at once, in the order of the parameters', () => {
    expect(faultsOf(() => ds.listHolidays('X!', '2023-02-30', 'soon'))).toEqual([
      ['identifier', 'mic_format'],
      ['start', 'date_from_datetime_parsing'],
      ['end', 'date_from_datetime_parsing'],
    ]);
    expect(faultsOf(() => ds.listHolidays('X!', '2023-01-01', '2023-12-31'))).toEqual([['identifier', 'mic_format']]);
    // A range in the wrong order is refused before the market is looked up, as text or parsed.
    expect(faultsOf(() => ds.listHolidays('XX.NONE', '2023-12-31', '2023-01-01'))).toEqual([['end', 'date_range']]);
    expect(faultsOf(() => ds.parsed.listHolidays('XX.NONE', day('2023-12-31'), day('2023-01-01')))).toEqual([
      ['end', 'date_range'],
    ]);
  });

  it('param.day() reads a date once, into its epoch day, with the faults of parseDay', () => {
    expect(parseParams({ start: param.day() }, { start: '2024-01-31' })).toEqual({ start: day('2024-01-31') });
    expect(parseDay('2024-01-31', 'start')).toBe(day('2024-01-31'));
    expect(faultsOf(() => parseParams({ start: param.day(), end: param.day() }, { start: '2024-02-30' }))).toEqual([
      ['start', 'date_from_datetime_parsing'],
      ['end', 'missing'],
    ]);
  });
});
