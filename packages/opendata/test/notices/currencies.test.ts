// The currencies added with the newer markets, read through the loaded sample.
import { describe, expect, it } from 'vitest';
import { sample } from './day-view.js';

describe('KRW, INR, SGD and ZAR', () => {
  it('are listed with their financial centres', async () => {
    const { dataset } = await sample();
    const byCode = new Map(dataset.listCurrencies().map((c) => [c.currency_code, c]));
    for (const [code, tz] of [
      ['KRW', 'Asia/Seoul'],
      ['INR', 'Asia/Kolkata'],
      ['SGD', 'Asia/Singapore'],
      ['ZAR', 'Africa/Johannesburg'],
    ]) {
      expect(byCode.get(code!)?.financial_capital_timezone, code).toBe(tz);
    }
  });

  it('close settlement on their public holidays, Diwali included for INR', async () => {
    const { dataset } = await sample();
    const closed = (code: string, date: string) =>
      dataset.listCurrencyHolidays(code, date, date).map((h) => h.settlement);
    expect(closed('KRW', '2026-02-17')).toEqual(['No']);
    expect(closed('INR', '2024-11-01')).toEqual(['No']);
    expect(closed('SGD', '2026-08-10')).toEqual(['No']);
    expect(closed('ZAR', '2027-12-27')).toEqual(['No']);
    expect(closed('ZAR', '2027-12-28')).toEqual([]);
  });
});
