// The real binary on the sample dataset: every command, --json equal to the REST body of a
// server holding the same data, exit codes and one-line messages, configuration precedence.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, run, SAMPLE_DIR, SAMPLE_ZIP, scratch, serve } from './helpers.js';
import { NOW, sampleRest } from './sample-rest.js';

const rest = await sampleRest({ now: NOW });
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const restBody = async (path: string) => {
  const res = await rest.get(path);
  return { status: res.status, body: await res.json() };
};

describe.concurrent('--json is the REST body', () => {
  const cases: [string[], string][] = [
    [['markets'], '/markets'],
    [['markets', 'US*'], '/markets?subset=US*'],
    [['market', 'XNYS'], '/markets/XNYS'],
    [['market', 'XBUE', '--no-follow'], '/markets/XBUE?follow=false'],
    [
      ['holidays', 'US.NYSE', '--start', '2024-01-01', '--end', '2024-12-31'],
      '/markets/US.NYSE/holidays?start=2024-01-01&end=2024-12-31',
    ],
    [
      ['phases', 'US.CME.EQUITY.USINDEX1', '--start', '2023-11-22', '--end', '2023-11-24'],
      '/markets/US.CME.EQUITY.USINDEX1/phases?start=2023-11-22&end=2023-11-24',
    ],
    [
      ['days', 'US.NYSE', '--start', '2023-11-20', '--end', '2023-11-26'],
      '/markets/US.NYSE/days?start=2023-11-20&end=2023-11-26',
    ],
    [['schedules', 'US.NYSE'], '/markets/US.NYSE/schedules'],
    [
      ['status', 'US.NYSE', '--at', '2023-11-23T17:00:00Z'],
      '/markets/US.NYSE/status?datetime_utc=2023-11-23T17:00:00Z',
    ],
    [['currencies'], '/currencies'],
    [['currency', 'EUR'], '/currencies/EUR'],
    [
      ['currency-holidays', 'USD', '--start', '2024-01-01', '--end', '2024-12-31'],
      '/currencies/USD/holidays?start=2024-01-01&end=2024-12-31',
    ],
    // Sessions, bells, joined calendars, FX (docs/calendar-arithmetic.md).
    [
      ['sessions', 'US.NYSE', '--start', '2023-11-20', '--end', '2023-11-26'],
      '/markets/US.NYSE/sessions?start=2023-11-20&end=2023-11-26',
    ],
    [
      ['offset', 'XNYS', '--date', '2023-11-23', '-n', '-1', '--direction', 'next'],
      '/markets/XNYS/sessions/offset?date=2023-11-23&n=-1&direction=next',
    ],
    [
      ['count', 'US.NYSE', '--start', '2023-11-01', '--end', '2023-11-30'],
      '/markets/US.NYSE/sessions/count?start=2023-11-01&end=2023-11-30',
    ],
    [
      ['next', 'US.NYSE', '--after', '2023-11-22T22:00:00Z', '--event', 'close'],
      '/markets/US.NYSE/next?after=2023-11-22T22:00:00Z&event=close',
    ],
    [
      ['previous', 'US.CME.EQUITY.USINDEX1', '--before', '2023-11-27T12:00:00Z'],
      '/markets/US.CME.EQUITY.USINDEX1/previous?before=2023-11-27T12:00:00Z',
    ],
    [
      ['bizdays', 'US.NYSE+GB.LSE', '--start', '2023-12-22', '--end', '2023-12-27'],
      '/calendars/US.NYSE+GB.LSE/days?start=2023-12-22&end=2023-12-27',
    ],
    [
      ['adjust', 'USD+EUR', '--date', '2023-12-25', '--convention', 'preceding'],
      '/calendars/USD+EUR/adjust?date=2023-12-25&convention=preceding',
    ],
    [
      ['advance', 'XNYS', '--date', '2023-10-31', '-n', '1', '--unit', 'months', '--eom'],
      '/calendars/XNYS/advance?date=2023-10-31&n=1&unit=months&end_of_month=true',
    ],
    [['spot', 'EURUSD', '--trade-date', '2023-06-16'], '/fx/spot?pair=EURUSD&trade_date=2023-06-16'],
    [
      ['value-date', 'EURUSD', '--trade-date', '2023-06-16', '--tenor', '1M'],
      '/fx/value-date?pair=EURUSD&trade_date=2023-06-16&tenor=1M',
    ],
    // Bars and special sessions (docs/calendar-arithmetic.md §8–9); bars are written in pieces.
    [
      [
        'bars',
        'XTKS',
        '--start',
        '2023-11-20',
        '--end',
        '2023-11-24',
        '--period',
        '30m',
        '--breaks',
        'ignore',
        '--no-force-close',
      ],
      '/markets/XTKS/bars?start=2023-11-20&end=2023-11-24&period=30m&breaks=ignore&force_close=false',
    ],
    [
      ['bars-count', 'XNYS', '--start', '2023-01-01', '--end', '2023-12-31', '--period', '1m'],
      '/markets/XNYS/bars/count?start=2023-01-01&end=2023-12-31&period=1m',
    ],
    [
      ['special-sessions', 'XNYS', '--start', '2024-01-01', '--end', '2024-12-31'],
      '/markets/XNYS/special-sessions?start=2024-01-01&end=2024-12-31',
    ],
  ];
  it.each(cases)('openbell %j --json', async (args, path) => {
    const [cli, http] = await Promise.all([run([...args, '--json']), restBody(path)]);
    expect(cli.code).toBe(0);
    expect(http.status).toBe(200);
    expect(JSON.parse(cli.stdout)).toEqual(http.body);
  });

  it('an error answer prints the REST error body and exits 1', async () => {
    const [cli, http] = await Promise.all([run(['market', 'NO.SUCH', '--json']), restBody('/markets/NO.SUCH')]);
    expect(cli.code).toBe(1);
    expect(http.status).toBe(404);
    expect(JSON.parse(cli.stdout)).toEqual(http.body);
  });
});

