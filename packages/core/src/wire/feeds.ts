/**
 * Calendar feeds (docs/calendar-arithmetic.md §7): holiday rows as an iCalendar file (RFC 5545).
 *
 * Pure: the caller hands over the holiday rows, the open phases of the days that trade, and
 * the DTSTAMP instant. Written by hand (no dependency): CRLF line ends, lines folded at 75
 * octets without splitting a UTF-8 character, TEXT values escaped (`\\`, `;`, `,`, newlines).
 *
 * Rules chosen where the spec is silent:
 * - All-day event UID: `<FinID or code>-<YYYYMMDD>@openbell` (upper case key), so the same
 *   holiday keeps its UID across data versions even when its name or schedule changes.
 *   Timed events: `<key>-<YYYYMMDD>T<HHMMSS>@openbell` from the phase's local start (a second
 *   phase starting at the same time adds `-2`, ...).
 * - SUMMARY: `<holiday name> — <key> closed`, `— <key> partial day` (the market trades on its
 *   holiday row's own schedule), `— <key> open` (holiday row with the Regular schedule);
 *   currencies: `— <code> no settlement` or `— <code> settles`; regional and religious
 *   calendars: `— <calendar> (<type>)`.
 * - A regional calendar may hold two holidays on one date (two feasts): the second one's UID
 *   ends `-2` (and so on, in row order), so both events survive in a calendar application.
 * - DESCRIPTION: `Schedule: …`, `Settlement: …`, `Memo: …` lines, empty values left out.
 * - A date with two or more holiday rows (docs/bulk-format.md §5) is still one event, so a
 *   calendar app shows one day: its SUMMARY joins the rows' distinct names with ` / ` and says
 *   `— <key> conflicting rows`; its DESCRIPTION says the data holds that many conflicting rows
 *   and names the file and line of each (the `duplicates` given, else only the count), and it
 *   has no timed events (the day's phases are a data error).
 * - Timed events carry `TZID` of the phase's timezone and a VTIMEZONE per TZID with every
 *   offset transition from a year before the first event to a year after the last one.
 */
import { ZoneId } from '@js-joda/core';
import '../time/tzdb.js';
import { formatDay, formatTime, SECONDS_PER_DAY, tryParseDay } from '../time/dates.js';
import type { DuplicateHoliday, Phase } from '../types.js';

export interface FeedHoliday {
  date: string;
  holiday_name: string | null;
  schedule?: string | null | undefined;
  settlement: string | null;
  memo: string | null;
  /** Market rows: `Open` when the market trades that day. Absent for currencies. */
  status?: string | null | undefined;
  /** Regional rows: the full country name and the holiday's type (public, religious, …). */
  country?: string | null | undefined;
  type?: string | null | undefined;
}

export interface FeedInput {
  kind: 'market' | 'currency' | 'regional';
  /** FinID, currency code, or regional calendar (country code or religion name). */
  key: string;
  /** Calendar name shown by calendar apps (X-WR-CALNAME). */
  name: string;
  holidays: readonly FeedHoliday[];
  /** Open phases of the holidays on which the market trades, by date. */
  openPhases?: Readonly<Record<string, readonly Phase[]>> | undefined;
  /** Dates with two or more rows and their lines (Dataset.duplicateHolidays). */
  duplicates?: readonly DuplicateHoliday[] | undefined;
  /** DTSTAMP, epoch milliseconds (core has no clock). */
  stamp: number;
}

const CRLF = '\r\n';

