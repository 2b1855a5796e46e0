/**
 * The queries, a file per topic (holidays.ts, sessions.ts, status.ts…), each holding its rules
 * over parsed values (a class of methods that index.ts gathers into `ParsedQueries`) and, after
 * them, their declarations (`QUERIES` entries: the parameters, the library's order of arguments,
 * the call of the method). The rules take what core's parameter parsers (params/params.ts)
 * answer — epoch days, epoch milliseconds, normalized identifiers and codes, parsed expressions,
 * pairs, tenors and periods — so nothing here reads text typed by a caller again. The catalogue
 * calls them (`dataset.parsed`) with the values its parameters yield, and builds its REST
 * operations from the declarations; the Dataset's methods (the library API) read their text
 * arguments with the same declarations (interface.ts says how) and call them too.
 * docs/architecture.md "Adding an operation".
 *
 * Identifiers and codes are the normalized forms (upper case, checked): `normalizeMarketIdentifier`,
 * `normalizeFinId`, `normalizeMic`, `normalizeCurrencyCode`. A date range is refused when it
 * ends before it starts, after the arguments are read and before anything is looked up.
 *
 * This file holds what they share: the lookups and the refusals in their order.
 */
import type { DatasetIndex } from '../tables/build.js';
import {
  CurrencyCalendar,
  JoinedCalendar,
  MarketCalendar,
  type CalendarExpression,
  type CalendarMember,
} from '../rules/calendars.js';
import { formatDay, type EpochDay } from '../time/dates.js';
import { AmbiguousMicError, DataError, NotFoundError, NotInPlanError, OutOfCoverageError } from '../errors.js';
import { LOOK_BACK_DAYS } from '../rules/generate.js';
import { checkDayOrder } from '../params/params.js';
import { checkDays, type MarketEntry } from '../tables/model.js';
import { walkReplacements } from '../tables/replacements.js';
import type { PlannedBellEvent } from '../rules/many.js';
import { ZoneRegistry, type Zone } from '../time/zone.js';

/**
 * Phases and day views of `startDay`..`endDay` are generated from the look-back on: a date a bad
 * row touches there fails them (docs/bulk-format.md §5).
 */
export function checkGenerated(entry: MarketEntry, startDay: number, endDay: number): void {
  if (entry.dayFaults !== null) checkDays(entry.dayFaults, Math.max(startDay - LOOK_BACK_DAYS, entry.minDay), endDay);
}

/** Joined calendars a dataset keeps made (QueryBase.calendars). */
const CALENDARS_KEPT = 256;

/**
 * What every query reads through: the index, the lookup of a market (FinID or MIC, replacements
 * followed), of a currency, of a joined calendar, and the refusals every query makes in one order
 * (the range, the plan, the market, its coverage window, bad rows). Each topic's rules extend it;
 * every field is here, as only this constructor runs (index.ts copies the topics' methods).
 */
export class QueryBase {
  protected readonly utc: Zone = new ZoneRegistry().get('UTC');

  /**
   * Each market's planned bell events over the last few windows asked for, by window. The
   * server replans every `/events` channel at a data swap at one instant (a stream opens with
   * an empty window, then plans its horizon), and ten thousand channels on different sets of
   * markets then share one plan of each market instead of one each (docs/benchmarks.md,
   * "Watchers"). Frozen: every caller gets the same objects.
   */
  protected readonly lastPlans = new Map<string, Map<MarketEntry, readonly PlannedBellEvent[]>>();

  /** @internal */
  constructor(protected readonly index: DatasetIndex) {}

  protected byFinId(finId: string): MarketEntry {
    const entry = this.index.markets.get(finId);
    if (!entry) throw new NotFoundError('market', finId);
    return entry;
  }

  protected byMic(mic: string): MarketEntry {
    const finIds = this.index.micIndex.get(mic);
    if (!finIds || finIds.length === 0) throw new NotFoundError('mic', mic);
    if (finIds.length > 1) throw new AmbiguousMicError(mic, finIds.slice());
    return this.byFinId(finIds[0]!);
  }

