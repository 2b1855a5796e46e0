/**
 * Time across markets and zones (docs/calendar-arithmetic.md §12, §13): when several markets all
 * trade, and a market's clock changes.
 */
import { MAX_OVERLAP_MARKETS } from '@openbell/core/params';
import { QUERIES } from '@openbell/core';
import { fromQuery } from '../registry.js';
import { operation, identifier, start, end } from './shared.js';

/** How many markets an overlap takes, as the documentation writes it. */
const OVERLAP_COUNT = `2 to ${MAX_OVERLAP_MARKETS}`;

export const OVERLAP_OPERATIONS = {
  getOverlap: operation({
    path: '/overlap',
    tag: 'Sessions',
    summary: 'When markets trade at the same time',
    description:
      `The maximal intervals in which every market (2 to ${MAX_OVERLAP_MARKETS}) is in a primary trading session ` +
      `(\`phase=primary\`) or ` +
      'in any open phase (`phase=open`), clipped to the UTC dates `start` 00:00Z to `end` + 1 day 00:00Z, in UTC. ' +
      "Each market's coverage window must hold both dates; a market named twice counts once; the range is at most " +
      'ten ' +
      'years (configurable).',
    ...fromQuery(QUERIES.overlap, {
      markets: {
        description: `Comma-separated FinIDs or MICs, ${OVERLAP_COUNT}; a repeated parameter adds to the list.`,
        example: 'XNYS,XLON',
        cli: { flag: 'markets', help: 'comma-separated FinIDs or MICs (2 to 16)' },
      },
      start: {
        description: 'First UTC date, inclusive (YYYY-MM-DD).',
        example: '2023-11-20',
        cli: { flag: 'start', help: 'first UTC date, YYYY-MM-DD' },
      },
      end: {
        description: 'Last UTC date, inclusive (YYYY-MM-DD); not before start.',
        example: '2023-11-24',
        cli: { flag: 'end', help: 'last UTC date, YYYY-MM-DD' },
      },
      phase: {
        description:
          '`primary`: primary trading sessions (their No Settlement and No Closing Price variants too); `open`: ' +
          'every open phase.',
        example: 'primary',
        cli: { flag: 'phase', help: 'primary (default) or open' },
      },
    }),
    bodyChunks: (ds, a) => ds.parsed.overlapJsonChunks(a.markets, a.start, a.end, a.phase),
    response: (s) => s.z.array(s.OverlapInterval),
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'overlap', description: 'when markets trade at the same time, in UTC' },
  }),
  listClockChanges: operation({
    path: '/markets/{identifier}/clock-changes',
    tag: 'Markets',
    summary: "Clock changes of a market's time zone",
    description:
      "Each instant within the local dates `start` 00:00 to `end` + 1 day 00:00 at which the market's time zone " +
      'changes ' +
      'its UTC offset, in UTC, with the offsets before and after (`+HH:MM:SS` for local mean time). Not limited to ' +
      'the ' +
      'coverage window (the time zone database decides); at most 200 years (73,050 days).',
    ...fromQuery(QUERIES.clockChanges, {
      identifier: { ...identifier, example: 'XNYS' },
      start: { ...start, example: '2024-01-01' },
      end: { ...end, example: '2024-12-31' },
    }),
    response: (s) => s.z.array(s.ClockChange),
    needs: 'market',
    cacheable: true,
    cli: { command: 'clock-changes', description: "when the market's time zone changes its UTC offset" },
  }),
};