describe('human output', () => {
  it('markets: an aligned table, and a note on stderr that this is the sample', async () => {
    const r = await run(['markets', 'US*']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^FinID\s+MIC\s+Exchange/);
    expect(lines[1]).toMatch(/^-+\s+-+/);
    const col = lines[0]!.indexOf('MIC');
    for (const l of lines.slice(2)) expect(l.slice(col, col + 4)).toMatch(/^[A-Z0-9]{4}$/);
    expect(r.stderr).toMatch(/open dataset \(not vendor data\)/);
  });

  it('phases: market-local times and the open phase marked', async () => {
    const r = await run(['phases', 'US.NYSE', '--start', '2023-11-24', '--end', '2023-11-24']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\*\s+2023-11-24\s+09:30\s+13:00\s+Primary Trading Session/m);
    expect(r.stdout).toMatch(/^\s+2023-11-24\s+06:30\s+09:30\s+Pre-Trading Session/m);
    expect(r.stdout).toContain('times in America/New_York');
  });

  it('status, market, days, holidays, schedules, currencies', async () => {
    const status = await run(['status', 'XNYS', '--at', NOW]);
    expect(status.stdout).toMatch(/Status\s+Open/);
    expect(status.stdout).toMatch(/Next bell\s+2023-11-15 16:00/);
    expect((await run(['market', 'XBUE'])).stdout).toMatch(/FinID\s+AR\.BYMA/);
    const days = await run(['days', 'US.NYSE', '--start', '2023-11-23', '--end', '2023-11-24']);
    expect(days.stdout).toMatch(/2023-11-23\s+Thu\s+no\s+.*Thanksgiving/);
    expect(days.stdout).toMatch(/^2023-11-24\s+Fri\s+yes\s+yes\s+Thanksgiving Day\s+09:30 – 13:00$/m);
    expect((await run(['holidays', 'US.NYSE', '--start', '2023-12-25', '--end', '2023-12-25'])).stdout).toMatch(
      /2023-12-25\s+Christmas/,
    );
    expect((await run(['schedules', 'US.NYSE'])).stdout).toMatch(/Regular\s+Primary Trading Session/);
    expect((await run(['currencies'])).stdout).toMatch(/^EUR\s/m);
    expect((await run(['currency', 'USD'])).stdout).toMatch(/Code\s+USD/);
    expect((await run(['currency-holidays', 'USD', '--start', '2024-07-04', '--end', '2024-07-04'])).stdout).toMatch(
      /2024-07-04/,
    );
  });

  it('sessions, offset, count, next, previous: compact, market-local HH:MM, within 80 columns', async () => {
    const outputs = await Promise.all([
      run(['sessions', 'US.NYSE', '--start', '2023-11-20', '--end', '2023-11-26']),
      run(['sessions', 'US.CME.EQUITY.USINDEX1', '--start', '2023-11-22', '--end', '2023-11-24']),
      run(['sessions', 'HK.HKEX', '--start', '2023-11-20', '--end', '2023-11-20']),
      run(['offset', 'US.NYSE', '--date', '2023-11-22', '-n', '1']),
      run(['count', 'XNYS', '--start', '2023-11-01', '--end', '2023-11-30']),
      run(['next', 'US.NYSE', '--after', '2023-11-22T22:00:00Z']),
      run(['previous', 'US.NYSE', '--before', '2023-11-27T14:00:00Z', '--event', 'close']),
    ]);
    for (const r of outputs) {
      expect(r.code).toBe(0);
      for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    }
    const [nyse, cme, hk, offset, count, next, previous] = outputs.map((r) => r.stdout);
    expect(nyse).toMatch(/^Date\s+Day\s+Open\s+Close\s+Breaks\s+Holiday$/m);
    expect(nyse).toMatch(/^2023-11-22\s+Wed\s+09:30\s+16:00$/m);
    expect(nyse).not.toMatch(/^2023-11-23/m);
    expect(nyse).toMatch(/^2023-11-24\s+Fri\s+09:30\s+13:00\s+Thanksgiving Day$/m);
    expect(cme).toMatch(/^2023-11-23\s+Thu\s+17:00 -1d\s+12:00\s+Thanksgiving Day$/m);
    expect(cme).toContain('-1d: the day before');
    expect(hk).toMatch(/^2023-11-20\s+Mon\s+09:30\s+16:00\s+12:00-13:00$/m);
    expect(offset).toMatch(/Session\s+2023-11-24 Fri/);
    expect(count).toMatch(/Sessions\s+21/);
    expect(next).toMatch(/Event\s+opening\nAt\s+2023-11-24 09:30\nSession\s+2023-11-24/);
    expect(previous).toMatch(/Event\s+closing\nAt\s+2023-11-24 13:00/);
  });

  it('bizdays, adjust, advance, spot, value-date', async () => {
    const outputs = await Promise.all([
      run(['bizdays', 'US.NYSE+GB.LSE', '--start', '2023-12-22', '--end', '2023-12-27']),
      run(['adjust', 'US.NYSE+GB.LSE', '--date', '2023-12-25']),
      run(['advance', 'US.NYSE+GB.LSE', '--date', '2023-12-22', '-n', '2']),
      run(['spot', 'EURUSD', '--trade-date', '2023-06-16']),
      run(['value-date', 'EURUSD', '--trade-date', '2023-06-16', '--tenor', 'SN']),
    ]);
    for (const r of outputs) {
      expect(r.code).toBe(0);
      for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    }
    const [bizdays, adjust, advance, spot, value] = outputs.map((r) => r.stdout);
    expect(bizdays).toMatch(/^2023-12-26\s+Tue\s+no\s+GB\.LSE$/m);
    expect(bizdays).toMatch(/^2023-12-27\s+Wed\s+yes$/m);
    expect(adjust).toMatch(/Convention\s+following\nAdjusted\s+2023-12-27 Wed/);
    expect(advance).toMatch(/Advance\s+2 days\nResult\s+2023-12-28 Thu/);
    expect(spot).toMatch(/Spot date\s+2023-06-20 Tue/);
    expect(spot).toMatch(/^2023-06-19\s+Mon\s+USD\s+Juneteenth National Independence Day$/m);
    expect(value).toMatch(/Value date\s+2023-06-21 Wed/);
  });

  it('info labels the sample and counts what is loaded', async () => {
    const r = await run(['info']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Kind\s+sample/);
    expect(r.stdout).toMatch(/Markets\s+\d+/);
    expect(r.stdout).toContain('OPEN DATA, NOT VENDOR DATA');
    const j = JSON.parse((await run(['info', '--json', '--check'])).stdout);
    expect(j.data).toMatchObject({ is_sample: true, kind: 'sample', loaded: true });
    expect(j.check.up_to_date).toBe(true);
  });
});

