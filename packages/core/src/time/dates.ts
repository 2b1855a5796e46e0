/**
 * Calendar arithmetic on epoch days (days since 1970-01-01) and seconds of the day. Plain
 * integer math instead of date objects: phase generation converts thousands of dates per
 * query and must stay allocation-free.
 */
import type { DayOfWeek } from '../types.js';

export const SECONDS_PER_DAY = 86_400;

/**
 * Units of the time values that flow through the engine, as "flavours": a plain number is
 * accepted (arithmetic stays easy), but a value typed in one unit is refused where another is
 * expected, so seconds cannot be passed where milliseconds are meant, or an instant as a day.
 */
export type EpochDay = number & { readonly __unit?: 'epoch-day' };
/** Seconds since 1970-01-01T00:00Z: the engine's instants. */
export type EpochSeconds = number & { readonly __unit?: 'epoch-seconds' };
/** Milliseconds since 1970-01-01T00:00Z: instants at the API (Date.now(), Date.parse). */
export type EpochMs = number & { readonly __unit?: 'epoch-ms' };

/** An API instant (ms) as an engine instant (s), and back. */
export const msToSeconds = (ms: EpochMs): EpochSeconds => ms / 1000;
export const secondsToMs = (s: EpochSeconds): EpochMs => s * 1000;

/** Days from 1970-01-01 to the given proleptic Gregorian date. */
export function daysFromCivil(y: number, m: number, d: number): EpochDay {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Inverse of daysFromCivil. */
export function civilFromDays(days: EpochDay): { y: number; m: number; d: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

export function yearOfDay(days: EpochDay): number {
  return civilFromDays(days).y;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function pad4(n: number): string {
  if (n >= 1000 && n <= 9999) return String(n);
  const s = String(Math.abs(n)).padStart(4, '0');
  return n < 0 ? `-${s}` : s;
}

function formatDayUncached(days: number): string {
  const { y, m, d } = civilFromDays(days);
  return `${pad4(y)}-${pad2(m)}-${pad2(d)}`;
}

// Phase generation writes the same few thousand dates over and over; strings are immutable,
// so a flat cache over the usual range saves most of the formatting.
const DAY_CACHE_FROM = daysFromCivil(1970, 1, 1);
const DAY_CACHE_SIZE = daysFromCivil(2100, 1, 1) - DAY_CACHE_FROM;
const dayStrings: (string | undefined)[] = new Array(DAY_CACHE_SIZE);

export function formatDay(days: EpochDay): string {
  const i = days - DAY_CACHE_FROM;
  if (i < 0 || i >= DAY_CACHE_SIZE) return formatDayUncached(days);
  return (dayStrings[i] ??= formatDayUncached(days));
}

/** The value of the ASCII digit at `i` of `s`, or -1. */
function digitAt(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** Days of month `m` (1-12) of proleptic Gregorian year `y` (as daysFromCivil). */
export function monthLength(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/**
 * Parses 'YYYY-MM-DD' (ASCII digits) to an epoch day, or returns undefined when it is not a
 * real date. The one date validator of the repo: every dated request reads one or two and the
 * loader hundreds of thousands of cells, so it reads digit by digit (a property test holds it
 * equal to the pattern /^(\d{4})-(\d{2})-(\d{2})$/ with a calendar check).
 */
export function tryParseDay(value: string): EpochDay | undefined {
  if (typeof value !== 'string' || value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45)
    return undefined;
  const y0 = digitAt(value, 0);
  const y1 = digitAt(value, 1);
  const y2 = digitAt(value, 2);
  const y3 = digitAt(value, 3);
  const m0 = digitAt(value, 5);
  const m1 = digitAt(value, 6);
  const d0 = digitAt(value, 8);
  const d1 = digitAt(value, 9);
  if ((y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1) < 0) return undefined;
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const mo = m0 * 10 + m1;
  const d = d0 * 10 + d1;
  if (mo < 1 || mo > 12 || d < 1 || d > monthLength(y, mo)) return undefined;
  return daysFromCivil(y, mo, d);
}

/** True for a real calendar date written YYYY-MM-DD (tryParseDay answers it). */
export const isIsoDate = (value: string): boolean => tryParseDay(value) !== undefined;

/** ISO weekday of an epoch day: 1 = Monday … 7 = Sunday. 1970-01-01 was a Thursday. */
export function isoWeekday(days: EpochDay): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

/** Day names, Monday first (ISO weekday 1 … 7). */
export const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const satisfies readonly DayOfWeek[];

export function dayName(days: EpochDay): DayOfWeek {
  return DAY_NAMES[isoWeekday(days) - 1]!;
}

const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Parses 'HH:MM' or 'HH:MM:SS' to seconds of the day; 24:00:00 is allowed as end of day. */
export function tryParseTime(value: string): number | undefined {
  const m = TIME_RE.exec(value);
  if (!m) return undefined;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  const s = m[3] === undefined ? 0 : Number(m[3]);
  if (mi > 59 || s > 59) return undefined;
  if (h > 24 || (h === 24 && (mi > 0 || s > 0))) return undefined;
  return h * 3600 + mi * 60 + s;
}

export function formatTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const mi = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${pad2(h)}:${pad2(mi)}:${pad2(s)}`;
}

const offsetStrings = new Map<number, string>();

/** '+05:30', '-05:00', '+00:00' (never 'Z': answers show the offset in force). */
export function formatOffset(offsetSeconds: number): string {
  let s = offsetStrings.get(offsetSeconds);
  if (s === undefined) offsetStrings.set(offsetSeconds, (s = formatOffsetUncached(offsetSeconds)));
  return s;
}

function formatOffsetUncached(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const h = Math.floor(abs / 3600);
  const mi = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  return `${sign}${pad2(h)}:${pad2(mi)}${s ? `:${pad2(s)}` : ''}`;
}

/** Writes an instant as a local ISO date-time with its offset. */
export function formatInstant(epochSeconds: EpochSeconds, offsetSeconds: number): string {
  const local = epochSeconds + offsetSeconds;
  const day = Math.floor(local / SECONDS_PER_DAY);
  return `${formatDay(day)}T${formatTime(local - day * SECONDS_PER_DAY)}${formatOffset(offsetSeconds)}`;
}

/**
 * formatInstant for a wall time known to be `day` at `secondsOfDay`: reuses the row's time
 * string unless the instant was moved (a DST gap) or the time is 24:00.
 */
export function formatWall(
  day: EpochDay,
  secondsOfDay: number,
  timeString: string,
  epochSeconds: EpochSeconds,
  offsetSeconds: number,
): string {
  if (secondsOfDay < SECONDS_PER_DAY && epochSeconds + offsetSeconds === day * SECONDS_PER_DAY + secondsOfDay) {
    return `${formatDay(day)}T${timeString}${formatOffset(offsetSeconds)}`;
  }
  return formatInstant(epochSeconds, offsetSeconds);
}

// Compile-time proof that the unit flavours refuse mixing: if these assignments ever
// type-check, the expected-error directives below go unused and the build fails.
function unitsRefuseMixing(seconds: EpochSeconds, day: EpochDay, ms: EpochMs): void {
  // @ts-expect-error seconds are not milliseconds
  const asMs: EpochMs = seconds;
  // @ts-expect-error an instant is not a day
  const asDay: EpochDay = seconds;
  // @ts-expect-error milliseconds are not seconds
  const asSeconds: EpochSeconds = ms;
  void [asMs, asDay, asSeconds, day];
}
void unitsRefuseMixing;
