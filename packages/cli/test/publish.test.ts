// Publisher and subscriber as two real `openbell serve` processes on loopback, plus `import`
// and `info --check` against the publisher: the hosted protocol end to end, across processes.
import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { strToU8 } from 'fflate';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, SAMPLE_DIR, SAMPLE_ZIP, sampleWithMarket, scratch, serve, type Served } from './helpers.js';
import { sleep, waitFor } from './processes.js';

/** The open dataset's markets: the rows of its markets table. */
const SAMPLE_MARKETS =
  readFileSync(join(SAMPLE_DIR, 'csv', 'markets.csv'), 'utf8')
    .trim()
    .split('\r\n').length - 1;

const TOKEN = 'cli-e2e-token-5d2b9e';
const dir = join(scratch, 'publish');
mkdirSync(dir, { recursive: true });
const published = join(dir, 'bulk.zip');
copyFileSync(SAMPLE_ZIP, published);

const running: Served[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

const changedArchive = (): Uint8Array =>
  sampleWithMarket('ZZ.PUBLISHED,Published Exchange,Equities,Equities,Europe/London,Sat-Sun,,ZZPB,Equities,,,');
function publish(bytes: Uint8Array): void {
  writeFileSync(`${published}.tmp`, bytes);
  renameSync(`${published}.tmp`, published);
}

describe('openbell serve --publish with a subscribing openbell serve', () => {
  it('import, 304, a change picked up within an update interval without failed requests, a corrupt file never ' +
    'published', async () => {
    const pub = await serve(['--publish', '--data', published], { OPENBELL_PUBLISH_TOKENS: TOKEN });
    running.push(pub);
    expect(pub.stderr()).toContain(`Publishing ${published} at ${pub.url}/v4/download`);
    const hosted = { OPENBELL_TOKEN: TOKEN, OPENBELL_BASE_URL: pub.url, OPENBELL_CACHE_DIR: join(dir, 'cache') };

    // Wrong token: exit 1, and the token never printed.
    const wrong = await run(['import'], { ...hosted, OPENBELL_TOKEN: 'not-the-token-42' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/401/);
    expect(wrong.stderr + wrong.stdout).not.toContain('not-the-token-42');

    // import: downloads; again: up to date; info --check: up to date.
    const first = await run(['import'], hosted);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^imported .*\/v4\/download: version "[0-9a-f]{64}"/);
    const second = await run(['import'], hosted);
    expect([second.code, second.stdout]).toEqual([0, expect.stringMatching(/^up to date/)]);
    const check = await run(['info', '--check'], hosted);
    expect(check.stdout).toMatch(/Kind\s+hosted/);
    expect(check.stdout).toMatch(/Check: up to date/);
    expect(check.stdout + check.stderr).not.toContain(TOKEN);

    // The subscriber (its own cache, so the CLI runs below see only their own) checks every 0.5 s.
    const sub = await serve(['--update-every', '0.0083'], {
      ...hosted,
      OPENBELL_CACHE_DIR: join(dir, 'subscriber-cache'),
    });
    running.push(sub);
    expect(sub.stderr()).toMatch(/Checking for updates every/);
    const market = (id: string) => fetch(`${sub.url}/markets/${id}`).then((r) => r.status);
    expect(await market('US.NYSE')).toBe(200);
    expect(await market('ZZ.PUBLISHED')).toBe(404);

    // A change, under steady requests: picked up, and no request fails meanwhile.
    let on = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (on) statuses.push(await market('US.NYSE').catch(() => -1));
    })();
    publish(changedArchive());
    const changedCheck = await run(['info', '--check'], hosted);
    expect(changedCheck.stdout).toMatch(/Check: a newer version is available/);
    await waitFor('the subscriber to pick up the change', async () => (await market('ZZ.PUBLISHED')) === 200);
    on = false;
    await load;
    expect(statuses.length).toBeGreaterThan(5);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const third = await run(['import'], hosted);
    // The sample's markets and the published one.
    expect(third.stdout).toMatch(new RegExp(`^imported .* ${SAMPLE_MARKETS + 1} markets`));

    // A corrupt file: the publisher refuses to publish it (logged) and keeps the good version,
    // so subscribers stay up to date instead of downloading a bad archive.
    publish(strToU8('this is not a zip archive at all'));
    await waitFor('the publisher to refuse the file', async () => pub.stdout().includes('does not load'));
    await sleep(1200); // two update intervals of the subscriber
    const subInfo = (await (await fetch(`${sub.url}/info`)).json()) as { updates: { last_result: string } };
    expect(subInfo.updates.last_result).toBe('up_to_date');
    expect(await market('ZZ.PUBLISHED')).toBe(200);
    const bad = await run(['import'], hosted);
    expect([bad.code, bad.stdout]).toEqual([0, expect.stringMatching(/^up to date/)]);
    const cached = await run(['info', '--json'], hosted);
    expect(JSON.parse(cached.stdout).data.kind).toBe('hosted');
    expect((await run(['market', 'ZZ.PUBLISHED'], hosted)).code).toBe(0);

    expect(pub.stderr() + sub.stderr()).not.toContain(TOKEN);
  }, 90_000);
});
