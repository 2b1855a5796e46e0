/**
 * The Dataset: indexed tables plus every query of the engine, as the library offers them. Its
 * query methods are not written here: each is derived from its declaration in queries/
 * (the same one the catalogue builds its REST operation from), which says which parser reads
 * which argument and in which order. What stays here is the dataset's own life (building,
 * overrides, versions) and the byte and piece forms of a few queries, read with the same
 * declarations. Each rule lives once, in queries/ and rules/; each reading of text once, in params/.
 */
import { buildIndex, buildIndexSteps, type DatasetIndex } from './tables/build.js';
import type { EpochMs } from './time/dates.js';
import { InvalidArgumentError, type DataWarning } from './errors.js';
import { copyBytes } from './wire/byte-writer.js';
import type { JsonPieceOptions } from './wire/json.js';
import { Faults, normalizeMarketIdentifier } from './params/params.js';
import { readArguments, readInstantArgument, type Query, type QueryMethods } from './interface.js';
import type { MarketEntry } from './tables/model.js';
import {
  bulkIdentifiers,
  type BellEventPlan,
  type PlanOptions,
  type StatusMany,
  type StatusManyRequest,
} from './rules/many.js';
import { ParsedQueries, QUERIES, barOptionsOf } from './queries/index.js';
import {
  isSuperseded,
  makeOverride,
  readOverrideRequest,
  refusedRecord,
  vendorIndex,
  type MakeOverride,
  type OverrideRecord,
} from './versions/override-records.js';
import { overlayIndex } from './versions/overrides.js';
import { shareUnchanged, shareUnchangedSteps } from './versions/sharing.js';
import type {
  BarOptions,
  DatasetCounts,
  DatasetOptions,
  DuplicateHoliday,
  MarketDay,
  Phase,
  Plan,
  Tables,
} from './types.js';

/** An instant given to the library: epoch milliseconds, a Date, or an ISO 8601 string with an offset. */
export type InstantInput = number | Date | string;

/** The methods of the declared queries (queries/), which the loop below the class gives every Dataset. */
export interface Dataset extends QueryMethods {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Dataset {
  private readonly index: DatasetIndex;
  private readonly clock: (() => number) | undefined;
  /**
   * The same queries over parsed values (queries/): what the catalogue calls with the values
   * its parameters yield, and what every method here calls once it has read its arguments.
   */
  readonly parsed: ParsedQueries;

  private constructor(index: DatasetIndex, clock?: () => number) {
    this.clock = clock;
    this.index = index;
    this.parsed = new ParsedQueries(index);
  }

  /** Builds the indexes. Throws DataError for data that would make answers wrong. */
  static create(tables: Tables, options?: DatasetOptions): Dataset {
    return new Dataset(buildIndex(tables, options), options?.clock);
  }

  /**
   * A Dataset over an index built earlier (datasets.ts thaws one from the bytes of tables/frozen.ts). Internal: the index
   * must be what `buildIndex` made for the same options.
   * @internal
   */
  static fromIndex(index: DatasetIndex, clock?: () => number): Dataset {
    return new Dataset(index, clock);
  }

  /**
   * The same build as `create`, as a generator that pauses every few thousand rows: drive it
   * with `next()` and resume from a later turn of the event loop to keep each stall short
   * (the loader does, when swapping data in a running server). Returns the Dataset.
   */
  static *createSteps(tables: Tables, options?: DatasetOptions): Generator<void, Dataset, void> {
    return new Dataset(yield* buildIndexSteps(tables, options), options?.clock);
  }

  /**
   * The index of a dataset, for passes over every market at once that live in modules of
   * their own (datasets.ts hands it to versions/diff.ts). Static, so the query surface
   * (CalendarQueries) does not grow.
   * @internal
   */
  static indexOf(dataset: Dataset): DatasetIndex {
    return dataset.index;
  }

  // ---- overrides (versions/) ----

  /**
   * The vendor's tables of this dataset with `records` applied (the active ones), in place of
   * whatever overrides this one applies. Markets and currencies without an override are shared.
   */
  withOverrides(records: readonly OverrideRecord[]): Dataset {
    return new Dataset(overlayIndex(this.index, records), this.clock);
  }

