/**
 * The Dataset: indexed tables plus every query of the engine. Adapters (REST, CLI) call these
 * methods and only translate arguments and answers.
 */
import type { CalendarQueries, DatasetCounts, LookupOptions } from './api.js';
import { buildIndex, type DatasetIndex } from './build.js';
import { dayName, formatDay, tryParseDay } from './dates.js';
import {
  AmbiguousMicError,
  DataError,
  InvalidArgumentError,
  NotFoundError,
  NotInPlanError,
  OutOfCoverageError,
  type ArgumentFault,
  type DataWarning,
} from './errors.js';
import { generate, toPhase } from './generate.js';
import { globToRegExp, normalizeCurrencyCode, normalizeFinId, normalizeMarketIdentifier, normalizeMic, parseIsoDate, parsePattern } from './params.js';
import { lowerBound, type MarketEntry } from './model.js';
import { computeStatus } from './status.js';
import type {
  Currency,
  CurrencyHoliday,
  DatasetOptions,
  Market,
  MarketDay,
  MarketHoliday,
  MarketStatus,
  Phase,
  PhaseTypeRow,
  Plan,
  RegionalHolidayRow,
  Schedule,
  Tables,
} from './types.js';
import { ZoneRegistry, type Zone } from './zone.js';

/** Parses an inclusive date range; both faults are reported together. */
function parseRange(start: string, end: string): { startDay: number; endDay: number } {
  const faults: ArgumentFault[] = [];
  let startDay: number | undefined;
  let endDay: number | undefined;
  for (const [param, value] of [['start', start], ['end', end]] as const) {
    try {
      const d = tryParseDay(parseIsoDate(value, param));
      if (param === 'start') startDay = d;
      else endDay = d;
    } catch (e) {
      if (e instanceof InvalidArgumentError) faults.push(...e.faults);
      else throw e;
    }
  }
  if (faults.length) throw new InvalidArgumentError(faults);
  if (endDay! < startDay!) throw InvalidArgumentError.one('end', `end (${end}) is before start (${start})`, 'date_range');
  return { startDay: startDay!, endDay: endDay! };
}

export class Dataset implements CalendarQueries {
  private readonly index: DatasetIndex;
  private readonly utc: Zone;

  private constructor(index: DatasetIndex) {
    this.index = index;
    this.utc = new ZoneRegistry().get('UTC');
  }

