// ICE Futures U.S. and the Cboe Futures Exchange, whose holidays follow the US rules of us.mjs.
import { years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { overnightRows, shiftTime } from './americas-more-lib.mjs';
import { nyseEvents } from './us.mjs';

// ---------------------------------------------------------------------------------------------
// ICE Futures U.S.: the US Dollar Index futures session, electronic, 20:00 ET the evening before
// to 17:00 ET (the Sunday session opens at 18:00 ET), belonging to the trade date it ends on.

const ICE_SOURCES = [
  {
    title: 'ICE Futures U.S. 2025 Trading Holiday Calendar (notice of July 5, 2024)',
    url: 'https://www.ice.com/publicdocs/futures_us/exchange_notices/2025_Holiday_Calendar.pdf',
  },
  {
    title: 'ICE Futures U.S.: US Dollar Index Futures, market specifications (trading hours)',
    url: 'https://www.ice.com/products/194/US-Dollar-Index-Futures',
  },
  {
    title: 'ICE Futures U.S. holiday trading schedule notices (Good Friday, Independence Day, Labor Day)',
    url: 'https://www.ice.com/futures-us/exchange-notices',
  },
  {
    title: 'ICE notice: Memorial Day 2016 processing schedule (financial products open, a regular clearing day)',
    url: 'https://www.comunicaffe.com/ice-notice-memorial-day-processing-schedule/',
  },
];

export function iceUs() {
  const id = 'US.ICEUS';
  const TZ = 'America/New_York';
  const s = scheduleFor(id, TZ, {
    Regular: 'US Dollar Index futures: Sunday 18:00 and Monday to Thursday 20:00 to 17:00 the next day',
    'Halt Eve': 'The evening session ends at 13:00 on the US holiday',
    'Holiday Halt': 'US holiday: early close at 13:00; the evening session opens the next trade date',
    'Halt Before Early Close': 'US holiday: early close at 13:00; the evening session ends at 13:00 the next day',
    'Early Close Eve': 'The evening session ends at 13:00 the next day',
    'Early Close': 'Early close at 13:00; no evening session',
    'Closed Eve': 'No evening session: the next day is closed',
    'Reopen Evening': 'Closed during the day; the evening session opens the next trade date',
    'Reopen Before Early Close': 'Closed during the day; the evening session ends at 13:00 the next day',
  });
  const evening = (group, end, days = ['Sun', 'Mon-Thu']) => {
    for (const d of days) {
      const start = d === 'Sun' ? '18:00' : '20:00';
      s.row(group, 'Pre-Open', 'Pre-Open', d, shift30(start), start);
      s.row(group, 'Primary Trading Session', 'Electronic Trading Session', d, start, end, { offset: 1 });
    }
  };
  const settle = (group) => s.row(group, 'Settlement Window', 'Daily Settlement Window', 'Mon-Fri', '14:59', '15:00');
  settle('Regular');
  evening('Regular', '17:00');
  settle('Halt Eve');
  evening('Halt Eve', '13:00');
  evening('Holiday Halt', '17:00', ['Mon-Thu']);
  evening('Halt Before Early Close', '13:00', ['Mon-Thu']);
  settle('Early Close Eve');
  evening('Early Close Eve', '13:00');
  s.row('Early Close', 'Settlement Window', 'Daily Settlement Window', 'Mon-Fri', '12:59', '13:00');
  settle('Closed Eve');
  evening('Reopen Evening', '17:00', ['Mon-Thu']);
  evening('Reopen Before Early Close', '13:00', ['Mon-Thu']);

  const events = [];
  for (const y of years()) {
    for (const e of nyseEvents(y)) {
      if (e.kind === 'half') {
        // Independence Day's eve is followed by the holiday halt; ICE keeps it a regular day.
        if (e.name !== 'Independence Day')
          events.push({ ...e, kind: 'early', memo: 'Early close at 13:00 ET; no evening session' });
      } else if (e.special) {
        events.push({ ...e, kind: 'closed', memo: `${e.memo}; simplified to a full closure` });
      } else if (["New Year's Day", 'Good Friday', 'Christmas'].includes(e.name)) {
        events.push({ ...e, kind: 'closed' });
      } else {
        events.push({
          ...e,
          kind: 'halt',
          memo: 'US holiday: open electronically with an early close at 13:00 ET; a clearing business day',
        });
      }
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'ICE Futures U.S.',
        'Market Name': 'Financial Futures',
        'Security Group': 'US Dollar Index futures',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'IEPA',
        Acronym: 'IFUS',
        'Asset Type': 'Futures, Options',
        Memo: 'Electronic session of the US Dollar Index futures from 20:00 ET the evening before (Sunday 18:00) to 17:00 ET, belonging to the trade date it ends on; US holidays close early at 13:00 ET (clearing business days); days of mourning and emergency closures simplified to full closures',
      }),
    ],
    holidays: overnightRows(id, events),
    schedules: s.rows,
    mic: [['IEPA', id]],
    coverage: [{ finId: id, confirmedThrough: '2026-12-31', sources: ICE_SOURCES }],
  };
}

