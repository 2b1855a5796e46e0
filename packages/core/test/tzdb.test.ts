/**
 * The lazily unpacked tz database (src/time/tzdb.ts) against the full @js-joda/timezone package:
 * the same identifiers, the same rules for every zone and alias, the same version, and the
 * same failure for an unknown identifier.
 */
import { DateTimeException, ZoneId, ZoneRulesProvider, type ZoneRules } from '@js-joda/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tzdbVersion } from '../src/time/tzdb.js';
import { Zone } from '../src/time/zone.js';

const lazy = { getRules: ZoneRulesProvider.getRules, ids: [...ZoneRulesProvider.getAvailableZoneIds()] };
let full: { getRules: (id: string) => ZoneRules; ids: string[]; version: string };

beforeAll(async () => {
  const before = { getRules: ZoneRulesProvider.getRules, getAvailableZoneIds: ZoneRulesProvider.getAvailableZoneIds };
  // The full package plugs its own provider (every zone unpacked); keep it aside and put ours back.
  await import('@js-joda/timezone');
  const p = ZoneRulesProvider as unknown as { getTzdbData(): { version: string } };
  full = {
    getRules: ZoneRulesProvider.getRules,
    ids: [...ZoneRulesProvider.getAvailableZoneIds()],
    version: p.getTzdbData().version,
  };
  Object.assign(ZoneRulesProvider, before);
});

/** Offsets in seconds at instants from 1850 to 2100, every 20 days and on each side of the change of year. */
function offsets(rules: ZoneRules): number[] {
  const out: number[] = [];
  for (let ms = Date.UTC(1850, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 20 * 86_400_000)
    out.push(rules.offsetOfEpochMilli(ms).totalSeconds());
  return out;
}

describe('tz database unpacked on first use', () => {
  it('is compared with the full package (not with itself)', () => {
    expect(full.getRules).not.toBe(lazy.getRules);
  });

  it('lists the same identifiers, zones and aliases', () => {
    expect([...lazy.ids].sort()).toEqual([...full.ids].sort());
    expect(lazy.ids).toContain('America/New_York');
    expect(lazy.ids).toContain('US/Eastern');
  });

  it('has the installed package tz version', () => {
    expect(tzdbVersion()).toBe(full.version);
  });

  it('gives every zone and alias the same rules as the full package', () => {
    for (const id of full.ids) expect(offsets(lazy.getRules(id)), id).toEqual(offsets(full.getRules(id)));
  });

  it('resolves an alias to its zone, asked before or after the zone', () => {
    const ny = offsets(ZoneId.of('America/New_York').rules());
    expect(offsets(ZoneId.of('US/Eastern').rules())).toEqual(ny);
    const kolkata = offsets(ZoneId.of('Asia/Calcutta').rules());
    expect(offsets(ZoneId.of('Asia/Kolkata').rules())).toEqual(kolkata);
  });

  it('fails on an unknown identifier as the full package does', () => {
    const message = (get: (id: string) => unknown) => {
      try {
        get('Mars/Olympus_Mons');
      } catch (e) {
        expect(e).toBeInstanceOf(DateTimeException);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(message((id) => ZoneId.of(id))).toBe(message(full.getRules));
    expect(() => new Zone('Mars/Olympus_Mons')).toThrow(DateTimeException);
    // Asking again still fails (nothing half-loaded stays behind).
    expect(() => ZoneId.of('Mars/Olympus_Mons')).toThrow(DateTimeException);
    // Pieces of the packed text are not identifiers.
    for (const id of ['America/New_York|LMT', 'Europe/Paris\nEurope/Berlin', 'America/New', 'York', '']) {
      expect(() => lazy.getRules(id), JSON.stringify(id)).toThrow(DateTimeException);
    }
  });

  it('converts across a DST change (America/New_York, 2023-03-12 and 2023-11-05)', () => {
    const z = new Zone('US/Eastern');
    const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;
    // 02:30 is skipped: it reads as 03:30 EDT, 07:30Z.
    expect(z.resolve(day(2023, 3, 12), 2.5 * 3600)).toBe(Date.UTC(2023, 2, 12, 7, 30) / 1000);
    // 01:30 occurs twice: the earlier, EDT, 05:30Z.
    expect(z.resolve(day(2023, 11, 5), 1.5 * 3600)).toBe(Date.UTC(2023, 10, 5, 5, 30) / 1000);
    expect(z.offsetAt(Date.UTC(2023, 6, 1) / 1000)).toBe(-4 * 3600);
  });
});
