// The serving settings: drain timeout and the front door's limits, from flags, env and the file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverOptions } from '../src/commands/serve.js';
import { resolveSettings } from '../src/config.js';

const noFile = () => join(mkdtempSync(join(tmpdir(), 'openbell-cfg-')), 'none');

describe('drain and front-door settings', () => {
  it('default to 30 s drain, 1000 connections, 10 s headers, 30 s request', () => {
    const s = resolveSettings({}, { XDG_CONFIG_HOME: noFile() });
    expect(s).toMatchObject({
      updateRetry: 60,
      drainTimeout: 30,
      maxConnections: 1000,
      headersTimeout: 10,
      requestTimeout: 30,
    });
    expect(resolveSettings({}, { XDG_CONFIG_HOME: noFile(), OPENBELL_UPDATE_RETRY: '5' }).updateRetry).toBe(5);
  });

  it('come from OPENBELL_* names, the config file and flags, in that precedence', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openbell-cfg-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ drainTimeout: 12, maxConnections: 50, headersTimeout: 4 }));
    const env = { OPENBELL_DRAIN_TIMEOUT: '5', OPENBELL_MAX_CONNECTIONS: '0', OPENBELL_REQUEST_TIMEOUT: '7.5' };
    expect(resolveSettings({}, env, file)).toMatchObject({
      drainTimeout: 5,
      maxConnections: 0,
      headersTimeout: 4,
      requestTimeout: 7.5,
    });
    expect(resolveSettings({ drainTimeout: '1' }, env, file).drainTimeout).toBe(1);
  });

  it('size the answer cache and the month blocks in MiB: 64 each by default, from env, file or flag', () => {
    expect(resolveSettings({}, { XDG_CONFIG_HOME: noFile() })).toMatchObject({ answerCache: 64, blockCache: 64 });
    expect(resolveSettings({}, { XDG_CONFIG_HOME: noFile(), OPENBELL_BLOCK_CACHE: '0' }).blockCache).toBe(0);
    expect(
      resolveSettings({ blockCache: '16' }, { XDG_CONFIG_HOME: noFile(), OPENBELL_BLOCK_CACHE: '0' }).blockCache,
    ).toBe(16);
    expect(() => resolveSettings({}, { XDG_CONFIG_HOME: noFile(), OPENBELL_BLOCK_CACHE: 'lots' })).toThrow(
      /OPENBELL_BLOCK_CACHE: expected a whole number/,
    );
  });

  it('refuse bad values naming the setting', () => {
    const env = { XDG_CONFIG_HOME: noFile() };
    expect(() => resolveSettings({}, { ...env, OPENBELL_DRAIN_TIMEOUT: 'soon' })).toThrow(
      /OPENBELL_DRAIN_TIMEOUT: expected seconds/,
    );
    expect(() => resolveSettings({}, { ...env, OPENBELL_MAX_CONNECTIONS: '2.5' })).toThrow(
      /OPENBELL_MAX_CONNECTIONS: expected a whole number/,
    );
    expect(() => resolveSettings({ maxConnections: '-1' }, env)).toThrow(/--max-connections/);
  });
});

