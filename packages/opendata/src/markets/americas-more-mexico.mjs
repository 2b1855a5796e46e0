// The Mexican exchange (BMV) and the days it and the banks close.
import { addDays, easterSunday, nthWeekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { periodsAgainstNewYork, shiftTime, clean, addHolidays } from './americas-more-lib.mjs';

// ---------------------------------------------------------------------------------------------
// Mexico.

/** Days the BMV and the banks close (CNBV's calendar of non-working days; Federal Labour Law). */
export function mexicanClosures(year) {
  const e = easterSunday(year);
  const out = [];
  const fixed = (m, d, name) => out.push({ date: ymd(year, m, d), name });
  fixed(1, 1, "New Year's Day");
  // Since 2006 Constitution, Juárez and Revolution days are kept on Mondays.
  if (year >= 2006) {
    out.push({ date: nthWeekday(year, 2, 1, 1), name: 'Constitution Day', observed: true });
    out.push({ date: nthWeekday(year, 3, 1, 3), name: "Benito Juárez's Birthday", observed: true });
  } else {
    fixed(2, 5, 'Constitution Day');
    fixed(3, 21, "Benito Juárez's Birthday");
  }
  out.push({ date: addDays(e, -3), name: 'Holy Thursday' });
  out.push({ date: addDays(e, -2), name: 'Good Friday' });
  fixed(5, 1, 'Labour Day');
  fixed(9, 16, 'Independence Day');
  fixed(11, 2, "All Souls' Day");
  if (year >= 2006) out.push({ date: nthWeekday(year, 11, 1, 3), name: 'Revolution Day', observed: true });
  else fixed(11, 20, 'Revolution Day');
  fixed(12, 12, 'Our Lady of Guadalupe');
  fixed(12, 25, 'Christmas Day');
  // Transmission of the federal executive: December 1 every six years until 2018, October 1 since 2024.
  if (year % 6 === 2) {
    if (year <= 2018) fixed(12, 1, 'Transmission of the Federal Executive Power');
    else fixed(10, 1, 'Transmission of the Federal Executive Power');
  }
  return clean(out);
}

export function bmv() {
  const id = 'MX.BMV';
  const TZ = 'America/Mexico_City';
  const s = scheduleFor(id, TZ, {
    Regular:
      "Capital market: 08:30-15:00 Mexico City whenever its clock is an hour behind New York's, otherwise shifted to keep New York's 09:30-16:00",
  });
  for (const p of periodsAgainstNewYork(TZ)) {
    const o = { from: p.from || undefined, until: p.until || undefined };
    const t = (x) => shiftTime(x, p.shift);
    s.row('Regular', 'Pre-Open', 'Subasta de Apertura', 'Mon-Fri', t('09:00'), t('09:30'), o);
    s.row('Regular', 'Primary Trading Session', 'Sesión de Remates', 'Mon-Fri', t('09:30'), t('16:00'), o);
    s.row('Regular', 'Call Auction', 'Subasta de Cierre', 'Mon-Fri', t('16:00'), t('16:10'), o);
  }
  const h = holidaysFor(id);
  for (const y of years()) addHolidays(h, mexicanClosures(y));
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bolsa Mexicana de Valores',
        'Market Name': 'Capital Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XMEX',
        Acronym: 'BMV',
        'Asset Type': 'Equities',
        Memo: "Session in step with New York's 09:30-16:00 (08:30-15:00 local, 07:30-14:00 while the clocks differ by two hours, every US summer since Mexico dropped summer time in 2022); closing auction after the session as a simplification",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XMEX', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'CNBV: días inhábiles (Diario Oficial de la Federación, each year)',
            url: 'https://www.dof.gob.mx/',
          },
          {
            title: 'BMV regresa a su horario habitual el 3 de noviembre de 2025 (Expansión)',
            url: 'https://expansion.mx/mercados/2025/10/31/bolsa-mexicana-regresa-horario-apertura-cierre',
          },
          {
            title: 'BMV y BIVA: horario de 7:30 a 14:00 desde el 13 de marzo de 2023 (El CEO)',
            url: 'https://elceo.com/mercados/eliminacion-del-horario-de-verano-en-mexico-como-afectara-las-operaciones-del-mercado-bursatil/',
          },
          {
            title: 'Ley Federal del Trabajo, artículo 74',
            url: 'https://www.diputados.gob.mx/LeyesBiblio/pdf/LFT.pdf',
          },
        ],
      },
    ],
  };
}
