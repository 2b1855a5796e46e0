// Shared helpers of the central-europe family: the period rows of a trading day, the weekday
// closures of a year and the shape of a market's result.
import { weekday } from '../lib/dates.mjs';
import { market } from '../lib/model.mjs';

export const DAYS = 'Mon-Fri';
export const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
export const src = (title, url) => ({ title, url });

/**
 * One period of a trading day. `p`: from/until (in-force dates), preOpen [start, end, name],
 * open, close (the primary session), preClose [start, end] (a closing auction inside the primary
 * session, for exchanges whose close is the auction's end), intraday [start, end] (an auction
 * that pauses continuous trading), closing [start, end] (a closing auction after the close),
 * tal [start, end, name] (trading at the closing price), memo (on the primary row).
 */
export function period(s, group, p) {
  const o = { from: p.from, until: p.until };
  if (p.preTrading) s.row(group, 'Pre-Trading Session', 'Pre-Trading', DAYS, p.preTrading[0], p.preTrading[1], o);
  if (p.preOpen) {
    const [start, end, name = 'Opening Auction'] = p.preOpen;
    s.row(group, 'Pre-Open', name, DAYS, start, end, { ...o, memo: 'Orders collected; the opening price is set' });
  }
  s.row(group, 'Primary Trading Session', 'Continuous Trading', DAYS, p.open, p.close, { ...o, memo: p.memo ?? '' });
  if (p.intraday) {
    s.row(group, 'Call Auction', 'Intraday Auction', DAYS, p.intraday[0], p.intraday[1], {
      ...o,
      memo: 'Continuous trading pauses for the auction',
    });
  }
  if (p.preClose) {
    s.row(group, 'Pre-Close', 'Closing Auction', DAYS, p.preClose[0], p.preClose[1], {
      ...o,
      memo: 'Part of the trading session; the closing price is set at its end',
    });
  }
  if (p.closing) {
    s.row(group, 'Call Auction', 'Closing Auction', DAYS, p.closing[0], p.closing[1], {
      ...o,
      memo: 'The closing price is set at the end of the auction',
    });
  }
  if (p.tal) s.row(group, 'Trading-at-Last', p.tal[2] ?? 'Trading at Last', DAYS, p.tal[0], p.tal[1], o);
  if (p.post) s.row(group, 'Post-Trading Session', 'Post-Trading', DAYS, p.post[0], p.post[1], o);
}

/** Weekday closures of a year, de-duplicated (the first name of a date wins). */
export function addClosures(h, list) {
  for (const c of list) {
    if (isWeekend(c.date)) continue;
    h.closed(c.date, c.name, { memo: c.memo ?? '', ifFree: true });
  }
}

export const closure = (date, name, memo = '') => ({ date, name, memo });

export function result(def, h, s) {
  return {
    markets: [
      market({
        FinID: def.id,
        'Exchange Name': def.exchange,
        'Market Name': def.marketName,
        'Security Group': def.group,
        Timezone: def.tz,
        'Weekend Definition': 'Sat-Sun',
        MIC: def.mic,
        Acronym: def.acronym,
        'Asset Type': 'Equities',
        Memo: def.memo,
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [[def.mic, def.id]],
    coverage: [{ finId: def.id, confirmedThrough: def.confirmedThrough, sources: def.sources }],
  };
}