/** RFC 5545 §3.3.11 TEXT escaping. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space. */
export function foldLine(line: string): string {
  const enc = new TextEncoder();
  if (enc.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  let limit = 75;
  for (const ch of line) {
    const n = enc.encode(ch).length;
    if (bytes + n > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += ch;
    bytes += n;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const compactDate = (iso: string) => iso.slice(0, 10).replace(/-/g, '');
const compactLocal = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, '');

/** `20231115T143000`: a UTC wall time of epoch seconds in iCalendar's basic form. */
function wallOf(epochSeconds: number): string {
  const day = Math.floor(epochSeconds / SECONDS_PER_DAY);
  return `${formatDay(day).replace(/-/g, '')}T${formatTime(epochSeconds - day * SECONDS_PER_DAY).replace(/:/g, '')}`;
}

function utcStamp(ms: number): string {
  return `${wallOf(Math.floor(ms / 1000))}Z`;
}

function nextDay(iso: string): string {
  return formatDay(tryParseDay(iso.slice(0, 10))! + 1);
}

function offsetText(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const a = Math.abs(seconds);
  const hh = String(Math.floor(a / 3600)).padStart(2, '0');
  const mm = String(Math.floor((a % 3600) / 60)).padStart(2, '0');
  const ss = a % 60;
  return `${sign}${hh}${mm}${ss ? String(ss).padStart(2, '0') : ''}`;
}

interface Transition {
  /** Epoch seconds of the first instant with the new offset. */
  at: number;
  before: number;
  after: number;
}

/** Offset transitions of a zone in [fromMs, toMs] (js-joda's tz rules do not list them). */
function transitions(tzid: string, fromMs: number, toMs: number): { initial: number; list: Transition[] } {
  const rules = ZoneId.of(tzid).rules();
  const off = (sec: number) => rules.offsetOfEpochMilli(sec * 1000).totalSeconds();
  const from = Math.floor(fromMs / 1000);
  const to = Math.floor(toMs / 1000);
  const list: Transition[] = [];
  const step = 86_400;
  let prev = from;
  let prevOff = off(from);
  for (let t = from + step; prev < to; t += step) {
    const cur = Math.min(t, to);
    const curOff = off(cur);
    if (curOff !== prevOff) {
      // Bisect to the second: lo has the old offset, hi the new one.
      let lo = prev;
      let hi = cur;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (off(mid) === prevOff) lo = mid;
        else hi = mid;
      }
      list.push({ at: hi, before: prevOff, after: off(hi) });
    }
    prev = cur;
    prevOff = curOff;
  }
  return { initial: off(from), list };
}

/** A VTIMEZONE for `tzid` valid from `fromMs` to `toMs` (every transition in between). */
export function vtimezone(tzid: string, fromMs: number, toMs: number): string[] {
  const { initial, list } = transitions(tzid, fromMs, toMs);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${tzid}`];
  // A transition that moves clocks forward starts daylight time, one that moves them back
  // starts standard time; before the first one, the opposite of what it starts.
  const firstKind = list[0] && list[0].after < list[0].before ? 'DAYLIGHT' : 'STANDARD';
  lines.push(
    `BEGIN:${firstKind}`,
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offsetText(initial)}`,
    `TZOFFSETTO:${offsetText(initial)}`,
    `END:${firstKind}`,
  );
  for (const t of list) {
    const kind = t.after > t.before ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // DTSTART is the local time of the onset, read with the offset before it (RFC 5545 §3.6.5).
      `DTSTART:${wallOf(t.at + t.before)}`,
      `TZOFFSETFROM:${offsetText(t.before)}`,
      `TZOFFSETTO:${offsetText(t.after)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

function summaryOf(input: FeedInput, h: FeedHoliday): string {
  const key = input.key.toUpperCase();
  const name = h.holiday_name?.trim() || 'Holiday';
  if (input.kind === 'regional') return `${name} — ${input.key}${h.type?.trim() ? ` (${h.type.trim()})` : ''}`;
  if (input.kind === 'currency') {
    return `${name} — ${key} ${(h.settlement ?? '').toLowerCase() === 'yes' ? 'settles' : 'no settlement'}`;
  }
  if ((h.status ?? '').toLowerCase() !== 'open') return `${name} — ${key} closed`;
  return (h.schedule ?? '').toLowerCase() === 'regular' ? `${name} — ${key} open` : `${name} — ${key} partial day`;
}

function descriptionOf(h: FeedHoliday): string {
  const lines: string[] = [];
  if (h.country) lines.push(`Country: ${h.country}`);
  if (h.schedule) lines.push(`Schedule: ${h.schedule}`);
  if (h.settlement) lines.push(`Settlement: ${h.settlement}`);
  if (h.memo) lines.push(`Memo: ${h.memo}`);
  return lines.join('\n');
}

const COUNTS = ['', 'one', 'two', 'three', 'four', 'five'];

function conflictSummary(key: string, rows: readonly FeedHoliday[]): string {
  const names = [...new Set(rows.map((r) => r.holiday_name?.trim() || 'Holiday'))];
  return `${names.join(' / ')} — ${key} conflicting rows`;
}

function conflictDescription(count: number, lines: readonly string[] | undefined): string {
  const n = COUNTS[count] ?? String(count);
  const where = lines?.length ? `: ${lines.join('; ')}` : '';
  return (
    `The data holds ${n} conflicting rows for this date${where}. ` +
    'Which one holds is unknown: answers computed from this date are a data error.'
  );
}

/** The iCalendar text (CRLF line ends) of a market's or currency's holidays. */
export function buildHolidayFeed(input: FeedInput): string {
  const key = input.key.toUpperCase();
  const stamp = utcStamp(input.stamp);
  const events: string[][] = [];
  const zones = new Map<string, { from: number; to: number }>();

  const uidKey = key.replace(/[^A-Z0-9._-]/g, '_');
  // Market and currency rows of one date are one event (two are a conflict); a regional
  // calendar's rows of one date are distinct holidays (two feasts), each its own event.
  const groups: { date: string; rows: FeedHoliday[]; nth: number }[] = [];
  const byDate = new Map<string, { date: string; rows: FeedHoliday[]; nth: number }>();
  for (const h of input.holidays) {
    const same = byDate.get(h.date);
    if (same && input.kind !== 'regional') same.rows.push(h);
    else {
      const g = { date: h.date, rows: [h], nth: same ? same.nth + 1 : 1 };
      byDate.set(h.date, g);
      groups.push(g);
    }
  }
  const linesOf = new Map((input.duplicates ?? []).map((d) => [d.date, d.lines]));

  for (const { date, rows, nth } of groups) {
    const h = rows[0]!;
    const day = compactDate(h.date);
    const conflict = rows.length > 1;
    const ev = [
      'BEGIN:VEVENT',
      `UID:${uidKey}-${day}${input.kind === 'regional' && nth > 1 ? `-${nth}` : ''}@openbell`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${day}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(h.date))}`,
      `SUMMARY:${escapeText(conflict ? conflictSummary(key, rows) : summaryOf(input, h))}`,
    ];
    const description = conflict ? conflictDescription(rows.length, linesOf.get(date)) : descriptionOf(h);
    if (description) ev.push(`DESCRIPTION:${escapeText(description)}`);
    ev.push('TRANSP:TRANSPARENT', 'END:VEVENT');
    events.push(ev);
    if (conflict) continue;

    const phases = input.kind === 'market' ? (input.openPhases?.[h.date] ?? []) : [];
    const used = new Map<string, number>();
    for (const p of phases) {
      const startLocal = compactLocal(p.start);
      const n = (used.get(startLocal) ?? 0) + 1;
      used.set(startLocal, n);
      const uid = `${key}-${startLocal}${n > 1 ? `-${n}` : ''}@openbell`;
      const tz = p.timezone;
      const when = (iso: string) => (tz ? `;TZID=${tz}:${compactLocal(iso)}` : `:${utcStamp(Date.parse(iso))}`);
      if (tz) {
        const range = zones.get(tz) ?? { from: Infinity, to: -Infinity };
        range.from = Math.min(range.from, Date.parse(p.start));
        range.to = Math.max(range.to, Date.parse(p.end));
        zones.set(tz, range);
      }
      const timed = [
        'BEGIN:VEVENT',
        `UID:${uid}`,
        `DTSTAMP:${stamp}`,
        `DTSTART${when(p.start)}`,
        `DTEND${when(p.end)}`,
        `SUMMARY:${escapeText(
          `${key} ${p.phase_type}${p.phase_name ? ` (${p.phase_name})` : ''}` +
            ` — ${h.holiday_name?.trim() || 'Holiday'}`,
        )}`,
      ];
      if (p.phase_memo) timed.push(`DESCRIPTION:${escapeText(p.phase_memo)}`);
      timed.push('END:VEVENT');
      events.push(timed);
    }
  }

  const year = 366 * 86_400_000;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//openbell//Holiday feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
  ];
  for (const [tz, r] of [...zones].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(...vtimezone(tz, r.from - year, r.to + year));
  for (const ev of events) lines.push(...ev);
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
