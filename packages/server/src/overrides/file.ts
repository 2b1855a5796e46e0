/**
 * The override file (docs/overrides.md §4): `{"overrides": [record, ...]}`, written atomically (a
 * temporary file beside it, flushed, then renamed over it, then the folder flushed), so a crash
 * at any moment leaves the old file or the new one. The file may be edited by hand: one that
 * does not validate is refused whole with an error naming the record and the field.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MAX_OVERRIDE_NAME, MAX_OVERRIDE_REASON, OVERRIDE_ID, OVERRIDE_KINDS, isUtcInstant, tryParseDay, type OverrideRecord } from '@openbell/core';

export class OverrideFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OverrideFileError';
  }
}

const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const FIELDS = ['id', 'kind', 'target', 'date', 'name', 'open', 'close', 'reason', 'created_at', 'created_by', 'withdrawn_at', 'withdrawn_by', 'superseded'] as const;

/** The records of a file's text; throws OverrideFileError naming the file, the record and the field. */
export function parseOverrideFile(text: string, where: string): OverrideRecord[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new OverrideFileError(`${where}: not JSON (${(e as Error).message})`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || !Array.isArray((doc as { overrides?: unknown }).overrides)) {
    throw new OverrideFileError(`${where}: expected {"overrides": [...]}`);
  }
  const seen = new Set<string>();
  const activeKeys = new Map<string, string>();
  return ((doc as { overrides: unknown[] }).overrides).map((raw, i) => {
    const at = (field: string, why: string) => new OverrideFileError(`${where}: overrides[${i}]${typeof (raw as { id?: unknown })?.id === 'string' ? ` (${(raw as { id: string }).id})` : ''}, field '${field}': ${why}`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw at('(record)', 'not an object');
    const r = raw as Record<string, unknown>;
    const str = (f: string, max?: number, nullable = false): string | null => {
      const v = r[f];
      if ((v === null || v === undefined) && nullable) return null;
      if (typeof v !== 'string' || v.trim() === '') throw at(f, 'required text');
      if (max !== undefined && v.length > max) throw at(f, `at most ${max} characters, got ${v.length}`);
      return v;
    };
    const id = str('id')!;
    if (!OVERRIDE_ID.test(id)) throw at('id', "expected 'ovr_' and 12 lowercase letters or digits");
    if (seen.has(id)) throw at('id', 'used by an earlier record: ids are unique');
    seen.add(id);
    const kind = r.kind;
    if (typeof kind !== 'string' || !(OVERRIDE_KINDS as readonly string[]).includes(kind)) throw at('kind', `one of ${OVERRIDE_KINDS.join(', ')}`);
    const target = str('target')!;
    if (target !== target.trim().toUpperCase()) throw at('target', 'a FinID or currency code in upper case');
    const date = str('date')!;
    if (tryParseDay(date) === undefined) throw at('date', 'a real date YYYY-MM-DD');
    const name = str('name', MAX_OVERRIDE_NAME, kind === 'reopen');
    const reason = str('reason', MAX_OVERRIDE_REASON)!;
    const time = (f: 'open' | 'close', takes: boolean): string | null => {
      const v = r[f];
      if (v === null || v === undefined) {
        if (takes) throw at(f, `required for ${kind}: HH:MM`);
        return null;
      }
      if (!takes) throw at(f, `${kind} takes no ${f}: null`);
      if (typeof v !== 'string' || !HH_MM.test(v)) throw at(f, 'HH:MM');
      return v;
    };
    const open = time('open', kind === 'late_open');
    const close = time('close', kind === 'early_close');
    if ((kind === 'early_close' || kind === 'late_open') && /^[A-Z]{3}$/.test(target)) throw at('kind', `${kind} applies to markets only`);
    const createdAt = r.created_at;
    if (!isUtcInstant(createdAt)) throw at('created_at', 'a UTC instant such as 2024-07-16T01:00:00Z');
    const createdBy = str('created_by')!;
    const withdrawnAt = r.withdrawn_at ?? null;
    const withdrawnBy = r.withdrawn_by ?? null;
    if (withdrawnAt !== null && !isUtcInstant(withdrawnAt)) throw at('withdrawn_at', 'null or a UTC instant');
    if ((withdrawnAt === null) !== (withdrawnBy === null)) throw at(withdrawnAt === null ? 'withdrawn_by' : 'withdrawn_at', 'withdrawn_at and withdrawn_by are both null or both set');
    if (withdrawnBy !== null && (typeof withdrawnBy !== 'string' || withdrawnBy === '')) throw at('withdrawn_by', 'null or the name of a token');
    const superseded = r.superseded ?? false;
    if (typeof superseded !== 'boolean') throw at('superseded', 'true or false');
    if (withdrawnAt === null) {
      const key = `${target}\u0000${date}`;
      const other = activeKeys.get(key);
      if (other) throw at('date', `${other} is also active for ${target} on ${date}`);
      activeKeys.set(key, id);
    }
    const record = {
      id,
      kind: kind as OverrideRecord['kind'],
      target,
      date,
      name,
      open,
      close,
      reason,
      created_at: createdAt as string,
      created_by: createdBy,
      withdrawn_at: withdrawnAt as string | null,
      withdrawn_by: withdrawnBy as string | null,
      superseded,
    };
    // Fields in record order, whatever order the file had.
    return Object.fromEntries(FIELDS.map((f) => [f, record[f]])) as unknown as OverrideRecord;
  });
}

/** Reads the file; a missing file is an empty set. */
export async function readOverrideFile(file: string): Promise<{ records: OverrideRecord[]; text: string | null }> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], text: null };
    throw new OverrideFileError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return { records: parseOverrideFile(text, file), text };
}

export function overrideFileText(records: readonly OverrideRecord[]): string {
  return `${JSON.stringify({ overrides: records }, null, 2)}\n`;
}

/** Writes the file atomically; `beforeRename` lets a test stop between the two steps (a crash). */
export async function writeOverrideFile(file: string, text: string, hooks: { beforeRename?: () => Promise<void> } = {}): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await hooks.beforeRename?.();
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
  // The rename itself is durable once the folder is flushed (not every platform allows it).
  try {
    const d = await fs.open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // best effort
  }
}
