/**
 * `openbell diff OLD NEW` (the change set between two archives, computed here by core's
 * `diff`) and `openbell changes` (the change sets a server kept: asked of a running server
 * with `--server`, else read from the cache folder a server on this machine writes).
 */
import { join } from 'node:path';
import type { ChangeSet } from '@openbell/core';
import { scrubSecrets } from '@openbell/core/secrets';
import type { Logger } from 'pino';
import type { Settings } from '../config.js';
import { loadForQuery } from '../data.js';
import { UserError } from '../errors.js';
import { outputFor } from '../format.js';
import { changeSetText, versionsText } from './change-text.js';

/** Loads one archive (path or URL) as `--data` would, quietly. */
function loadArchive(settings: Settings, ref: string) {
  return loadForQuery({ ...settings, data: ref }, true);
}

/**
 * The change set from OLD to NEW as the server would log it on that swap, `loaded_at` being
 * now (it decides which holidays are soon). Identical tables make no change set on a server;
 * here they print an empty one, so a script always reads the same shape.
 */
export async function diffArchives(
  settings: Settings,
  oldRef: string,
  newRef: string,
  now: number = Date.now(),
): Promise<ChangeSet> {
  const { diff } = await import('@openbell/core');
  // One after the other: two downloads at once would share one progress line.
  const before = await loadArchive(settings, oldRef);
  const after = await loadArchive(settings, newRef);
  const options = { loadedAt: now, fromVersion: before.meta.version, toVersion: after.meta.version };
  return (
    diff(before.dataset, after.dataset, options) ?? {
      from_version: options.fromVersion,
      to_version: options.toVersion,
      loaded_at: new Date(now).toISOString(),
      summary: { soon: 0 },
      changes: [],
    }
  );
}

/** A side of a diff as typed: a URL without its credentials (a token in its query), else the path. */
function sideName(ref: string): string {
  try {
    const u = new URL(ref);
    if (u.protocol === 'http:' || u.protocol === 'https:') {
      u.username = '';
      u.password = '';
      return scrubSecrets(u.toString());
    }
  } catch {
    // Not a URL: a path.
  }
  return ref;
}

export async function diffCommand(settings: Settings, oldRef: string, newRef: string, json: boolean): Promise<void> {
  const cs = await diffArchives(settings, oldRef, newRef);
  process.stdout.write(
    json
      ? `${JSON.stringify(cs, null, 2)}\n`
      : `${changeSetText(cs, outputFor(), { from: sideName(oldRef), to: sideName(newRef) })}\n`,
  );
}

export interface ChangesOptions {
  since?: string | undefined;
  markets?: string | undefined;
  currencies?: string | undefined;
  server?: string | undefined;
}

/** `GET <server>/changes?…`; an error answer becomes its detail. */
async function askServer(server: string, o: ChangesOptions): Promise<{ versions: ChangeSet[] }> {
  let url: URL;
  try {
    url = new URL(`${server.replace(/\/+$/, '')}/changes`);
  } catch {
    throw new UserError(`--server: '${server}' is not a URL (expected e.g. http://127.0.0.1:8000)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UserError(`--server: expected an http:// or https:// URL, got ${url.protocol}//`);
  for (const k of ['since', 'markets', 'currencies'] as const) if (o[k] !== undefined) url.searchParams.set(k, o[k]!);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new UserError(`cannot reach ${url.origin}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  const body = (await res.json().catch(() => undefined)) as { detail?: unknown; versions?: unknown } | undefined;
  if (!res.ok) {
    const detail = typeof body?.detail === 'string' ? body.detail : `HTTP ${res.status}`;
    // A 5xx is the server's fault, still nothing this command could do better: one line, exit 1.
    throw new UserError(`${url.origin}: ${detail}`);
  }
  if (!body || !Array.isArray(body.versions))
    throw new UserError(`${url.origin}/changes did not answer a change list (is it an openbell server?)`);
  return body as { versions: ChangeSet[] };
}

/** Warnings of the change log files on stderr, one line each; nothing else is logged. */
function stderrLogger(): Logger {
  const quiet = () => undefined;
  const warn = (obj: unknown, msg?: string) => {
    const file = (obj as { file?: string })?.file;
    process.stderr.write(`openbell: ${msg ?? String(obj)}${file ? ` (${file})` : ''}\n`);
  };
  return { warn, error: warn, info: quiet, debug: quiet, trace: quiet, fatal: warn } as unknown as Logger;
}

/**
 * The change log a server writes in `<cache>/changes`, read without writing. A MIC in
 * `markets` is resolved through the configured data, as the server resolves it through the
 * data it serves; FinIDs need no data.
 */
async function readCache(settings: Settings, o: ChangesOptions): Promise<{ versions: ChangeSet[] }> {
  const [{ ChangeLog, defaultCacheDir }, { queryChanges }] = await Promise.all([
    import('@openbell/loader'),
    import('@openbell/catalog'),
  ]);
  const dir = join(settings.cacheDir ?? defaultCacheDir(), 'changes');
  const log = new ChangeLog({ dir, keep: settings.keepChanges, writes: false, logger: stderrLogger() });
  const mics = (o.markets ?? '').split(',').some((m) => m.trim() !== '' && !m.includes('.'));
  const dataset = mics ? (await loadForQuery(settings, true)).dataset : undefined;
  try {
    return queryChanges(log, dataset, { since: o.since, markets: o.markets, currencies: o.currencies });
  } catch (e) {
    // An unknown or dropped version is the user's to mend (404 and 410 over HTTP).
    const code = (e as { code?: unknown }).code;
    if (code === 'not_found' || code === 'gone') throw new UserError((e as Error).message);
    throw e;
  }
}

export async function changesCommand(settings: Settings, o: ChangesOptions, json: boolean): Promise<void> {
  const body = o.server ? await askServer(o.server, o) : await readCache(settings, o);
  if (json) {
    process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    return;
  }
  const none = o.since
    ? `no change set after version ${o.since}`
    : o.server
      ? 'no change set yet: the server has not swapped versions'
      : 'no change set kept in the cache folder';
  process.stdout.write(`${versionsText(body, outputFor(), none)}\n`);
}
