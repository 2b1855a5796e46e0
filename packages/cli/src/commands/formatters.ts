/**
 * How each operation's answer reads for people: one text formatter per operation that has a
 * command (the registry's `cli` entry, @openbell/server operations.ts). The body's type comes
 * from the operation, and a command without a formatter does not compile. `--json` prints the
 * REST body instead.
 */
import type { Bell, Market, MarketDay, Phase } from '@openbell/core';
import type { CommandName, Operations, ResultOf } from '@openbell/server/offline';
import { keyValues, localTime, table } from '../format.js';
import { statusTable } from './many.js';

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

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_MS = 86_400_000;

/** `2023-11-22` → `Wed`. */
function dayOf(date: string): string {
  return DAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
}

/**
 * The wall-clock time of a date-time served in the market's zone, as `HH:MM` (`HH:MM:SS` when
 * the seconds are not zero), with `-1d`/`+1d` when it falls on another date than `date` (an
 * overnight session that opened the evening before).
 */
function clock(iso: string | null, date: string): string {
  if (!iso) return '';
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?/.exec(iso);
  if (!m) return iso;
  const time = `${m[2]}${m[3] && m[3] !== ':00' ? m[3] : ''}`;
  const shift = Math.round((Date.parse(m[1]!) - Date.parse(date)) / DAY_MS);
  return shift ? `${time} ${shift > 0 ? '+' : ''}${shift}d` : time;
}

function bellBlock(b: Bell): string {
  const what = b.event === 'open' ? 'opening' : 'closing';
  if (!b.at) return `no ${what} in the coverage window`;
  return keyValues([
    ['Event', what],
    ['At', localTime(b.at)],
    ['Session', b.date],
  ]);
}

/** The operations that have a command. */
export type CommandOperation = CommandName<Operations>;

export const formatters: { [K in CommandOperation]: (body: ResultOf<Operations[K]>) => string } = {
  listMarkets: (b) => (b.length ? marketRows(b) : 'no market matches'),
  getMarket: marketBlock,
  listMarketHolidays: (b) =>
    b.length
      ? table(
          ['Date', 'Holiday', 'Schedule', 'Open', 'Settlement', 'Observed'],
          b.map((h) => [h.date, h.holiday_name, h.schedule, h.is_open, h.settlement, h.observed]),
        )
      : 'no holidays in the range',
  listMarketPhases: (b) => (b.length ? phaseRows(b) : 'no phases in the range'),
  listMarketDays: (b) => {
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
  listMarketSchedules: (b) =>
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
  getStatusMany: (b) => statusTable(b as Parameters<typeof statusTable>[0]),
  getMarketStatus: (s) =>
    keyValues([
      ['Market', s.market?.fin_id],
      ['Status', s.status],
      ['Reason', s.reason],
      ['Phase', s.phase ? `${s.phase.phase_type} ${localTime(s.phase.start)} – ${localTime(s.phase.end)}` : null],
      ['Until', localTime(s.until)],
      ['Next bell', localTime(s.next_bell)],
      ['Timezone', s.market?.timezone],
    ]),
  listSessions: (b) => {
    if (!b.length) return 'no sessions in the range';
    const rows = b.map((s) => [
      s.date,
      dayOf(s.date),
      clock(s.open, s.date),
      clock(s.close, s.date),
      s.breaks.map((br) => `${clock(br.start, s.date)}-${clock(br.end, s.date)}`).join(', '),
      s.partial ? (s.holiday_name ?? 'irregular session') : '',
    ]);
    const overnight = rows.some((r) => / [+-]\d+d/.test(`${r[2]} ${r[3]} ${r[4]}`));
    return `${table(['Date', 'Day', 'Open', 'Close', 'Breaks', 'Holiday'], rows)}\n(times in the market's timezone${overnight ? '; -1d: the day before' : ''})`;
  },
  getSessionOffset: (b) =>
    keyValues([
      ['Date', `${b.date} ${dayOf(b.date)}`],
      ['Sessions', b.n],
      ['Session', `${b.session} ${dayOf(b.session)}`],
    ]),
  getSessionCount: (b) =>
    keyValues([
      ['Start', b.start],
      ['End', b.end],
      ['Sessions', b.count],
    ]),
  getNextBell: bellBlock,
  getPreviousBell: bellBlock,
  listCalendarDays: (b) =>
    table(
      ['Date', 'Day', 'Business day', 'Closed'],
      b.map((d) => [d.date, dayOf(d.date), d.is_business_day, d.closed.join(', ')]),
    ),
  adjustDate: (b) =>
    keyValues([
      ['Date', `${b.date} ${dayOf(b.date)}`],
      ['Convention', b.convention],
      ['Adjusted', `${b.adjusted} ${dayOf(b.adjusted)}`],
    ]),
  advanceDate: (b) =>
    keyValues([
      ['Date', `${b.date} ${dayOf(b.date)}`],
      ['Advance', `${b.n} ${b.unit}`],
      ['Result', `${b.result} ${dayOf(b.result)}`],
    ]),
  getFxSpot: (b) => {
    const head = keyValues([
      ['Pair', b.pair],
      ['Trade date', `${b.trade_date} ${dayOf(b.trade_date)}`],
      ['Lag', b.lag],
      ['Spot date', `${b.spot_date} ${dayOf(b.spot_date)}`],
    ]);
    if (!b.closures.length) return head;
    const rows = b.closures.flatMap((c) => c.closed.map((x) => [c.date, dayOf(c.date), x.currency, x.reason]));
    return `${head}\n\nClosed between trade and spot:\n${table(['Date', 'Day', 'Currency', 'Reason'], rows)}`;
  },
  getFxValueDate: (b) =>
    keyValues([
      ['Pair', b.pair],
      ['Trade date', `${b.trade_date} ${dayOf(b.trade_date)}`],
      ['Tenor', b.tenor],
      ['Spot date', `${b.spot_date} ${dayOf(b.spot_date)}`],
      ['Value date', `${b.value_date} ${dayOf(b.value_date)}`],
    ]),
  listCurrencies: (b) =>
    table(
      ['Code', 'Name', 'Country', 'Central bank', 'Financial capital'],
      b.map((c) => [c.currency_code, c.currency_name, c.country_code, c.central_bank, c.financial_capital]),
    ),
  getCurrency: (c) =>
    keyValues([
      ['Code', c.currency_code],
      ['Name', c.currency_name],
      ['Country', c.country_code],
      ['Central bank', c.central_bank],
      ['Financial capital', c.financial_capital],
      ['Timezone', c.financial_capital_timezone],
      ['Weekend', c.weekend_definition],
    ]),
  listCurrencyHolidays: (b) =>
    b.length
      ? table(['Date', 'Holiday', 'Settlement', 'Observed'], b.map((h) => [h.date, h.holiday_name, h.settlement, h.observed]))
      : 'no settlement holidays in the range',
};
