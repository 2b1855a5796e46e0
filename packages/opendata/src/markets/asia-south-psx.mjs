// Pakistan Stock Exchange (Karachi), part of the South and South-East Asia family (asia-south.mjs).
import { addDays, weekday, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { hijri, isWeekend, LUNAR_MEMO, spec } from './asia-south-lib.mjs';

// ---------------------------------------------------------------------------------------------
// Pakistan Stock Exchange, ready market.
// ---------------------------------------------------------------------------------------------

// Weekday closures from the exchange's holiday notices (Eid breaks as the federal government
// declared them; Jumu'atul-Wida, the last Friday of Ramadan, closes the exchange since 2021).
const PSX_ANNOUNCED = {
  2018: '02-05 03-23 05-01 06-15 06-18 07-25 08-14 08-22 08-23 08-24 09-20 09-21 11-21 12-25',
  2019: '02-05 05-01 06-04 06-05 06-06 06-07 08-12 08-13 08-14 08-15 09-09 09-10 12-25',
  2020: '02-05 03-23 05-01 05-25 05-26 05-27 07-31 08-14 10-30 12-25',
  2021: '02-05 03-23 05-07 05-10 05-11 05-12 05-13 05-14 07-20 07-21 07-22 08-18 08-19 10-19',
  2022: '03-23 04-29 05-02 05-03 05-04 05-05 07-08 07-11 07-12 08-08 08-09 11-09',
  2023: '03-23 04-14 04-21 04-24 04-25 05-01 06-28 06-29 06-30 07-28 08-14 09-29 11-09 12-25',
  2024: '02-05 02-08 04-05 04-10 04-11 04-12 05-01 05-28 06-17 06-18 06-19 07-16 07-17 08-14 09-17 12-25',
  2025: '02-05 03-28 03-31 04-01 04-02 05-01 05-28 06-06 06-09 08-14 12-25',
  2026: '02-05 03-20 03-23 05-01 05-27 05-28 05-29 06-24 06-25 08-14 08-25 11-09 12-25',
};
const PSX_NAMES = {
  '02-05': 'Kashmir Solidarity Day',
  '03-23': 'Pakistan Day',
  '05-01': 'Labour Day',
  '05-28': 'Youm-e-Takbeer',
  '08-14': 'Independence Day',
  '11-09': 'Allama Iqbal Day',
  '12-25': 'Quaid-e-Azam Day / Christmas',
};
const PSX_ONE_OFF = {
  '2002-10-10': 'General Election',
  '2007-12-28': 'Mourning for Benazir Bhutto',
  '2007-12-31': 'Mourning for Benazir Bhutto',
  '2008-02-18': 'General Election',
  '2018-07-25': 'General Election',
  '2024-02-08': 'General Election',
};
const PSX_LAG = 1; // Pakistan's moon sighting usually follows Umm al-Qura by a day
// First day of Ramadan and Eid al-Fitr in Pakistan (Ruet-e-Hilal Committee), for Ramadan hours.
const PSX_RAMADAN = {
  2018: ['2018-05-17', '2018-06-16'],
  2019: ['2019-05-07', '2019-06-05'],
  2020: ['2020-04-25', '2020-05-25'],
  2021: ['2021-04-14', '2021-05-13'],
  2022: ['2022-04-03', '2022-05-03'],
  2023: ['2023-03-24', '2023-04-22'],
  2024: ['2024-03-12', '2024-04-10'],
  2025: ['2025-03-02', '2025-03-31'],
  2026: ['2026-02-19', '2026-03-21'],
};

/** Festival names of the Islamic closures of a year, by date (Pakistan's sighting). */
function psxIslamic(year) {
  const out = new Map();
  const add = (dates, name) => {
    for (const d of dates) if (!out.has(d)) out.set(d, name);
  };
  for (const d of hijri(year, 10, 1, PSX_LAG)) add([d, addDays(d, 1), addDays(d, 2)], 'Eid-ul-Fitr');
  for (const d of hijri(year, 12, 10, PSX_LAG)) add([d, addDays(d, 1), addDays(d, 2)], 'Eid-ul-Azha');
  for (const d of hijri(year, 1, 9, PSX_LAG)) add([d, addDays(d, 1)], 'Ashura');
  add(hijri(year, 3, 12, PSX_LAG), 'Eid Milad-un-Nabi');
  return out;
}

/** Weekday closures of the PSX in a year as {date, name, memo}. */
export function psxClosures(year) {
  const islamic = new Map();
  for (const y of [year - 1, year]) for (const [d, n] of psxIslamic(y)) islamic.set(d, n);
  // Eid breaks that spill over from a festival late in the previous year.
  const announced = PSX_ANNOUNCED[year];
  if (announced) {
    const near = (d) =>
      islamic.get(d) ?? islamic.get(addDays(d, 1)) ?? islamic.get(addDays(d, -1)) ?? islamic.get(addDays(d, 2));
    return spec(year, announced)
      .sort()
      .map((date) => ({
        date,
        name: PSX_ONE_OFF[date] ?? PSX_NAMES[date.slice(5)] ?? near(date) ?? "Jumu'atul-Wida",
        memo: 'Announced by the exchange',
      }));
  }
  const out = new Map();
  const fixed = [
    ['02-05', 'Kashmir Solidarity Day'],
    ['03-23', 'Pakistan Day'],
    ['05-01', 'Labour Day'],
    ['08-14', 'Independence Day'],
    ['12-25', 'Quaid-e-Azam Day / Christmas'],
  ];
  if (year < 2015 || year >= 2022) fixed.push(['11-09', 'Allama Iqbal Day']);
  if (year >= 2024) fixed.push(['05-28', 'Youm-e-Takbeer']);
  for (const [md, name] of fixed) out.set(`${year}-${md}`, { name, memo: '' });
  for (const [d, name] of Object.entries(PSX_ONE_OFF)) if (d.startsWith(`${year}-`)) out.set(d, { name, memo: '' });
  for (const [d, name] of psxIslamic(year)) if (!out.has(d)) out.set(d, { name, memo: LUNAR_MEMO });
  if (year >= 2021) {
    // Jumu'atul-Wida: the last Friday before Eid al-Fitr.
    for (const eid of hijri(year, 10, 1, PSX_LAG)) {
      let d = addDays(eid, -1);
      while (weekday(d) !== 5) d = addDays(d, -1);
      if (!out.has(d)) out.set(d, { name: "Jumu'atul-Wida", memo: LUNAR_MEMO });
    }
  }
  return [...out]
    .filter(([d]) => d.startsWith(`${year}-`) && !isWeekend(d))
    .map(([date, v]) => ({ date, ...v }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Ramadan weekdays of a year with the hours era they fall in (2018 onwards). */
function psxRamadanDays(year) {
  const known = PSX_RAMADAN[year];
  const [first, eid] = known ?? [hijri(year, 9, 1, PSX_LAG)[0], hijri(year, 10, 1, PSX_LAG)[0]];
  if (!first || !eid) return [];
  const out = [];
  for (let d = first; d < eid; d = addDays(d, 1)) if (!isWeekend(d)) out.push(d);
  return out;
}

export function psx() {
  const id = 'PK.PSX';
  const TZ = 'Asia/Karachi';
  const s = scheduleFor(id, TZ, {
    Regular: 'Ready market: pre-open, order matching, continuous trading; Friday split by the prayer break',
    Ramadan: 'Designated time schedule of the month of Ramadan (one session, earlier close)',
  });
  // Monday to Thursday: pre-open 09:15-09:30, matching and confirmation to 09:32, market open
  // to 15:30. Friday: pre-open 09:00-09:15, open 09:17-12:00, Jumu'ah prayer break, second
  // pre-open 14:15-14:30, open 14:32-16:30.
  s.row('Regular', 'Pre-Open', 'Pre-Open Session', 'Mon-Thu', '09:15', '09:30', {
    memo: 'Orders entered, not matched',
  });
  s.row('Regular', 'Call Auction', 'Order Matching and Confirmation', 'Mon-Thu', '09:30', '09:32');
  s.row('Regular', 'Primary Trading Session', 'Normal Market', 'Mon-Thu', '09:32', '15:30');
  s.row('Regular', 'Post-Trading Session', 'Post-Close Session', 'Mon-Thu', '16:00', '16:15');
  s.row('Regular', 'Pre-Open', 'Pre-Open Session', 'Fri', '09:00', '09:15');
  s.row('Regular', 'Call Auction', 'Order Matching and Confirmation', 'Fri', '09:15', '09:17');
  s.row('Regular', 'Primary Trading Session', 'First Session', 'Fri', '09:17', '12:00');
  s.row('Regular', 'Intermission', "Jumu'ah Prayer Break", 'Fri', '12:00', '14:15');
  s.row('Regular', 'Pre-Open', 'Second Pre-Open Session', 'Fri', '14:15', '14:30');
  s.row('Regular', 'Call Auction', 'Order Matching and Confirmation', 'Fri', '14:30', '14:32');
  s.row('Regular', 'Primary Trading Session', 'Second Session', 'Fri', '14:32', '16:30');
  s.row('Regular', 'Post-Trading Session', 'Post-Close Session', 'Fri', '17:00', '17:15');
  // Ramadan: 10:00 pre-open and a 14:00 (Friday 13:00) close; from 29 April 2021, with banking
  // hours cut for COVID-19, a 09:00 pre-open and a 12:30 (Friday 11:30) close for the rest of
  // that Ramadan; from 18 April 2022, after the SBP moved bank hours earlier, a 09:00 pre-open
  // and a 13:30 (Friday 12:30) close, repeated in 2023 and 2024.
  const eras = [
    [{ until: '2021-04-28' }, ['10:00', '10:15', '10:17'], '14:00', '13:00'],
    [{ from: '2021-04-29', until: '2021-12-31' }, ['09:00', '09:15', '09:17'], '12:30', '11:30'],
    [{ from: '2022-01-01', until: '2022-04-17' }, ['10:00', '10:15', '10:17'], '14:00', '13:00'],
    [{ from: '2022-04-18' }, ['09:00', '09:15', '09:17'], '13:30', '12:30'],
  ];
  for (const [o, [pre, match, open], close, friClose] of eras) {
    s.row('Ramadan', 'Pre-Open', 'Pre-Open Session', 'Mon-Fri', pre, match, o);
    s.row('Ramadan', 'Call Auction', 'Order Matching and Confirmation', 'Mon-Fri', match, open, o);
    s.row('Ramadan', 'Primary Trading Session', 'Normal Market', 'Mon-Thu', open, close, o);
    s.row('Ramadan', 'Primary Trading Session', 'Normal Market', 'Fri', open, friClose, o);
  }
  const h = holidaysFor(id);
  for (const y of years()) for (const c of psxClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  for (const y of years(2018)) {
    for (const d of psxRamadanDays(y))
      h.open(d, 'Ramadan', 'Ramadan', {
        memo: PSX_RAMADAN[y] ? 'Ramadan hours' : `Ramadan hours; ${LUNAR_MEMO}`,
        ifFree: true,
      });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Pakistan Stock Exchange',
        'Market Name': 'Ready Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XKAR',
        Acronym: 'PSX',
        'Asset Type': 'Equities',
        Memo:
          'Karachi Stock Exchange until January 2016. Current Monday-Thursday and Friday hours applied to all ' +
          'years; Ramadan hours from 2018 only; Islamic holidays announced 2018-2026, otherwise Umm al-Qura ' +
          'plus one day; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XKAR', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          { title: 'PSX: Holidays 2026 notice', url: 'https://www.psx.com.pk/psx/exchange/general/calendar-holidays' },
          {
            title: 'PSX: Trading hours (designated time schedule)',
            url: 'https://www.psx.com.pk/psx/exchange/general/trading-hours',
          },
          {
            title: 'ProPakistani: PSX closed on Juma-tul-Wida, 14 April 2023',
            url: 'https://propakistani.pk/2023/04/10/pakistan-stock-exchange-to-remain-closed-on-friday/',
          },
          {
            title: 'PSX notices: Ramadan designated time schedules 2021-2024',
            url: 'https://www.psx.com.pk/psx/resources-and-tools/notices',
          },
          {
            title: 'Cabinet Division, Government of Pakistan: public holiday notifications',
            url: 'https://cabinet.gov.pk/',
          },
        ],
      },
    ],
  };
}
