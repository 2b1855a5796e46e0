/**
 * The query commands. Each one names a REST request (path and query) and a way to print its
 * body for people; the answer itself comes from the server package's `answer`, so `--json`
 * prints the REST body and the exit code follows its status.
 */
import type { Currency, CurrencyHoliday, Market, MarketDay, MarketHoliday, MarketStatus, Phase, Schedule } from '@openbell/core';
import { answer } from '@openbell/server/offline';
import { UserError } from '../errors.js';
import { keyValues, localTime, table } from '../format.js';

export interface QueryRequest {
  path: string;
  query: Record<string, string>;
  /** CLI names of REST parameters, for error messages (`start` → `--start`). */
  names: Record<string, string>;
  human: (body: any) => string;
}

/** A path segment from an argument; an empty one would silently name another route. */
function seg(value: string, name: string): string {
  if (value.trim() === '') throw new UserError(`${name} must not be empty`);
  return encodeURIComponent(value);
}
const defined = (q: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<string, string>;

function marketRows(markets: Market[]): string {
  return table(
    ['FinID', 'MIC', 'Exchange', 'Market', 'Timezone', 'Note'],
    markets.map((m) => [
      m.fin_id,
      m.mic,
      m.exchange_name,
      m.market_name,
      m.timezone,
      m.permanently_closed ? `closed ${m.permanently_closed}${m.replaced_by ? `, replaced by ${m.replaced_by}` : ''}` : '',
    ]),
  );
}

function marketBlock(m: Market): string {
  return keyValues([
    ['FinID', m.fin_id],
    ['MIC', m.mic],
    ['Exchange', m.exchange_name],
    ['Market', m.market_name],
    ['Security group', m.security_group],
    ['Asset type', m.asset_type],
    ['Timezone', m.timezone],
    ['Weekend', m.weekend_definition],
    ['Holidays from', m.holidays_min_date],
    ['Holidays to', m.holidays_max_date],
    ['Closed on', m.permanently_closed],
    ['Replaced by', m.replaced_by],
    ['Memo', m.memo],
  ]);
}

/** `*` marks a phase during which the market is open. */
function phaseRows(phases: Phase[]): string {
  const tz = phases[0]?.timezone;
  const out = table(
    ['', 'Start', 'End', 'Phase', 'Name'],
    phases.map((p) => [p.is_open ? '*' : '', localTime(p.start), localTime(p.end), p.phase_type, p.phase_name]),
  );
  return tz ? `${out}\n(times in ${tz}; * = open)` : `${out}\n(* = open)`;
}

export const queries = {
  markets: (pattern?: string): QueryRequest => ({
    path: '/markets',
    query: defined({ subset: pattern }),
    names: { subset: 'PATTERN' },
    human: (b: Market[]) => (b.length ? marketRows(b) : 'no market matches'),
  }),
  market: (id: string, follow: boolean): QueryRequest => ({
    path: `/markets/${seg(id, 'ID')}`,
    query: follow ? {} : { follow: 'false' },
    names: { identifier: 'ID' },
    human: marketBlock,
  }),
  holidays: (id: string, start?: string, end?: string): QueryRequest => ({
    path: `/markets/${seg(id, 'ID')}/holidays`,
    query: defined({ start, end }),
    names: { identifier: 'ID', start: '--start', end: '--end' },
    human: (b: MarketHoliday[]) =>
      b.length
        ? table(
            ['Date', 'Holiday', 'Schedule', 'Open', 'Settlement', 'Observed'],
            b.map((h) => [h.date, h.holiday_name, h.schedule, h.is_open, h.settlement, h.observed]),
          )
        : 'no holidays in the range',
  }),
  phases: (id: string, start?: string, end?: string): QueryRequest => ({
    path: `/markets/${seg(id, 'ID')}/phases`,
    query: defined({ start, end }),
    names: { identifier: 'ID', start: '--start', end: '--end' },
    human: (b: Phase[]) => (b.length ? phaseRows(b) : 'no phases in the range'),
  }),
  days: (id: string, start?: string, end?: string): QueryRequest => ({
    path: `/markets/${seg(id, 'ID')}/days`,
    query: defined({ start, end }),
    names: { identifier: 'ID', start: '--start', end: '--end' },
    human: (b: MarketDay[]) => {
      const open = (d: MarketDay) => d.phases.filter((p) => p.is_open);
      return table(
        ['Date', 'Day', 'Open', 'Settlement', 'Holiday', 'Trading (local)'],
        b.map((d) => {
          const o = open(d);
          const span = o.length ? `${localTime(o[0]!.start)} – ${localTime(o[o.length - 1]!.end)}` : '';
          return [d.date, d.day_of_week, d.is_open, d.has_settlement, d.holiday?.holiday_name, span];
        }),
      );
    },
  }),
  schedules: (id: string): QueryRequest => ({
    path: `/markets/${seg(id, 'ID')}/schedules`,
    query: {},
    names: { identifier: 'ID' },
    human: (b: Schedule[]) =>
      table(
        ['Group', 'Phase', 'Name', 'Days', 'Start', 'End', 'In force', 'Season'],
        b.map((s) => [
          s.schedule_group,
          s.phase_type,
          s.phase_name,
          s.days,
          s.start?.slice(0, 5),
          s.offset_days ? `${s.end?.slice(0, 5)} +${s.offset_days}d` : s.end?.slice(0, 5),
          s.in_force_start_date || s.in_force_end_date ? `${s.in_force_start_date ?? ''}..${s.in_force_end_date ?? ''}` : '',
          s.has_season ? `${s.season_start}..${s.season_end}` : '',
        ]),
      ) + (b[0]?.timezone ? `\n(times in ${b[0].timezone})` : ''),
  }),
  status: (id: string, at?: string): QueryRequest => ({
    path: `/markets/${seg(id, 'ID')}/status`,
    query: defined({ datetime_utc: at }),
    names: { identifier: 'ID', datetime_utc: '--at', instant: '--at' },
    human: (s: MarketStatus) =>
      keyValues([
        ['Market', s.market?.fin_id],
        ['Status', s.status],
        ['Reason', s.reason],
        ['Phase', s.phase ? `${s.phase.phase_type} ${localTime(s.phase.start)} – ${localTime(s.phase.end)}` : null],
        ['Until', localTime(s.until)],
        ['Next bell', localTime(s.next_bell)],
        ['Timezone', s.market?.timezone],
      ]),
  }),
  currencies: (): QueryRequest => ({
    path: '/currencies',
    query: {},
    names: {},
    human: (b: Currency[]) =>
      table(
        ['Code', 'Name', 'Country', 'Central bank', 'Financial capital'],
        b.map((c) => [c.currency_code, c.currency_name, c.country_code, c.central_bank, c.financial_capital]),
      ),
  }),
  currency: (code: string): QueryRequest => ({
    path: `/currencies/${seg(code, 'CODE')}`,
    query: {},
    names: { code: 'CODE' },
    human: (c: Currency) =>
      keyValues([
        ['Code', c.currency_code],
        ['Name', c.currency_name],
        ['Country', c.country_code],
        ['Central bank', c.central_bank],
        ['Financial capital', c.financial_capital],
        ['Timezone', c.financial_capital_timezone],
        ['Weekend', c.weekend_definition],
      ]),
  }),
  currencyHolidays: (code: string, start?: string, end?: string): QueryRequest => ({
    path: `/currencies/${seg(code, 'CODE')}/holidays`,
    query: defined({ start, end }),
    names: { code: 'CODE', start: '--start', end: '--end' },
    human: (b: CurrencyHoliday[]) =>
      b.length
        ? table(['Date', 'Holiday', 'Settlement', 'Observed'], b.map((h) => [h.date, h.holiday_name, h.settlement, h.observed]))
        : 'no settlement holidays in the range',
  }),
};

/** An error body as one line, with REST parameter names turned into the CLI's. */
export function errorLine(status: number, body: any, names: Record<string, string>): string {
  const detail = body?.detail;
  if (Array.isArray(detail)) {
    return detail
      .map((e: { loc?: unknown[]; msg?: string }) => {
        const param = String(e.loc?.[e.loc.length - 1] ?? '');
        return `${names[param] ?? param}: ${e.msg ?? 'invalid'}`;
      })
      .join('; ');
  }
  const text = typeof detail === 'string' ? detail : `HTTP ${status}`;
  return Array.isArray(body?.candidates) && body.candidates.length ? `${text} (candidates: ${body.candidates.join(', ')})` : text;
}

export interface QueryResult {
  status: number;
  body: unknown;
}

/** The REST status and body for the request, computed in process. */
export function runQuery(ds: Parameters<typeof answer>[0], req: QueryRequest, now: () => number = Date.now): QueryResult {
  return answer(ds, req.path, req.query, { now });
}

/** The failure to raise for an error answer: a UserError for 4xx, an internal error otherwise. */
export function failureOf(res: QueryResult, req: QueryRequest): Error {
  const line = errorLine(res.status, res.body, req.names);
  // A data error names the bad row of the data: the user can fix (or report) it, exit 1.
  const dataError = res.status === 500 && typeof (res.body as { detail?: unknown })?.detail === 'string' && (res.body as { detail: string }).detail.startsWith('Data error: ');
  return res.status < 500 || dataError ? new UserError(line) : new Error(line);
}
