/**
 * Admin tokens (docs/overrides.md §3): `NAME=SECRET` pairs. The name is what records keep as
 * `created_by` / `withdrawn_by`; the secret is compared in constant time and never leaves this
 * module (a token's `toJSON` and `toString` show its name only).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface AdminToken {
  readonly name: string;
  /** SHA-256 of the secret: every digest has the same length, so comparing them leaks nothing of the length. */
  readonly digest: Buffer;
}

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/**
 * `NAME=SECRET` (repeatable flag, or comma-separated in OPENBELL_ADMIN_TOKENS); throws naming the entry without its
 * secret.
 */
export function parseAdminTokens(entries: readonly string[]): AdminToken[] {
  const out: AdminToken[] = [];
  const names = new Set<string>();
  entries.forEach((raw, i) => {
    const entry = raw.trim();
    if (entry === '') return;
    const eq = entry.indexOf('=');
    const name = eq === -1 ? '' : entry.slice(0, eq).trim();
    const secret = eq === -1 ? '' : entry.slice(eq + 1);
    if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(name) || secret.length < 8) {
      throw new Error(
        `admin token #${i + 1} must be NAME=SECRET with a name of letters, digits, '_', '.', '@' or '-' and a secret ` +
          `of 8 characters or more${name && /^[A-Za-z0-9_.@-]{1,64}$/.test(name) ? ` (token '${name}')` : ''}`,
      );
    }
    if (names.has(name)) throw new Error(`admin token '${name}' is given twice`);
    names.add(name);
    out.push({ name, digest: digest(secret) });
  });
  return out;
}

/** The name of the token whose secret is `presented`, or null; every token is compared, whatever matches. */
export function tokenName(tokens: readonly AdminToken[], presented: string): string | null {
  const d = digest(presented);
  let found: string | null = null;
  for (const t of tokens) if (timingSafeEqual(t.digest, d) && found === null) found = t.name;
  return found;
}

/** The secret of an `Authorization: Bearer …` header, or null. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return m ? m[1]! : null;
}