describe.concurrent('exit codes and messages', () => {
  const oneLine = (s: string) =>
    s
      .trim()
      .split('\n')
      .filter((l) => !/open dataset \(not vendor data\)/.test(l));
  it('unknown market: 1 and one line', async () => {
    const r = await run(['status', 'NO.SUCH']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/^openbell: .*NO\.SUCH.*not found/)]);
  });
  it('an empty ID is refused, not read as another route', async () => {
    const r = await run(['market', '']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^openbell: ID must not be empty/m);
  });
  it('bad dates: 1, naming the options', async () => {
    const r = await run(['holidays', 'US.NYSE', '--start', '2024-02-30', '--end', 'soon']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/^openbell: --start: .*2024-02-30.*; --end: .*soon/)]);
  });
  it('bad instant and out-of-coverage dates: 1', async () => {
    const at = await run(['status', 'US.NYSE', '--at', 'yesterday']);
    expect(at.code).toBe(1);
    expect(at.stderr).toMatch(/--at: /);
    const old = await run(['phases', 'US.NYSE', '--start', '1900-01-01', '--end', '1900-01-02']);
    expect(old.code).toBe(1);
  });
  it('calendar arithmetic errors: 1 and one line naming the arguments as typed', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['offset', 'US.NYSE', '--date', '2023-11-23', '-n', '1'],
        /^openbell: --date: 2023-11-23 is not a trading day of US\.NYSE/,
      ],
      [
        ['advance', 'US.NYSE~GB.LSE+XNYS', '--date', '2023-12-32', '-n', 'two', '--unit', 'hours'],
        /^openbell: EXPR: .*; --date: .*; -n: .*; --unit: /,
      ],
      [['spot', 'EURXXX', '--trade-date', '2023-06-16'], /^openbell: Currency 'XXX' was not found/],
      [
        ['value-date', 'EURUSD', '--trade-date', '2023-06-16', '--tenor', '2D'],
        /^openbell: --tenor: Invalid tenor '2D'/,
      ],
      [['next', 'US.NYSE', '--after', '1999-01-01T00:00:00Z'], /^openbell: .*outside the coverage window of US\.NYSE/],
      [['count', 'US.NYSE', '--start', '2023-11-01'], /required option '--end <date>' not specified/],
    ];
    await Promise.all(
      cases.map(async ([args, message]) => {
        const r = await run(args);
        expect(r.code, args.join(' ')).toBe(1);
        expect(oneLine(r.stderr), args.join(' ')).toEqual([expect.stringMatching(message)]);
      }),
    );
  });
  it('missing option, unknown option, unknown command: 1 with one line (suggestions included)', async () => {
    const cases: [string[], RegExp][] = [
      [['phases', 'US.NYSE', '--start', '2024-01-01'], /required option '--end <date>' not specified/],
      [['markets', '--bogus'], /unknown option '--bogus'/],
      [['bogus'], /unknown command 'bogus'/],
      [['markts'], /unknown command 'markts' \(Did you mean markets\?\)/],
      [['markets', '--jsn'], /unknown option '--jsn' \(Did you mean --json\?\)/],
      [['market'], /missing required argument 'id'/],
    ];
    await Promise.all(
      cases.map(async ([args, message]) => {
        const r = await run(args);
        expect(r.code, args.join(' ')).toBe(1);
        expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
        expect(r.stderr).toMatch(/^openbell: /);
        expect(r.stderr).toMatch(message);
      }),
    );
  });
  it('a market with a bad row of the data: 1, one line naming file and line; other markets answer', async () => {
    const dir = new URL('../../loader/test/fixtures/bad-rows', import.meta.url).pathname;
    const bad = await run(['status', 'XX.PT', '--at', '2023-11-21T15:00:00Z', '--data', dir]);
    expect(bad.code).toBe(1);
    const lines = bad.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        "^openbell: (Data error: )?.*schedules\\.csv, line \\d+, column 'Phase Type': " +
          "unknown phase type 'Lunch Break' \\(not in phases\\.csv\\)$",
      ),
    );
    const good = await run(['status', 'XX.GOOD', '--at', '2023-11-21T15:00:00Z', '--data', dir, '--json']);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout).status).toBe('Open');
  });
  it('missing data path: 1', async () => {
    const r = await run(['markets', '--data', join(scratch, 'nothing.zip')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^openbell: no data at .*nothing\.zip/);
  });
  it('--version and --help', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const v = await run(['--version']);
    expect([v.code, v.stdout.trim()]).toEqual([0, pkg.version]);
    const h = await run(['--help']);
    expect(h.code).toBe(0);
    for (const c of [
      'serve',
      'import',
      'info',
      'markets',
      'market',
      'holidays',
      'phases',
      'days',
      'schedules',
      'status',
      'sessions',
      'offset',
      'count',
      'next',
      'previous',
      'bizdays',
      'adjust',
      'advance',
      'spot',
      'value-date',
      'currencies',
      'currency',
      'currency-holidays',
      'bars',
      'bars-count',
      'special-sessions',
    ]) {
      expect(h.stdout).toMatch(new RegExp(`^\\s+${c}\\b`, 'm'));
    }
    const sh = await run(['serve', '--help']);
    expect(sh.stdout).toMatch(/--publish/);
    expect(sh.stdout).toMatch(/--update-every/);
  });
  it('import with nothing remote configured: 1', async () => {
    const r = await run(['import']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/nothing to import/);
  });
});

