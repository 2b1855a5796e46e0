// BSE (Mumbai), part of the South and South-East Asia family (asia-south.mjs).
import { years } from '../lib/dates.mjs';
import { holidaysFor, market } from '../lib/model.mjs';
import { indianCashSchedule, MUHURAT, nseClosures } from './india.mjs';

// ---------------------------------------------------------------------------------------------
// BSE (Bombay Stock Exchange), equity cash segment.
// ---------------------------------------------------------------------------------------------

// Saturdays the exchanges traded a full session (Union Budget days; 20 January 2024 instead of
// the Ram Mandir holiday of the 22nd): BSE's circulars match NSE's.
const BSE_WEEKEND_SESSIONS = [
  ['2015-02-28', 'Union Budget'],
  ['2020-02-01', 'Union Budget'],
  ['2024-01-20', 'Special Trading Session'],
  ['2025-02-01', 'Union Budget'],
];
// Saturday live sessions from the primary site, then the disaster-recovery site.
const BSE_DR_SESSIONS = ['2024-03-02', '2024-05-18'];

export function bse() {
  const id = 'IN.BSE';
  const TZ = 'Asia/Kolkata';
  // BSE and NSE changed their hours together (india.mjs).
  const s = indianCashSchedule(id, {
    segment: 'Equity cash segment',
    buffer: 'Pre-Open Matching and Buffer',
    drSessions: BSE_DR_SESSIONS,
  });
  const h = holidaysFor(id);
  for (const [d] of MUHURAT)
    h.open(d, 'Diwali Laxmi Pujan', 'Muhurat Trading', { memo: 'Holiday with the evening Muhurat session only' });
  for (const [d, name] of BSE_WEEKEND_SESSIONS)
    h.open(d, name, 'Regular', { memo: 'Full trading session on a Saturday' });
  for (const d of BSE_DR_SESSIONS)
    h.open(d, 'Special Trading Session', 'Special Session', { memo: 'Live trading from the disaster-recovery site' });
  for (const y of years()) for (const c of nseClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'BSE (Bombay Stock Exchange)',
        'Market Name': 'Equity Cash Segment',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XBOM',
        Acronym: 'BSE',
        'Asset Type': 'Equities',
        Memo:
          "Trading holidays and Muhurat sessions shared with NSE (India's exchanges publish one holiday list); " +
          'years not yet announced carry only fixed-date holidays and Good Friday; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XBOM', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'BSE: List of trading holidays (equity segment), notices by year',
            url: 'https://www.bseindia.com/static/markets/marketinfo/listholi.aspx',
          },
          {
            title: 'BSE: Trading hours (pre-open session and continuous trading)',
            url: 'https://www.bseindia.com/static/markets/marketinfo/tradinghours.aspx',
          },
          {
            title: 'BSE notices: Muhurat trading sessions',
            url: 'https://www.bseindia.com/markets/MarketInfo/NoticesCirculars.aspx',
          },
        ],
      },
    ],
  };
}
