// Output made for people: every command fits 80 columns, colour on a terminal only,
// one time format, and --format table|json|csv with the REST CSV body.
import { operations, type Operation } from '@openbell/catalog';
import { loadSample } from '@openbell/loader';
import { describe, expect, it } from 'vitest';
import { defaultFormat, formatWith } from '../src/commands/formatters.js';
import { statusTable } from '../src/commands/many.js';
import { colorWanted, outputWidth, PLAIN, table, type Out } from '../src/format.js';
import { operationExampleArgs } from '../src/help.js';
import { runQuery } from '../src/commands/queries.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, scratch } from './helpers.js';
import { NOW, sampleRest } from './sample-rest.js';

const rest = await sampleRest({ now: NOW });

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[/;

/**
 * Realistic arguments chosen for the commands derived from the registry, wide outputs first, and
 * `status` of several IDs. A command without a case here runs the example its help shows
 * (`DERIVED`, from its declaration's examples), so a new operation needs no case to be held to
 * 80 columns.
 */
// A series for `check` (its file is the body): XNYS's 30-minute grid on 2023-11-20 with one bar
// dropped and one stamp off the grid, so the summary and both lists are shown (exit code 1).
const series = join(scratch, 'series.csv');
writeFileSync(
  series,
  `time,close\n${Array.from({ length: 13 }, (_, i) =>
    new Date(Date.parse('2023-11-20T14:30:00Z') + i * 1_800_000).toISOString(),
  )
    .filter((_, i) => i !== 4)
    .concat('2023-11-20T15:07:00Z')
    .map((t) => `${t},1`)
    .join('\n')}\n`,
);

const COMMANDS: Record<string, string[][]> = {
  check: [['check', series, '--market', 'XNYS', '--period', '30m']],
  markets: [['markets']],
  market: [
    ['market', 'XBUE'],
    ['market', 'US.CME.EQUITY.USINDEX1'],
  ],
  holidays: [['holidays', 'US.NYSE', '--start', '2023-01-01', '--end', '2024-12-31']],
  phases: [
    ['phases', 'US.CME.EQUITY.USINDEX1', '--start', '2023-11-20', '--end', '2023-11-27'],
    ['phases', 'HK.HKEX', '--start', '2023-11-20', '--end', '2023-11-21'],
  ],
  days: [
    ['days', 'US.CME.EQUITY.USINDEX1', '--start', '2023-11-20', '--end', '2023-11-27'],
    ['days', 'US.NYSE', '--start', '2023-12-20', '--end', '2024-01-05'],
  ],
  schedules: [
    ['schedules', 'US.CME.EQUITY.USINDEX1'],
    ['schedules', 'US.NYSE'],
    ['schedules', 'JP.JPX'],
  ],
  status: [
    ['status', 'US.CME.EQUITY.USINDEX1', '--at', NOW],
    ['status', 'XNYS', 'NOPE', 'US.CME.EQUITY.USINDEX1', 'US.CME.AGRI.GRAINS', 'AR.BCBA', '--at', NOW],
    ['status', 'XNYS', 'XLON', 'XHKG', 'XTKS', 'XSAU', '--at', '2023-11-17T22:00:00Z'],
  ],
  statuses: [
    ['statuses', '--subset', '*', '--at', NOW],
    ['statuses', '--markets', 'XNYS,XLON,NOPE', '--at', '2023-11-17T22:00:00Z'],
  ],
  currencies: [['currencies']],
  currency: [['currency', 'EUR']],
  'currency-holidays': [['currency-holidays', 'USD', '--start', '2023-01-01', '--end', '2024-12-31']],
  sessions: [
    ['sessions', 'US.CME.EQUITY.USINDEX1', '--start', '2023-11-20', '--end', '2023-11-27'],
    ['sessions', 'HK.HKEX', '--start', '2024-01-01', '--end', '2024-02-29'],
  ],
  offset: [['offset', 'US.NYSE', '--date', '2023-11-22', '-n', '3']],
  count: [['count', 'US.NYSE', '--start', '2023-01-01', '--end', '2023-12-31']],
  next: [['next', 'US.CME.EQUITY.USINDEX1', '--after', '2023-11-22T22:00:00Z']],
  previous: [['previous', 'US.NYSE', '--before', '2023-11-27T14:00:00Z', '--event', 'close']],
  bizdays: [['bizdays', 'US.NYSE+GB.LSE+JP.JPX+HK.HKEX+DE.XETR', '--start', '2023-12-20', '--end', '2024-01-05']],
  adjust: [['adjust', 'USD+EUR', '--date', '2023-12-25', '--convention', 'modified_following']],
  advance: [['advance', 'XNYS', '--date', '2023-10-31', '-n', '1', '--unit', 'months', '--eom']],
  spot: [
    ['spot', 'USDJPY', '--trade-date', '2023-12-28'],
    ['spot', 'EURUSD', '--trade-date', '2023-06-16'],
  ],
  'value-date': [['value-date', 'EURUSD', '--trade-date', '2023-06-16', '--tenor', '1M']],
  bars: [
    ['bars', 'US.CME.EQUITY.USINDEX1', '--start', '2023-11-24', '--end', '2023-11-24', '--period', '4h'],
    ['bars', 'XTKS', '--start', '2023-11-24', '--end', '2023-11-24', '--period', '30m'],
    ['bars', 'US.CME.EQUITY.USINDEX1', '--start', '2023-01-01', '--end', '2023-12-31', '--period', '1mo'],
  ],
  dates: [['dates', 'XNYS+GB.LSE', '--rule', 'imm', '--from', '2023-01', '--to', '2024-12', '--offset', '2']],
  overlap: [
    [
      'overlap',
      '--markets',
      'XNYS,XLON,US.CME.EQUITY.USINDEX1',
      '--start',
      '2023-11-20',
      '--end',
      '2023-11-24',
      '--phase',
      'open',
    ],
  ],
  'clock-changes': [['clock-changes', 'BVMF', '--start', '1990-01-01', '--end', '2024-12-31']],
  'bars-count': [['bars-count', 'XNYS', '--start', '2023-01-01', '--end', '2023-12-31', '--period', '1m']],
  'special-sessions': [['special-sessions', 'XNYS', '--start', '2023-01-01', '--end', '2024-12-31']],
  'regional-holidays': [
    ['regional-holidays', 'US', '--start', '2023-01-01', '--end', '2023-12-31'],
    ['regional-holidays', 'christian', '--start', '2024-01-01', '--end', '2024-12-31'],
  ],
  'phase-types': [['phase-types']],
  seasons: [['seasons', '--year', '2024']],
  'mic-mapping': [['mic-mapping'], ['mic-mapping', '--fin-id', 'us.nyse']],
};

/** The commands of the registry without a case above, each with the example of its help. */
const DERIVED: Record<string, string[] | undefined> = Object.fromEntries(
  (Object.values(operations) as Operation[]).flatMap((op) =>
    op.cli && !(op.cli.command in COMMANDS)
      ? [[op.cli.command, operationExampleArgs(op, op.cli.command)?.slice(1)]]
      : [],
  ),
);

describe('80 columns', () => {
  it('every command of the registry is run: a case above or the example of its help', () => {
    const commands = (Object.values(operations) as Operation[]).flatMap((op) => (op.cli ? [op.cli.command] : []));
    for (const c of commands) expect(COMMANDS[c] ?? DERIVED[c], c).toBeDefined();
    // The derived examples are what `openbell <command> --help` shows.
    const holidays = (Object.values(operations) as Operation[]).find((op) => op.cli?.command === 'holidays')!;
    expect(operationExampleArgs(holidays, 'holidays')).toEqual([
      'openbell',
      'holidays',
      'US.NYSE',
      '--start',
      '2023-11-20',
      '--end',
      '2023-11-26',
    ]);
  });

  const cases = [
    ...Object.values(COMMANDS).flat(),
    ...Object.values(DERIVED).filter((args): args is string[] => args !== undefined),
  ].map((args) => [args] as [string[]]);
  it.concurrent.each(cases)('openbell %j: no line over 80 characters', async (args) => {
    const r = await run(args);
    // A bulk status with an ID that fails shows the error in its row and exits 1, whether asked
    // as `status ID ID…` or `statuses --markets` (one rule for both).
    // So does a check whose series lacks a bar (the declaration's `cli.failed`).
    const failing =
      (args[0] === 'status' && args.includes('NOPE')) ||
      args.some((a) => a.split(',').includes('NOPE')) ||
      args[0] === 'check';
    expect(r.code, r.stderr).toBe(failing ? 1 : 0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('a wider terminal gets the columns left out at 80; a narrower one still gets 80', () => {
    expect(outputWidth({ isTTY: true, columns: 132 })).toBe(132);
    expect(outputWidth({ isTTY: true, columns: 60 })).toBe(80);
    expect(outputWidth({ isTTY: false, columns: 200 })).toBe(80);
  });

  it('columns give way in order: shortened, then dropped; nothing wraps', () => {
    const rows = [['XNYS', 'a rather long reason that will not fit', 'America/New_York']];
    const spec = ['ID', { header: 'Reason', flex: true, min: 12 }, { header: 'Timezone', drop: 1 }];
    expect(table(spec, rows, { ...PLAIN, width: 80 })).toContain('America/New_York');
    const narrow = table(spec, rows, { ...PLAIN, width: 40 }).split('\n');
    expect(narrow[0]).toMatch(/^ID\s+Reason\s+Timezone$/);
    expect(narrow[2]).toMatch(/^XNYS\s+a rather long r…\s+America\/New_York$/);
    const tiny = table(spec, rows, { ...PLAIN, width: 24 }).split('\n');
    expect(tiny[0]).toMatch(/^ID\s+Reason$/);
    for (const l of tiny) expect(l.length).toBeLessThanOrEqual(24);
  });
});

describe('wider terminals show more', () => {
  it('markets and status of several IDs keep their timezone at 132 columns', async () => {
    const data = await loadSample();
    const wide: Out = { ...PLAIN, width: 132 };
    const markets = runQuery(data.dataset, 'listMarkets', {});
    expect(formatWith('listMarkets', markets.body, wide).split('\n')[0]).toMatch(
      /^\s+FinID\s+MIC\s+Exchange\s+Market\s+Timezone$/,
    );
    expect(formatWith('listMarkets', markets.body, PLAIN).split('\n')[0]).not.toContain('Timezone');
    const many = runQuery(
      data.dataset,
      'getStatusMany',
      { markets: 'XNYS,US.CME.EQUITY.USINDEX1', datetime_utc: NOW },
      () => Date.parse(NOW),
    );
    const t = statusTable(many.body as Parameters<typeof statusTable>[0], wide).split('\n');
    expect(t[0]).toMatch(/^ID\s+Market\s+Status\s+Reason\s+Until\s+Next Bell\s+Timezone$/);
    expect(t[2]).toMatch(/^XNYS\s+US\.NYSE\s+Open\s+Primary Trading Session\s+15:50\s+16:00\s+America\/New_York$/);
  });
});

describe('colour on a terminal only', () => {
  it('FORCE_COLOR (a terminal) colours status and headers; NO_COLOR and a pipe do not', async () => {
    const args = ['status', 'XNYS', 'GB.LSE', '--at', NOW];
    const [forced, noColor, pipe, single] = await Promise.all([
      run(args, { FORCE_COLOR: '1', NO_COLOR: '' }),
      run(args, { FORCE_COLOR: '1', NO_COLOR: '1' }),
      run(args, { FORCE_COLOR: '', NO_COLOR: '' }),
      run(['status', 'XNYS', '--at', NOW], { FORCE_COLOR: '1', NO_COLOR: '' }),
    ]);
    expect(forced.stdout).toMatch(ANSI);
    expect(forced.stdout).toContain('\x1b[32mOpen\x1b[39m');
    expect(forced.stdout).toContain('\x1b[31mClosed\x1b[39m');
    expect(forced.stdout).toContain('\x1b[1mMarket\x1b[22m');
    expect(single.stdout).toContain('\x1b[32mOpen\x1b[39m');
    expect(noColor.stdout).not.toMatch(ANSI);
    expect(pipe.stdout).not.toMatch(ANSI);
    // Colour does not change what is written, nor the width.
    // eslint-disable-next-line no-control-regex
    expect(forced.stdout.replace(/\x1b\[\d+m/g, '')).toBe(pipe.stdout);
    // Neither JSON nor CSV is ever coloured.
    expect((await run([...args, '--json'], { FORCE_COLOR: '1', NO_COLOR: '' })).stdout).not.toMatch(ANSI);
    expect((await run(['markets', '--format', 'csv'], { FORCE_COLOR: '1', NO_COLOR: '' })).stdout).not.toMatch(ANSI);
  });

  it('the rule: NO_COLOR wins, then FORCE_COLOR, then a terminal that is not dumb', () => {
    expect(colorWanted({}, true)).toBe(true);
    expect(colorWanted({}, false)).toBe(false);
    expect(colorWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorWanted({ NO_COLOR: '' }, true)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(colorWanted({ NO_COLOR: '1', FORCE_COLOR: '1' }, true)).toBe(false);
    expect(colorWanted({ TERM: 'dumb' }, true)).toBe(false);
  });
});

describe('times in one format, yes/no words', () => {
  it('seconds only when not zero, in schedules as in phases; HH:MM once the date column says the date', async () => {
    const [schedules, phases, days, status] = await Promise.all([
      run(['schedules', 'US.CME.EQUITY.USINDEX1']),
      run(['phases', 'US.CME.EQUITY.USINDEX1', '--start', '2023-11-22', '--end', '2023-11-22']),
      run(['days', 'US.CME.EQUITY.USINDEX1', '--start', '2023-11-22', '--end', '2023-11-24']),
      run(['status', 'US.CME.EQUITY.USINDEX1', '--at', NOW]),
    ]);
    expect(schedules.stdout).toMatch(/^Regular\s+Settlement Window\s+Mon-Fri\s+14:59:30\s+15:00$/m);
    expect(schedules.stdout).toMatch(/^Regular\s+Primary Trading Session\s+Sun-Thu\s+17:00\s+16:00 \+1d$/m);
    expect(phases.stdout).toMatch(/^\s+2023-11-22\s+14:59:30\s+15:00\s+Settlement Window/m);
    expect(phases.stdout).toMatch(/^\*\s+2023-11-22\s+17:00\s+12:00 \+1d\s+Primary Trading Session/m);
    expect(phases.stdout).not.toMatch(/\d:00:00|\d{2}:\d{2} 2023/);
    expect(days.stdout).toMatch(/^2023-11-22\s+Wed\s+yes\s+yes\s+Thanksgiving Day\s+17:00 -1d – 16:00$/m);
    expect(days.stdout).toContain('-1d: the day before');
    expect(days.stdout).not.toMatch(/– 2023/);
    expect(status.stdout).toMatch(/^Phase\s+Primary Trading Session 2023-11-14 17:00 – 16:00 \+1d$/m);
    expect(status.stdout).toMatch(/^Until\s+2023-11-15 14:59:30$/m);
  });

  it('holidays: the same yes/no words in every column, and the close of a half day', async () => {
    const [holidays, currency] = await Promise.all([
      run(['holidays', 'US.NYSE', '--start', '2023-11-23', '--end', '2023-11-24']),
      run(['currency-holidays', 'USD', '--start', '2024-07-04', '--end', '2024-07-04']),
    ]);
    expect(holidays.stdout).toMatch(/^Date\s+Holiday\s+Schedule\s+Close\s+Open\s+Settlement\s+Observed$/m);
    expect(holidays.stdout).toMatch(/^2023-11-23\s+Thanksgiving Day\s+Closed\s+no\s+no\s+no$/m);
    expect(holidays.stdout).toMatch(/^2023-11-24\s+Thanksgiving Day\s+Partial\s+13:00\s+yes\s+yes\s+no$/m);
    for (const out of [holidays.stdout, currency.stdout]) expect(out).not.toMatch(/\b(Yes|No)\b/);
    expect(currency.stdout).toMatch(/^2024-07-04\s+Independence Day\s+no\s+no$/m);
  });
});

describe('--format table|json|csv', () => {
  const restCsv = async (path: string) => {
    const res = await rest.get(`${path}${path.includes('?') ? '&' : '?'}format=csv`);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };
  const cases: [string[], string][] = [
    [['markets'], '/markets'],
    [
      ['holidays', 'US.NYSE', '--start', '2023-01-01', '--end', '2023-12-31'],
      '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31',
    ],
    [
      ['days', 'US.NYSE', '--start', '2023-11-20', '--end', '2023-11-26'],
      '/markets/US.NYSE/days?start=2023-11-20&end=2023-11-26',
    ],
    [['schedules', 'US.CME.EQUITY.USINDEX1'], '/markets/US.CME.EQUITY.USINDEX1/schedules'],
    [
      ['sessions', 'HK.HKEX', '--start', '2023-11-20', '--end', '2023-11-24'],
      '/markets/HK.HKEX/sessions?start=2023-11-20&end=2023-11-24',
    ],
    [
      ['bizdays', 'US.NYSE+GB.LSE', '--start', '2023-12-22', '--end', '2023-12-27'],
      '/calendars/US.NYSE+GB.LSE/days?start=2023-12-22&end=2023-12-27',
    ],
    [
      ['currency-holidays', 'USD', '--start', '2024-01-01', '--end', '2024-12-31'],
      '/currencies/USD/holidays?start=2024-01-01&end=2024-12-31',
    ],
  ];
  it.concurrent.each(cases)('openbell %j --format csv is the REST CSV body', async (args, path) => {
    const [cli, http] = await Promise.all([run([...args, '--format', 'csv']), restCsv(path)]);
    expect(http.status).toBe(200);
    expect(http.type).toMatch(/^text\/csv/);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toBe(http.body);
    expect(cli.stdout.split('\r\n')[0]).toMatch(/^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*,/);
  });

  it('--format json is --json (the REST body); table is the default', async () => {
    const args = ['holidays', 'US.NYSE', '--start', '2023-11-01', '--end', '2023-11-30'];
    const [json, alias, tableOut, plain] = await Promise.all([
      run([...args, '--format', 'json']),
      run([...args, '--json']),
      run([...args, '--format', 'table']),
      run(args),
    ]);
    expect(json.stdout).toBe(alias.stdout);
    expect(JSON.parse(json.stdout)).toEqual(
      await rest.json('/markets/US.NYSE/holidays?start=2023-11-01&end=2023-11-30'),
    );
    expect(tableOut.stdout).toBe(plain.stdout);
    expect(plain.stdout).toMatch(/^Date\s+Holiday/);
    const status = await run(['status', 'XNYS', 'GB.LSE', '--at', NOW, '--format', 'json']);
    expect(JSON.parse(status.stdout).markets).toHaveLength(2);
  });

  it('a single record has no CSV (REST: 406), a bad or conflicting format is refused: 1 and one line', async () => {
    const [market, bad, both, http] = await Promise.all([
      run(['market', 'XNYS', '--format', 'csv']),
      run(['markets', '--format', 'xml']),
      run(['markets', '--json', '--format', 'csv']),
      restCsv('/markets/XNYS'),
    ]);
    expect(http.status).toBe(406);
    for (const r of [market, bad, both]) {
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(
        r.stderr
          .trim()
          .split('\n')
          .filter((l) => !/open dataset \(not vendor data\)/.test(l)),
      ).toHaveLength(1);
    }
    expect(market.stderr).toMatch(/market answers a single record.*--format json/);
    expect(bad.stderr).toMatch(/--format.*xml.*table, json, csv/);
    expect(both.stderr).toMatch(/--json and --format csv/);
  });
});

describe('the default text of an operation without a formatter', () => {
  it('is a table of a list of records, and a record one field per line', () => {
    const list = defaultFormat(
      [
        { date: '2024-01-01', is_open: false, closed: ['GB.LSE'] },
        { date: '2024-01-02', is_open: true, closed: [] },
      ],
      PLAIN,
    );
    expect(list.split('\n')[0]).toMatch(/^Date\s+Is Open\s+Closed$/);
    expect(list).toContain('2024-01-01  no       ["GB.LSE"]');
    expect(defaultFormat({ pair: 'EURUSD', lag: 2 }, PLAIN)).toMatch(/^pair\s+EURUSD\nlag\s+2$/);
    expect(defaultFormat([], PLAIN)).toBe('nothing in the answer');
  });
});