describe('configuration: flags, then OPENBELL_*, then the config file', () => {
  const kind = async (args: string[], env: Record<string, string>) =>
    JSON.parse((await run(['info', '--json', ...args], env)).stdout).data.kind;
  it('each level wins over the next', async () => {
    const dir = join(scratch, 'cfg');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ data: SAMPLE_DIR }));
    expect(await kind([], { OPENBELL_CONFIG: file })).toBe('directory');
    expect(await kind([], { OPENBELL_CONFIG: file, OPENBELL_DATA: SAMPLE_ZIP })).toBe('file');
    expect(await kind(['--data', SAMPLE_DIR], { OPENBELL_CONFIG: file, OPENBELL_DATA: SAMPLE_ZIP })).toBe('directory');
    expect(await kind(['--config', file], {})).toBe('directory');
    // The default location is read too.
    mkdirSync(join(scratch, 'config', 'openbell'), { recursive: true });
    writeFileSync(join(scratch, 'config', 'openbell', 'config.json'), JSON.stringify({ data: SAMPLE_ZIP }));
    try {
      expect(await kind([], {})).toBe('file');
    } finally {
      rmSync(join(scratch, 'config', 'openbell'), { recursive: true, force: true });
    }
  });
  it('bad settings are named', async () => {
    const file = join(scratch, 'bad.json');
    writeFileSync(file, JSON.stringify({ datta: 'x' }));
    const r = await run(['markets', '--config', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown key "datta"/);
    const p = await run(['serve'], { OPENBELL_PORT: '99999' });
    expect(p.code).toBe(1);
    expect(p.stderr).toMatch(/^openbell: OPENBELL_PORT: expected a port/);
    const missing = await run(['markets', '--config', join(scratch, 'absent.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read the config file/);
  });
});

describe('the token', () => {
  it('is never printed, from the flag, the environment or the config file', async () => {
    // A loopback endpoint refusing every token (401 is not retried, so this stays fast).
    const { createServer: http } = await import('node:http');
    const refuser = http((req, res) =>
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"bad token"}'),
    );
    await new Promise<void>((r) => refuser.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(refuser.address() as { port: number }).port}`;
    const secret = 'tok-e4f1-do-not-print';
    const file = join(scratch, 'token.json');
    writeFileSync(file, JSON.stringify({ token: secret, baseUrl: base }));
    // One cache per run: a shared one would serialize them on its lock.
    const cacheDir = (n: number) => join(scratch, `token-cache-${n}`);
    try {
      const runs = await Promise.all([
        run(['markets', '--token', secret, '--base-url', base, '--cache-dir', cacheDir(1)]),
        run(['import', '--cache-dir', cacheDir(2)], { OPENBELL_TOKEN: secret, OPENBELL_BASE_URL: base }),
        run(['info', '--json', '--cache-dir', cacheDir(3), '--config', file]),
        run(['serve', '--port', '0', '--cache-dir', cacheDir(4), '--config', file]),
        run(['markets', '--token', secret, '--base-url', 'http://example.com']),
      ]);
      for (const r of runs) {
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/^openbell: /m);
        expect(r.stdout + r.stderr).not.toContain(secret);
      }
      expect(runs[0]!.stderr).toMatch(/401/);
    } finally {
      refuser.close();
    }
  });
});

describe('serve', () => {
  it('answers on a random port, says it is the sample, and stops on SIGTERM', async () => {
    const s = await serve([]);
    try {
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(s.stderr()).toMatch(/docs at http:\/\/127\.0\.0\.1:\d+\/docs/);
      expect(s.stderr()).toMatch(/Serving the bundled open dataset \(not vendor data\)/);
      const nyse = await fetch(`${s.url}/markets/US.NYSE`);
      expect(nyse.status).toBe(200);
      const info = (await (await fetch(`${s.url}/info`)).json()) as { data: { is_sample: boolean } };
      expect(info.data.is_sample).toBe(true);
      expect((await fetch(`${s.url}/docs`)).status).toBe(200);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('listens on a Unix socket with --uds', async () => {
    const { spawn } = await import('node:child_process');
    const { request } = await import('node:http');
    const sock = join(scratch, 'openbell.sock');
    const child = spawn(process.execPath, [BIN, 'serve', '--uds', sock, '--log-level', 'warn'], { env: cleanEnv() });
    try {
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      const until = Date.now() + 20_000;
      while (!/listening on unix:/.test(err)) {
        if (Date.now() > until) throw new Error(`no socket: ${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const body = await new Promise<string>((resolve, reject) => {
        request({ socketPath: sock, path: '/markets/XNYS' }, (res) => {
          let b = '';
          res.on('data', (d) => (b += d));
          res.on('end', () => resolve(b));
        })
          .on('error', reject)
          .end();
      });
      expect(JSON.parse(body).fin_id).toBe('US.NYSE');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses --publish without tokens, and a directory to publish', async () => {
    const a = await run(['serve', '--publish', '--port', '0']);
    expect(a.code).toBe(1);
    expect(a.stderr).toMatch(/--publish: no bearer tokens/);
    const b = await run(['serve', '--publish', '--port', '0', '--data', SAMPLE_DIR], { OPENBELL_PUBLISH_TOKENS: 't' });
    expect(b.code).toBe(1);
    expect(b.stderr).toMatch(/needs a ZIP/);
  });

  it('an address in use is a user error naming it', async () => {
    const { createServer: listen } = await import('node:net');
    const busy = listen();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      const r = await run(['serve', '--port', String(port)]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(`^openbell: cannot listen on --host 127\\.0\\.0\\.1 --port ${port}: .*in use`, 'm'),
      );
    } finally {
      busy.close();
    }
  });

  it('bad data stops serve with 1 instead of serving 503s', async () => {
    const bad = join(scratch, 'bad.zip');
    writeFileSync(bad, 'not a zip');
    const r = await run(['serve', '--port', '0', '--data', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^openbell: .*(ZIP|zip|archive)/m);
  });
});

describe('serve logs', () => {
  it('JSON lines when stdout is not a terminal; pretty lines when asked, without colour under NO_COLOR', async () => {
    const json = await serve(['--log-level', 'info']);
    await fetch(`${json.url}/health`);
    await json.stop();
    const first = json.stdout().trim().split('\n')[0]!;
    expect(JSON.parse(first)).toMatchObject({ name: 'openbell', level: 30 });
    const pretty = await serve(['--log-level', 'info', '--log-format', 'pretty'], { NO_COLOR: '1' });
    await fetch(`${pretty.url}/health`);
    await pretty.stop();
    const line = pretty.stdout().trim().split('\n')[0]!;
    expect(() => JSON.parse(line)).toThrow();
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: /);
    expect(line).not.toMatch(/\u001b\[/);
  }, 30_000);
});
