/**
 * The publisher's bearer tokens from configuration: a token file (re-read when it changes, so
 * tokens rotate without a restart) and/or the OPENBELL_PUBLISH_TOKENS environment variable.
 */
import { readFileSync, statSync } from 'node:fs';

export const PUBLISH_TOKENS_ENV = 'OPENBELL_PUBLISH_TOKENS';
export const PUBLISH_TOKENS_FILE_ENV = 'OPENBELL_PUBLISH_TOKENS_FILE';

/** Tokens from a file's text: one per line, blank lines and `#` comment lines ignored. */
export function parseTokenFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'));
}

export interface PublisherTokenSources {
  /** A token file (one per line, `#` comments). Default: $OPENBELL_PUBLISH_TOKENS_FILE. */
  file?: string | undefined;
  /** Where OPENBELL_PUBLISH_TOKENS (comma-separated) and _FILE are read. Default process.env. */
  env?: NodeJS.ProcessEnv | undefined;
}

/**
 * The publisher's tokens from configuration: a file and/or the comma-separated
 * OPENBELL_PUBLISH_TOKENS. Returns a function for PublisherOptions.tokens that re-reads the
 * file when it changes (rotation without restart; an unreadable file keeps the last tokens).
 * Throws, naming the settings but never a token, when nothing is configured or found.
 */
export function publisherTokensFrom(sources: PublisherTokenSources = {}): () => readonly string[] {
  const env = sources.env ?? process.env;
  const file = sources.file ?? (env[PUBLISH_TOKENS_FILE_ENV] || undefined);
  const fromEnv = (env[PUBLISH_TOKENS_ENV] ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  if (!file) {
    if (fromEnv.length === 0) {
      throw new Error(`publish: no bearer tokens configured (set ${PUBLISH_TOKENS_ENV} or ${PUBLISH_TOKENS_FILE_ENV})`);
    }
    const fixed = Object.freeze(fromEnv);
    return () => fixed;
  }
  let key = '';
  let tokens: readonly string[] = [];
  const refresh = (): readonly string[] => {
    try {
      const s = statSync(file);
      const k = `${s.ino}:${s.size}:${s.mtimeMs}`;
      if (k !== key) {
        const list = [...fromEnv, ...parseTokenFile(readFileSync(file, 'utf8'))];
        key = k;
        tokens = Object.freeze(list);
      }
    } catch {
      // Keep the last good list; the first read below reports the problem.
    }
    return tokens;
  };
  try {
    statSync(file);
  } catch (err) {
    throw new Error(`publish: cannot read the token file ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (refresh().length === 0) {
    throw new Error(`publish: no bearer tokens in ${file}${fromEnv.length === 0 ? ` or ${PUBLISH_TOKENS_ENV}` : ''}`);
  }
  return refresh;
}
