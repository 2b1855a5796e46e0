/**
 * How each operation's answer reads for people: a text formatter per operation that has a
 * command (the catalogue's `cli` entry, @openbell/catalog operations/), typed by the
 * operation's result. A command without one prints the default: a list as a table of its
 * records' fields, a record as its fields one per line. `--json` prints the REST body instead.
 */
import {
  dayName,
  publishedHeader,
  tryParseDay,
  type Bar,
  type Bell,
  type Market,
  type MarketDay,
  type Phase,
  type SpecialSession,
} from '@openbell/core';
import type { CommandName, Operations, ResultOf } from '@openbell/catalog';
import {
  clock,
  dateOf,
  fitLine,
  hhmm,
  keyValues,
  localTime,
  note,
  PLAIN,
  statusColor,
  table,
  type Cell,
  type Out,
} from '../format.js';
import { statusTable } from './many.js';

/**
 * What a formatter gets besides the body: the output's width and colours, the command's
 * arguments, and a way to ask another operation (the close of a half day in `holidays`).
 */
export interface FormatContext extends Out {
  args?: Readonly<Record<string, unknown>>;
  ask?: (name: CommandOperation, raw: Readonly<Record<string, unknown>>) => { status: number; body: unknown };
}

/** `x` marks a market closed for good; a note under the table says when and what replaced it. */
function marketRows(markets: Market[], out: FormatContext): string {
  const t = table(
    [
      { header: '', drop: 3 },
      'FinID',
      'MIC',
      { header: 'Exchange', flex: true, min: 16 },
      { header: 'Market', flex: true, min: 12 },
      { header: 'Timezone', drop: 1 },
    ],
    markets.map((m) => [m.permanently_closed ? 'x' : '', m.fin_id, m.mic, m.exchange_name, m.market_name, m.timezone]),
    out,
  );
  const closed = markets
    .filter((m) => m.permanently_closed)
    .map((m) =>
      fitLine(
        `(x ${m.fin_id}: closed ${m.permanently_closed}${m.replaced_by ? `, replaced by ${m.replaced_by}` : ''})`,
        out.width,
      ),
    );
  return [t, ...closed.map((l) => note(out, l))].join('\n');
}

function marketBlock(m: Market, out: FormatContext): string {
  return keyValues(
    [
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
    ],
    out,
  );
}

/** `*` marks a phase during which the market is open; the date is said once, in its column. */
function phaseRows(phases: Phase[], out: FormatContext): string {
  const tz = phases[0]?.timezone;
  const rows = phases.map((p) => {
    const date = dateOf(p.start);
    return [p.is_open ? '*' : '', date, clock(p.start, date), clock(p.end, date), p.phase_type, p.phase_name];
  });
  const overnight = rows.some((r) => / \+\d+d/.test(String(r[3])));
  const out1 = table(
    [
      '',
      'Date',
      'Start',
      'End',
      { header: 'Phase', flex: true, min: 16 },
      { header: 'Name', flex: true, min: 12, drop: 1 },
    ],
    rows,
    out,
  );
  const where = tz ? `times in ${tz}` : 'local times';
  return `${out1}\n${note(out, `(${where}; * = open${overnight ? '; +1d: the day after' : ''})`)}`;
}

/** `2023-11-22` → `Wed`. */
function dayOf(date: string): string {
  const day = tryParseDay(date);
  return day === undefined ? '' : dayName(day);
}

/** The trading hours of a day, from its first open phase to its last, as `HH:MM – HH:MM`. */
function tradingSpan(d: MarketDay): string {
  const o = d.phases.filter((p) => p.is_open);
  return o.length ? `${clock(o[0]!.start, d.date)} – ${clock(o[o.length - 1]!.end, d.date)}` : '';
}

/** The close of a holiday on which the market opens (a half day), asked of the day's phases. */
function closeOf(date: string, out: FormatContext): string {
  if (!out.ask || typeof out.args?.identifier !== 'string') return '';
  const res = out.ask('listMarketDays', { identifier: out.args.identifier, start: date, end: date });
  if (res.status !== 200) return '';
  const day = (res.body as MarketDay[])[0];
  const open = day?.phases.filter((p) => p.is_open) ?? [];
  return open.length ? clock(open[open.length - 1]!.end, date) : '';
}

