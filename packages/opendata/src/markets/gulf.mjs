// Saudi Exchange (Tadawul) and Abu Dhabi Securities Exchange: Islamic holidays and weekends
// that moved during the sample's years.
import { addDays, islamicDatesBetween, weekday, yearOf, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const FROM = '2000-01-01';
const TO = '2030-12-31';
export const LUNAR_MEMO = 'Date by the Umm al-Qura calendar; the real date follows moon sighting';

/** Days [first, first + n) of an Islamic month in every year of the sample. */
function islamicSpans(hMonth, hDay, n) {
  return islamicDatesBetween(hMonth, hDay, addDays(FROM, -n), TO).map((d) =>
    Array.from({ length: n }, (_, i) => addDays(d, i)),
  );
}

export function islamicFestivals() {
  return {
    eidAlFitr: islamicSpans(10, 1, 3),
    arafat: islamicSpans(12, 9, 1),
    eidAlAdha: islamicSpans(12, 10, 3),
    hijriNewYear: islamicSpans(1, 1, 1),
    mawlid: islamicSpans(3, 12, 1),
  };
}

function inRange(d) {
  return d >= FROM && d <= TO;
}

// Eid breaks as the exchange announced them (first and last day off, weekends included).
const TADAWUL_EID = {
  'Eid al-Fitr': {
    2021: ['2021-05-13', '2021-05-16'],
    2022: ['2022-04-28', '2022-05-08'],
    2023: ['2023-04-18', '2023-04-25'],
    2024: ['2024-04-05', '2024-04-15'],
  },
  'Eid al-Adha': {
    2021: ['2021-07-16', '2021-07-22'],
    2022: ['2022-07-07', '2022-07-13'],
    2023: ['2023-06-27', '2023-07-02'],
  },
};
const EID_MEMO =
  'Approximated: about three days before to five days after Eid al-Fitr, ' +
  'two before to four after Eid al-Adha (Umm al-Qura dates)';

export function tadawul() {
  const id = 'SA.TADAWUL';
  const TZ = 'Asia/Riyadh';
  const SWITCH = '2013-06-29'; // the kingdom moved its weekend from Thu-Fri to Fri-Sat
  const s = scheduleFor(id, TZ, { Regular: 'Regular trading day' });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Sat-Wed', '11:00', '15:30', {
    until: addDays(SWITCH, -1),
    memo: 'Saturday to Wednesday week before the weekend change',
  });
  s.row('Regular', 'Pre-Open', 'Pre-Open', 'Sun-Thu', '09:30', '10:00', { from: SWITCH });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Sun-Thu', '10:00', '15:00', { from: SWITCH });
  s.row('Regular', 'Call Auction', 'Closing Auction', 'Sun-Thu', '15:00', '15:10', { from: SWITCH });
  s.row('Regular', 'Trading-at-Last', 'Trade at Last', 'Sun-Thu', '15:10', '15:20', { from: SWITCH });
  const isWeekend = (d) => (d < SWITCH ? [4, 5] : [5, 6]).includes(weekday(d));

  const h = holidaysFor(id);
  const f = islamicFestivals();
  const eids = [
    ['Eid al-Fitr', f.eidAlFitr, 3, 5],
    ['Eid al-Adha', f.eidAlAdha, 2, 4],
  ];
  for (const [name, firstDays, before, after] of eids) {
    for (const [eid] of firstDays) {
      const y = yearOf(eid);
      const announced = TADAWUL_EID[name][y];
      const [from, to] = announced ?? [addDays(eid, -before), addDays(eid, after)];
      const memo = announced ? 'Dates announced by the exchange' : EID_MEMO;
      for (let d = from; d <= to; d = addDays(d, 1)) {
        if (inRange(d) && !isWeekend(d)) h.closed(d, name, { memo, ifFree: true });
      }
    }
  }
  for (const y of years()) {
    const nd = ymd(y, 9, 23);
    if (y >= 2005 && !isWeekend(nd)) h.closed(nd, 'Saudi National Day', { ifFree: true });
    const fd = ymd(y, 2, 22);
    if (y >= 2022 && !isWeekend(fd)) h.closed(fd, 'Founding Day', { ifFree: true });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Saudi Exchange',
        'Market Name': 'Main Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Fri-Sat',
        MIC: 'XSAU',
        Acronym: 'Tadawul',
        'Asset Type': 'Equities',
        Memo: 'Weekend Thu-Fri until 2013-06-28 (trading Saturday to Wednesday); sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XSAU', id]],
  };
}

export function adx() {
  const id = 'AE.ADX';
  const TZ = 'Asia/Dubai';
  const SWITCH = '2022-01-03';
  const s = scheduleFor(id, TZ, { Regular: 'Regular trading day' });
  for (const [days, opts] of [
    ['Sun-Thu', { until: '2022-01-02' }],
    ['Mon-Fri', { from: SWITCH }],
  ]) {
    s.row('Regular', 'Pre-Open', 'Pre-Open Session', days, '09:30', '10:00', opts);
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', days, '10:00', '14:45', opts);
    s.row('Regular', 'Pre-Close', 'Pre-Close Session', days, '14:45', '15:00', opts);
  }
  const isWeekend = (d) => (d < SWITCH ? [5, 6] : [0, 6]).includes(weekday(d));
  const h = holidaysFor(id);
  const f = islamicFestivals();
  for (const [spans, name] of [
    [f.eidAlFitr, 'Eid al-Fitr'],
    [f.arafat, 'Arafat Day'],
    [f.eidAlAdha, 'Eid al-Adha'],
    [f.hijriNewYear, 'Islamic New Year'],
    [f.mawlid, "Prophet Muhammad's Birthday"],
  ]) {
    for (const span of spans)
      for (const d of span) if (inRange(d) && !isWeekend(d)) h.closed(d, name, { memo: LUNAR_MEMO, ifFree: true });
  }
  for (const y of years()) {
    const add = (date, name) => {
      if (!isWeekend(date)) h.closed(date, name, { ifFree: true });
    };
    add(ymd(y, 1, 1), "New Year's Day");
    if (y >= 2015) add(ymd(y, y >= 2019 ? 12 : 11, y >= 2019 ? 1 : 30), 'Commemoration Day');
    add(ymd(y, 12, 2), 'National Day');
    add(ymd(y, 12, 3), 'National Day');
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Abu Dhabi Securities Exchange',
        'Market Name': 'Equities',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XADS',
        Acronym: 'ADX',
        'Asset Type': 'Equities',
        Memo:
          'Traded Sunday to Thursday until 2022-01-02 and Monday to Friday from 2022-01-03; current session ' +
          'times applied to both periods; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XADS', id]],
  };
}
