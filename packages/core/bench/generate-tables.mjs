/**
 * A synthetic dataset shaped like the vendor's: many markets, 30 years of holidays each, regular
 * and half-day groups, overnight sessions and seasonal rows. Deterministic (seeded).
 */
const ZONES = [
  'America/New_York',
  'America/Chicago',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Hong_Kong',
  'Australia/Sydney',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Asia/Dubai',
];

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pad = (n) => String(n).padStart(2, '0');
const iso = (d) => d.toISOString().slice(0, 10);

export const PHASE_TYPES = [
  ['Primary Trading Session', 'Open', 'Yes'],
  ['Primary Trading Session, No Settlement', 'Open', 'No'],
  ['Pre-Trading Session', 'Closed', 'No'],
  ['Post-Trading Session', 'Closed', 'No'],
  ['Pre-Open', 'Closed', 'No'],
  ['Pre-Close', 'Closed', 'No'],
  ['Call Auction', 'Closed', 'No'],
  ['Intermission', 'Closed', 'No'],
  ['Settlement Window', 'Closed', 'No'],
].map(([name, status, settlement]) => ({ name, status, settlement, closing_price: 'No' }));

export function generateTables({ markets = 1000, fromYear = 2001, toYear = 2030, seed = 42 } = {}) {
  const rand = rng(seed);
  const out = {
    markets: [],
    holidays: [],
    schedules: [],
    phaseTypes: PHASE_TYPES,
    micMapping: [],
    seasonDefinitions: [],
    currencies: [],
    currencyHolidays: [],
  };
  for (let y = fromYear; y <= toYear; y++) {
    out.seasonDefinitions.push(
      { season: 'Summer Start', year: y, date: `${y}-04-01` },
      { season: 'Summer End', year: y, date: `${y}-09-30` },
    );
    out.seasonDefinitions.push(
      { season: 'Winter Start', year: y, date: `${y}-10-01` },
      { season: 'Winter End', year: y, date: `${y}-03-31` },
    );
  }
  for (let i = 0; i < markets; i++) {
    const finId = `M${String(i).padStart(4, '0')}.EX${i % 7}`;
    const tz = ZONES[i % ZONES.length];
    out.markets.push({
      fin_id: finId,
      exchange_name: `Exchange ${i}`,
      timezone: tz,
      mic: `Q${String(i).padStart(3, '0')}`,
      weekend_definition: 'Sat-Sun',
    });
    out.micMapping.push({ mic: `Q${String(i).padStart(3, '0')}`, fin_id: finId });
    const row = (group, phase_type, days, start, end, extra = {}) =>
      out.schedules.push({
        fin_id: finId,
        schedule_group: group,
        timezone: tz,
        phase_type,
        days,
        start,
        end,
        offset_days: 0,
        ...extra,
      });
    const open = 8 + Math.floor(rand() * 3);
    row('Regular', 'Pre-Trading Session', 'Mon-Fri', `${pad(open - 2)}:00`, `${pad(open)}:00`);
    row('Regular', 'Pre-Open', 'Mon-Fri', `${pad(open - 1)}:30`, `${pad(open)}:00`);
    row('Regular', 'Call Auction', 'Mon-Fri', `${pad(open)}:00`, `${pad(open)}:00`);
    if (i % 4 === 0) {
      row('Regular', 'Primary Trading Session', 'Mon-Fri', `${pad(open)}:00`, '11:30');
      row('Regular', 'Intermission', 'Mon-Fri', '11:30', '12:30');
      row('Regular', 'Primary Trading Session', 'Mon-Fri', '12:30', '16:00');
    } else if (i % 4 === 1) {
      row('Regular', 'Primary Trading Session', 'Mon-Fri', `${pad(open)}:00`, '16:00', {
        season_start: 'Summer Start',
        season_end: 'Summer End',
      });
      row('Regular', 'Primary Trading Session', 'Mon-Fri', `${pad(open)}:00`, '16:30', {
        season_start: 'Winter Start',
        season_end: 'Winter End',
      });
    } else if (i % 4 === 2) {
      row('Regular', 'Primary Trading Session', 'Sun-Thu', '17:00', '16:00', { offset_days: 1 });
      row('Regular', 'Settlement Window', 'Mon-Fri', '14:59:30', '15:00');
    } else {
      row('Regular', 'Primary Trading Session', 'Mon-Fri', `${pad(open)}:00`, '16:00', {
        in_force_end_date: '2015-12-31',
      });
      row('Regular', 'Primary Trading Session', 'Mon-Fri', `${pad(open)}:00`, '16:30', {
        in_force_start_date: '2016-01-01',
      });
    }
    row('Regular', 'Pre-Close', 'Mon-Fri', '15:50', '16:00');
    row('Regular', 'Post-Trading Session', 'Mon-Fri', '16:00', '20:00');
    row('Partial', 'Pre-Trading Session', 'Mon-Fri', `${pad(open - 2)}:00`, `${pad(open)}:00`);
    row('Partial', 'Primary Trading Session', 'Mon-Fri', `${pad(open)}:00`, '13:00');
    for (let y = fromYear; y <= toYear; y++) {
      // About ten holidays a year, a few half days among them.
      const used = new Set();
      for (let k = 0; k < 10; k++) {
        const doy = k === 0 ? 0 : k === 9 ? 358 : 1 + Math.floor(rand() * 355);
        if (used.has(doy)) continue;
        used.add(doy);
        const d = new Date(Date.UTC(y, 0, 1 + doy));
        const partial = k % 4 === 3;
        out.holidays.push({
          fin_id: finId,
          date: iso(d),
          holiday_name: `Holiday ${k}`,
          schedule: partial ? 'Partial' : 'Closed',
          status: partial ? 'Open' : 'Closed',
          settlement: partial ? 'Yes' : 'No',
          observed: false,
          memo: null,
        });
      }
    }
  }
  return out;
}
