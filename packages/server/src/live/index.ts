/**
 * The live pieces of issue 15 mounted on the express app: the board, the bell-event stream
 * and the holiday feeds. One call from app.ts.
 */
import type { Express } from 'express';
import { feedHandler } from '../feeds.js';
import type { DataHolder } from '../updates.js';
import { boardDataHandler, boardPageHandler } from './board.js';
import { eventsHandler, type LiveOptions } from './events.js';

export type { LiveOptions } from './events.js';

export function mountLive(app: Express, holder: DataHolder, options: LiveOptions): void {
  app.get('/board', boardPageHandler());
  app.get('/board/data', boardDataHandler(holder, options.now));
  app.get('/events', eventsHandler(holder, options));
  const market = feedHandler(holder, options.now, 'market');
  const currency = feedHandler(holder, options.now, 'currency');
  app.get('/markets/:id/holidays.ics', (req, res) => market(req, res, String(req.params.id)));
  app.get('/currencies/:code/holidays.ics', (req, res) => currency(req, res, String(req.params.code)));
}