  /**
   * This dataset with the markets and currencies whose rows are the same as `previous`'s taken
   * from `previous` (shared, with what was computed for them): for keeping versions side by side.
   */
  sharingWith(previous: Dataset): Dataset {
    const index = shareUnchanged(previous.index, this.index);
    return index === this.index ? this : new Dataset(index, this.clock);
  }

  /** `sharingWith` as a generator that pauses every few markets (drive it with `next()`). */
  *sharingWithSteps(previous: Dataset): Generator<void, Dataset, void> {
    const index = yield* shareUnchangedSteps(previous.index, this.index);
    return index === this.index ? this : new Dataset(index, this.clock);
  }

  /** The active overrides this dataset applies (none for the vendor's own). */
  get overrides(): readonly OverrideRecord[] {
    return this.index.applied ?? [];
  }

  /** This dataset without its overrides: the vendor's tables. */
  get vendor(): Dataset {
    if (!this.index.vendor) return this;
    return (this.vendorDataset ??= new Dataset(this.index.vendor, this.clock));
  }
  private vendorDataset: Dataset | undefined;

  /**
   * A request's record when it may be applied to this dataset (docs/overrides.md §3): the body's
   * fields read (all faults together), then checked against the tables, this dataset's
   * overrides included. Throws InvalidArgumentError, NotFoundError, AmbiguousMicError,
   * OutOfCoverageError or ConflictError.
   */
  makeOverride(body: Record<string, unknown>, make: MakeOverride): OverrideRecord {
    return makeOverride(this.index, this.parsed, readOverrideRequest(body), make);
  }

  /**
   * The first active record of `records` these tables refuse, `[index, field, why]`, or null
   * (versions/override-records.ts `refusedRecord`).
   */
  refusedOverride(records: readonly OverrideRecord[]): [number, 'target' | 'date', string] | null {
    return refusedRecord(this.index, records);
  }

  /** Whether the vendor's tables already say what `record` says (docs/overrides.md §1). */
  isSuperseded(record: OverrideRecord): boolean {
    return isSuperseded(vendorIndex(this.index), record);
  }

  get plan(): Plan {
    return this.index.plan;
  }
  get warnings(): readonly DataWarning[] {
    return this.index.warnings;
  }
  get counts(): DatasetCounts {
    return this.index.counts;
  }

  // ---- the declared queries (queries/), one method each (derived below the class), and their byte forms ----

  /** A market query's identifier and range, read with the declaration of `q` (queries/): every fault at once. */
  private range(q: Query<typeof QUERIES.listDays.params>, identifier: string, start: string, end: string) {
    const a = readArguments(q, [identifier, start, end]);
    return [a.identifier, a.start, a.end] as const;
  }

  /** The arguments of the bar queries' byte forms, read with the declaration of `bars`. */
  private barArgs(identifier: string, start: string, end: string, options: BarOptions) {
    const a = readArguments(QUERIES.bars, [identifier, start, end, options]);
    return [a.identifier, a.start, a.end, barOptionsOf(a)] as const;
  }

  /** The present for a query whose instant was left out: the dataset's clock (datasets from the loader have one). */
  private readonly now = (): EpochMs => {
    if (!this.clock)
      throw InvalidArgumentError.one(
        'instant',
        'Give an instant: this dataset has no clock (datasets from the loader use the current time)',
        'missing',
      );
    return this.clock();
  };

  /**
   * The dates of a market or currency with two or more holiday rows in `start`..`end`, each with
   * the file and line of every row (ParsedQueries.duplicateHolidays).
   */
  duplicateHolidays(kind: 'market' | 'currency', key: string, start: string, end: string): DuplicateHoliday[] {
    if (kind === 'market')
      return this.parsed.duplicateHolidays(kind, ...this.range(QUERIES.listHolidays, key, start, end));
    const a = readArguments(QUERIES.listCurrencyHolidays, [key, start, end]);
    return this.parsed.duplicateHolidays(kind, a.code, a.start, a.end);
  }

  /** `generatePhases` in pieces of about `chunkDays` days of starts each; arguments are checked now. */
  phaseChunks(identifier: string, start: string, end: string, chunkDays = 92): Iterable<Phase[]> {
    return this.parsed.phaseChunks(...this.range(QUERIES.generatePhases, identifier, start, end), chunkDays);
  }

  /** `listDays` in pieces of `chunkDays` days. */
  dayChunks(identifier: string, start: string, end: string, chunkDays = 92): Iterable<MarketDay[]> {
    return this.parsed.dayChunks(...this.range(QUERIES.listDays, identifier, start, end), chunkDays);
  }

