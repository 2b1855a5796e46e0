/**
 * A snapshot of the bundled sample's parsed tables, made at build time beside sample.zip
 * (`sample.zip.snapshot`), so a one-shot command does not inflate and parse the CSVs again on
 * every start (the CLI's build writes it: packages/cli/tsup.config.ts).
 *
 * The snapshot is the structured clone (v8.serialize) of what `parseArchive` returns for the
 * archive, tagged with the archive's content version (`sha256:…`): it is used only for the
 * same bytes, and anything unexpected (missing, unreadable, another format or V8 version,
 * another archive) falls back to parsing the archive, so it can make a load faster but never
 * different. The Dataset is still built from the tables as for any load.
 */
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { ParsedData } from './local.js';

/** Bumped whenever what the snapshot holds changes shape. */
const SNAPSHOT_FORMAT = 1;

interface Snapshot {
  format: number;
  version: string;
  parsed: ParsedData;
}

export function snapshotPath(archivePath: string): string {
  return `${archivePath}.snapshot`;
}

/** The snapshot file's bytes for the archive of `version` parsed as `parsed`. */
export function encodeSnapshot(parsed: ParsedData, version: string): Buffer {
  const s: Snapshot = { format: SNAPSHOT_FORMAT, version, parsed };
  return serialize(s);
}

/** The parsed tables of the archive at `archivePath` whose content version is `version`, when a matching snapshot is beside it. */
export function readSnapshot(archivePath: string, version: string): ParsedData | undefined {
  let s: Partial<Snapshot> | undefined;
  try {
    s = deserialize(readFileSync(snapshotPath(archivePath))) as Partial<Snapshot>;
  } catch {
    return undefined;
  }
  if (s?.format !== SNAPSHOT_FORMAT || s.version !== version || typeof s.parsed !== 'object' || s.parsed === null) return undefined;
  return s.parsed;
}
