// Astana International Exchange and Kazakhstan's public holidays, of the eurasia family.
import { addDays, yearOf, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { islamicFirstDays } from './eurasia-calendars.mjs';
import { isSatSun } from './eurasia-lib.mjs';

// =====================================================================================
// Astana International Exchange (and Kazakhstan's public holidays)
// =====================================================================================

/**
 * The government's transfers of days off (Labour Code art. 85): weekdays made days off, and
 * weekday substitutes a resolution moved elsewhere. Years not listed had none that are known here.
 */
const KZ_TRANSFERS = {
  2018: { off: ['2018-03-09', '2018-04-30', '2018-05-08', '2018-08-31', '2018-12-31'] },
  2020: { off: ['2020-01-03', '2020-05-08', '2020-12-18'], cancelled: ['2020-05-11'] },
  2022: { off: ['2022-10-24'] },
  2023: { off: ['2023-07-07'] },
  2024: { off: ['2024-05-08'] },
  2025: { off: ['2025-01-03'] },
};

/** Kazakhstan's public holidays (law on holidays) as {date, name, observed}. */
export function kazakhHolidays(year) {
  const out = [];
  const taken = new Set();
  const list = [];
  const push = (d, name, moves = true) => list.push([d, name, moves]);
  push(ymd(year, 1, 1), "New Year's Day");
  push(ymd(year, 1, 2), "New Year's Day");
  if (year >= 2006) push(ymd(year, 1, 7), 'Orthodox Christmas', false);
  push(ymd(year, 3, 8), "International Women's Day");
  if (year >= 2010) for (const d of [21, 22, 23]) push(ymd(year, 3, d), 'Nauryz');
  else push(ymd(year, 3, 22), 'Nauryz');
  push(ymd(year, 5, 1), 'Unity Day');
  if (year >= 2013) push(ymd(year, 5, 7), 'Defender of the Fatherland Day');
  push(ymd(year, 5, 9), 'Victory Day');
  if (year >= 2009) push(ymd(year, 7, 6), 'Capital Day');
  push(ymd(year, 8, 30), 'Constitution Day');
  if (year <= 2008 || year >= 2022) push(ymd(year, 10, 25), 'Republic Day');
  if (year >= 2012 && year <= 2021) push(ymd(year, 12, 1), 'First President Day');
  push(ymd(year, 12, 16), 'Independence Day');
  if (year <= 2021) push(ymd(year, 12, 17), 'Independence Day');
  if (year >= 2006) {
    for (const d of islamicFirstDays(12, 10).filter((x) => yearOf(x) === year)) {
      push(d, 'Kurban Ait', false);
    }
  }
  for (const [d] of list) taken.add(d);
  for (const [d, name] of list) out.push({ date: d, name, observed: false });
  const moved = KZ_TRANSFERS[year] ?? {};
  for (const [d, name, moves] of list) {
    if (!moves || !isSatSun(d)) continue;
    let s = addDays(d, 1);
    while (isSatSun(s) || taken.has(s)) s = addDays(s, 1);
    taken.add(s);
    if (!(moved.cancelled ?? []).includes(s)) out.push({ date: s, name, observed: true });
  }
  for (const d of moved.off ?? []) {
    if (!taken.has(d)) out.push({ date: d, name: 'Transferred Day Off', observed: false, memo: 'Government transfer' });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

const AIX_FIRST_TRADE = '2018-11-14';

export function aix() {
  const id = 'KZ.AIX';
  const TZ = 'Asia/Almaty';
  const s = scheduleFor(id, TZ, { Regular: 'AIX trading day (Astana time)' });
  s.row('Regular', 'Pre-Open', 'Pre-Opening', 'Mon-Fri', '11:00', '11:30', { memo: 'Order entry, no matching' });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '11:30', '17:00', {
    memo: 'Opening auction at 11:30; the day ends with the closing auction',
  });
  s.row('Regular', 'Pre-Close', 'Pre-Close and Closing Auction', 'Mon-Fri', '16:45', '17:00');
  s.row('Regular', 'Trading-at-Last', 'Trading at Last', 'Mon-Fri', '17:00', '17:05');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const x of kazakhHolidays(y)) {
      if (isSatSun(x.date)) continue;
      const memo = x.date < AIX_FIRST_TRADE ? 'Kazakh public holiday; AIX had not started trading' : '';
      h.closed(x.date, x.name, { observed: x.observed, memo, ifFree: true });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Astana International Exchange',
        'Market Name': 'Main Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'AIXK',
        Acronym: 'AIX',
        'Asset Type': 'Equities',
        Memo:
          'Trading from November 2018; earlier years carry the Kazakh holiday calendar only. ' +
          "Public holidays with the law's weekend moves and the government's transfers of days off known for 2018-2026",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['AIXK', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'AIX market notice 2020-10-23_01: trading hours',
            url: 'https://aix.kz/aix-market-notices/2020-10-23_01-market-notice-aix-changes-trading-hours-for-rusb-ruse-ixu-ixa-ixe-ixb-ixo-ixt-ixd-ixy-ixg-and-far',
          },
          {
            title: 'FEAS member profile: Astana International Exchange',
            url: 'https://feas.org/users/astana-international-exchange/',
          },
          { title: 'Law of the Republic of Kazakhstan on holidays', url: 'https://adilet.zan.kz/' },
          {
            title: 'Government of Kazakhstan: non-working days in 2018 rescheduled',
            url: 'https://primeminister.kz/en/news/15835',
          },
          {
            title: 'Official holiday calendar of Kazakhstan for 2026 (e-government portal), alau.kz',
            url: 'https://alau.kz/perenosy-vyhodnyh-prazdnichnyj-kalendar-kazahstana-na-2026-god/',
          },
        ],
      },
    ],
  };
}
