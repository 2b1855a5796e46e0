// Row builders that keep every table in the vendor's column order and derive the fields the
// vendor derives (Duration), so market modules only state facts.

export const COLUMNS = {
  markets: [
    'FinID',
    'Exchange Name',
    'Market Name',
    'Security Group',
    'Timezone',
    'Weekend Definition',
    'MIC',
    'Acronym',
    'Asset Type',
    'Memo',
    'Permanently Closed',
    'Replaced By',
  ],
  holidays: ['FinID', 'Date', 'Holiday Name', 'Schedule', 'Settlement', 'Observed', 'Memo', 'Status'],
  schedules: [
    'FinID',
    'Schedule Group',
    'Schedule Group Memo',
    'Timezone',
    'Phase Type',
    'Phase Name',
    'Phase Memo',
    'Days',
    'Start',
    'End',
    'Offset Days',
    'Duration',
    'Min Start',
    'Max Start',
    'Min End',
    'Max End',
    'In Force Start Date',
    'In Force End Date',
    'Season Start',
    'Season End',
  ],
  phases: ['Name', 'Status', 'Settlement', 'Closing Price'],
  micMapping: ['MIC', 'FinID'],
  seasonDefinitions: ['Season', 'Year', 'Date'],
  currencies: [
    'Currency Code',
    'Currency Name',
    'Country Code',
    'Central Bank',
    'Financial Capital',
    'Financial Capital Timezone',
    'Weekend Definition',
  ],
  currencyHolidays: ['Currency Code', 'Date', 'Holiday Name', 'Settlement', 'Observed', 'Memo'],
  regionalHolidays: ['Calendar', 'Country', 'Date', 'Name', 'Type', 'Memo'],
};

export const FILES = {
  markets: 'markets.csv',
  holidays: 'holidays.csv',
  schedules: 'schedules.csv',
  phases: 'phases.csv',
  micMapping: 'mic-mapping.csv',
  seasonDefinitions: 'season-definitions.csv',
  currencies: 'currencies.csv',
  currencyHolidays: 'currency-holidays.csv',
  regionalHolidays: 'regional-holidays.csv',
};

function seconds(time) {
  const [h, m, s = '0'] = time.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

function fullTime(time) {
  return time.length === 5 ? `${time}:00` : time;
}

/**
 * A schedule builder bound to one market. `row(group, type, name, days, start, end, opts)`;
 * opts: offset, from, until (in-force dates), season: [start, end], memo, groupMemo.
 */
export function scheduleFor(finId, timezone, groupMemos = {}) {
  const rows = [];
  function row(group, type, name, days, start, end, opts = {}) {
    const offset = opts.offset ?? 0;
    const duration = seconds(end) - seconds(start) + offset * 86400;
    if (duration < 0) throw new Error(`${finId} ${group} ${name}: negative duration`);
    rows.push({
      FinID: finId,
      'Schedule Group': group,
      'Schedule Group Memo': opts.groupMemo ?? groupMemos[group] ?? '',
      Timezone: timezone,
      'Phase Type': type,
      'Phase Name': name ?? '',
      'Phase Memo': opts.memo ?? '',
      Days: days,
      Start: fullTime(start),
      End: fullTime(end),
      'Offset Days': offset,
      Duration: duration,
      'Min Start': '',
      'Max Start': '',
      'Min End': '',
      'Max End': '',
      'In Force Start Date': opts.from ?? '',
      'In Force End Date': opts.until ?? '',
      'Season Start': opts.season?.[0] ?? '',
      'Season End': opts.season?.[1] ?? '',
      ...(opts.random ?? {}),
    });
  }
  return { rows, row };
}

/**
 * A holiday collector bound to one market. Refuses two rows on one date, because the engine
 * takes a day's schedule group from its single holiday row and a silent overwrite would hide
 * a rule clash.
 */
export function holidaysFor(finId) {
  const byDate = new Map();
  function add(date, name, schedule, status, settlement, opts = {}) {
    if (byDate.has(date)) {
      if (opts.ifFree) return;
      const prev = byDate.get(date);
      throw new Error(`${finId}: two holiday rows on ${date} (${prev['Holiday Name']} / ${name})`);
    }
    byDate.set(date, {
      FinID: finId,
      Date: date,
      'Holiday Name': name,
      Schedule: schedule,
      Settlement: settlement,
      Observed: opts.observed ? 'OBS' : '',
      Memo: opts.memo ?? '',
      Status: status,
    });
  }
  return {
    has: (date) => byDate.has(date),
    get: (date) => byDate.get(date),
    closed: (date, name, opts) => add(date, name, 'Closed', 'Closed', 'No', opts),
    /** An irregular trading day; the market trades and settles. */
    open: (date, name, schedule, opts) => add(date, name, schedule, 'Open', 'Yes', opts),
    /** Full control, for days such as an overnight market's eve or a no-settlement session. */
    custom: add,
    rows: () => [...byDate.values()].sort((a, b) => (a.Date < b.Date ? -1 : a.Date > b.Date ? 1 : 0)),
  };
}

export function market(fields) {
  const out = {};
  for (const c of COLUMNS.markets) out[c] = fields[c] ?? '';
  return out;
}
