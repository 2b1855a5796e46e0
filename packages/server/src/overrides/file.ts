/**
 * The override file (docs/overrides.md §4): `{"overrides": [record, ...]}`, written atomically (a
 * temporary file beside it, flushed, then renamed over it, then the folder flushed), so a crash
 * at any moment leaves the old file or the new one. The file may be edited by hand: one that
 * does not validate is refused whole with an error naming the record and the field.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  OVERRIDE_ID,
  isUtcInstant,
  readOverrideRequest,
  type InvalidArgumentError,
  type OverrideRecord,
  type OverrideRequest,
} from '@openbell/core';

/** ` (the id)` of a record that has a text id, for messages naming the record. */
const idOf = (raw: unknown): string => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? ` (${id})` : '';
};

export class OverrideFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OverrideFileError';
  }
}

/** The records of a file's text; throws OverrideFileError naming the file, the record and the field. */
export function parseOverrideFile(text: string, where: string): OverrideRecord[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new OverrideFileError(`${where}: not JSON (${(e as Error).message})`);
  }
  if (
    typeof doc !== 'object' ||
    doc === null ||
    Array.isArray(doc) ||
    !Array.isArray((doc as { overrides?: unknown }).overrides)
  ) {
    throw new OverrideFileError(`${where}: expected {"overrides": [...]}`);
  }
  const seen = new Set<string>();
  const activeKeys = new Map<string, string>();
  return (doc as { overrides: unknown[] }).overrides.map((raw, i) => {
    const at = (field: string, why: string) =>
      new OverrideFileError(`${where}: overrides[${i}]${idOf(raw)}, field '${field}': ${why}`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw at('(record)', 'not an object');
    const r = raw as Record<string, unknown>;
    const str = (f: string): string => {
      const v = r[f];
      if (typeof v !== 'string' || v.trim() === '') throw at(f, 'required text');
      return v;
    };
    const id = str('id');
    if (!OVERRIDE_ID.test(id)) throw at('id', "expected 'ovr_' and 12 lowercase letters or digits");
    if (seen.has(id)) throw at('id', 'used by an earlier record: ids are unique');
    seen.add(id);
    // The request's own fields by the rules of a request (docs/overrides.md §3), the first fault named.
    let request: OverrideRequest;
    try {
      request = readOverrideRequest(r);
    } catch (e) {
      const fault = (e as InvalidArgumentError).faults?.[0];
      if (!fault) throw e;
      throw at(fault.param, fault.msg);
    }
    const { kind, target, date, name, open, close, reason } = request;
    if (r.target !== target || target !== target.toUpperCase())
      throw at('target', 'a FinID or currency code in upper case');
    const createdAt = r.created_at;
    if (!isUtcInstant(createdAt)) throw at('created_at', 'a UTC instant such as 2024-07-16T01:00:00Z');
    const createdBy = str('created_by');
    const withdrawnAt = r.withdrawn_at ?? null;
    const withdrawnBy = r.withdrawn_by ?? null;
    if (withdrawnAt !== null && !isUtcInstant(withdrawnAt)) throw at('withdrawn_at', 'null or a UTC instant');
    if ((withdrawnAt === null) !== (withdrawnBy === null))
      throw at(
        withdrawnAt === null ? 'withdrawn_by' : 'withdrawn_at',
        'withdrawn_at and withdrawn_by are both null or both set',
      );
    if (withdrawnBy !== null && (typeof withdrawnBy !== 'string' || withdrawnBy === ''))
      throw at('withdrawn_by', 'null or the name of a token');
    const superseded = r.superseded ?? false;
    if (typeof superseded !== 'boolean') throw at('superseded', 'true or false');
    if (withdrawnAt === null) {
      const key = `${target}\u0000${date}`;
      const other = activeKeys.get(key);
      if (other) throw at('date', `${other} is also active for ${target} on ${date}`);
      activeKeys.set(key, id);
    }
    return {
      id,
      kind,
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
    } satisfies OverrideRecord;
  });
}

/** Reads the file; a missing file is an empty set. */
export async function readOverrideFile(file: string): Promise<{ records: OverrideRecord[]; text: string | null }> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], text: null };
    throw new OverrideFileError(
      `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  return { records: parseOverrideFile(text, file), text };
}

export function overrideFileText(records: readonly OverrideRecord[]): string {
  return `${JSON.stringify({ overrides: records }, null, 2)}\n`;
}

/** Writes the file atomically; `beforeRename` lets a test stop between the two steps (a crash). */
export async function writeOverrideFile(
  file: string,
  text: string,
  hooks: { beforeRename?: () => Promise<void> } = {},
): Promise<void> {
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
