/**
 * Currencies and their settlement holidays.
 */
import { QUERIES } from '@openbell/core';
import { fromQuery } from '../registry.js';
import { operation, code, start, end } from './shared.js';

export const CURRENCY_OPERATIONS = {
  listCurrencies: operation({
    path: '/currencies',
    tag: 'Currencies',
    summary: 'List currencies',
    ...fromQuery(QUERIES.listCurrencies, {}),
    bytes: (ds) => ds.parsed.currenciesJson(),
    response: (s) => s.z.array(s.Currency),
    needs: 'data',
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'currencies', description: 'list currencies' },
  }),
  getCurrency: operation({
    path: '/currencies/{code}',
    tag: 'Currencies',
    summary: 'Get a currency',
    ...fromQuery(QUERIES.getCurrency, { code }),
    cacheable: true,
    response: (s) => s.Currency,
    needs: 'currency',
    plan: 'currencies',
    cli: { command: 'currency', description: 'one currency' },
  }),
  listCurrencyHolidays: operation({
    path: '/currencies/{code}/holidays',
    tag: 'Currencies',
    summary: 'Settlement holidays of a currency in a date range',
    ...fromQuery(QUERIES.listCurrencyHolidays, { code, start, end }),
    bytes: (ds, a) => ds.parsed.currencyHolidayJson(a.code, a.start, a.end),
    response: (s) => s.z.array(s.CurrencyHoliday),
    needs: 'currency',
    plan: 'currencies',
    cacheable: true,
    cli: { command: 'currency-holidays', description: 'settlement holidays of a currency' },
  }),
  isCurrencyAvailable: operation({
    path: '/currencies/{code}/is_available',
    tag: 'Currencies',
    summary: 'Whether a currency is available under the current plan',
    description: 'Never an error: unknown or malformed codes answer false.',
    params: fromQuery(QUERIES.isCurrencyAvailable, {
      code: { description: code.description, example: 'USD' },
    }).params,
    call: (ds, a, now) => ({ is_available: QUERIES.isCurrencyAvailable.run(ds.parsed, a, now) }),
    cacheable: true,
    response: (s) => s.Availability,
  }),
};
