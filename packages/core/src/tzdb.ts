/**
 * js-joda's time-zone rules, unpacked one zone at a time.
 *
 * `@js-joda/timezone` unpacks every zone of the tz database when it is imported (~70 ms at
 * start-up) though a dataset uses a handful. Its "empty" build plugs the same provider with no
 * data; the first time a zone's rules are asked for, its packed entry (and that of the zone an
 * alias links to) is handed to the provider's `loadTzdbData`, which accepts a subset and can be
 * called again. The data is the installed package's (scripts/tzdb.mjs writes it at build time).
 *
 * Importing this module is enough: `ZoneId.of` then works for every tz identifier, and an
 * unknown one fails as before (the provider's DateTimeException).
 */
import { ZoneRulesProvider } from '@js-joda/core';
import '@js-joda/timezone/dist/js-joda-timezone-empty.js';
import { TZDB_JSON } from './tzdb.generated.js';

interface Packed {
  version: string;
  /** Packed zone → its packed entry (`name|abbreviations|offsets|…`). */
  zones: Map<string, string>;
  /** Alias → the zone it names. */
  links: Map<string, string>;
  ids: string[];
}

let packed: Packed | undefined;
/** Identifiers handed to the provider already (zones and aliases). */
const loaded = new Set<string>();

function index(): Packed {
  if (packed) return packed;
  const raw = JSON.parse(TZDB_JSON) as { version: string; zones: string[]; links: string[] };
  const zones = new Map<string, string>();
  for (const z of raw.zones) zones.set(z.slice(0, z.indexOf('|')), z);
  const links = new Map<string, string>();
  for (const l of raw.links) {
    const bar = l.indexOf('|');
    links.set(l.slice(bar + 1), l.slice(0, bar));
  }
  return (packed = { version: raw.version, zones, links, ids: [...zones.keys(), ...links.keys()] });
}

function ensureLoaded(id: string): void {
  if (loaded.has(id)) return;
  const { version, zones, links } = index();
  const target = links.get(id);
  const zone = target ?? id;
  const entry = zones.get(zone);
  if (entry === undefined) return;
  load({
    version,
    zones: loaded.has(zone) ? [] : [entry],
    links: target !== undefined ? [`${target}|${id}`] : [],
  });
  loaded.add(zone);
  loaded.add(id);
}

// The empty build plugged its provider into js-joda when imported above; these wrap it (and
// keep hold of it, should another build of the plugin be imported later and replace it).
const plugged = ZoneRulesProvider.getRules;
const load = (ZoneRulesProvider as unknown as { loadTzdbData(data: { version: string; zones: string[]; links: string[] }): void }).loadTzdbData;
ZoneRulesProvider.getRules = (zoneId: string) => {
  if (typeof zoneId === 'string') ensureLoaded(zoneId);
  return plugged(zoneId);
};
// Parsing a zone name (DateTimeFormatter) lists the identifiers: all of them, loaded or not.
ZoneRulesProvider.getAvailableZoneIds = () => index().ids;

/** The tz database version of the rules (the installed @js-joda/timezone's). */
export function tzdbVersion(): string {
  return index().version;
}
