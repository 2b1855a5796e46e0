// The day views the new markets' notice tests read: dates published in the exchanges' own notices,
// answered by the bundled sample through loadSample and the core queries (not by the
// generator's functions).
import fc from 'fast-check';
import { expect } from 'vitest';
import { loadSample, type LoadedData } from '@openbell/loader';

let loading: Promise<LoadedData> | undefined;

export async function sample(): Promise<LoadedData> {
  loading ??= loadSample();
  return loading;
}

export interface DayView {
  open: boolean;
  holiday: string | null;
  schedule: string | null;
  /** Open phases as `HH:MM-HH:MM` in the market's local time. */
  sessions: string[];
  /** All phases as `type HH:MM-HH:MM`. */
  phases: string[];
}

const hm = (iso: string) => iso.slice(11, 16);

export async function day(market: string, date: string): Promise<DayView> {
  const { dataset } = await sample();
  const [d] = dataset.listDays(market, date, date);
  if (!d) throw new Error(`${market}: no day ${date}`);
  return {
    open: d.is_open,
    holiday: d.holiday?.holiday_name ?? null,
    schedule: d.holiday?.schedule ?? null,
    sessions: d.phases.filter((p) => p.is_open).map((p) => `${hm(p.start)}-${hm(p.end)}`),
    phases: d.phases.map((p) => `${p.phase_type} ${hm(p.start)}-${hm(p.end)}`),
  };
}

/** Each date must be a closed day of the market. */
export async function expectClosed(market: string, dates: string[]): Promise<void> {
  for (const date of dates) expect((await day(market, date)).open, `${market} ${date} closed`).toBe(false);
}

/** Each date must be a trading day with exactly these open sessions (local times). */
export async function expectSessions(market: string, dates: string[], sessions: string[]): Promise<void> {
  for (const date of dates) expect((await day(market, date)).sessions, `${market} ${date}`).toEqual(sessions);
}

export const WEEKDAY = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

export const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A year of the sample's span. */
export const sampleYear = (from = 2000, to = 2030) => fc.integer({ min: from, max: to });
