/**
 * A built Dataset as bytes, for data known at build time (the CLI's bundled sample): building
 * the indexes of every market costs more at start than answering the one market a command asks
 * about. The bytes are the very structures `Dataset.create` builds, so a thawed Dataset answers
 * and warns exactly as a built one; each entry of the index's per-market (and per-currency,
 * per-calendar) maps is decoded the first time it is asked for.
 *
 * Core has no serializer of its own: the caller passes one that keeps the identity of objects
 * within one value (the structured clone of `node:v8`). Class instances do not survive such a
 * clone, so a Zone is stored as its identifier and an index holding any other kind of object
 * (a DataError of a bad row, …) is not frozen at all: the caller builds it as usual.
 */
import { buildIndex, type DatasetIndex } from './build.js';
import type { DatasetOptions, Plan, Tables } from '../types.js';
import { Zone, ZoneRegistry } from '../time/zone.js';

export type Encode = (value: unknown) => Uint8Array;
export type Decode = (bytes: Uint8Array) => unknown;

/** Bumped whenever what a frozen dataset holds changes shape. */
const FROZEN_FORMAT = 2;

export interface FrozenDataset {
  format: number;
  plan: Plan | null;
  /** The year given to the build, or null when the index is the same whatever the year. */
  coverageEndYear: number | null;
  /** The index without its lazy maps, and the objects shared between their entries. */
  global: Uint8Array;
  /** Per lazy map of the index (by field name): its keys in order, each with its entry's bytes. */
  lazy: Record<string, Array<[string, Uint8Array]>>;
}

/** Where a value that is not stored in a piece goes back when the piece is decoded. */
type Slot = [holder: object, key: unknown, zone: string | null, shared: number];
interface Piece {
  root: unknown;
  slots: Slot[];
}

/** The options a frozen index depends on; any other would make `thawDataset` refuse it. */
const KNOWN_OPTIONS = new Set(['plan', 'coverageEndYearWithoutHolidays', 'clock']);

const LEAF_PROTOTYPES = new Set<unknown>([Date.prototype]);

/** Own data properties that a structured clone gives back as they are, or undefined. */
function childrenOf(o: object): Array<[unknown, unknown]> | undefined {
  if (o instanceof Map) {
    if (Object.getPrototypeOf(o) !== Map.prototype) return undefined;
    const out: Array<[unknown, unknown]> = [];
    for (const [k, v] of o) {
      if (typeof k === 'object' && k !== null) return undefined;
      out.push([k, v]);
    }
    return out;
  }
  if (o instanceof Set) {
    if (Object.getPrototypeOf(o) !== Set.prototype) return undefined;
    for (const v of o) if (typeof v === 'object' && v !== null) return undefined;
    return [];
  }
  if (ArrayBuffer.isView(o)) return o instanceof DataView ? undefined : [];
  const proto = Object.getPrototypeOf(o);
  if (LEAF_PROTOTYPES.has(proto)) return [];
  if (proto !== Object.prototype && proto !== Array.prototype) return undefined;
  if (Object.getOwnPropertySymbols(o).length) return undefined;
  const out: Array<[unknown, unknown]> = [];
  for (const k of Object.getOwnPropertyNames(o)) {
    if (Array.isArray(o) && k === 'length') continue;
    const d = Object.getOwnPropertyDescriptor(o, k)!;
    if (!('value' in d) || !d.enumerable) return undefined;
    out.push([k, d.value]);
  }
  return out;
}

class Unfreezable extends Error {}

function isClonablePrimitive(v: unknown): boolean {
  return typeof v !== 'function' && typeof v !== 'symbol';
}

/**
 * Visits every object under `root` once (Zones are leaves), not going below one for which
 * `visit` answers false; throws Unfreezable at anything a clone would not give back as it is.
 */
function walk(root: unknown, visit: (o: object, holder: object | null, key: unknown) => boolean): void {
  const seen = new Set<object>();
  const stack: Array<[unknown, object | null, unknown]> = [[root, null, undefined]];
  while (stack.length) {
    const [v, holder, key] = stack.pop()!;
    if (typeof v !== 'object' || v === null) {
      if (!isClonablePrimitive(v)) throw new Unfreezable();
      continue;
    }
    if (!visit(v, holder, key) || seen.has(v)) continue;
    seen.add(v);
    if (v instanceof Zone) continue;
    const children = childrenOf(v);
    if (!children) throw new Unfreezable();
    for (const [k, c] of children) stack.push([c, v, k]);
  }
}

