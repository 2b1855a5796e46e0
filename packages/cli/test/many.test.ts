// Several markets in the CLI: `status ID ID ...` as one table (its --json is the REST body of GET
// /status) and `watch`, tested in process on a fake clock and once through the binary.
import { loadSample } from '@openbell/loader';
import { describe, expect, it } from 'vitest';
import type { PlannedBellEvent } from '@openbell/core';
import { runExec, watch } from '../src/commands/many.js';
import { run } from './helpers.js';
import { NOW, sampleRest } from './sample-rest.js';

const rest = await sampleRest({ now: NOW });

describe('openbell status ID ID ...', () => {
  it('--json is the body of GET /status; one failing ID makes the exit code 1', async () => {
    const ids = ['XNYS', 'US.CME.EQUITY.USINDEX1', 'NOPE'];
    const [cli, http] = await Promise.all([
      run(['status', ...ids, '--at', NOW, '--json']),
      rest.get(`/status?markets=${ids.join(',')}&datetime_utc=${NOW}`).then((r) => r.json()),
    ]);
    expect(JSON.parse(cli.stdout)).toEqual(http);
    expect(cli.code).toBe(1);
    const ok = await run(['status', 'XNYS', 'US.CME.EQUITY.USINDEX1', '--at', NOW, '--json']);
    expect(ok.code).toBe(0);
  });

  it('prints one table, a row per ID in order, an error in its row and its message whole below it', async () => {
    const r = await run(['status', 'XNYS', 'NOPE', 'US.CME.EQUITY.USINDEX1', '--at', NOW]);
    const lines = r.stdout.trim().split('\n');
    // At 80 columns the ID (XNYS) and Timezone columns give way; the Market column says the FinID.
    expect(lines[0]).toMatch(/^Market\s+Status\s+Reason\s+Until\s+Next Bell$/);
    expect(lines[2]).toMatch(/^US\.NYSE\s+Open\s+Primary Trading Session\s+15:50\s+16:00$/);
    expect(lines[3]).toMatch(/^NOPE\s+error 404$/);
    expect(lines[4]).toBe("  MIC 'NOPE' was not found");
    expect(lines[5]).toMatch(/^US\.CME\.EQUITY\.USINDEX1\s+Open\s+Primary Trading Session\s+14:59:30\s+16:00$/);
    expect(lines[6]).toBe('(as of 2023-11-15T17:00:00+00:00; times local to each market)');
  });

  it('one ID still answers the single-market block', async () => {
    const r = await run(['status', 'XNYS', '--at', NOW]);
    expect(r.stdout).toMatch(/^Market\s+US\.NYSE$/m);
  });
});

describe('openbell watch', () => {
  it('announces each event once the (fake) clock passes it, in order', async () => {
    const ds = (await loadSample()).dataset;
    let clock = Date.parse('2023-11-15T14:29:59Z');
    const seen: PlannedBellEvent[] = [];
    const errors: string[] = [];
    const stop = new AbortController();
    const done = watch(ds, ['XNYS', 'NOPE'], {
      now: () => clock,
      tickMs: 5,
      signal: stop.signal,
      onError: (id) => errors.push(id),
      onEvent: (e) => {
        seen.push(e);
      },
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(seen).toEqual([]);
    clock = Date.parse('2023-11-15T21:00:01Z');
    await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    await done;
    expect(errors).toEqual(['NOPE']);
    expect(seen.map((e) => [e.event, e.at])).toEqual([
      ['open', '2023-11-15T09:30:00-05:00'],
      ['close', '2023-11-15T16:00:00-05:00'],
    ]);
  });

  it('refuses when nothing can be watched', async () => {
    const ds = (await loadSample()).dataset;
    await expect(watch(ds, ['NOPE'], { onEvent: () => undefined })).rejects.toThrow(/none of the identifiers/);
    const r = await run(['watch', 'NOPE']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/NOPE: MIC 'NOPE' was not found/);
  });

  it('--exec gets the event in its environment and on stdin', async () => {
    const e: PlannedBellEvent = {
      id: '1:US.NYSE',
      market: 'US.NYSE',
      event: 'close',
      at: '2023-11-15T16:00:00-05:00',
      phase: null,
      status: 'Closed',
      at_ms: 1,
    };
    const code = await runExec(
      'test "$OPENBELL_MARKET $OPENBELL_EVENT" = "US.NYSE close" && grep -q \'"id":"1:US.NYSE"\'',
      e,
    );
    expect(code).toBe(0);
  });
});
