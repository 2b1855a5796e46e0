/**
 * `subset` patterns: `*` matches any run of characters (also none), every other character
 * stands for itself, compared case-insensitively.
 *
 * No regular expression: the pattern is split at its stars into literal segments; the first
 * must start the text, the last must end it, and the ones between are found left to right,
 * each at its first occurrence after the previous one (taking the earliest occurrence never
 * loses a match when the only wildcard is `*`). Each segment is searched once, so a match
 * costs at most one pass over the text per segment, whatever the number of stars: no
 * backtracking, no blow-up on `***…*#`.
 */
import { InvalidArgumentError } from '../errors.js';

/** Longest `subset` accepted; a FinID is far shorter than this. */
export const MAX_PATTERN_LENGTH = 256;

export type GlobMatcher = (text: string) => boolean;

/** Compiles a `*` pattern; throws InvalidArgumentError naming `param` when it is too long. */
export function compileGlob(pattern: string, param = 'subset'): GlobMatcher {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw InvalidArgumentError.one(
      param,
      `The pattern is ${pattern.length} characters long; at most ${MAX_PATTERN_LENGTH} are accepted`,
      'string_too_long',
    );
  }
  const parts = pattern.toLowerCase().split('*');
  if (parts.length === 1) {
    const exact = parts[0]!;
    return (text) => text.length === exact.length && text.toLowerCase() === exact;
  }
  const head = parts[0]!;
  const tail = parts[parts.length - 1]!;
  // Segments between stars; empty ones (from `**`) match anywhere and are dropped.
  const middle = parts.slice(1, -1).filter((p) => p.length > 0);
  const minLength = head.length + tail.length + middle.reduce((n, p) => n + p.length, 0);
  return (text) => {
    if (text.length < minLength) return false;
    const t = text.toLowerCase();
    if (!t.startsWith(head)) return false;
    const end = t.length - tail.length;
    if (!t.endsWith(tail)) return false;
    let at = head.length;
    for (const seg of middle) {
      const found = t.indexOf(seg, at);
      if (found === -1 || found + seg.length > end) return false;
      at = found + seg.length;
    }
    return at <= end;
  };
}

/** Whether `text` matches `pattern` (see compileGlob). */
export function matchGlob(pattern: string, text: string): boolean {
  return compileGlob(pattern)(text);
}