describe('connection budgets (issue 36)', () => {
  it('default to a quarter of the limit per client (left to the server), no trusted proxy, 10,000 streams', () => {
    const s = resolveSettings({}, { XDG_CONFIG_HOME: noFile() });
    expect(s.maxConnectionsPerClient).toBeUndefined();
    expect(s.trustProxy).toBeUndefined();
    expect(s.maxSubscribers).toBe(10_000);
    expect(serverOptions(s)).toMatchObject({ maxConnections: 1000, maxSubscribers: 10_000 });
    expect(serverOptions(s)).not.toHaveProperty('maxConnectionsPerClient');
  });

  it('come from OPENBELL_* names, the config file and flags (--trust-proxy repeated), in that precedence', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openbell-cfg-'));
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({ maxConnectionsPerClient: 40, trustProxy: ['10.0.0.7', '10.1.0.0/16'], maxSubscribers: 50 }),
    );
    const fromFile = resolveSettings({}, {}, file);
    expect(fromFile).toMatchObject({
      maxConnectionsPerClient: 40,
      trustProxy: ['10.0.0.7', '10.1.0.0/16'],
      maxSubscribers: 50,
    });
    expect(serverOptions(fromFile)).toMatchObject({
      maxConnectionsPerClient: 40,
      trustProxy: ['10.0.0.7', '10.1.0.0/16'],
      maxSubscribers: 50,
    });
    const env = {
      OPENBELL_MAX_CONNECTIONS_PER_CLIENT: '0',
      OPENBELL_TRUST_PROXY: '127.0.0.3, ::1 fd00::/8',
      OPENBELL_MAX_SUBSCRIBERS: '7',
    };
    expect(resolveSettings({}, env, file)).toMatchObject({
      maxConnectionsPerClient: 0,
      trustProxy: ['127.0.0.3', '::1', 'fd00::/8'],
      maxSubscribers: 7,
    });
    expect(
      resolveSettings({ trustProxy: ['192.168.0.1', '192.168.1.0/24'], maxSubscribers: '9' }, env, file),
    ).toMatchObject({ trustProxy: ['192.168.0.1', '192.168.1.0/24'], maxSubscribers: 9 });
  });

  it('refuse a proxy that is not an address or a range, naming the setting', () => {
    const env = { XDG_CONFIG_HOME: noFile() };
    expect(() => resolveSettings({}, { ...env, OPENBELL_TRUST_PROXY: 'proxy.local' })).toThrow(
      /OPENBELL_TRUST_PROXY: "proxy.local" is not an IP address/,
    );
    expect(() => resolveSettings({ trustProxy: ['10.0.0.0/33'] }, env)).toThrow(/--trust-proxy/);
    expect(() => resolveSettings({}, { ...env, OPENBELL_MAX_SUBSCRIBERS: 'many' })).toThrow(
      /OPENBELL_MAX_SUBSCRIBERS: expected a whole number/,
    );
  });
});

describe('workers setting', () => {
  it('defaults to 1, takes a whole number or auto (one per core), refuses 0 and fractions', async () => {
    const { availableParallelism } = await import('node:os');
    const env = { XDG_CONFIG_HOME: noFile() };
    expect(resolveSettings({}, env).workers).toBe(1);
    expect(resolveSettings({}, { ...env, OPENBELL_WORKERS: '4' }).workers).toBe(4);
    expect(resolveSettings({ workers: 'auto' }, { ...env, OPENBELL_WORKERS: '4' }).workers).toBe(
      availableParallelism(),
    );
    expect(() => resolveSettings({ workers: '0' }, env)).toThrow(/--workers: expected a whole number >= 1 or "auto"/);
    expect(() => resolveSettings({}, { ...env, OPENBELL_WORKERS: '1.5' })).toThrow(/OPENBELL_WORKERS/);
  });
});

describe('one source of defaults', () => {
  // Every default lives in @openbell/server/defaults; CONFIG.md and `serve --help` must say the same.
  const defaults = resolveSettings({}, { XDG_CONFIG_HOME: noFile() }) as unknown as Record<string, unknown>;

  it("CONFIG.md's default column names the value the settings resolve to", () => {
    const text = readFileSync(join(import.meta.dirname, '..', 'CONFIG.md'), 'utf8');
    let checked = 0;
    for (const line of text.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      const key = /^`(\w+)`$/.exec(cells[1] ?? '')?.[1];
      const documented = /^`([^`]+)`$/.exec(cells[4] ?? '')?.[1];
      if (!key || documented === undefined || !(key in defaults)) continue;
      expect(documented, `CONFIG.md default of ${key}`).toBe(String(defaults[key]));
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('`serve --help` names the same defaults', async () => {
    const { buildProgram } = await import('../src/program.js');
    const serve = buildProgram().commands.find((c) => c.name() === 'serve')!;
    const help = serve.options.map((o) => o.description).join('\n');
    for (const [flag, key] of [
      ['--port', 'port'],
      ['--max-connections', 'maxConnections'],
      ['--keep-changes', 'keepChanges'],
      ['--max-subscribers', 'maxSubscribers'],
    ] as const) {
      const option = serve.options.find((o) => o.long === flag)!;
      expect(option.description, flag).toContain(`default ${String(defaults[key])})`);
    }
    expect(help).not.toBe('');
  });
});
