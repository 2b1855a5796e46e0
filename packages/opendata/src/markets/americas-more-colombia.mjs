// The Colombian exchange (BVC) and Colombia's public holidays.
import { addDays, easterSunday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import {
  mondayOnOrAfter,
  periodsAgainstNewYork,
  shiftTime,
  weekdayOnOrBefore,
  isWeekend,
  clean,
  addHolidays,
} from './americas-more-lib.mjs';

// ---------------------------------------------------------------------------------------------
// Colombia.

/** Colombian public holidays (Law 51 of 1983, "Ley Emiliani": several move to the next Monday). */
export function colombianHolidays(year) {
  const e = easterSunday(year);
  const out = [];
  const fixed = (m, d, name) => out.push({ date: ymd(year, m, d), name });
  const monday = (m, d, name) => {
    const date = mondayOnOrAfter(ymd(year, m, d));
    out.push({ date, name, observed: date !== ymd(year, m, d) });
  };
  fixed(1, 1, "New Year's Day");
  monday(1, 6, 'Epiphany');
  monday(3, 19, "Saint Joseph's Day");
  out.push({ date: addDays(e, -3), name: 'Holy Thursday' });
  out.push({ date: addDays(e, -2), name: 'Good Friday' });
  fixed(5, 1, 'Labour Day');
  out.push({ date: addDays(e, 43), name: 'Ascension Day', observed: true });
  out.push({ date: addDays(e, 64), name: 'Corpus Christi', observed: true });
  out.push({ date: addDays(e, 71), name: 'Sacred Heart', observed: true });
  monday(6, 29, 'Saints Peter and Paul');
  fixed(7, 20, 'Independence Day');
  fixed(8, 7, 'Battle of Boyacá');
  monday(8, 15, 'Assumption Day');
  monday(10, 12, 'Columbus Day');
  monday(11, 1, "All Saints' Day");
  monday(11, 11, 'Independence of Cartagena');
  fixed(12, 8, 'Immaculate Conception');
  fixed(12, 25, 'Christmas Day');
  return clean(out);
}

export function bvc() {
  const id = 'CO.BVC';
  const TZ = 'America/Bogota';
  const s = scheduleFor(id, TZ, {
    Regular:
      'Equities (continuous instruments): New York hours, 09:30-16:00 Bogotá or 08:30-15:00 while New York is on summer time',
    Partial: 'Christmas Eve: trading until 13:00',
  });
  // The closing auction is part of the trading day in BVC's hours ("08:30 to 15:00"): a Pre-Close
  // phase inside the primary session.
  for (const p of periodsAgainstNewYork(TZ)) {
    const o = { from: p.from || undefined, until: p.until || undefined };
    const t = (x) => shiftTime(x, p.shift);
    for (const [group, close] of [
      ['Regular', t('16:00')],
      ['Partial', '13:00'],
    ]) {
      s.row(group, 'Pre-Open', 'Preparación de Apertura', 'Mon-Fri', t('09:15'), t('09:30'), o);
      s.row(group, 'Primary Trading Session', 'Mercado Abierto', 'Mon-Fri', t('09:30'), close, o);
      s.row(group, 'Pre-Close', 'Subasta de Cierre', 'Mon-Fri', shiftTime(close, -5), close, o);
    }
  }
  const h = holidaysFor(id);
  for (const y of years()) {
    addHolidays(h, colombianHolidays(y));
    const last = weekdayOnOrBefore(ymd(y, 12, 31));
    if (!h.has(last)) h.closed(last, 'Last Business Day of the Year', { memo: 'Business day without trading' });
    const eve = ymd(y, 12, 24);
    if (!isWeekend(eve) && !h.has(eve)) h.open(eve, 'Christmas Eve', 'Partial', { memo: 'Equities close at 13:00' });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bolsa de Valores de Colombia',
        'Market Name': 'Equities',
        'Security Group': 'Renta Variable (continuous instruments)',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XBOG',
        Acronym: 'BVC',
        'Asset Type': 'Equities',
        Memo: "Hours in step with New York's (09:30-16:00 New York time) through the sample years, closing auction inside the session; Christmas Eve closes at 13:00; the last business day of the year is not a trading day",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XBOG', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'BVC: ajuste de horarios de negociación por el horario de verano de Nueva York (2022)',
            url: 'https://www.eltiempo.com/economia/sector-financiero/bolsa-de-valores-de-colombia-nuevo-horario-656694',
          },
          {
            title: 'BVC: ajuste de horario de negociación desde el 9 de marzo de 2026',
            url: 'https://www.valoraanalitik.com/bolsa-de-colombia-anuncia-ajusta-de-horario-de-negociacion-desde-de-marzo/',
          },
          {
            title: 'BVC: horarios del 24 y 31 de diciembre de 2019',
            url: 'https://www.larepublica.co/finanzas/bolsa-de-valores-de-colombia-revelo-horarios-para-este-24-y-31-de-diciembre-2942461',
          },
          {
            title: 'Ley 51 de 1983 (festivos, "Ley Emiliani")',
            url: 'https://www.funcionpublica.gov.co/eva/gestornormativo/norma.php?i=4954',
          },
        ],
      },
    ],
  };
}
