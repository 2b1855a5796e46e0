// Eurasia family: Moscow Exchange, Borsa Istanbul, Astana International Exchange and the Tel Aviv
// Stock Exchange, with the rouble, lira, tenge and shekel.
// Each exchange lives in a module of its own (eurasia-moex, -bist, -aix, -tase); this module
// gathers them and defines the currencies.
import { yearOf } from '../lib/dates.mjs';
import { aix, kazakhHolidays } from './eurasia-aix.mjs';
import { bist, turkishHolidays } from './eurasia-bist.mjs';
import { russianHolidays } from './eurasia-calendars.mjs';
import { moex } from './eurasia-moex.mjs';
import { tase, taseClosures } from './eurasia-tase.mjs';

export { aix, bist, kazakhHolidays, moex, tase, taseClosures, turkishHolidays };
export { moexClosures } from './eurasia-moex.mjs';

// =====================================================================================
// Currencies
// =====================================================================================

const rubHolidays = (y) =>
  russianHolidays(y).map((x) => ({
    date: x.date,
    name: x.name,
    observed: x.kind === 'substitute',
    memo: x.kind === 'transfer' ? 'Non-working day by government decree' : '',
  }));

const tryHolidays = (y) =>
  turkishHolidays(y)
    .filter((x) => !x.half)
    .map((x) => ({ date: x.date, name: x.name, observed: false, memo: x.memo }));

const ilsHolidays = (y) =>
  taseClosures()
    .filter((x) => x.kind === 'closed' && yearOf(x.date) === y && !/Eve|Memorial|Purim/.test(x.name))
    .map((x) => ({ date: x.date, name: x.name, observed: false, memo: 'Approximated by the festival days' }));

export const MARKETS = [moex, bist, aix, tase];

export const CURRENCIES = [
  ['RUB', 'Russian Ruble', 'RU', 'Bank of Russia', 'Moscow', 'Europe/Moscow', rubHolidays],
  ['TRY', 'Turkish Lira', 'TR', 'Central Bank of the Republic of Türkiye', 'Istanbul', 'Europe/Istanbul', tryHolidays],
  ['KZT', 'Kazakhstani Tenge', 'KZ', 'National Bank of Kazakhstan', 'Almaty', 'Asia/Almaty', kazakhHolidays],
  ['ILS', 'Israeli New Shekel', 'IL', 'Bank of Israel', 'Tel Aviv', 'Asia/Jerusalem', ilsHolidays],
];
