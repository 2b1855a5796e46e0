// Central and south-east European exchanges: Prague, Budapest, Warsaw, Bratislava, Bucharest,
// Ljubljana, Zagreb and Belgrade. Each closes on its country's public holidays (see
// central-europe-holidays.mjs) and on the days its own calendar adds (Christmas Eve, New Year's
// Eve, Good Friday, bridge days, changeovers); hours change by period as the exchanges announced.
import {
  czechHolidays,
  HUNGARIAN_BRIDGE_DAYS,
  hungarianHolidays,
  polishHolidays,
  romanianHolidays,
  serbianHolidays,
} from './central-europe-holidays.mjs';
import {
  belex,
  belexClosures,
  bvb,
  bvbClosures,
  ljse,
  ljseClosures,
  zse,
  zseClosures,
} from './central-europe-southeast.mjs';
import {
  bse,
  bseClosures,
  bsse,
  bsseClosures,
  gpw,
  gpwClosures,
  pse,
  pseClosures,
} from './central-europe-visegrad.mjs';

export {
  belex,
  belexClosures,
  bse,
  bseClosures,
  bsse,
  bsseClosures,
  bvb,
  bvbClosures,
  gpw,
  gpwClosures,
  ljse,
  ljseClosures,
  pse,
  pseClosures,
  zse,
  zseClosures,
};

export const MARKETS = [pse, bse, gpw, bsse, bvb, ljse, zse, belex];

// ---------------------------------------------------------------------------------------------
// Currencies: the days each central bank's RTGS system is closed (weekends dropped by the caller).

const named = (rows, memo) => rows.map((r) => ({ date: r.date, name: r.name, observed: false, memo: r.memo || memo }));

/** CERTIS (Czech National Bank) closes on Czech public holidays. */
function czk(y) {
  return named(czechHolidays(y), '');
}

/** VIBER (Magyar Nemzeti Bank) closes on Hungarian public holidays and the decreed rest days. */
function huf(y) {
  const bridge = (HUNGARIAN_BRIDGE_DAYS[y] ?? []).map((date) => ({
    date,
    name: 'Bridge Day',
    memo: 'Decreed rest day',
  }));
  return named([...hungarianHolidays(y), ...bridge], '');
}

/** SORBNET (Narodowy Bank Polski) closes on Polish public holidays. */
function pln(y) {
  return named(polishHolidays(y), '');
}

/** ReGIS (Banca Națională a României) closes on Romanian public holidays. */
function ron(y) {
  return named(romanianHolidays(y), '');
}

/** The RTGS system of the National Bank of Serbia closes on Serbian non-working holidays. */
function rsd(y) {
  return named(serbianHolidays(y), '');
}

export const CURRENCIES = [
  ['CZK', 'Czech Koruna', 'CZ', 'Czech National Bank', 'Prague', 'Europe/Prague', czk],
  ['HUF', 'Hungarian Forint', 'HU', 'Magyar Nemzeti Bank', 'Budapest', 'Europe/Budapest', huf],
  ['PLN', 'Polish Zloty', 'PL', 'Narodowy Bank Polski', 'Warsaw', 'Europe/Warsaw', pln],
  ['RON', 'Romanian Leu', 'RO', 'Banca Națională a României', 'Bucharest', 'Europe/Bucharest', ron],
  ['RSD', 'Serbian Dinar', 'RS', 'National Bank of Serbia', 'Belgrade', 'Europe/Belgrade', rsd],
];
