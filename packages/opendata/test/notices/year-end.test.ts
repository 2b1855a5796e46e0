// The year-end rules of the sample, every year 2000-2027, read through the loaded dataset: the
// notices' rules are stated once here (independently of the generator) and checked on each year.
import type { Dataset } from '@openbell/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSample } from '@openbell/loader';

let ds: Dataset;
beforeAll(async () => {
  ds = (await loadSample()).dataset;
});

const YEARS = Array.from({ length: 28 }, (_, i) => 2000 + i);
const dow = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
const shift = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The date on a weekday, else the Friday before. */
const fridayIfWeekend = (d: string) => (dow(d) === 6 ? shift(d, -1) : dow(d) === 0 ? shift(d, -2) : d);
/** The last weekday strictly before a date. */
const weekdayBefore = (d: string) => {
  let x = shift(d, -1);
  while (dow(x) === 0 || dow(x) === 6) x = shift(x, -1);
  return x;
};
/** Local close time (HH:MM) of the day's primary session, or null when the market does not trade. */
function closeOf(finId: string, date: string): string | null {
  const [day] = ds.listDays(finId, date, date);
  const primary = day!.phases.filter((p) => p.phase_type.startsWith('Primary Trading Session'));
  return day!.is_open ? primary.at(-1)!.end.slice(11, 16) : null;
}

describe('year-end early closes, 2000-2027', () => {
  it("LSE: 12:30 on the last weekday on or before Christmas Eve and New Year's Eve", () => {
    for (const y of YEARS) {
      for (const eve of [`${y}-12-24`, `${y}-12-31`]) {
        expect(closeOf('GB.LSE', fridayIfWeekend(eve)), eve).toBe('12:30');
      }
    }
  });

  it('ASX: 14:10 on the same days from 2010 except 2022 (full days then and before 2010)', () => {
    const checked = YEARS.flatMap((y) => [`${y}-12-24`, `${y}-12-31`].map((eve) => [y, fridayIfWeekend(eve)] as const));
    for (const [y, d] of checked) expect(closeOf('AU.ASX', d), d).toBe(y >= 2010 && y !== 2022 ? '14:10' : '16:00');
  });

  it("Xetra: 14:00 on the last trading day before New Year's Eve from 2010, 17:30 before", () => {
    for (const y of YEARS) {
      const d = weekdayBefore(`${y}-12-31`);
      const close = closeOf('DE.XETR', d);
      const holiday = ['12-24', '12-25', '12-26'].some((md) => d.endsWith(md));
      expect(close, d).toBe(holiday ? null : y >= 2010 ? '14:00' : '17:30');
    }
  });

  it('CME equity index: 12:15 on a trading December 24, a full session on every trading December 31', () => {
    const weekdays = (md: string) => YEARS.map((y) => `${y}-${md}`).filter((d) => dow(d) !== 0 && dow(d) !== 6);
    // December 24 is the observed Christmas when it is a Friday.
    for (const d of weekdays('12-24')) {
      expect(closeOf('US.CME.EQUITY.USINDEX1', d), d).toBe(dow(d) === 5 ? null : '12:15');
    }
    for (const d of weekdays('12-31')) expect(closeOf('US.CME.EQUITY.USINDEX1', d), d).toBe('16:00');
  });

  it('B3: no trading on the last weekday of the year', () => {
    for (const y of YEARS) expect(closeOf('BR.B3', fridayIfWeekend(`${y}-12-31`)), `${y}`).toBeNull();
  });

  it('Buenos Aires: 13:00 on a weekday December 24 and 31', () => {
    // 2018's were bridge days (closed).
    const days = YEARS.flatMap((y) => [`${y}-12-24`, `${y}-12-31`]).filter((d) => dow(d) !== 0 && dow(d) !== 6);
    for (const d of days) {
      expect(closeOf(d < '2017' ? 'AR.BCBA' : 'AR.BYMA', d), d).toBe(d.startsWith('2018') ? null : '13:00');
    }
  });
});
