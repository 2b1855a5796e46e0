/**
 * js-joda's time-zone rules, unpacked one zone at a time.
 *
 * `@js-joda/timezone` unpacks every zone of the tz database when it is imported (~70 ms at
 * start-up) though a dataset uses a handful. Its "empty" build plugs the same provider with no
 * data; the first time a zone's rules are asked for, its packed entry (that of the zone an
 * alias links to) is found in the text and handed to the provider's `loadTzdbData`, which
 * accepts a subset and can be called again. The data is the installed package's
 * (scripts/tzdb.mjs writes it at build time).
 *
 * Importing this module is enough: `ZoneId.of` then works for every tz identifier, and an
 * unknown one fails as before (the provider's DateTimeException).
 */
import { ZoneRulesProvider } from '@js-joda/core';
import '@js-joda/timezone/dist/js-joda-timezone-empty.js';
import { TZDB_LINKS, TZDB_VERSION, TZDB_ZONES } from './tzdb.generated.js';

/** Identifiers handed to the provider already (zones and aliases). */
const loaded = new Set<string>();

/** A zone's packed line, found without parsing the others. */
function zoneEntry(zone: string): string | undefined {
  const at = TZDB_ZONES.indexOf(`\n${zone}|`);
  return at < 0 ? undefined : TZDB_ZONES.slice(at + 1, TZDB_ZONES.indexOf('\n', at + 1));
}

/** The zone an alias links to. */
function linkTarget(alias: string): string | undefined {
  const at = TZDB_LINKS.indexOf(`|${alias}\n`);
  return at < 0 ? undefined : TZDB_LINKS.slice(TZDB_LINKS.lastIndexOf('\n', at) + 1, at);
}

function ensureLoaded(id: string): void {
  // A separator in the identifier could match across entries.
  if (loaded.has(id) || id.includes('\n') || id.includes('|')) return;
  const target = linkTarget(id);
  const zone = target ?? id;
  const entry = zoneEntry(zone);
  if (entry === undefined) return;
  load({
    version: TZDB_VERSION,
    zones: loaded.has(zone) ? [] : [entry],
    links: target !== undefined ? [`${target}|${id}`] : [],
  });
  loaded.add(zone);
  loaded.add(id);
}

let ids: string[] | undefined;
/** Every identifier, zones then aliases (as the package lists them). */
function allIds(): string[] {
  if (ids) return ids;
  const names = (text: string, pick: (line: string) => string) =>
    text
      .split('\n')
      .filter((l) => l !== '')
      .map(pick);
  return (ids = [
    ...names(TZDB_ZONES, (l) => l.slice(0, l.indexOf('|'))),
    ...names(TZDB_LINKS, (l) => l.slice(l.indexOf('|') + 1)),
  ]);
}

// The empty build plugged its provider into js-joda when imported above; these wrap it (and
// keep hold of it, should another build of the plugin be imported later and replace it).
const plugged = ZoneRulesProvider.getRules;
const load = (
  ZoneRulesProvider as unknown as { loadTzdbData(data: { version: string; zones: string[]; links: string[] }): void }
).loadTzdbData;
ZoneRulesProvider.getRules = (zoneId: string) => {
  if (typeof zoneId === 'string') ensureLoaded(zoneId);
  return plugged(zoneId);
};
// Parsing a zone name (DateTimeFormatter) lists the identifiers: all of them, loaded or not.
ZoneRulesProvider.getAvailableZoneIds = allIds;

/** The tz database version of the rules (the installed @js-joda/timezone's). */
export function tzdbVersion(): string {
  return TZDB_VERSION;
}

/** A digit of the packed format's base 60: 0-9, a-z, A-X. */
function digit60(c: number): number {
  return c > 96 ? c - 87 : c > 64 ? c - 29 : c - 48;
}

/** A base-60 number of the packed format (sign, whole part, `.` and a fraction). */
function base60(text: string): number {
  const negative = text.charCodeAt(0) === 45;
  const [whole, fraction = ''] = text.slice(negative ? 1 : 0).split('.');
  let n = 0;
  for (let i = 0; i < whole!.length; i++) n = n * 60 + digit60(whole!.charCodeAt(i));
  let scale = 1;
  for (let i = 0; i < fraction.length; i++) n += digit60(fraction.charCodeAt(i)) * (scale /= 60);
  return negative ? -n : n;
}

/**
 * The instants (epoch ms) at which a zone's record changes, read from this package's own copy
 * of the tz data: each is the previous plus a count of minutes; the last record lasts for ever.
 * Some of them only rename the zone (the offset stays). Undefined for an unknown zone.
 */
export function zoneUntils(id: string): number[] | undefined {
  if (id.includes('\n') || id.includes('|')) return undefined;
  const entry = zoneEntry(linkTarget(id) ?? id);
  if (entry === undefined) return undefined;
  const packed = entry.split('|')[4] ?? '';
  const out: number[] = [];
  let at = 0;
  for (const step of packed.split(' ')) {
    if (step === '') continue;
    at = Math.round(at + base60(step) * 60_000);
    out.push(at);
  }
  return out;
}