function setSlot(holder: object, key: unknown, value: unknown): void {
  if (holder instanceof Map) holder.set(key, value);
  else (holder as Record<string, unknown>)[key as string] = value;
}

function getSlot(holder: object, key: unknown): unknown {
  return holder instanceof Map ? holder.get(key) : (holder as Record<string, unknown>)[key as string];
}

/** The maps of the index worth decoding one entry at a time: keyed by strings, holding objects. */
function lazyFields(index: DatasetIndex): string[] {
  return Object.entries(index)
    .filter(
      ([, v]) =>
        v instanceof Map &&
        Object.getPrototypeOf(v) === Map.prototype &&
        [...v].every(([k, e]) => typeof k === 'string' && typeof e === 'object' && e !== null),
    )
    .map(([k]) => k);
}

function freezeIndex(index: DatasetIndex, encode: Encode): Omit<FrozenDataset, 'format' | 'plan' | 'coverageEndYear'> {
  const fields = lazyFields(index);
  const globalRoot: Record<string, unknown> = { ...index };
  for (const f of fields) globalRoot[f] = null;
  // The build's year is an option a thaw is given again; kept, it would tell two years apart
  // where the index is otherwise the same.
  delete globalRoot.fallbackEndYear;
  const entries: Array<[string, string, object]> = [];
  for (const f of fields)
    for (const [k, e] of index[f as keyof DatasetIndex] as Map<string, object>) entries.push([f, k, e]);

  // Objects reached from the global part or from two entries are stored once, with the global
  // part, and an entry refers to them: decoded apart, they would become copies.
  const owner = new Map<object, number>();
  const shared = new Set<object>();
  const own = (id: number) => (o: object) => {
    if (o instanceof Zone) return false;
    const was = owner.get(o);
    if (was === undefined) owner.set(o, id);
    else if (was !== id) shared.add(o);
    return true;
  };
  walk(globalRoot, own(-1));
  entries.forEach(([, , e], i) => walk(e, own(i)));
  const sharedList = [...shared];
  const sharedIndex = new Map(sharedList.map((o, i) => [o, i]));

  /** The piece's bytes, with Zones (and, for an entry, shared objects) left out as slots. */
  const piece = (root: unknown, isEntry: boolean): Uint8Array => {
    const slots: Slot[] = [];
    if (isEntry && sharedIndex.has(root as object))
      return encode({ root: null, slots: [], rootShared: sharedIndex.get(root as object) });
    walk(root, (o, holder, key) => {
      if (holder === null) return true;
      if (o instanceof Zone) slots.push([holder, key, o.id, -1]);
      else if (isEntry && sharedIndex.has(o)) slots.push([holder, key, null, sharedIndex.get(o)!]);
      else return true;
      return false;
    });
    const saved = slots.map(([h, k]) => getSlot(h, k));
    for (const [h, k] of slots) setSlot(h, k, null);
    try {
      return encode({ root, slots } satisfies Piece);
    } finally {
      slots.forEach(([h, k], i) => setSlot(h, k, saved[i]));
    }
  };

  const lazy: FrozenDataset['lazy'] = {};
  for (const f of fields) lazy[f] = [];
  for (const [f, k, e] of entries) lazy[f]!.push([k, piece(e, true)]);
  return { global: piece({ index: globalRoot, shared: sharedList }, false), lazy };
}

function sameBytes(a: FrozenDataset, b: FrozenDataset): boolean {
  const eq = (x: Uint8Array, y: Uint8Array) => x.length === y.length && x.every((v, i) => v === y[i]);
  if (!eq(a.global, b.global)) return false;
  const ka = Object.keys(a.lazy);
  if (ka.length !== Object.keys(b.lazy).length) return false;
  return ka.every((f) => {
    const x = a.lazy[f]!;
    const y = b.lazy[f];
    return (
      y !== undefined && x.length === y.length && x.every(([k, bytes], i) => k === y[i]![0] && eq(bytes, y[i]![1]))
    );
  });
}

/**
 * The Dataset `Dataset.create(tables, options)` builds, as bytes; undefined when its index
 * holds something the serializer cannot give back as it is. Only `plan` and
 * `coverageEndYearWithoutHolidays` shape the index: a thawed dataset must be given the same
 * ones, save the year when the index turns out the same for another (all markets and
 * currencies have holidays).
 */
