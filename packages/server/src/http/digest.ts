/**
 * Small non-cryptographic digests of text computed in this thread (well under a microsecond,
 * where node:crypto costs an object, a native call and an encoding per request): the URL-keyed
 * ETags (conditional.ts) and the URLs seen once (repeats.ts).
 */

/** FNV-1a (32-bit) of the UTF-16 units of `s`. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** murmur3's finaliser: every bit of the input moves about half the bits of the output. */
export function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
