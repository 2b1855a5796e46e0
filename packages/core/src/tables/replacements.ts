/**
 * Walking `replaced_by` (docs/semantics.md §1): to the end of a chain, stopping on a loop or a
 * target that is not in the data, never hanging. Used when building (to warn) and when looking
 * a market up (to answer or refuse).
 */
export type ReplacementWalk<T> =
  | { kind: 'end'; entry: T }
  | { kind: 'loop'; path: string[]; target: string }
  | { kind: 'missing'; from: string; target: string };

export function walkReplacements<T>(
  start: T,
  idOf: (e: T) => string,
  replacedBy: (e: T) => string | null,
  get: (id: string) => T | undefined,
): ReplacementWalk<T> {
  const seen = new Set<string>();
  let cur = start;
  for (;;) {
    const target = replacedBy(cur);
    if (target === null) return { kind: 'end', entry: cur };
    seen.add(idOf(cur));
    if (seen.has(target)) return { kind: 'loop', path: [...seen], target };
    const next = get(target);
    if (next === undefined) return { kind: 'missing', from: idOf(cur), target };
    cur = next;
  }
}