  /**
   * The JSON of `generatePhases` as UTF-8 bytes, in pieces whose concatenation equals
   * `JSON.stringify(generatePhases(…))` byte for byte. Arguments are checked now, before the first piece.
   */
  phaseJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    return this.parsed.phaseJsonChunks(...this.range(QUERIES.generatePhases, identifier, start, end));
  }

  /** The JSON of `listDays` as UTF-8 bytes in pieces, as `phaseJsonChunks`. */
  dayJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    return this.parsed.dayJsonChunks(...this.range(QUERIES.listDays, identifier, start, end));
  }

  /** The JSON of `sessions` as UTF-8 bytes in pieces, as `phaseJsonChunks`; arguments and bad rows are checked now. */
  sessionJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    return this.parsed.sessionJsonChunks(...this.range(QUERIES.sessions, identifier, start, end));
  }

  /** `status` as the UTF-8 bytes of its JSON (`JSON.stringify(status(…))`), for servers. */
  statusJson(identifier: string, instant?: InstantInput): Uint8Array {
    const a = readArguments(QUERIES.status, [identifier, instant]);
    // The library's caller owns what it is given: a copy of the shared bytes.
    return copyBytes(this.parsed.statusJson(a.identifier, a.instant ?? this.now()));
  }

  /** The JSON of `bars` as UTF-8 bytes in pieces (`JSON.stringify([...bars(…)])`), as `phaseJsonChunks`. */
  barJsonChunks(
    identifier: string,
    start: string,
    end: string,
    options: BarOptions,
    pieces?: JsonPieceOptions,
  ): Iterable<Uint8Array> {
    return this.parsed.barJsonChunks(...this.barArgs(identifier, start, end, options), pieces);
  }

  /** The CSV of `bars` (header `Date,Start,End`, CRLF lines) as UTF-8 bytes in pieces. */
  barCsvChunks(
    identifier: string,
    start: string,
    end: string,
    options: BarOptions,
    pieces?: JsonPieceOptions,
  ): Iterable<Uint8Array> {
    return this.parsed.barCsvChunks(...this.barArgs(identifier, start, end, options), pieces);
  }

  /** The market entry a schedule-based query reads, by identifier as typed (tests inspect one). */
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: tests reach it by its name
  private resolveScheduled(identifier: string): MarketEntry {
    // biome-ignore lint/complexity/useLiteralKeys: the bracket reaches a member private to ParsedQueries
    return this.parsed['resolveScheduled'](normalizeMarketIdentifier(identifier));
  }

  // ---- many markets (docs/calendar-arithmetic.md §6) and bell events ----

  statusMany(request: StatusManyRequest, instant: InstantInput): StatusMany {
    const faults = new Faults();
    const ms = faults.get(() => readInstantArgument(instant));
    const ids = faults.get(() => bulkIdentifiers(request ?? {}, (p) => this.listMarkets(p).map((m) => m.fin_id)));
    faults.done();
    return this.parsed.statusOf(ids, ms);
  }

  bellEvents(
    identifiers: readonly string[],
    from: InstantInput,
    horizonMs: number,
    options: PlanOptions = {},
  ): BellEventPlan {
    const faults = new Faults();
    const fromMs = faults.get(() => readInstantArgument(from));
    faults.get(() => {
      if (typeof horizonMs !== 'number' || !(horizonMs >= 0) || !Number.isFinite(horizonMs)) {
        throw InvalidArgumentError.one(
          'horizon',
          `Input should be a non-negative number of milliseconds, got '${String(horizonMs)}'`,
          'value_error',
        );
      }
    });
    faults.done();
    return this.parsed.bellEvents(identifiers, fromMs, horizonMs, options);
  }
}

/** Every declared query (queries/) as a method: its arguments read with its declaration, then its call. */
for (const [name, q] of Object.entries(QUERIES) as [string, Query][]) {
  Object.defineProperty(Dataset.prototype, name, {
    value: function (this: Dataset, ...args: unknown[]) {
      // biome-ignore lint/complexity/useLiteralKeys: the members are private to the class this loop completes
      return q.run(this.parsed, readArguments(q, args), this['now']);
    },
    writable: true,
    configurable: true,
  });
}
