/**
 * The bell-event stream the CLI's watch and the server's /events share, driven by a fake clock,
 * and the local date adapters ask core for.
 */
import { describe, expect, it } from 'vitest';
import {
  Dataset,
  InvalidArgumentError,
  localDate,
  MAX_BULK_IDENTIFIERS,
  openBellEventStream,
  type BellStreamStep,
} from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const ds = Dataset.create(fixtureTables());
const at = (iso: string) => Date.parse(iso);

/** Runs the stream on a clock that jumps to whatever the stream says it waits for. */
function drain(steps: Iterator<BellStreamStep, never>, clock: { t: number }, until: number): string[] {
  const seen: string[] = [];
  while (clock.t <= until) {
    const step = steps.next().value;
    if (step.event) seen.push(`${step.event.at.slice(11, 16)} ${step.event.event}`);
    else clock.t += Math.max(1, step.waitMs);
  }
  return seen;
}

describe('openBellEventStream', () => {
  it('announces each event once its instant has passed, in order, as planned by bellEvents', () => {
    const clock = { t: at('2023-11-15T08:00:00Z') };
    const stream = openBellEventStream(
      ds,
      { markets: ['XNYS', 'NOPE', 'US.NYSE'] },
      { now: () => clock.t, horizonMs: 3_600_000 },
    );
    expect(stream.markets).toEqual(['US.NYSE']);
    expect(stream.errors.map((e) => e.identifier)).toEqual(['NOPE']);
    const planned = ds
      .bellEvents(['XNYS'], clock.t, 16 * 3_600_000)
      .events.map((e) => `${e.at.slice(11, 16)} ${e.event}`);
    expect(drain(stream.steps, clock, at('2023-11-16T00:00:00Z'))).toEqual(planned);
  });

  it('never yields an event before the clock reaches it', () => {
    const clock = { t: at('2023-11-15T14:29:00Z') };
    const stream = openBellEventStream(ds, { markets: ['XNYS'] }, { now: () => clock.t });
    const first = stream.steps.next().value;
    expect(first).toEqual({ waitMs: 60_000 });
    clock.t += 60_000;
    expect(stream.steps.next().value.event).toMatchObject({ event: 'open', market: 'US.NYSE' });
  });

  it('resumes after a Last-Event-ID up to a day back, and ignores older ones', () => {
    const open = `${at('2023-11-15T14:30:00Z')}:US.NYSE`;
    const clock = { t: at('2023-11-16T02:00:00Z') };
    const resumed = openBellEventStream(ds, { markets: ['XNYS'] }, { now: () => clock.t, lastEventId: open });
    expect(drain(resumed.steps, clock, clock.t)).toEqual(['16:00 close', '20:00 phase']);
    const late = { t: at('2023-11-17T22:00:00Z') };
    const fresh = openBellEventStream(ds, { markets: ['XNYS'] }, { now: () => late.t, lastEventId: open });
    expect(fresh.steps.next().value.event).toBeUndefined();
  });

  it('refuses what the bulk status refuses, with the same fault', () => {
    const fault = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof InvalidArgumentError ? e.faults.map((x) => `${x.param}:${x.type}`) : ['other'];
      }
      return [];
    };
    const many = Array(MAX_BULK_IDENTIFIERS + 1).fill('XNYS');
    expect(fault(() => openBellEventStream(ds, { markets: many }, { now: () => 0 }))).toEqual(['markets:too_long']);
    expect(fault(() => ds.statusMany({ markets: many }, 0))).toEqual(['markets:too_long']);
  });
});

describe('localDate', () => {
  it("is the date on the zone's wall clock, UTC without a (known) zone", () => {
    const t = at('2023-11-16T03:00:00Z');
    expect(localDate('America/New_York', t)).toBe('2023-11-15');
    expect(localDate('Asia/Tokyo', t)).toBe('2023-11-16');
    expect(localDate(null, at('2023-11-15T23:59:59Z'))).toBe('2023-11-15');
    expect(localDate('Not/AZone', t)).toBe('2023-11-16');
  });
});
