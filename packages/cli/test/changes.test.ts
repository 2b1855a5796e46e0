// `openbell diff` on two archives with known edits (a market added, a holiday moved, a
// currency renamed), and `openbell changes` from a running server and from the cache folder
// it wrote; the diff's --json is the server's change set for the same pair of files.
import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, SAMPLE_ZIP, scratch, serve, type Served } from './helpers.js';

/** The sample archive with each named CSV rewritten by its edit. */
function sampleEdited(edits: Record<string, (text: string) => string>): Uint8Array {
  const files = unzipSync(readFileSync(SAMPLE_ZIP));
  for (const [name, edit] of Object.entries(edits)) {
    const key = Object.keys(files).find((k) => k.endsWith(`csv/${name}`))!;
    files[key] = strToU8(edit(strFromU8(files[key]!)));
  }
  return zipSync(files);
}

// Past dates only: a holiday is `soon` within 30 days after the comparison, and these never are.
const edited = () =>
  sampleEdited({
    'markets.csv': (t) =>
      `${t.replace(/\r?\n$/, '')}\r\nZZ.DIFF,Diff ` +
      `Exchange,Equities,Equities,Europe/London,Sat-Sun,,ZZDF,Equities,,,\r\n`,
    'holidays.csv': (t) =>
      t.replace(/^US\.NYSE,2000-02-21,[^\r\n]*/m, 'US.NYSE,2000-03-15,Test Closure,Closed,No,,,Closed'),
    'currencies.csv': (t) =>
      t.replace(
        /^USD,US Dollar,US,Federal Reserve System,/m,
        'USD,United States Dollar,US,The Federal Reserve System of the United States of America,',
      ),
  });

const dir = join(scratch, 'diff');
const OLD = join(dir, 'old.zip');
const NEW = join(dir, 'new.zip');
const running: Served[] = [];
const TOKEN = 'cli-diff-token-7c31';

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  copyFileSync(SAMPLE_ZIP, OLD);
  writeFileSync(NEW, edited());
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

const EXPECTED = [
  { kind: 'market', op: 'added', key: { fin_id: 'ZZ.DIFF' } },
  { kind: 'holiday', op: 'removed', key: { fin_id: 'US.NYSE', date: '2000-02-21' } },
  { kind: 'holiday', op: 'added', key: { fin_id: 'US.NYSE', date: '2000-03-15' } },
  { kind: 'currency', op: 'changed', key: { currency_code: 'USD' }, fields: ['currency_name', 'central_bank'] },
];

