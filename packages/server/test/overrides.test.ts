/**
 * Overrides over HTTP (docs/overrides.md §3–5): access to writes, every refusal with the field
 * it names, nothing changed by a refused write, the file (atomic, re-read when edited by hand,
 * refused whole when invalid), concurrent writes, versions, `as_of` and the history of a date.
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Dataset } from '@openbell/core';
import {
  createChangeFeed,
  createServer,
  parseAdminTokens,
  writeOverrideFile,
  type RunningServer,
} from '../src/index.js';
import { captureLogger } from './changes-helpers.js';
import { fixtureData, fixtureTables, NYSE } from './fixture.js';

const SECRET = 'correct-horse-battery';
const running: RunningServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) {
    r.server.closeAllConnections();
    await r.close();
  }
});

async function start(options: { tokens?: string[]; file?: string; publisher?: string; now?: () => number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'openbell-ovr-'));
  const cap = captureLogger();
  const file = options.file ?? join(dir, 'overrides.json');
  const changes = createChangeFeed({ logger: cap.logger, cacheDir: dir });
  const r = await createServer({
    port: 0,
    data: fixtureData('v1'),
    logger: cap.logger,
    changes,
    overrideSettings: {
      file,
      tokens: parseAdminTokens(options.tokens ?? [`ops=${SECRET}`]),
      publisher: options.publisher,
      versionsFile: join(dir, 'versions.json'),
      watchMs: 100,
    },
  });
  running.push(r);
  return { r, file, dir, cap, changes };
}

async function call(
  r: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${r.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      authorization: `Bearer ${SECRET}`,
      ...headers,
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const typhoon = {
  kind: 'closure',
  target: 'XNYS',
  date: '2023-11-22',
  name: 'Typhoon',
  reason: 'Signal No. 8 raised at 06:00',
};
const day = (r: RunningServer) => call(r, 'GET', `/markets/${NYSE}/days?start=2023-11-22&end=2023-11-22`);

describe('the version header', () => {
  it('names the version on every kind of answer: data, CSV, refusals, 304, /health, express', async () => {
    const { r } = await start();
    const made = await call(r, 'POST', '/overrides', typhoon);
    expect(made.status).toBe(201);
    const holidays = `/markets/${NYSE}/holidays?start=2023-11-01&end=2023-11-30`;
    const first = await fetch(`${r.url}${holidays}`);
    const etag = first.headers.get('etag')!;
    const version = first.headers.get('x-openbell-data-version');
    expect(version).toMatch(/^v1\+ovr\./);
    const asked: [string, Record<string, string>, number][] = [
      [holidays, {}, 200],
      [`${holidays}&format=csv`, {}, 200],
      [holidays, { 'if-none-match': etag }, 304],
      ['/markets', {}, 200],
      [`/markets/${NYSE}/phases?start=2023-11-20&end=2023-11-24`, {}, 200],
      [`/markets/${NYSE}/holidays?start=2023-11-30&end=2023-11-01`, {}, 422],
      ['/markets/XX.NONE/holidays?start=2023-11-01&end=2023-11-30', {}, 404],
      ['/health', {}, 200],
      ['/openapi.json', {}, 200],
      ['/no-such-path', {}, 404],
    ];
    for (const [path, headers, status] of asked) {
      const res = await fetch(`${r.url}${path}`, { headers });
      await res.arrayBuffer();
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-openbell-data-version'), path).toBe(version);
    }
    // An answer as of an earlier version names that one.
    const v1 = await fetch(`${r.url}${holidays}&as_of=v1`);
    expect(v1.headers.get('x-openbell-data-version')).toBe('v1');
  });
});

describe('writes', () => {
  it('make an override that every answer follows, and withdraw it', async () => {
    const { r, file } = await start();
    const before = await day(r);
    expect(before.body[0].is_open).toBe(true);
    const v1 = before.headers.get('x-openbell-data-version');
    expect(v1).toBe('v1');

    const made = await call(r, 'POST', '/overrides', typhoon);
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`/overrides/${made.body.id}`);
    expect(made.body).toMatchObject({
      kind: 'closure',
      target: NYSE,
      created_by: 'ops',
      withdrawn_at: null,
      superseded: false,
    });
    expect(made.body.id).toMatch(/^ovr_[a-z0-9]{12}$/);

    const after = await day(r);
    expect(after.body[0]).toMatchObject({
      is_open: false,
      holiday: { holiday_name: 'Typhoon', override: { id: made.body.id, created_by: 'ops' } },
    });
    const v2 = after.headers.get('x-openbell-data-version');
    expect(v2).not.toBe(v1);
    expect((await call(r, 'GET', `/markets/${NYSE}/status?datetime_utc=2023-11-22T16:00:00Z`)).body.status).toBe(
      'Closed',
    );
    expect((await call(r, 'GET', '/overrides')).body.map((o: { id: string }) => o.id)).toEqual([made.body.id]);
    expect((await call(r, 'GET', `/overrides/${made.body.id}`)).body.id).toBe(made.body.id);
    expect(JSON.parse(readFileSync(file, 'utf8')).overrides).toEqual([made.body]);

    const gone = await call(r, 'DELETE', `/overrides/${made.body.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ withdrawn_by: 'ops' });
    expect((await day(r)).body[0].is_open).toBe(true);
    expect((await call(r, 'DELETE', `/overrides/${made.body.id}`)).status).toBe(409);
    expect((await call(r, 'GET', '/overrides')).body).toEqual([]);
    expect((await call(r, 'GET', '/overrides?include_withdrawn=true')).body).toHaveLength(1);
    expect((await call(r, 'GET', '/overrides/ovr_000000000000')).status).toBe(404);
  });

  it('are refused without a token (401), with no token configured (403), and from a replica (403)', async () => {
    const { r } = await start();
    const none = await call(r, 'POST', '/overrides', typhoon, { authorization: '' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await call(r, 'POST', '/overrides', typhoon, { authorization: 'Bearer not-the-secret' });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-secret');
    const off = (await start({ tokens: [] })).r;
    expect((await call(off, 'POST', '/overrides', typhoon)).status).toBe(403);
    expect((await call(off, 'POST', '/overrides', typhoon)).body.detail).toMatch(/writes are disabled/);
    const replica = (await start({ publisher: 'http://publisher:8000' })).r;
    const refused = await call(replica, 'POST', '/overrides', typhoon);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('http://publisher:8000');
    expect((await call(r, 'GET', '/overrides')).body).toEqual([]);
  });

  it(
    'answer 429 with Retry-After from the 11th failure of an address within a minute, whatever the ' + 'token',
    async () => {
      const { r, cap } = await start();
      for (let i = 0; i < 10; i++)
        expect((await call(r, 'POST', '/overrides', typhoon, { authorization: `Bearer wrong-${i}` })).status).toBe(401);
      const blocked = await call(r, 'POST', '/overrides', typhoon);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(r, 'GET', '/overrides')).body).toEqual([]);
      // No secret in any log line.
      expect(cap.text()).not.toContain(SECRET);
      expect(cap.text()).not.toContain('wrong-3');
    },
  );

  it('refuse bad bodies naming the field, and change nothing', async () => {
    const { r, file } = await start();
    expect((await call(r, 'POST', '/overrides', typhoon, { 'content-type': 'text/plain' })).status).toBe(415);
    expect(
      (await call(r, 'POST', '/overrides', JSON.stringify({ ...typhoon, reason: 'x'.repeat(70_000) }))).status,
    ).toBe(413);
    expect((await call(r, 'POST', '/overrides', '{not json')).status).toBe(422);
    expect((await call(r, 'POST', '/overrides', [typhoon])).status).toBe(422);
    const fields = await call(r, 'POST', '/overrides', { ...typhoon, kind: 'storm', date: '2023-02-30', name: '' });
    expect(fields.status).toBe(422);
    expect(fields.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
      'body.kind',
      'body.date',
      'body.name',
    ]);
    // Each entry names the value refused (issue 49), and a text too long its bound.
    expect(fields.body.detail.map((d: { input: unknown }) => d.input)).toEqual(['storm', '2023-02-30', '']);
    const long = await call(r, 'POST', '/overrides', { ...typhoon, name: 'n'.repeat(201) });
    expect(long.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'name'], input: 'n'.repeat(201), ctx: { max_length: 200 } }),
    ]);
    expect((await call(r, 'POST', '/overrides', { ...typhoon, close: '12:00' })).body.detail[0].loc).toEqual([
      'body',
      'close',
    ]);
    expect(
      (await call(r, 'POST', '/overrides', { ...typhoon, target: 'USD', kind: 'early_close', close: '12:00' })).body
        .detail[0].loc,
    ).toEqual(['body', 'kind']);
    expect((await call(r, 'POST', '/overrides', { ...typhoon, target: 'XX.NOPE' })).status).toBe(404);
    expect((await call(r, 'POST', '/overrides', { ...typhoon, date: '2031-06-02' })).status).toBe(400);
    const cut = await call(r, 'POST', '/overrides', { ...typhoon, kind: 'early_close', close: '23:00' });
    expect(cut.status).toBe(422);
    expect(cut.body.detail[0].loc).toEqual(['body', 'close']);
    expect((await call(r, 'GET', '/overrides?include_withdrawn=true')).body).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it('for one target and date concurrently: one wins, the others answer 409 naming it', async () => {
    const { r } = await start();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(r, 'POST', '/overrides', { ...typhoon, name: `n${i}` })),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    const lost = answers.filter((a) => a.status === 409);
    expect(lost).toHaveLength(5);
    for (const a of lost) expect(a.body.id).toBe(won[0]!.body.id);
  });
});

describe('the file', () => {
  it('edited by hand is served within a second; an invalid edit is refused whole and the set stays', async () => {
    const { r, file, cap } = await start();
    const made = (await call(r, 'POST', '/overrides', typhoon)).body;
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.overrides.push({
      ...made,
      id: 'ovr_handedited01',
      target: 'US.NYSE',
      date: '2023-11-21',
      name: 'Edited by hand',
    });
    writeFileSync(file, JSON.stringify(doc));
    await waitFor(async () => (await call(r, 'GET', '/overrides')).body.length === 2);
    expect((await call(r, 'GET', `/markets/${NYSE}/days?start=2023-11-21&end=2023-11-21`)).body[0].is_open).toBe(false);

    writeFileSync(file, JSON.stringify({ overrides: [{ ...made, kind: 'flood' }] }));
    await waitFor(async () => cap.text().includes('override file was refused'));
    expect(cap.text()).toMatch(/overrides\[0\] \(ovr_[a-z0-9]{12}\), field 'kind'/);
    expect((await call(r, 'GET', '/overrides')).body).toHaveLength(2);
    // The data refuses it too: a target it does not hold, a date outside the target's window.
    writeFileSync(file, JSON.stringify({ overrides: [made, { ...made, id: 'ovr_handedited02', target: 'XX.NOPE' }] }));
    await waitFor(async () => cap.text().includes("(ovr_handedited02), field 'target'"));
    writeFileSync(file, JSON.stringify({ overrides: [{ ...made, date: '2031-06-02' }] }));
    await waitFor(async () =>
      /\(ovr_[a-z0-9]{12}\), field 'date': 2031-06-02 is outside the coverage window/.test(cap.text()),
    );
    expect((await call(r, 'GET', '/overrides')).body).toHaveLength(2);
  });

  it('is the old one or the new one when the process stops mid-write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openbell-ovr-'));
    const file = join(dir, 'overrides.json');
    await writeOverrideFile(file, '{"overrides":[]}\n');
    await expect(
      writeOverrideFile(file, '{"overrides":[1]}\n', { beforeRename: async () => Promise.reject(new Error('killed')) }),
    ).rejects.toThrow('killed');
    expect(readFileSync(file, 'utf8')).toBe('{"overrides":[]}\n');
    expect(readdirSync(dir)).toEqual(['overrides.json']);
  });

  it('is read at start, and a file that does not validate stops the start naming the record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openbell-ovr-'));
    const file = join(dir, 'overrides.json');
    const rec = {
      id: 'ovr_abcdefabcdef',
      kind: 'closure',
      target: NYSE,
      date: '2023-11-22',
      name: 'Typhoon',
      open: null,
      close: null,
      reason: 'r',
      created_at: '2023-11-20T00:00:00Z',
      created_by: 'ops',
      withdrawn_at: null,
      withdrawn_by: null,
      superseded: false,
    };
    writeFileSync(file, JSON.stringify({ overrides: [rec] }));
    const { r } = await start({ file });
    expect((await day(r)).body[0].is_open).toBe(false);
    writeFileSync(file, JSON.stringify({ overrides: [rec, rec] }));
    await expect(start({ file })).rejects.toThrow(/overrides\[1\] \(ovr_abcdefabcdef\), field 'id'/);
  });
});

describe('versions and as_of', () => {
  it('lists the versions, answers as of a version or an instant, and the history of a date', async () => {
    const { r, changes } = await start();
    const made = (await call(r, 'POST', '/overrides', typhoon)).body;
    const versions = (await call(r, 'GET', '/versions')).body;
    expect(versions.map((v: { source: string }) => v.source)).toEqual(['override', 'archive']);
    expect(versions[1].version).toBe('v1');
    const path = `/markets/${NYSE}/days?start=2023-11-22&end=2023-11-22`;
    const old = await call(r, 'GET', `${path}&as_of=v1`);
    expect(old.body[0].is_open).toBe(true);
    expect(old.headers.get('x-openbell-data-version')).toBe('v1');
    const between = new Date((Date.parse(versions[1].loaded_at) + Date.parse(versions[0].loaded_at)) / 2).toISOString();
    expect((await call(r, 'GET', `${path}&as_of=${versions[0].loaded_at}`)).body[0].is_open).toBe(false);
    if (versions[0].loaded_at !== versions[1].loaded_at && between < versions[0].loaded_at)
      expect((await call(r, 'GET', `${path}&as_of=${between}`)).body[0].is_open).toBe(true);
    const early = await call(r, 'GET', `${path}&as_of=2001-01-01T00:00:00Z`);
    expect(early.status).toBe(410);
    expect(early.body.detail).toContain('v1');
    const bad = await call(r, 'GET', `${path}&as_of=yesterday`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'as_of']);

    const history = (await call(r, 'GET', `/markets/XNYS/holidays/2023-11-22/history`)).body;
    expect(history).toEqual([
      {
        version: versions[0].version,
        loaded_at: versions[0].loaded_at,
        source: 'override',
        op: 'added',
        before: null,
        after: expect.objectContaining({ holiday_name: 'Typhoon', override: expect.objectContaining({ id: made.id }) }),
      },
    ]);

    await changes.settled();
    const cs = (await call(r, 'GET', '/changes')).body.versions[0];
    expect(cs.changes).toEqual([
      expect.objectContaining({
        kind: 'holiday',
        op: 'added',
        source: 'override',
        key: { fin_id: NYSE, date: '2023-11-22' },
      }),
    ]);
  });

  it('share the markets an override does not touch', async () => {
    const { r } = await start();
    await call(r, 'POST', '/overrides', typhoon);
    const now = Dataset.indexOf(r.holder.current!.dataset as Dataset);
    const before = Dataset.indexOf(Dataset.create(fixtureTables()));
    expect(now.markets.get('US.CME.EQUITY.USINDEX1')).toBe(now.vendor!.markets.get('US.CME.EQUITY.USINDEX1'));
    expect(now.markets.get(NYSE)).not.toBe(now.vendor!.markets.get(NYSE));
    void before;
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('timed out waiting');
}

describe('as_of after a new vendor file', () => {
  it('answers as a server on the older archive does, and keeps the overrides on top of the new one', async () => {
    const { dataFor } = await import('./changes-helpers.js');
    const queue: ReturnType<typeof dataFor>[] = [];
    const source = {
      description: 'test source',
      isRemote: false,
      load: async () => dataFor('v1', 0),
      update: async () => {
        const d = queue.shift();
        return d ? { status: 'updated' as const, data: d } : { status: 'up_to_date' as const };
      },
    } as unknown as import('../src/types.js').DataSource;
    const dir = mkdtempSync(join(tmpdir(), 'openbell-ovr-'));
    const r = await createServer({
      port: 0,
      source,
      updateEveryMinutes: 0,
      logger: captureLogger().logger,
      overrideSettings: { file: join(dir, 'o.json'), tokens: parseAdminTokens([`ops=${SECRET}`]) },
    });
    running.push(r);
    await r.ready;
    const made = (await call(r, 'POST', '/overrides', typhoon)).body;
    queue.push(dataFor('v2', 3));
    expect(await r.updateNow()).toBe('updated');
    // The new file (three more NYSE holidays in January 2024) with the typhoon still on top.
    const now = await call(r, 'GET', `/markets/${NYSE}/holidays?start=2023-11-01&end=2024-01-31`);
    expect(now.body.map((h: { date: string }) => h.date)).toEqual([
      '2023-11-22',
      '2023-11-23',
      '2023-11-24',
      '2024-01-02',
      '2024-01-03',
      '2024-01-04',
    ]);
    expect(now.body[0].override.id).toBe(made.id);
    expect(now.headers.get('x-openbell-data-version')).toMatch(/^v2\+ovr\./);
    // The new file shares the markets it did not change with v1 (compared after the swap, in slices).
    const v1 = Dataset.indexOf(r.versions!.resolve('v1').dataset as Dataset);
    await waitFor(
      async () =>
        Dataset.indexOf(r.holder.current!.dataset as Dataset).vendor!.markets.get('US.CME.EQUITY.USINDEX1') ===
        v1.markets.get('US.CME.EQUITY.USINDEX1'),
    );
    expect(Dataset.indexOf(r.holder.current!.dataset as Dataset).vendor!.markets.get(NYSE)).not.toBe(
      v1.markets.get(NYSE),
    );
    expect(r.holder.current!.meta.version).toMatch(/^v2\+ovr\./);
    // As of v1: exactly what a server on the older archive answers, with no override.
    const older = await createServer({ port: 0, data: dataFor('v1', 0), logger: captureLogger().logger });
    running.push(older);
    for (const path of [
      `/markets/${NYSE}/holidays?start=2023-11-01&end=2024-01-31`,
      `/markets/${NYSE}/days?start=2023-11-20&end=2024-01-05`,
      `/markets/${NYSE}/sessions/count?start=2023-11-01&end=2024-01-31`,
    ]) {
      const asOf = await call(r, 'GET', `${path}&as_of=v1`);
      expect(asOf.body, path).toEqual((await call(older, 'GET', path)).body);
      expect(asOf.headers.get('x-openbell-data-version')).toBe('v1');
    }
  });
});
