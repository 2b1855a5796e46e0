/**
 * The catalogue's entries that are not one JSON answer computed from the dataset: the board
 * page, the board's data (it adds the data's version and the server's clock), the bell-event
 * stream and the holiday feeds. The REST server answers them with handlers of its own, mounted
 * at these paths; the OpenAPI document lists them with their parameters, media type and error
 * statuses, derived as for the operations.
 */
import { optional, param } from '@openbell/core/params';
import type { z } from 'zod';
import {
  documented,
  errorStatuses,
  routeShape,
  type ErrorStatus,
  type Need,
  type Params,
  type RouteShape,
} from './registry.js';
import type * as Schemas from './schemas.js';
import type { TAGS } from './operations/index.js';

/** How an entry answers: an HTML page, a JSON body, Server-Sent Events, or a text/calendar feed. */
export type EndpointKind = 'page' | 'json' | 'stream' | 'feed';

/** The media type of each kind's 200 answer (errors are JSON whatever the kind). */
export const MEDIA_TYPES: Readonly<Record<EndpointKind, string>> = {
  page: 'text/html',
  json: 'application/json',
  stream: 'text/event-stream',
  feed: 'text/calendar',
};

export interface EndpointSpec {
  path: string;
  kind: EndpointKind;
  tag: keyof typeof TAGS | 'Live';
  summary: string;
  description?: string;
  params: Params;
  /** As OperationSpec.needs. A page never fails: its script asks the other entries. */
  needs?: Need;
  plan?: 'schedules' | 'currencies';
  /** As OperationSpec.table: the archive's file it reads, 403 naming it when absent. */
  table?: string;
  /** The JSON body's schema (kind json), from the schemas module as for the operations. */
  response?: (schemas: typeof Schemas) => z.ZodType;
}

export interface Endpoint extends Omit<EndpointSpec, 'params'>, RouteShape {
  readonly operationId: string;
  readonly errors: readonly ErrorStatus[];
}

function defineEndpoints<M extends Record<string, EndpointSpec>>(specs: M): { readonly [K in keyof M]: Endpoint } {
  const out: Record<string, Endpoint> = {};
  for (const [operationId, spec] of Object.entries(specs)) {
    const shape = routeShape(`endpoint ${operationId}`, spec.path, spec.params);
    out[operationId] = { ...spec, ...shape, operationId, errors: spec.kind === 'page' ? [] : errorStatuses(spec) };
  }
  return out as { readonly [K in keyof M]: Endpoint };
}

const markets = documented(optional(param.list()), {
  description: 'Comma-separated FinIDs or MICs, as for /status. Default: every market (or those of subset).',
  example: 'XNYS,XLON',
});
const subset = documented(optional(param.pattern()), {
  description: 'Instead of markets: a FinID pattern (`*` any run of characters), e.g. `US*`.',
});
const feedRange = {
  start: documented(optional(param.date()), {
    description: 'First date, inclusive (YYYY-MM-DD). Default: January 1 of the current year (UTC).',
    example: '2024-01-01',
  }),
  end: documented(optional(param.date()), {
    description: 'Last date, inclusive (YYYY-MM-DD). Default: December 31 of the next year.',
    example: '2025-12-31',
  }),
};

export const endpoints = defineEndpoints({
  boardPage: {
    path: '/board',
    kind: 'page',
    tag: 'Live',
    summary: 'Live board of market status (HTML)',
    description:
      'One self-contained page showing the status of the chosen markets, with local clocks and countdowns to the ' +
      'next bell; ' +
      'it polls /board/data and refreshes on every event of /events. Its markets and subset parameters are read by ' +
      'the page.',
    params: { markets, subset },
  },
  boardData: {
    path: '/board/data',
    kind: 'json',
    tag: 'Live',
    summary: "The board's data: bulk status with names, today's holiday and the server's clock",
    description:
      'The bulk status of the chosen markets (default every market; a replaced market matched by a pattern is shown ' +
      'once, as its ' +
      'replacement), each with its MIC, exchange and market names and the holiday of its local date, and the ' +
      "server's clock in ms.",
    params: { markets, subset },
    needs: 'data',
    response: (s) => s.BoardData,
  },
  events: {
    path: '/events',
    kind: 'stream',
    tag: 'Live',
    summary: 'Bell events as Server-Sent Events',
    description:
      '`ready` (the FinIDs watched), `market_error` (an identifier that cannot be watched, with what its status ' +
      'request would ' +
      'answer), then `open`, `close` and `phase` as they happen (id `<epoch ms>:<FinID>`), `heartbeat`, and ' +
      '`data_changed` after ' +
      'the data is swapped. A `Last-Event-ID` header (or last_event_id) resumes after that event, up to a day back.',
    params: {
      markets,
      subset,
      last_event_id: documented(optional(param.text()), {
        description: 'Resume after this event id (what the Last-Event-ID header carries).',
      }),
    },
    needs: 'data',
  },
  getMarketHolidayFeed: {
    path: '/markets/{identifier}/holidays.ics',
    kind: 'feed',
    tag: 'Markets',
    summary: 'Holidays of a market as an iCalendar feed',
    description:
      'One all-day event per holiday (trading hours in the event when the market opens that day), for calendar ' +
      'applications.',
    params: {
      identifier: documented(param.marketIdentifier(), {
        description: 'A FinID or a MIC, any case.',
        example: 'US.NYSE',
      }),
      ...feedRange,
    },
    needs: 'market',
  },
  getCurrencyHolidayFeed: {
    path: '/currencies/{code}/holidays.ics',
    kind: 'feed',
    tag: 'Currencies',
    summary: 'Settlement holidays of a currency as an iCalendar feed',
    params: {
      code: documented(param.currencyCode(), { description: 'A 3-letter currency code, any case.', example: 'USD' }),
      ...feedRange,
    },
    needs: 'currency',
    plan: 'currencies',
  },
  getRegionalHolidayFeed: {
    path: '/regional-holidays.ics',
    kind: 'feed',
    tag: 'Reference',
    summary: 'Regional or religious holidays of a calendar as an iCalendar feed',
    description:
      'One all-day event per row of /regional-holidays (two holidays of one date are two events), for calendar ' +
      'applications.',
    params: {
      calendar: documented(param.text(), {
        description: 'A 2-letter country code or a religion name, any case.',
        example: 'US',
      }),
      ...feedRange,
    },
    table: 'regional-holidays.csv',
  },
});

export type Endpoints = typeof endpoints;