describe('openbell diff', () => {
  it('prints a summary and one line per change, every line within 80 columns', async () => {
    const r = await run(['diff', OLD, NEW]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^market\s+1\s+0\s+0$/),
        expect.stringMatching(/^holiday\s+1\s+1\s+0$/),
        expect.stringMatching(/^currency\s+0\s+0\s+1$/),
      ]),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^market\s+added\s+ZZ\.DIFF\s+Diff Exchange, Equities$/),
        expect.stringMatching(/^holiday\s+removed\s+US\.NYSE 2000-02-21\s+Washington's Birthday/),
        expect.stringMatching(/^holiday\s+added\s+US\.NYSE 2000-03-15\s+Test Closure/),
        expect.stringMatching(/^currency\s+changed\s+USD$/),
      ]),
    );
    // A header naming both sides, each with its version.
    expect(lines.slice(0, 4)).toEqual([
      `old  ${OLD}`,
      expect.stringMatching(/^ {5}sha256:\w+$/),
      `new  ${NEW}`,
      expect.stringMatching(/^ {5}sha256:\w+$/),
    ]);
    expect(lines[1]).not.toBe(lines[3]);
    // Every changed field on a line of its own below its change, before → after, whole (a long
    // value wraps at a word boundary, it is never cut).
    const at = lines.findIndex((l) => /^currency\s+changed\s+USD$/.test(l));
    const below: string[] = [];
    for (let i = at + 1; i < lines.length && lines[i]!.startsWith('    '); i++) below.push(lines[i]!);
    expect(below[0]).toBe('    currency_name: US Dollar → United States Dollar');
    expect(below.length).toBeGreaterThan(2);
    expect(
      below
        .slice(1)
        .map((l) => l.trim())
        .join(' '),
    ).toBe('central_bank: Federal Reserve System → The Federal Reserve System of the United States of America');
    // The change lines come in the change set's order.
    const order = ['ZZ.DIFF', '2000-02-21', '2000-03-15', ' USD'].map((k) =>
      lines.findIndex((l) => l.includes(k) && /added|removed|changed/.test(l)),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('--json prints the change set; identical archives make an empty one', async () => {
    const r = await run(['diff', OLD, NEW, '--json']);
    expect(r.code).toBe(0);
    const cs = JSON.parse(r.stdout);
    expect(cs.summary).toEqual({ market_added: 1, holiday_added: 1, holiday_removed: 1, currency_changed: 1, soon: 0 });
    expect(cs.changes).toEqual(EXPECTED.map((e) => expect.objectContaining(e)));
    expect(cs.changes[3].before.currency_name).toBe('US Dollar');
    expect(cs.changes[3].after.currency_name).toBe('United States Dollar');

    const same = await run(['diff', OLD, OLD, '--json']);
    expect(JSON.parse(same.stdout)).toMatchObject({ summary: { soon: 0 }, changes: [] });
    const sameText = await run(['diff', OLD, OLD]);
    expect(sameText.stdout).toContain('no changes');
  });

  it('a missing archive is a one-line error, exit 1', async () => {
    const r = await run(['diff', OLD, join(dir, 'missing.zip')]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('openbell changes', () => {
  let server: Served;
  const cacheDir = join(dir, 'cache');
  const served = join(dir, 'served.zip');
  let logged: any;

  // A publisher serves the archive; the server under test follows it (update checks apply to
  // remote data), so replacing the published file makes a swap from OLD to NEW.
  beforeAll(async () => {
    copyFileSync(OLD, served);
    const pub = await serve(['--publish', '--data', served], { OPENBELL_PUBLISH_TOKENS: TOKEN });
    running.push(pub);
    server = await serve(['--update-every', '0.0083'], {
      OPENBELL_TOKEN: TOKEN,
      OPENBELL_BASE_URL: pub.url,
      OPENBELL_CACHE_DIR: cacheDir,
    });
    running.push(server);
    writeFileSync(`${served}.tmp`, readFileSync(NEW));
    renameSync(`${served}.tmp`, served);
    const until = Date.now() + 30_000;
    for (;;) {
      logged = await (await fetch(`${server.url}/changes`)).json();
      if (logged.versions.length > 0) break;
      if (Date.now() > until) throw new Error('no change set after the swap');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  it(
    "diff --json is the server's change set for the same two files, apart from loaded_at and the " + 'versions',
    async () => {
      const cs = JSON.parse((await run(['diff', OLD, NEW, '--json'])).stdout);
      // purge_keys: the server's additive field (docs/data-changes.md), the keys the set touched.
      const strip = ({
        loaded_at: _l,
        from_version: _f,
        to_version: _t,
        purge_keys: _p,
        ...rest
      }: Record<string, unknown>) => rest;
      expect(logged.versions).toHaveLength(1);
      expect(logged.versions[0].purge_keys).toEqual(expect.arrayContaining(['all']));
      expect(strip(cs)).toEqual(strip(logged.versions[0]));
    },
  );

  it('--server asks a running server, with its filters and errors', async () => {
    const latest = await run(['changes', '--server', server.url, '--json']);
    expect(latest.code).toBe(0);
    expect(JSON.parse(latest.stdout)).toEqual(logged);

    const usd = JSON.parse((await run(['changes', '--server', server.url, '--currencies', 'USD', '--json'])).stdout);
    expect(usd.versions[0].summary).toEqual({ currency_changed: 1, soon: 0 });
    const nyse = JSON.parse((await run(['changes', '--server', server.url, '--markets', 'XNYS', '--json'])).stdout);
    expect(nyse.versions[0].changes.map((c: any) => c.key.date)).toEqual(['2000-02-21', '2000-03-15']);

    const from = logged.versions[0].from_version;
    const after = await run(['changes', '--server', server.url, '--since', from]);
    expect(after.code).toBe(0);
    for (const l of after.stdout.trimEnd().split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
    expect(after.stdout).toMatch(/^currency\s+changed\s+USD/m);

    const unknown = await run(['changes', '--server', server.url, '--since', 'no-such-version']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no-such-version.*not known/);
  });

  it('without --server reads the change log in the cache folder', async () => {
    const env = { OPENBELL_CACHE_DIR: cacheDir };
    const local = await run(['changes', '--json'], env);
    expect(local.code).toBe(0);
    expect(JSON.parse(local.stdout)).toEqual(logged);

    // A FinID filter needs no data; a MIC is resolved through the configured data.
    const byFinId = JSON.parse((await run(['changes', '--markets', 'US.NYSE', '--json'], env)).stdout);
    const byMic = JSON.parse((await run(['changes', '--markets', 'XNYS', '--json', '--data', NEW], env)).stdout);
    expect(byFinId.versions[0].summary).toEqual({ holiday_added: 1, holiday_removed: 1, soon: 0 });
    expect(byMic).toEqual(byFinId);

    const text = await run(['changes'], env);
    expect(text.stdout).toMatch(/^market\s+added\s+ZZ\.DIFF/m);
    const last = logged.versions[0].to_version;
    expect((await run(['changes', '--since', last], env)).stdout.replace(/\s+/g, ' ')).toContain(
      `no change set after version ${last}`,
    );
    const empty = await run(['changes', '--json'], { OPENBELL_CACHE_DIR: join(dir, 'empty-cache') });
    expect(JSON.parse(empty.stdout)).toEqual({ versions: [] });
  });
});