function bellBlock(b: Bell, out: FormatContext): string {
  const what = b.event === 'open' ? 'opening' : 'closing';
  if (!b.at) return `no ${what} in the coverage window`;
  return keyValues(
    [
      ['Event', what],
      ['At', localTime(b.at)],
      ['Session', b.date],
    ],
    out,
  );
}

const yesNo = (out: Out) => (s: string) => statusColor(out, s);

/** The operations that have a command. */
export type CommandOperation = CommandName<Operations>;

type Formatter<K extends CommandOperation> = (body: ResultOf<Operations[K]>, out: FormatContext) => string;

/** Rows of each list `check` prints under its summary (`--json` prints them all). */
const CHECK_SHOWN = 20;

/** A series checked against the bar grid: the summary a person reads first, then the first rows of each list. */
function checkText(r: ResultOf<Operations['checkBars']>): string {
  const ok = r.missing.length === 0 && r.extra.length === 0;
  const byReason = new Map<string, number>();
  for (const e of r.extra) byReason.set(e.reason, (byReason.get(e.reason) ?? 0) + 1);
  const reasons = [...byReason].map(([k, n]) => `${n} ${k}`).join(', ');
  const lines = [
    `${r.market} ${r.period} bars ${r.start} to ${r.end}: ${ok ? 'OK' : 'NOT OK'}`,
    `  expected ${r.expected}, given ${r.given}, matched ${r.matched}`,
    `  missing  ${r.missing.length}`,
    `  extra    ${r.extra.length}${reasons ? ` (${reasons})` : ''}`,
  ];
  if (r.missing.length > 0) {
    lines.push('', `Missing (first ${Math.min(CHECK_SHOWN, r.missing.length)} of ${r.missing.length}):`);
    for (const m of r.missing.slice(0, CHECK_SHOWN)) lines.push(`  ${m.date}  ${m.start}`);
  }
  if (r.extra.length > 0) {
    lines.push('', `Extra (first ${Math.min(CHECK_SHOWN, r.extra.length)} of ${r.extra.length}):`);
    for (const e of r.extra.slice(0, CHECK_SHOWN))
      lines.push(`  ${e.at}  ${e.reason}${e.date ? ` ${e.date}` : ''}${e.holiday_name ? ` (${e.holiday_name})` : ''}`);
  }
  return lines.join('\n');
}