  /** Builds the indexes. Throws DataError for data that would make answers wrong. */
  static create(tables: Tables, options?: DatasetOptions): Dataset {
    return new Dataset(buildIndex(tables, options));
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

  // ---- markets ----

  listMarkets(subset = '*'): Market[] {
    const pattern = parsePattern(subset);
    if (pattern === '*') return this.index.marketList.slice();
    const re = globToRegExp(pattern);
    return this.index.marketList.filter((m) => re.test(m.fin_id));
  }

  getMarket(identifier: string, options?: LookupOptions): Market {
    return this.resolve(identifier, options?.follow ?? true).market;
  }

  getMarketByFinId(finId: string, options?: LookupOptions): Market {
    return this.follow(this.byFinId(normalizeFinId(finId, 'finid')), options?.follow ?? true).market;
  }

  getMarketByMic(mic: string, options?: LookupOptions): Market {
    return this.follow(this.byMic(normalizeMic(mic, 'mic')), options?.follow ?? true).market;
  }

  isMarketAvailable(identifier: string): boolean {
    try {
      this.resolve(identifier, true);
      return true;
    } catch {
      return false;
    }
  }

  listHolidays(identifier: string, start: string, end: string): MarketHoliday[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolve(identifier, true);
    const from = lowerBound(entry.holidayDays, startDay);
    const to = lowerBound(entry.holidayDays, endDay + 1);
    return entry.holidays.slice(from, to);
  }

  listSchedules(identifier: string): Schedule[] {
    const entry = this.resolveScheduled(identifier);
    return entry.schedules.slice();
  }

  generatePhases(identifier: string, start: string, end: string): Phase[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    return generate(entry, startDay, endDay).map((g) => toPhase(g));
  }

  listDays(identifier: string, start: string, end: string): MarketDay[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    const generated = generate(entry, startDay, endDay);
    const days: MarketDay[] = [];
    let k = 0;
    for (let day = startDay; day <= endDay; day++) {
      const phases: Phase[] = [];
      while (k < generated.length && generated[k]!.endDay === day) phases.push(toPhase(generated[k++]!));
      const holiday = entry.holidayByDay.get(day) ?? null;
      days.push({
        date: formatDay(day),
        day_of_week: dayName(day),
        is_open: holiday ? holiday.is_open : phases.some((p) => p.is_open),
        has_settlement: holiday ? holiday.has_settlement : phases.some((p) => p.has_settlement),
        holiday,
        phases,
      });
    }
    return days;
  }

  status(identifier: string, instant: number | Date): MarketStatus {
    const ms = instant instanceof Date ? instant.getTime() : instant;
    if (!Number.isFinite(ms)) throw InvalidArgumentError.one('instant', 'Invalid instant', 'datetime_parsing');
    const entry = this.resolveScheduled(identifier);
    return computeStatus(entry, entry.zone ?? this.utc, ms);
  }

  // ---- currencies ----

  listCurrencies(): Currency[] {
    this.requireCurrencies();
    return this.index.currencyList.slice();
  }

  getCurrency(code: string): Currency {
    return this.currencyEntry(code).currency;
  }

  isCurrencyAvailable(code: string): boolean {
    try {
      this.currencyEntry(code);
      return true;
    } catch {
      return false;
    }
  }

  listCurrencyHolidays(code: string, start: string, end: string): CurrencyHoliday[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.currencyEntry(code);
    return entry.holidays.slice(lowerBound(entry.holidayDays, startDay), lowerBound(entry.holidayDays, endDay + 1));
  }

  // ---- reference tables ----

  listPhaseTypes(): PhaseTypeRow[] {
    return this.index.phaseTypes.slice();
  }

  listRegionalHolidays(calendar: string, start: string, end: string): RegionalHolidayRow[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.index.regional.get(calendar.trim().toUpperCase());
    if (!entry) return [];
    return entry.rows.slice(lowerBound(entry.days, startDay), lowerBound(entry.days, endDay + 1));
  }

  // ---- internals ----

  private byFinId(finId: string): MarketEntry {
    const entry = this.index.markets.get(finId);
    if (!entry) throw new NotFoundError('market', finId);
    return entry;
  }

  private byMic(mic: string): MarketEntry {
    const finIds = this.index.micIndex.get(mic);
    if (!finIds || finIds.length === 0) throw new NotFoundError('mic', mic);
    if (finIds.length > 1) throw new AmbiguousMicError(mic, finIds.slice());
    return this.byFinId(finIds[0]!);
  }

  /** An identifier with a dot is a FinID, otherwise a MIC (engine-semantics §1). */
  private resolve(identifier: string, follow: boolean): MarketEntry {
    const id = String(identifier ?? '');
    const normalized = normalizeMarketIdentifier(id);
    const entry = id.includes('.') ? this.byFinId(normalized) : this.byMic(normalized);
    return this.follow(entry, follow);
  }

  private follow(entry: MarketEntry, follow: boolean): MarketEntry {
    if (!follow) return entry;
    const seen = new Set<string>();
    let cur = entry;
    while (cur.market.replaced_by !== null) {
      seen.add(cur.market.fin_id);
      const target = cur.market.replaced_by;
      if (seen.has(target)) {
        throw new DataError(`The replacement chain of ${entry.market.fin_id} loops back to ${target}; the data is inconsistent`, { table: 'markets', column: 'replaced_by' });
      }
      const next = this.index.markets.get(target);
      if (!next) {
        throw new NotFoundError('market', target, `Market ${cur.market.fin_id} was replaced by ${target}, which is not in the loaded data`);
      }
      cur = next;
    }
    return cur;
  }

  /** Resolves a market for a schedule-based query, refusing first if the plan lacks schedules. */
  private resolveScheduled(identifier: string): MarketEntry {
    const id = String(identifier ?? '');
    normalizeMarketIdentifier(id);
    if (this.index.plan === 'holidays_only') throw new NotInPlanError('schedules');
    return this.resolve(id, true);
  }

  private checkCoverage(entry: MarketEntry, startDay: number, endDay: number): void {
    for (const day of [startDay, endDay]) {
      if (day < entry.minDay || day > entry.maxDay) {
        throw new OutOfCoverageError(entry.market.fin_id, formatDay(day), formatDay(entry.minDay), formatDay(entry.maxDay));
      }
    }
  }

  private requireCurrencies(): void {
    if (this.index.plan !== 'full') throw new NotInPlanError('currencies');
  }

  private currencyEntry(code: string) {
    const c = normalizeCurrencyCode(String(code ?? ''));
    this.requireCurrencies();
    const entry = this.index.currencies.get(c);
    if (!entry) throw new NotFoundError('currency', c);
    return entry;
  }
}
