// Southern Europe: the small helpers its exchanges share (weekend test, source rows, clock
// arithmetic, weekday closures and a builder's result).
import { weekday } from '../lib/dates.mjs';
import { market } from '../lib/model.mjs';

export const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
export const src = (title, url) => ({ title, url });

/** `HH:MM` plus minutes. */
export function plus(time, min) {
  const [h, m] = time.split(':').map(Number);
  const t = h * 60 + m + min;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

/** Weekday closures from a list of [date, name, memo?], the first name winning on a shared date. */
export function closeAll(h, list) {
  for (const [d, name, memo] of list) if (!isWeekend(d)) h.closed(d, name, { memo, ifFree: true });
}

export function result(id, mic, fields, h, s, coverage) {
  return {
    markets: [market({ FinID: id, MIC: mic, 'Weekend Definition': 'Sat-Sun', 'Asset Type': 'Equities', ...fields })],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [[mic, id]],
    coverage: [{ finId: id, ...coverage }],
  };
}
