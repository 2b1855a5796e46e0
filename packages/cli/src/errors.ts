/**
 * Exit codes: 0 success, 1 a fault of the request or the environment the user can fix
 * (bad option, unknown market, unreadable data, refused token), 2 a fault of ours.
 */
export const EXIT_USER = 1;
export const EXIT_INTERNAL = 2;

/** A problem the user can fix; the message is one line naming the fault. */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** Loader error codes that describe the data, the network or the configuration, not a bug. */
const USER_LOADER_CODES = new Set([
  'archive_invalid',
  'data_invalid',
  'too_large',
  'unauthorized',
  'forbidden',
  'http',
  'network',
  'timeout',
  'not_found',
  'io',
  'config_invalid',
]);

export function isUserFault(err: unknown): boolean {
  if (err instanceof UserError) return true;
  const e = err as { name?: unknown; code?: unknown };
  // Core's DataError names the bad row of the data (file and line): not a bug of ours.
  if (e?.name === 'DataError' && e.code === 'data_error') return true;
  return e?.name === 'LoaderError' && typeof e.code === 'string' && USER_LOADER_CODES.has(e.code);
}

/** One line for stderr: the message only, first line, for user faults (core's `messageLine`). */
export { messageLine as oneLine } from '@openbell/core';

/** A 409's text naming its candidates once: appended only when the text does not name them all already. */
export function withCandidates(text: string, candidates: unknown): string {
  if (!Array.isArray(candidates) || candidates.length === 0 || candidates.every((c) => text.includes(String(c))))
    return text;
  return `${text} (candidates: ${candidates.join(', ')})`;
}
