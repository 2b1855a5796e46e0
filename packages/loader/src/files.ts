/**
 * Small files in the cache folder, written so a crash never leaves a half-written one under
 * the real name: write a temporary file beside it, then rename (atomic on one file system).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, text);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
}

/** What these files warn through: pino's logger, or anything with its `warn`. */
export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** The parsed file, or undefined when absent; a file that does not parse is warned about and skipped. */
export function readJsonFile(path: string, logger: WarnLogger, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      logger.warn({ file: path, err: (e as Error).message }, `cannot read ${what}; skipped`);
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    logger.warn({ file: path }, `${what} is corrupt or partial; skipped`);
    return undefined;
  }
}

export function ensureDir(path: string): void {
  mkdirSync(path, { recursive: true });
}

/**
 * A file name for an arbitrary string (a version, a URL): readable where it can be, and a
 * hash so two strings that sanitize alike never share a file.
 */
export function fileNameFor(value: string): string {
  const readable = value.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  const hash = createHash('sha256').update(value).digest('hex').slice(0, 12);
  return `${readable}-${hash}`;
}

/** Runs tasks one after the other (a promise chain as a lock), so writes to one file never interleave. */
export class Serial {
  private chain: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.then(task, task);
    this.chain = next.catch(() => undefined);
    return next;
  }
  /** Resolves once every task queued so far has finished. */
  idle(): Promise<void> {
    return this.chain.then(() => undefined);
  }
}