  /** A normalized identifier with a dot is a FinID, otherwise a MIC (docs/semantics.md §1). */
  protected resolve(identifier: string, follow: boolean): MarketEntry {
    return this.follow(identifier.includes('.') ? this.byFinId(identifier) : this.byMic(identifier), follow);
  }

  protected follow(entry: MarketEntry, follow: boolean): MarketEntry {
    // Most markets were never replaced: no walk (and its Set) for them.
    if (!follow || entry.market.replaced_by === null) return entry;
    const walk = walkReplacements(
      entry,
      (e) => e.market.fin_id,
      (e) => e.market.replaced_by,
      (id) => this.index.markets.get(id),
    );
    if (walk.kind === 'end') return walk.entry;
    if (walk.kind === 'loop') {
      throw new DataError(
        `The replacement chain of ${entry.market.fin_id} loops back to ${walk.target}; the data is inconsistent`,
        { table: 'markets', column: 'replaced_by' },
      );
    }
    throw new NotFoundError(
      'market',
      walk.target,
      `Market ${walk.from} was replaced by ${walk.target}, which is not in the loaded data`,
    );
  }

  /** Resolves a market for a schedule-based query, refusing first if the plan lacks schedules. */
  protected resolveScheduled(identifier: string): MarketEntry {
    if (this.index.plan === 'holidays_only') throw new NotInPlanError('schedules');
    return this.resolve(identifier, true);
  }

  /** The market of a range query: the range in order, then the market, then its coverage window. */
  protected covered(identifier: string, startDay: EpochDay, endDay: EpochDay): MarketEntry {
    checkDayOrder(startDay, endDay);
    const entry = this.resolveScheduled(identifier);
    for (const day of [startDay, endDay]) {
      if (day < entry.minDay || day > entry.maxDay) {
        throw new OutOfCoverageError(
          entry.market.fin_id,
          formatDay(day),
          formatDay(entry.minDay),
          formatDay(entry.maxDay),
        );
      }
    }
    return entry;
  }

  /** `covered`, then the rows the generated phases of the range read (checkGenerated). */
  protected generated(identifier: string, startDay: EpochDay, endDay: EpochDay): MarketEntry {
    const entry = this.covered(identifier, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return entry;
  }

  /**
   * The members of a parsed expression: the plan first (currencies need the full plan,
   * markets the schedules), then each member in order (unknown: NotFoundError). A market's
   * business days are its sessions, read from its day views: a date a bad row touches fails
   * the calendar when a step looks at it, rather than answering as if the row were not there.
   */
  /**
   * Joined calendars made, by their expression's text (which errors name them by): a calendar
   * asked again skips resolving its members and keeps what it looked up (its flags, its content
   * key). The dataset never changes, so neither do they; at most CALENDARS_KEPT, then started afresh.
   */
  private readonly calendars = new Map<string, JoinedCalendar>();

  protected calendar(expr: CalendarExpression): JoinedCalendar {
    if (expr.members.some((m) => m.kind !== 'currency') && this.index.plan === 'holidays_only')
      throw new NotInPlanError('schedules');
    if (expr.members.some((m) => m.kind === 'currency')) this.requireCurrencies();
    let cal = this.calendars.get(expr.text);
    if (cal === undefined) {
      cal = this.joinedCalendar(expr);
      if (this.calendars.size >= CALENDARS_KEPT) this.calendars.clear();
      this.calendars.set(expr.text, cal);
    }
    return cal;
  }

  protected joinedCalendar(expr: CalendarExpression): JoinedCalendar {
    const members = expr.members.map(
      (m): CalendarMember =>
        m.kind === 'currency'
          ? new CurrencyCalendar(m.label, this.currencyEntry(m.label))
          : new MarketCalendar(m.label, this.resolve(m.label, true)),
    );
    return new JoinedCalendar(expr.text, expr.operator, members);
  }

  protected requireCurrencies(): void {
    if (this.index.plan !== 'full') throw new NotInPlanError('currencies');
  }

  protected currencyEntry(code: string) {
    this.requireCurrencies();
    const entry = this.index.currencies.get(code);
    if (!entry) throw new NotFoundError('currency', code);
    return entry;
  }
}
