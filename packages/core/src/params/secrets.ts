/**
 * The one secret scrubber: text fit for messages, logs and /info, with credentials taken out.
 * Every package that shows a URL or an error message it did not write goes through here, so
 * the list of secret names is kept in one place.
 */

/** Query parameters that carry credentials (tokens, API keys, presigned signatures), any case. */
export const SECRET_QUERY_PARAMS: readonly string[] = [
  'token',
  'api_key',
  'apikey',
  'access_token',
  'key',
  'signature',
  'x-amz-signature',
];

const SECRET_PARAM_RE = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&\\s"']*`, 'gi');
const USERINFO_RE = /\/\/[^/@\s]+@/g;
const MAYBE_SECRET_RE = /bearer|token|key|signature/i;
const BEARER_RE = /(bearer\s+)[^\s"',;]+/gi;

/**
 * Removes what looks like a credential from free text: `user:password@` in URLs, bearer
 * tokens, and the values of secret query parameters (`?token=[redacted]`).
 */
export function scrubSecrets(text: string): string {
  // Every secret parameter's name holds one of these words: most text (every URL a server is
  // asked) has none and is answered as it is after one look.
  if (!text.includes('@') && !MAYBE_SECRET_RE.test(text)) return text;
  let out = text;
  if (out.includes('@')) out = out.replace(USERINFO_RE, '//');
  if (/bearer/i.test(out)) out = out.replace(BEARER_RE, '$1[redacted]');
  if (out.includes('=')) out = out.replace(SECRET_PARAM_RE, '$1[redacted]');
  return out;
}

/**
 * A URL fit for messages and logs: no credentials, and the whole query (it may hold a
 * presigned signature under any name) hidden.
 */
export function redactUrl(url: string | URL): string {
  let u: URL;
  try {
    u = new URL(String(url));
  } catch {
    return '(invalid URL)';
  }
  u.username = '';
  u.password = '';
  const hasQuery = u.search.length > 1;
  u.search = '';
  u.hash = '';
  return hasQuery ? `${u.toString()}?[redacted]` : u.toString();
}
