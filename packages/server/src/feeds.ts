/**
 * Calendar feeds (docs/calendar-arithmetic.md §7): `GET /markets/{id}/holidays.ics`,
 * `GET /currencies/{code}/holidays.ics?start&end` and `GET /regional-holidays.ics?calendar=`. The rows come from the
 * same core queries
 * as `/holidays`; the text from core's `buildHolidayFeed`. Errors answer JSON as every route.
 *
 * The parameters are read with the entries' catalogue declarations (endpoints.ts), as every
 * operation's are: the same parsers, the same 422 faults. `start` and `end` default to January 1
 * of the current year and December 31 of the next (the server's clock, in UTC). DTSTAMP is the
 * time the data was loaded, so the same data answers the same bytes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  buildHolidayFeed,
  civilFromDays,
  daysFromCivil,
  type CalendarQueries,
  type FeedHoliday,
  type Phase,
} from '@openbell/core';
import { parseParams, tryParseDay, type EpochDay } from '@openbell/core/params';
import { DataNotLoadedError, endpoints, toHttp } from '@openbell/catalog';
import type { Logger } from 'pino';
import { sendError } from './http/send.js';
import { bytesEtag } from './http/answer-cache.js';
import { cachePolicyOf } from './http/cache-policy.js';
import { purgeKeysOf } from './http/purge-keys.js';
import { etagMatches } from './http/conditional.js';
import type { DataHolder } from './updates.js';

const ENTRIES = {
  market: endpoints.getMarketHolidayFeed,
  currency: endpoints.getCurrencyHolidayFeed,
  regional: endpoints.getRegionalHolidayFeed,
} as const;

/** The default range: January 1 of the current year (UTC) to December 31 of the next. */
function defaultRange(now: number): { start: EpochDay; end: EpochDay } {
  const { y } = civilFromDays(Math.floor(now / 86_400_000));
  return { start: daysFromCivil(y, 1, 1), end: daysFromCivil(y + 1, 12, 31) };
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  text: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), ...extra });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The open phases of the holidays on which the market trades (none when phases are not available). */
function openPhasesOf(
  ds: CalendarQueries,
  id: string,
  holidays: { date: string; is_open: boolean }[],
): Record<string, Phase[]> {
  const out: Record<string, Phase[]> = {};
  for (const h of holidays) {
    if (!h.is_open) continue;
    try {
      // A date with two holiday rows fails here (a data error), as it should: no timed events.
      const [day] = ds.listDays(id, h.date, h.date);
      const open = day?.phases.filter((p) => p.is_open) ?? [];
      if (open.length) out[h.date] = open;
    } catch {
      // Out of coverage or not in plan: the all-day event says enough.
    }
  }
  return out;
}

export function feedHandler(
  holder: DataHolder,
  now: () => number,
  kind: 'market' | 'currency' | 'regional',
  logger?: Logger,
  purgeKeys = true,
) {
  return (req: IncomingMessage, res: ServerResponse, rawKey: string): void => {
    const entry = ENTRIES[kind];
    const raw: Record<string, unknown> = {};
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      for (const name of entry.queryParams) {
        const all = url.searchParams.getAll(name);
        if (all.length) raw[name] = all.length === 1 ? all[0] : all;
      }
      if (kind !== 'regional') raw[entry.pathParams[0]!] = rawKey;
      const args = parseParams(entry.params, raw) as {
        identifier?: string;
        code?: string;
        calendar?: string;
        start?: string;
        end?: string;
      };
      const range = defaultRange(now());
      // Checked by parseParams: a real date.
      const start = args.start === undefined ? range.start : tryParseDay(args.start)!;
      const end = args.end === undefined ? range.end : tryParseDay(args.end)!;
      const data = holder.current;
      if (!data) throw new DataNotLoadedError(holder.loadError);
      const ds = data.dataset;
      const q = ds.parsed;
      const stamp = new Date(data.meta.loadedAt).getTime();
      let text: string;
      let filename: string;
      // The purge keys' subject (purge-keys.ts): the market's or the currency's, `all` for a region's.
      let subject: Record<string, unknown> = {};
      if (kind === 'market') {
        const market = q.getMarket(args.identifier!, true);
        subject = { identifier: market.fin_id };
        const holidays = q.listHolidays(market.fin_id, start, end);
        filename = market.fin_id;
        text = buildHolidayFeed({
          kind,
          key: market.fin_id,
          name: `${market.fin_id}${market.exchange_name ? ` (${market.exchange_name})` : ''} holidays`,
          holidays: holidays as FeedHoliday[],
          openPhases: openPhasesOf(ds, market.fin_id, holidays),
          duplicates: q.duplicateHolidays('market', market.fin_id, start, end),
          stamp,
        });
      } else if (kind === 'regional') {
        const holidays = q.listRegionalHolidays(args.calendar!, start, end);
        // The calendar as the data writes it (`Christian`, `US`), whatever the case asked.
        const calendar = holidays[0]?.calendar ?? args.calendar!.trim();
        filename = calendar;
        text = buildHolidayFeed({
          kind,
          key: calendar,
          name: `${calendar} holidays`,
          holidays: holidays.map((h) => ({
            date: h.date,
            holiday_name: h.name,
            settlement: null,
            memo: h.memo,
            type: h.type,
            country: h.country,
          })),
          stamp,
        });
      } else {
        const currency = q.getCurrency(args.code!);
        subject = { code: currency.currency_code };
        const holidays = q.listCurrencyHolidays(currency.currency_code, start, end);
        filename = currency.currency_code;
        text = buildHolidayFeed({
          kind,
          key: currency.currency_code,
          name:
            `${currency.currency_code}${currency.currency_name ? ` (${currency.currency_name})` : ''}` +
            ' settlement holidays',
          holidays: holidays as FeedHoliday[],
          duplicates: q.duplicateHolidays('currency', currency.currency_code, start, end),
          stamp,
        });
      }
      // A digest of the text: right whether or not the default range (this year's) was used.
      const etag = bytesEtag(Buffer.from(text));
      // A feed is a data answer (docs/rest.md "Cache-Control"), its lifetime the data's.
      const cc = cachePolicyOf(holder).data(Date.now());
      const keys = purgeKeys ? purgeKeysOf(ds, data.meta.version, subject) : undefined;
      const cache: Record<string, string> = keys
        ? { 'Cache-Control': cc, 'Surrogate-Key': keys.surrogate, 'Cache-Tag': keys.tag, ETag: etag }
        : { 'Cache-Control': cc, ETag: etag };
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.writeHead(304, cache);
        res.end();
        return;
      }
      send(req, res, 200, 'text/calendar; charset=utf-8', text, {
        'Content-Disposition': `inline; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}-holidays.ics"`,
        ...cache,
      });
    } catch (err) {
      sendError(req, res, { ...toHttp(err, entry.locations, raw), error: err }, logger);
    }
  };
}
