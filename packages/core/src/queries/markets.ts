/**
 * Markets and currencies: listing them, looking one up (a FinID or a MIC, following replacements:
 * docs/semantics.md §1) and whether one is available.
 */
import { compileGlob } from '../params/glob.js';
import { pickedJson, sliceJson } from '../wire/listing-json.js';
import { normalizeCurrencyCode, normalizeMarketIdentifier, param, withDefault } from '../params/params.js';
import type { Currency, Market } from '../types.js';
import { QueryBase } from './base.js';
import { queriesOf, identifier, code, follow, type Surface } from './declare.js';

export class MarketRules extends QueryBase {
  /** Markets whose FinID matches a pattern (params.parsePattern's answer), by FinID. */
  listMarkets(pattern: string): Market[] {
    if (pattern === '*') return this.index.marketList.slice();
    const matches = compileGlob(pattern, 'subset');
    return this.index.marketList.filter((m) => matches(m.fin_id));
  }

  /**
   * `listMarkets` as the UTF-8 bytes of its JSON, from each market's kept JSON (listing-json.ts).
   * Like every listing's bytes here, the answer of a whole list is kept and shared with later
   * answers: it must not be written in (a server only sends it).
   */
  marketsJson(pattern: string): Uint8Array {
    const list = this.index.marketList;
    if (pattern === '*') return sliceJson(list, 0, list.length);
    const matches = compileGlob(pattern, 'subset');
    const picked: number[] = [];
    for (let i = 0; i < list.length; i++) if (matches(list[i]!.fin_id)) picked.push(i);
    return pickedJson(list, picked);
  }

  getMarket(identifier: string, follow: boolean): Market {
    return this.resolve(identifier, follow).market;
  }

  getMarketByFinId(finId: string, follow: boolean): Market {
    return this.follow(this.byFinId(finId), follow).market;
  }

  getMarketByMic(mic: string, follow: boolean): Market {
    return this.follow(this.byMic(mic), follow).market;
  }

  /** Never fails: `identifier` is any text, and malformed or unknown answers false. */
  isMarketAvailable(identifier: string): boolean {
    try {
      this.resolve(normalizeMarketIdentifier(identifier), true);
      return true;
    } catch {
      return false;
    }
  }

  listCurrencies(): Currency[] {
    this.requireCurrencies();
    return this.index.currencyList.slice();
  }

  /** `listCurrencies` as the UTF-8 bytes of its JSON, from each currency's kept JSON (listing-json.ts). */
  currenciesJson(): Uint8Array {
    this.requireCurrencies();
    const list = this.index.currencyList;
    return sliceJson(list, 0, list.length);
  }

  getCurrency(code: string): Currency {
    return this.currencyEntry(code).currency;
  }

  /** Never fails: `code` is any text, and malformed or unknown answers false. */
  isCurrencyAvailable(code: string): boolean {
    try {
      this.currencyEntry(normalizeCurrencyCode(String(code ?? '')));
      return true;
    } catch {
      return false;
    }
  }
}

const query = queriesOf<Surface<MarketRules>>();

export const MARKET_QUERIES = {
  /** Markets whose FinID matches `subset` (a FinID pattern, default `*`: all), ordered by FinID. */
  listMarkets: query({
    params: { subset: withDefault(param.pattern(), '*') },
    args: [],
    rest: ['subset'],
    run: (q, a) => q.listMarkets(a.subset),
  }),
  /**
   * One market by FinID or MIC. A replaced market answers as written, or with its replacement when
   * `follow` is true; a MIC naming several markets is refused with their FinIDs.
   */
  getMarket: query({
    params: { identifier, follow },
    args: ['identifier'],
    options: { follow: 'follow' },
    run: (q, a) => q.getMarket(a.identifier, a.follow),
  }),
  /** One market by its FinID (any case); with `follow`, a replaced market answers with its replacement. */
  getMarketByFinId: query({
    params: { finid: param.finId(), follow },
    args: ['finid'],
    options: { follow: 'follow' },
    run: (q, a) => q.getMarketByFinId(a.finid, a.follow),
  }),
  /** One market by its MIC; a MIC that maps to several markets is refused with the candidate FinIDs. */
  getMarketByMic: query({
    params: { mic: param.mic(), follow },
    args: ['mic'],
    options: { follow: 'follow' },
    run: (q, a) => q.getMarketByMic(a.mic, a.follow),
  }),
  /** Never an error: unknown or malformed identifiers answer false. */
  isMarketAvailable: query({
    params: { identifier: param.text() },
    args: ['identifier'],
    run: (q, a) => q.isMarketAvailable(a.identifier),
  }),
  /** Every currency of the dataset, ordered by code. */
  listCurrencies: query({ params: {}, args: [], run: (q) => q.listCurrencies() }),
  /** One currency by its ISO 4217 code (any case). */
  getCurrency: query({ params: { code }, args: ['code'], run: (q, a) => q.getCurrency(a.code) }),
  /** Never an error: unknown or malformed codes answer false. */
  isCurrencyAvailable: query({
    params: { code: param.text() },
    args: ['code'],
    run: (q, a) => q.isCurrencyAvailable(a.code),
  }),
} as const;