function shift30(time) {
  return shiftTime(time, -30);
}

// ---------------------------------------------------------------------------------------------
// Cboe Futures Exchange: VIX futures, regular trading hours 08:30-15:15 CT.

const CFE_SOURCES = [
  {
    title: 'Cboe Futures Exchange: VX futures contract specifications and trading hours',
    url: 'https://www.cboe.com/tradable_products/vix/vix_futures/specifications/',
  },
  {
    title: 'CFE: Extended Trading Hours for VIX futures (circulars IC13-029, IC13-031, CFE-2014-010)',
    url: 'https://cfe.cboe.com/tradecfe/ETH.aspx',
  },
  { title: 'Cboe holiday calendar (CFE)', url: 'https://www.cboe.com/about/hours/us-futures/' },
];

export function cfe() {
  const id = 'US.CFE';
  const TZ = 'America/Chicago';
  const s = scheduleFor(id, TZ, {
    Regular: 'VIX futures: regular trading hours 08:30-15:15 CT',
    Partial: 'Early close: regular trading hours end at 12:15 CT',
  });
  // Extended trading hours as pre-trading sessions within the trade date (the evening part that
  // begins the previous day is left out, see the market memo).
  s.row('Regular', 'Pre-Trading Session', 'Extended Trading Hours', 'Mon-Fri', '07:00', '08:30', {
    from: '2004-03-26',
    until: '2013-06-16',
  });
  s.row('Regular', 'Pre-Trading Session', 'Extended Trading Hours', 'Mon-Fri', '02:00', '08:30', {
    from: '2013-06-17',
  });
  s.row('Regular', 'Primary Trading Session', 'Regular Trading Hours', 'Mon-Fri', '08:30', '15:15');
  s.row('Partial', 'Primary Trading Session', 'Regular Trading Hours', 'Mon-Fri', '08:30', '12:15');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const e of nyseEvents(y)) {
      if (e.kind === 'closed') h.closed(e.date, e.name, { observed: e.observed, memo: e.memo });
      else h.open(e.date, e.name, 'Partial', { memo: 'Early close at 12:15 CT' });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Cboe Futures Exchange',
        'Market Name': 'VIX Futures',
        'Security Group': 'Cboe Volatility Index (VX) futures',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XCBF',
        Acronym: 'CFE',
        'Asset Type': 'Futures',
        Memo: 'Regular trading hours of VIX futures (08:30-15:15 CT); the extended hours that start the previous evening are not modelled; on US holidays the regular session is closed; days of mourning and emergencies simplified to closures',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XCBF', id]],
    coverage: [{ finId: id, confirmedThrough: '2026-12-31', sources: CFE_SOURCES }],
  };
}
