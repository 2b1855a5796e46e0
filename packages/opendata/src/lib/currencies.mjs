// Currencies and the days their settlement systems are closed.
import { addDays, easterSunday, nthWeekday, weekday, weekdayBefore, ymd, years } from './dates.mjs';
import { australianHolidays } from '../markets/australia.mjs';
import { brazilianHolidays } from '../markets/americas.mjs';
import { chineseClosures } from '../markets/china.mjs';
import { ukBankHolidays } from '../markets/europe.mjs';
import { hongKongHolidays } from '../markets/hongkong.mjs';
import { japaneseMarketClosures } from '../markets/japan.mjs';

const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

/**
 * Federal Reserve holidays: a Sunday holiday is observed on Monday; a Saturday holiday is not
 * observed (the Reserve Banks open on the Friday before).
 */
export function federalReserveHolidays(year) {
  const out = [];
  const fixed = (date, name) => {
    if (weekday(date) === 0) out.push({ date: addDays(date, 1), name, observed: true });
    else if (weekday(date) !== 6) out.push({ date, name, observed: false });
  };
  fixed(ymd(year, 1, 1), "New Year's Day");
  out.push({ date: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King Jr. Day', observed: false });
  out.push({ date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday", observed: false });
  out.push({ date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day', observed: false });
  if (year >= 2022) fixed(ymd(year, 6, 19), 'Juneteenth National Independence Day');
  fixed(ymd(year, 7, 4), 'Independence Day');
  out.push({ date: nthWeekday(year, 9, 1, 1), name: 'Labor Day', observed: false });
  out.push({ date: nthWeekday(year, 10, 1, 2), name: 'Columbus Day', observed: false });
  fixed(ymd(year, 11, 11), 'Veterans Day');
  out.push({ date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day', observed: false });
  fixed(ymd(year, 12, 25), 'Christmas');
  return out;
}

function target2(year) {
  const e = easterSunday(year);
  const out = [
    [ymd(year, 1, 1), "New Year's Day"],
    [addDays(e, -2), 'Good Friday'],
    [addDays(e, 1), 'Easter Monday'],
    [ymd(year, 5, 1), 'Labour Day'],
    [ymd(year, 12, 25), 'Christmas'],
    [ymd(year, 12, 26), 'Christmas Holiday'],
  ];
  // TARGET also closed on New Year's Eve in its first years.
  if (year <= 2001) out.push([ymd(year, 12, 31), "New Year's Eve"]);
  return out.map(([date, name]) => ({ date, name, observed: false }));
}

function swiss(year) {
  const e = easterSunday(year);
  return [
    [ymd(year, 1, 1), "New Year's Day"],
    [ymd(year, 1, 2), "Berchtold's Day"],
    [addDays(e, -2), 'Good Friday'],
    [addDays(e, 1), 'Easter Monday'],
    [ymd(year, 5, 1), 'Labour Day'],
    [addDays(e, 39), 'Ascension Day'],
    [addDays(e, 50), 'Whit Monday'],
    [ymd(year, 8, 1), 'Swiss National Day'],
    [ymd(year, 12, 25), 'Christmas'],
    [ymd(year, 12, 26), "St. Stephen's Day"],
  ].map(([date, name]) => ({ date, name, observed: false }));
}

function canadian(year) {
  const out = [];
  const taken = new Set();
  const fixed = (date, name) => {
    let d = date;
    let observed = false;
    while (isWeekend(d) || taken.has(d)) {
      d = addDays(d, 1);
      observed = true;
    }
    taken.add(d);
    out.push({ date: d, name, observed });
  };
  const plain = (date, name) => {
    taken.add(date);
    out.push({ date, name, observed: false });
  };
  fixed(ymd(year, 1, 1), "New Year's Day");
  if (year >= 2008) plain(nthWeekday(year, 2, 1, 3), 'Family Day');
  plain(addDays(easterSunday(year), -2), 'Good Friday');
  plain(weekdayBefore(ymd(year, 5, 25), 1), 'Victoria Day');
  fixed(ymd(year, 7, 1), 'Canada Day');
  plain(nthWeekday(year, 8, 1, 1), 'Civic Holiday');
  plain(nthWeekday(year, 9, 1, 1), 'Labour Day');
  if (year >= 2021) fixed(ymd(year, 9, 30), 'National Day for Truth and Reconciliation');
  plain(nthWeekday(year, 10, 1, 2), 'Thanksgiving Day');
  fixed(ymd(year, 11, 11), 'Remembrance Day');
  fixed(ymd(year, 12, 25), 'Christmas');
  fixed(ymd(year, 12, 26), 'Boxing Day');
  return out;
}

export const CURRENCIES = [
  ['USD', 'US Dollar', 'US', 'Federal Reserve System', 'New York', 'America/New_York', federalReserveHolidays],
  ['EUR', 'Euro', 'Eurozone', 'European Central Bank', 'Frankfurt', 'Europe/Berlin', target2],
  ['GBP', 'Pound Sterling', 'GB', 'Bank of England', 'London', 'Europe/London', ukBankHolidays],
  ['JPY', 'Japanese Yen', 'JP', 'Bank of Japan', 'Tokyo', 'Asia/Tokyo', japaneseMarketClosures],
  ['CHF', 'Swiss Franc', 'CH', 'Swiss National Bank', 'Zurich', 'Europe/Zurich', swiss],
  [
    'AUD',
    'Australian Dollar',
    'AU',
    'Reserve Bank of Australia',
    'Sydney',
    'Australia/Sydney',
    (y) => australianHolidays(y, { bank: true }),
  ],
  ['CAD', 'Canadian Dollar', 'CA', 'Bank of Canada', 'Toronto', 'America/Toronto', canadian],
  ['HKD', 'Hong Kong Dollar', 'HK', 'Hong Kong Monetary Authority', 'Hong Kong', 'Asia/Hong_Kong', hongKongHolidays],
  [
    'CNY',
    'Chinese Yuan Renminbi',
    'CN',
    "People's Bank of China",
    'Shanghai',
    'Asia/Shanghai',
    (y) => chineseClosures(y).closures,
  ],
  [
    'BRL',
    'Brazilian Real',
    'BR',
    'Banco Central do Brasil',
    'Brasília',
    'America/Sao_Paulo',
    (y) => brazilianHolidays(y),
  ],
];

/** The currencies above and `extra` (rows of the same shape, from the market families). */
export function currencyTables(extra = []) {
  const currencies = [];
  const holidays = [];
  for (const [code, name, country, bank, capital, tz, rule] of [...CURRENCIES, ...extra]) {
    currencies.push({
      'Currency Code': code,
      'Currency Name': name,
      'Country Code': country,
      'Central Bank': bank,
      'Financial Capital': capital,
      'Financial Capital Timezone': tz,
      'Weekend Definition': 'Sat-Sun',
    });
    const seen = new Set();
    for (const y of years()) {
      for (const hol of rule(y)) {
        if (isWeekend(hol.date) || seen.has(hol.date)) continue;
        seen.add(hol.date);
        holidays.push({
          'Currency Code': code,
          Date: hol.date,
          'Holiday Name': hol.name,
          Settlement: 'No',
          Observed: hol.observed ? 'OBS' : '',
          Memo: hol.memo ?? '',
        });
      }
    }
  }
  holidays.sort((a, b) => (a['Currency Code'] + a.Date < b['Currency Code'] + b.Date ? -1 : 1));
  return { currencies, holidays };
}

// ---- Issue 34: currencies of the newer markets (EUR, CHF, CAD and CNY are above). ----
// Settlement holidays approximated by each country's market closures, which here are the
// public holidays the banks also keep (plus the Korean year-end bank closure); memos say so.
import { MUHURAT, nseClosures } from '../markets/india.mjs';
import { krxClosures } from '../markets/korea.mjs';
import { singaporeHolidays } from '../markets/singapore.mjs';
import { southAfricanHolidays } from '../markets/jse.mjs';

// Diwali (Laxmi Pujan) closes the banks even when the exchange holds its evening Muhurat session.
const inrHolidays = (y) =>
  [
    ...nseClosures(y),
    ...MUHURAT.filter(([d]) => d.startsWith(`${y}-`)).map(([date]) => ({
      date,
      name: 'Diwali Laxmi Pujan',
      observed: false,
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : 1));
const withMemo = (memo, rows) => rows.map((h) => ({ ...h, memo: h.memo ? `${h.memo}; ${memo}` : memo }));
CURRENCIES.push(
  [
    'KRW',
    'South Korean Won',
    'KR',
    'Bank of Korea',
    'Seoul',
    'Asia/Seoul',
    (y) => withMemo('Approximated by the Korea Exchange closures', krxClosures(y)),
  ],
  [
    'INR',
    'Indian Rupee',
    'IN',
    'Reserve Bank of India',
    'Mumbai',
    'Asia/Kolkata',
    (y) => withMemo('Approximated by the NSE trading holidays', inrHolidays(y)),
  ],
  [
    'SGD',
    'Singapore Dollar',
    'SG',
    'Monetary Authority of Singapore',
    'Singapore',
    'Asia/Singapore',
    singaporeHolidays,
  ],
  [
    'ZAR',
    'South African Rand',
    'ZA',
    'South African Reserve Bank',
    'Johannesburg',
    'Africa/Johannesburg',
    southAfricanHolidays,
  ],
);