export function freezeDataset(tables: Tables, options: DatasetOptions, encode: Encode): FrozenDataset | undefined {
  const year = options.coverageEndYearWithoutHolidays;
  if (year === undefined) return undefined;
  try {
    const frozen: FrozenDataset = {
      format: FROZEN_FORMAT,
      plan: options.plan ?? null,
      coverageEndYear: year,
      ...freezeIndex(buildIndex(tables, options), encode),
    };
    const other = freezeIndex(buildIndex(tables, { ...options, coverageEndYearWithoutHolidays: year + 1000 }), encode);
    if (sameBytes(frozen, { ...frozen, ...other })) frozen.coverageEndYear = null;
    return frozen;
  } catch (e) {
    if (e instanceof Unfreezable) return undefined;
    throw e;
  }
}

/**
 * A Map whose entries stay bytes until they are first read. Every way of reading one decodes
 * it, so to its users it is the map that was frozen.
 */
class LazyMap<V> extends Map<string, V> {
  private pending: Map<string, Uint8Array> | null;
  /** Every key, in the frozen map's order (which iteration keeps). */
  private readonly order: string[];

  constructor(
    entries: Array<[string, Uint8Array]>,
    private readonly thaw: (bytes: Uint8Array) => V,
  ) {
    super();
    this.pending = new Map(entries);
    this.order = entries.map(([k]) => k);
  }

  override get(key: string): V | undefined {
    const bytes = this.pending?.get(key);
    if (bytes !== undefined) {
      this.pending!.delete(key);
      super.set(key, this.thaw(bytes));
    }
    return super.get(key);
  }
  override has(key: string): boolean {
    return super.has(key) || (this.pending?.has(key) ?? false);
  }
  override get size(): number {
    return super.size + (this.pending?.size ?? 0);
  }
  /** Decodes what is left and puts the entries back in their first order. */
  private all(): void {
    if (this.pending === null) return;
    const values = this.order.filter((k) => this.has(k)).map((k) => [k, this.get(k)!] as const);
    this.pending = null;
    super.clear();
    for (const [k, v] of values) super.set(k, v);
  }
  override set(key: string, value: V): this {
    this.all();
    return super.set(key, value);
  }
  override delete(key: string): boolean {
    this.all();
    return super.delete(key);
  }
  override clear(): void {
    this.all();
    super.clear();
  }
  override forEach(fn: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    this.all();
    super.forEach(fn, thisArg);
  }
  override keys(): MapIterator<string> {
    this.all();
    return super.keys();
  }
  override values(): MapIterator<V> {
    this.all();
    return super.values();
  }
  override entries(): MapIterator<[string, V]> {
    this.all();
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}

/**
 * The index of the Dataset frozen by `freezeDataset`, or undefined when `options` would build
 * another index than the frozen one (then build it from the tables). `thawDataset` (datasets.ts)
 * makes the Dataset over it.
 */
export function thawIndex(frozen: FrozenDataset, options: DatasetOptions, decode: Decode): DatasetIndex | undefined {
  if (frozen.format !== FROZEN_FORMAT) return undefined;
  if (Object.keys(options).some((k) => !KNOWN_OPTIONS.has(k) && (options as Record<string, unknown>)[k] !== undefined))
    return undefined;
  if ((options.plan ?? null) !== frozen.plan) return undefined;
  if (frozen.coverageEndYear !== null && options.coverageEndYearWithoutHolidays !== frozen.coverageEndYear)
    return undefined;
  const zones = new ZoneRegistry();
  const fill = ({ root, slots }: Piece, shared: readonly object[]): unknown => {
    for (const [holder, key, zone, ref] of slots) setSlot(holder, key, zone !== null ? zones.get(zone) : shared[ref]);
    return root;
  };
  const { index, shared } = fill(decode(frozen.global) as Piece, []) as {
    index: Record<string, unknown>;
    shared: object[];
  };
  for (const [field, entries] of Object.entries(frozen.lazy)) {
    index[field] = new LazyMap(entries, (bytes) => {
      const p = decode(bytes) as Piece & { rootShared?: number };
      return p.rootShared !== undefined ? shared[p.rootShared] : fill(p, shared);
    });
  }
  if (options.coverageEndYearWithoutHolidays !== undefined)
    index.fallbackEndYear = options.coverageEndYearWithoutHolidays;
  return index as unknown as DatasetIndex;
}