export const formatters: { [K in CommandOperation]?: Formatter<K> } = {
  listMarkets: (b, out) => (b.length ? marketRows(b, out) : 'no market matches'),
  getMarket: marketBlock,
  checkBars: checkText,
  listMarketHolidays: (b, out) =>
    b.length
      ? table(
          [
            'Date',
            { header: 'Holiday', flex: true, min: 16 },
            { header: 'Schedule', drop: 1 },
            'Close',
            { header: 'Open', style: yesNo(out) },
            'Settlement',
            'Observed',
          ],
          b.map((h) => [
            h.date,
            h.holiday_name,
            h.schedule,
            h.is_open ? closeOf(h.date, out) : '',
            h.is_open,
            h.has_settlement,
            h.observed,
          ]),
          out,
        ) + (b.some((h) => h.is_open) ? `\n${note(out, "(Close: of a half day, in the market's timezone)")}` : '')
      : 'no holidays in the range',
  listMarketPhases: (b, out) => (b.length ? phaseRows(b, out) : 'no phases in the range'),
  listSpecialSessions: (b, out) => (b.length ? specialRows(b, out) : 'no special sessions in the range'),
  listMarketDays: (b, out) => {
    const rows = b.map((d) => [
      d.date,
      d.day_of_week,
      d.is_open,
      d.has_settlement,
      d.holiday?.holiday_name,
      tradingSpan(d),
    ]);
    const overnight = rows.some((r) => / -\d+d/.test(String(r[5])));
    return `${table(
      [
        'Date',
        'Day',
        { header: 'Open', style: yesNo(out) },
        'Settlement',
        { header: 'Holiday', flex: true, min: 12 },
        'Trading',
      ],
      rows,
      out,
    )}\n${note(out, `(trading hours in the market's timezone${overnight ? '; -1d: the day before' : ''})`)}`;
  },
  listMarketSchedules: (b, out) => {
    const rows = b.map((s) => [
      s.schedule_group,
      s.phase_type,
      s.phase_name,
      s.days,
      s.start ? hhmm(s.start) : '',
      s.end ? `${hhmm(s.end)}${s.offset_days ? ` +${s.offset_days}d` : ''}` : '',
      s.in_force_start_date || s.in_force_end_date
        ? `${s.in_force_start_date ?? ''}..${s.in_force_end_date ?? ''}`
        : '',
      s.has_season ? `${s.season_start}..${s.season_end}` : '',
    ]);
    const where = b[0]?.timezone ? `times in ${b[0].timezone}` : 'local times';
    const overnight = rows.some((r) => / \+\d+d/.test(String(r[5])));
    return `${table(
      [
        { header: 'Group', flex: true, min: 12 },
        { header: 'Phase', flex: true, min: 23 },
        { header: 'Name', drop: 1 },
        'Days',
        'Start',
        'End',
        { header: 'In Force', drop: 3 },
        { header: 'Season', drop: 2 },
      ],
      rows,
      out,
    )}\n${note(out, `(${where}${overnight ? '; +1d: the day after' : ''})`)}`;
  },
  getStatusMany: (b, out) => statusTable(b as Parameters<typeof statusTable>[0], out),
  getMarketStatus: (s, out) => {
    const day = s.phase ? dateOf(s.phase.start) : '';
    return keyValues(
      [
        ['Market', s.market?.fin_id],
        ['Status', s.status],
        ['Reason', s.reason],
        ['Phase', s.phase ? `${s.phase.phase_type} ${localTime(s.phase.start)} – ${clock(s.phase.end, day)}` : null],
        ['Until', localTime(s.until)],
        ['Next bell', localTime(s.next_bell)],
        ['Timezone', s.market?.timezone],
      ],
      out,
      { Status: (v) => statusColor(out, v) },
    );
  },
  listSessions: (b, out) => {
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
    const t = table(
      [
        'Date',
        'Day',
        'Open',
        'Close',
        { header: 'Breaks', flex: true, min: 11 },
        { header: 'Holiday', flex: true, min: 12 },
      ],
      rows,
      out,
    );
    return `${t}\n${note(out, `(times in the market's timezone${overnight ? '; -1d: the day before' : ''})`)}`;
  },
  getSessionOffset: (b, out) =>
    keyValues(
      [
        ['Date', `${b.date} ${dayOf(b.date)}`],
        ['Sessions', b.n],
        ['Session', `${b.session} ${dayOf(b.session)}`],
      ],
      out,
    ),
  getSessionCount: (b, out) =>
    keyValues(
      [
        ['Start', b.start],
        ['End', b.end],
        ['Sessions', b.count],
      ],
      out,
    ),
  getNextBell: bellBlock,
  getPreviousBell: bellBlock,
  listCalendarDays: (b, out) =>
    table(
      ['Date', 'Day', { header: 'Business Day', style: yesNo(out) }, { header: 'Closed', flex: true, min: 12 }],
      b.map((d) => [d.date, dayOf(d.date), d.is_business_day, d.closed.join(', ')]),
      out,
    ),
  adjustDate: (b, out) =>
    keyValues(
      [
        ['Date', `${b.date} ${dayOf(b.date)}`],
        ['Convention', b.convention],
        ['Adjusted', `${b.adjusted} ${dayOf(b.adjusted)}`],
      ],
      out,
    ),
  advanceDate: (b, out) =>
    keyValues(
      [
        ['Date', `${b.date} ${dayOf(b.date)}`],
        ['Advance', `${b.n} ${b.unit}`],
        ['Result', `${b.result} ${dayOf(b.result)}`],
      ],
      out,
    ),
  getFxSpot: (b, out) => {
    const head = keyValues(
      [
        ['Pair', b.pair],
        ['Trade date', `${b.trade_date} ${dayOf(b.trade_date)}`],
        ['Lag', b.lag],
        ['Spot date', `${b.spot_date} ${dayOf(b.spot_date)}`],
      ],
      out,
    );
    if (!b.closures.length) return head;
    const rows = b.closures.flatMap((c) => c.closed.map((x) => [c.date, dayOf(c.date), x.currency, x.reason]));
    return (
      `${head}\n\nClosed between trade and ` +
      `spot:\n${table(['Date', 'Day', 'Currency', { header: 'Reason', flex: true, min: 12 }], rows, out)}`
    );
  },
  getFxValueDate: (b, out) =>
    keyValues(
      [
        ['Pair', b.pair],
        ['Trade date', `${b.trade_date} ${dayOf(b.trade_date)}`],
        ['Tenor', b.tenor],
        ['Spot date', `${b.spot_date} ${dayOf(b.spot_date)}`],
        ['Value date', `${b.value_date} ${dayOf(b.value_date)}`],
      ],
      out,
    ),
  listCurrencies: (b, out) =>
    table(
      [
        'Code',
        { header: 'Name', flex: true, min: 14 },
        'Country',
        { header: 'Central Bank', flex: true, min: 16 },
        { header: 'Capital', flex: true, min: 10, drop: 1 },
      ],
      b.map((c) => [c.currency_code, c.currency_name, c.country_code, c.central_bank, c.financial_capital]),
      out,
    ),
  getCurrency: (c, out) =>
    keyValues(
      [
        ['Code', c.currency_code],
        ['Name', c.currency_name],
        ['Country', c.country_code],
        ['Central bank', c.central_bank],
        ['Financial capital', c.financial_capital],
        ['Timezone', c.financial_capital_timezone],
        ['Weekend', c.weekend_definition],
      ],
      out,
    ),
  listCurrencyHolidays: (b, out) =>
    b.length
      ? table(
          ['Date', { header: 'Holiday', flex: true, min: 16 }, 'Settlement', 'Observed'],
          b.map((h) => [h.date, h.holiday_name, h.settlement, h.observed]),
          out,
        )
      : 'no settlement holidays in the range',
  // One calendar per answer: its name and country would repeat on every line.
  listRegionalHolidays: (b, out) =>
    b.length
      ? table(
          ['Date', { header: 'Holiday', flex: true, min: 16 }, 'Type', { header: 'Memo', drop: 1 }],
          b.map((h) => [h.date, h.name, h.type, h.memo]),
          out,
        )
      : 'no holidays of that calendar in the range',
};

/** The body as text for people (80 columns, no colour unless `out` says otherwise). */
/** A value in a cell: nested values as their JSON. */
const cellOf = (v: unknown): Cell => (v !== null && typeof v === 'object' ? JSON.stringify(v) : (v as Cell));

/** The answer of an operation without a formatter of its own. */
export function defaultFormat(body: unknown, out: FormatContext = PLAIN): string {
  if (Array.isArray(body)) {
    if (body.length === 0) return 'nothing in the answer';
    const columns = [...new Set(body.flatMap((r) => (r !== null && typeof r === 'object' ? Object.keys(r) : [])))];
    if (columns.length === 0) return body.map(String).join('\n');
    // Headers in Title Case like every other table's, spelled as the CSV's (`Nominal`, `FinID`).
    return table(
      columns.map((c) => publishedHeader(c)),
      body.map((r: Record<string, unknown>) => columns.map((c) => cellOf(r?.[c]))),
      out,
    );
  }
  if (body !== null && typeof body === 'object')
    return keyValues(
      Object.entries(body).map(([k, v]) => [k, cellOf(v)]),
      out,
    );
  return String(body);
}

/**
 * The bars as a table written line by line: every column has a fixed width (a time, with
 * ` -1d` when the bar starts the evening before its session), so no line waits for the others.
 */
function* barLines(bars: Bar[], out: FormatContext): Generator<string> {
  if (!bars.length) {
    yield 'no bars in the range';
    return;
  }
  if (bars[0]!.sessions !== undefined) {
    yield* sessionBarLines(bars, out);
    return;
  }
  const shifted = bars.some((b) => dateOf(b.start) !== b.date || dateOf(b.end) !== b.date);
  const w = shifted ? 9 : 5;
  // The header of `table`'s tables, which cannot be used here: it sizes columns from every row.
  yield `${'Date'.padEnd(10)}  ${'Start'.padEnd(w)}  End`;
  yield `${'-'.repeat(10)}  ${'-'.repeat(w)}  ${'-'.repeat(5)}`;
  for (const b of bars) yield `${b.date}  ${clock(b.start, b.date).padEnd(w)}  ${clock(b.end, b.date)}`;
  const market =
    typeof out.args?.identifier === 'string' ? out.ask?.('getMarket', { identifier: out.args.identifier }) : undefined;
  const tz = market?.status === 200 ? (market.body as Market).timezone : undefined;
  const n = bars.length === 1 ? '1 bar' : `${bars.length} bars`;
  yield note(
    out,
    `(${n}; times in ${tz ?? "the market's timezone"}${shifted ? '; ±1d: the day after or before the session' : ''})`,
  );
}

/**
 * Bars of whole sessions (1d, 1w, 1mo) span days: each line shows the first session's open and
 * the last one's close as local date and time, and how many sessions the bar covers.
 */
function* sessionBarLines(bars: Bar[], out: FormatContext): Generator<string> {
  const local = (t: string) => `${t.slice(0, 10)} ${t.slice(11, 16)}`;
  yield `${'Date'.padEnd(10)}  ${'Open'.padEnd(16)}  ${'Close'.padEnd(16)}  Sessions`;
  yield `${'-'.repeat(10)}  ${'-'.repeat(16)}  ${'-'.repeat(16)}  ${'-'.repeat(8)}`;
  for (const b of bars) yield `${b.date}  ${local(b.start)}  ${local(b.end)}  ${String(b.sessions).padStart(8)}`;
  const n = bars.length === 1 ? '1 bar' : `${bars.length} bars`;
  yield note(out, `(${n}; Date: the last session; times in the market's timezone)`);
}

/** What makes a session special, in words. */
function specialWhat(s: SpecialSession): string {
  if (s.late_open && s.early_close) return 'late open, early close';
  if (s.late_open) return 'late open';
  if (s.early_close) return 'early close';
  return s.regular_open === null ? 'extra session' : 'other hours';
}

function specialRows(b: SpecialSession[], out: FormatContext): string {
  const span = (a: string | null, z: string | null, date: string) =>
    a && z ? `${clock(a, date)} – ${clock(z, date)}` : '';
  return `${table(
    ['Date', 'Day', 'Hours', { header: 'Regular', drop: 1 }, 'What', { header: 'Holiday', flex: true, min: 12 }],
    b.map((s) => [
      s.date,
      dayOf(s.date),
      span(s.open, s.close, s.date),
      span(s.regular_open, s.regular_close, s.date),
      specialWhat(s),
      s.holiday_name,
    ]),
    out,
  )}\n${note(out, "(times in the market's timezone; Regular: without the day's holiday row)")}`;
}

/** Text formatters of streamed commands (`cli.stream`): the text as lines, written as they come. */
export const lineFormatters: {
  [K in CommandOperation]?: (body: ResultOf<Operations[K]>, out: FormatContext) => Iterable<string>;
} = {
  listMarketBars: barLines,
};

export function formatWith(name: CommandOperation, body: unknown, out: FormatContext = PLAIN): string {
  const own = formatters[name] as ((b: unknown, o: FormatContext) => string) | undefined;
  return own ? own(body, out) : defaultFormat(body, out);
}
