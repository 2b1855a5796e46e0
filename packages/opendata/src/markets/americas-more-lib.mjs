// Shared helpers of the americas-more family: hours kept in step with New York's clock, and the
// holiday rows of an overnight futures session (a trade date's session starts the evening before),
// and the cleaning of holiday lists the exchanges' modules share.
import { FIRST_YEAR, LAST_YEAR, addDays, eachDay, weekday } from '../lib/dates.mjs';
import { holidaysFor } from '../lib/model.mjs';

const offsetCache = new Map();

/** Minutes east of UTC of a zone at 17:00 UTC of a date (after any clock change of that day). */
export function utcOffsetMinutes(zone, date) {
  const key = `${zone}|${date}`;
  if (offsetCache.has(key)) return offsetCache.get(key);
  const text = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T17:00:00Z`))
    .find((p) => p.type === 'timeZoneName').value;
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(text);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  offsetCache.set(key, minutes);
  return minutes;
}

export function shiftTime(time, minutes) {
  const [h, m] = time.split(':').map(Number);
  const t = h * 60 + m + minutes;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

/**
 * Periods over which a zone's clock stands at one distance from New York's, as
 * [{ from, until, shift }] (`shift`: minutes to add to a New York time to get the local time;
 * `from`/`until` empty at the ends of the sample). Clock changes fall on Sundays, so the
 * periods change over a weekend.
 */
export function periodsAgainstNewYork(zone, first = `${FIRST_YEAR}-01-01`, last = `${LAST_YEAR}-12-31`) {
  const out = [];
  for (const d of eachDay(first, last)) {
    const shift = utcOffsetMinutes(zone, d) - utcOffsetMinutes('America/New_York', d);
    const cur = out.at(-1);
    if (cur && cur.shift === shift) cur.until = d;
    else out.push({ from: d, until: d, shift });
  }
  return out.map((p, i) => ({
    from: i === 0 && p.from === `${FIRST_YEAR}-01-01` ? '' : p.from,
    until: i === out.length - 1 && p.until === `${LAST_YEAR}-12-31` ? '' : p.until,
    shift: p.shift,
  }));
}

/** The given date, or the nearest weekday before it. */
export function weekdayOnOrBefore(date) {
  let d = date;
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, -1);
  return d;
}

/** The next Monday on or after a date (Colombia's Emiliani law and similar rules). */
export function mondayOnOrAfter(date) {
  let d = date;
  while (weekday(d) !== 1) d = addDays(d, 1);
  return d;
}

/**
 * Holiday rows of an overnight session whose trade date's session starts the evening before
 * (Sunday evening for Monday). The engine reads a session's schedule group from the holiday row
 * of the day it starts on, so a closure or a halt on day D also shapes the evening of D-1.
 *
 * events: { date, name, kind: 'closed' | 'halt' | 'early', observed, memo }
 * Schedule groups used: 'Holiday Halt' (day D: the session from D-1 ends early; the evening
 * opens the next trade date), 'Halt Before Early Close' (the same, the next day closing early),
 * 'Halt Eve' / 'Early Close Eve' (D-1: its evening session ends early on D), 'Early Close' (no
 * evening session after it), 'Closed Eve' (D-1 before a closure: no evening session) and
 * 'Reopen Evening' (a closed day whose evening opens the next trade date; 'Reopen Before Early
 * Close' when that trade date closes early).
 */
export function overnightRows(finId, events) {
  const h = holidaysFor(finId);
  const byDate = new Map(events.map((e) => [e.date, e]));
  const closedOn = (d) => byDate.get(d)?.kind === 'closed';
  for (const e of events) {
    const o = { observed: e.observed, memo: e.memo };
    if (e.kind === 'closed') {
      const next = addDays(e.date, 1);
      const group = byDate.get(next)?.kind === 'early' ? 'Reopen Before Early Close' : 'Reopen Evening';
      if (weekday(e.date) >= 1 && weekday(e.date) <= 4 && !closedOn(next))
        h.custom(e.date, e.name, group, 'Closed', 'No', {
          ...o,
          memo: e.memo || 'Closed; the evening session opens the next trade date',
        });
      else h.closed(e.date, e.name, o);
    } else if (e.kind === 'halt') {
      // A halt followed by an early close (Thanksgiving): the evening session ends early too.
      const group = byDate.get(addDays(e.date, 1))?.kind === 'early' ? 'Halt Before Early Close' : 'Holiday Halt';
      h.open(e.date, e.name, group, o);
    } else {
      h.open(e.date, e.name, 'Early Close', o);
    }
  }
  for (const e of events) {
    const eve = addDays(e.date, -1);
    if (byDate.has(eve) || weekday(eve) === 6) continue;
    const sunday = weekday(eve) === 0;
    if (e.kind === 'closed') {
      if (sunday) h.closed(eve, e.name, { memo: `No Sunday evening session ahead of ${e.name}`, ifFree: true });
      else if (weekday(eve) <= 4) h.open(eve, e.name, 'Closed Eve', { memo: `No evening session ahead of ${e.name}` });
    } else if (e.kind === 'halt' || e.kind === 'early') {
      // A session that starts on the eve runs into the shortened day: its end changes with it.
      const group = e.kind === 'halt' ? 'Halt Eve' : 'Early Close Eve';
      if (sunday)
        h.custom(eve, e.name, group, 'Closed', 'No', { memo: `Sunday evening session ends early on ${e.name}` });
      else if (weekday(eve) <= 4) h.open(eve, e.name, group, { memo: `Evening session for ${e.name} ends early` });
    }
  }
  return h.rows();
}

// ---------------------------------------------------------------------------------------------
// Holiday lists.

export const SAT = 6;
export const SUN = 0;
export const isWeekend = (d) => weekday(d) === SAT || weekday(d) === SUN;
const byDate = (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** Rows as { date, name, observed, memo } without weekends or repeated dates, sorted. */
export function clean(rows) {
  const seen = new Set();
  const out = [];
  for (const r of rows.sort(byDate)) {
    if (isWeekend(r.date) || seen.has(r.date)) continue;
    seen.add(r.date);
    out.push({ observed: false, memo: '', ...r });
  }
  return out;
}

export function addHolidays(h, rows) {
  for (const r of rows) h.closed(r.date, r.name, { observed: r.observed, memo: r.memo, ifFree: true });
}
