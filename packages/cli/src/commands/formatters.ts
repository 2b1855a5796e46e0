/**
 * How each operation's answer reads for people: one text formatter per operation that has a
 * command (the registry's `cli` entry, @openbell/server operations.ts). The body's type comes
 * from the operation, and a command without a formatter does not compile. `--json` prints the
 * REST body instead.
 */
import type { Market, MarketDay, Phase } from '@openbell/core';
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

/** The operations that have a command. */
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
