/**
 * FX spot and value dates of a currency pair (docs/calendar-arithmetic.md §5).
 */
import { MAX_LAG } from '@openbell/core/params';
import { QUERIES } from '@openbell/core';
import { fromQuery, type ParamDocs } from '../registry.js';
import { operation } from './shared.js';

const pair: ParamDocs = {
  description: 'Two currency codes of the data, base then quote (`EURUSD`), any case.',
  example: 'EURUSD',
  cli: { arg: 'pair', help: 'currency pair, e.g. EURUSD' },
};
const tradeDate: ParamDocs = {
  description: 'The trade date (YYYY-MM-DD).',
  example: '2023-06-16',
  cli: { flag: 'trade-date', help: 'trade date, YYYY-MM-DD' },
};

export const FX_OPERATIONS = {
  getFxSpot: operation({
    path: '/fx/spot',
    tag: 'FX',
    summary: 'FX spot date of a trade',
    description:
      'Lag 2, except 1 for USDCAD, USDTRY, USDPHP and USDRUB (quoted that way round: CADUSD and the others are 2). ' +
      'Intermediate days need only the non-USD currencies open; the ' +
      'spot date must be a business day of both currencies and USD. `closures` lists every date between trade and ' +
      "spot on which one of them was closed, and why: the closing holiday's name, even on a weekend day, else " +
      '`weekend`.',
    ...fromQuery(QUERIES.fxSpot, {
      pair,
      trade_date: tradeDate,
      lag: {
        description: `Override the pair's lag, 0 to ${MAX_LAG} business days.`,
        example: '2',
        cli: { flag: 'lag', help: `business days to spot, 0 to ${MAX_LAG} (default: the pair's)` },
      },
    }),
    response: (s) => s.FxSpot,
    needs: 'fx',
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'spot', description: 'FX spot date of a trade, and the closures between' },
  }),
  getFxValueDate: operation({
    path: '/fx/value-date',
    tag: 'FX',
    summary: 'FX value date of a tenor',
    description:
      '`SN`: the next business day after spot. `1W`..`52W`, `1M`..`120M`, `1Y`..`30Y`: the period added to spot with ' +
      'the end-of-month rule and `modified_following`, on the calendar of both currencies and USD: a spot on the ' +
      'last business day of its month gives the last business day of the month the period reaches, for month and ' +
      'year tenors; week tenors are plain weeks.',
    ...fromQuery(QUERIES.fxValueDate, {
      pair,
      trade_date: tradeDate,
      tenor: {
        description: '`SN`, `1W`..`52W`, `1M`..`120M` or `1Y`..`30Y`, any case.',
        example: '1M',
        cli: { flag: 'tenor', help: 'SN, 1W..52W, 1M..120M or 1Y..30Y' },
      },
    }),
    response: (s) => s.FxValueDate,
    needs: 'fx',
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'value-date', description: 'FX value date of a tenor (SN, 1W, 3M, 1Y)' },
  }),
};
