/**
 * The catalogue's endpoints that are not one JSON answer (board, bell events, holiday feeds),
 * mounted on the express app at the paths the catalogue declares (`/events` apart: routes.ts
 * answers it ahead of express). One call from app.ts.
 */
import { endpoints, type Endpoint } from '@openbell/catalog';
import type { Express, Request } from 'express';
import { feedHandler } from '../feeds.js';
import type { DataHolder } from '../updates.js';
import { boardDataHandler, boardPageHandler } from './board.js';
import type { LiveOptions } from './events.js';

export type { LiveOptions } from './events.js';

/** `/markets/{identifier}/holidays.ics` → `/markets/:identifier/holidays.ics`. */
const expressPath = (e: Endpoint): string => e.path.replace(/\{(\w+)\}/g, ':$1');
/** The entry's one path parameter, as typed in the URL (decoded by express). */
const key = (e: Endpoint, req: Request): string => String(req.params[e.pathParams[0]!]);

/** `purgeKeys`: the feeds' `Surrogate-Key` and `Cache-Tag` (AppOptions.purgeKeys; on unless false). */
export function mountLive(app: Express, holder: DataHolder, options: LiveOptions & { purgeKeys?: boolean }): void {
  const { boardPage, boardData, getMarketHolidayFeed, getCurrencyHolidayFeed, getRegionalHolidayFeed } = endpoints;
  app.get(expressPath(boardPage), boardPageHandler());
  app.get(expressPath(boardData), boardDataHandler(holder, options.now, options.logger));
  // `/events` is answered ahead of express, by the dispatcher (routes.ts).
  const market = feedHandler(holder, options.now, 'market', options.logger, options.purgeKeys);
  const currency = feedHandler(holder, options.now, 'currency', options.logger, options.purgeKeys);
  app.get(expressPath(getMarketHolidayFeed), (req, res) => market(req, res, key(getMarketHolidayFeed, req)));
  app.get(expressPath(getCurrencyHolidayFeed), (req, res) => currency(req, res, key(getCurrencyHolidayFeed, req)));
  const regional = feedHandler(holder, options.now, 'regional', options.logger, options.purgeKeys);
  app.get(expressPath(getRegionalHolidayFeed), (req, res) =>
    regional(req, res, typeof req.query.calendar === 'string' ? req.query.calendar : ''),
  );
}
