// The Lima exchange (BVL) and Peru's public holidays.
import { addDays, easterSunday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { periodsAgainstNewYork, shiftTime, isWeekend, clean, addHolidays } from './americas-more-lib.mjs';

// ---------------------------------------------------------------------------------------------
// Peru.

/** Peruvian public holidays (Legislative Decree 713 and the laws that added days). */
export function peruvianHolidays(year) {
  const e = easterSunday(year);
  const out = [];
  const fixed = (m, d, name) => out.push({ date: ymd(year, m, d), name });
  fixed(1, 1, "New Year's Day");
  out.push({ date: addDays(e, -3), name: 'Holy Thursday' });
  out.push({ date: addDays(e, -2), name: 'Good Friday' });
  fixed(5, 1, 'Labour Day');
  // Law 31788 (2023) came out after June 7, 2023: the first Flag Day holiday was in 2024.
  if (year >= 2024) fixed(6, 7, 'Battle of Arica and Flag Day');
  fixed(6, 29, 'Saints Peter and Paul');
  if (year >= 2023) fixed(7, 23, 'Peruvian Air Force Day');
  fixed(7, 28, 'Independence Day');
  fixed(7, 29, 'Independence Day');
  if (year >= 2022) fixed(8, 6, 'Battle of Junín');
  fixed(8, 30, 'Santa Rosa de Lima');
  fixed(10, 8, 'Battle of Angamos');
  fixed(11, 1, "All Saints' Day");
  fixed(12, 8, 'Immaculate Conception');
  if (year >= 2022) fixed(12, 9, 'Battle of Ayacucho');
  fixed(12, 25, 'Christmas Day');
  return clean(out);
}

export function bvl() {
  const id = 'PE.BVL';
  const TZ = 'America/Lima';
  const s = scheduleFor(id, TZ, {
    Regular:
      "Equities: continuous trading in step with New York's 09:30-16:00 (08:30-15:00 Lima while New York is on summer time)",
    Partial: 'Year-end reduced hours: continuous trading until 12:00, closing until 12:10',
  });
  for (const p of periodsAgainstNewYork(TZ)) {
    const o = { from: p.from || undefined, until: p.until || undefined };
    const t = (x) => shiftTime(x, p.shift);
    s.row('Regular', 'Pre-Open', 'Pre-Apertura', 'Mon-Fri', t('09:00'), t('09:30'), o);
    s.row('Regular', 'Primary Trading Session', 'Negociación Continua', 'Mon-Fri', t('09:30'), t('16:00'), o);
    s.row('Regular', 'Call Auction', 'Cierre', 'Mon-Fri', t('16:00'), t('16:10'), o);
  }
  s.row('Partial', 'Pre-Open', 'Pre-Apertura', 'Mon-Fri', '09:00', '09:30');
  s.row('Partial', 'Primary Trading Session', 'Negociación Continua', 'Mon-Fri', '09:30', '12:00');
  s.row('Partial', 'Call Auction', 'Cierre', 'Mon-Fri', '12:00', '12:10');
  const h = holidaysFor(id);
  for (const y of years()) {
    addHolidays(h, peruvianHolidays(y));
    if (y >= 2025) {
      for (const d of [ymd(y, 12, 24), ymd(y, 12, 31)])
        if (!isWeekend(d) && !h.has(d))
          h.open(d, d.endsWith('24') ? 'Christmas Eve' : "New Year's Eve", 'Partial', {
            memo: 'Reduced hours: equities 09:00-12:10',
          });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bolsa de Valores de Lima',
        'Market Name': 'Equities',
        'Security Group': 'Renta Variable',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XLIM',
        Acronym: 'BVL',
        'Asset Type': 'Equities',
        Memo: "Continuous trading in step with New York's (09:30-16:00 Lima, 08:30-15:00 while New York is on summer time) through the sample years (the shorter 09:30-13:30 session of domestic shares in the 2000s is not modelled); public-sector non-working days are trading days; year-end reduced hours from 2025",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XLIM', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Gestión: BVL trading hours (close at 15:00 March-November, 16:00 November-March), March 2025',
            url: 'https://gestion.pe/economia/mercados/bvl-casas-de-bolsa-rechazan-cambio-de-horario-que-proponen-bolsa-de-valores-sociedades-agentes-de-bolsa-noticia/',
          },
          {
            title: 'nuam: horarios especiales de operación 24 y 31 de diciembre de 2025',
            url: 'https://elcomercio.pe/economia/peru/nuam-conoce-los-horarios-especiales-de-operacion-por-cierre-de-ano-l-nuam-l-ultimas-noticia/',
          },
          {
            title: 'Decreto Legislativo 713 and later laws on public holidays (El Peruano)',
            url: 'https://www.gob.pe/feriados',
          },
        ],
      },
    ],
  };
}
