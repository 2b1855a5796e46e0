/**
 * Every declared query asked of the library (the sample's Dataset) and of the client (a server on
 * the same data): the same answer as JSON, or the same refusal. The arguments are each
 * parameter's example in the catalogue's declaration, put in the library's argument order (the
 * query's `args`, `rest`, then its options object), then the library's other forms of them.
 */
import { QUERIES, type Dataset } from '@openbell/core';
import { operations } from '@openbell/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, ROUTES, type OpenbellClient, type Route } from '../src/index.js';
import { serveSample, type Served } from './serve.js';

type Name = keyof typeof QUERIES;
let served: Served & { dataset: Dataset };
let client: OpenbellClient;

beforeAll(async () => {
  served = await serveSample();
  client = createClient(served.base);
});
afterAll(() => served?.close());

/** The library's answer as JSON (a series, such as bars, as the array it iterates). */
function json(answer: unknown): unknown {
  const listed =
    answer && typeof answer === 'object' && !Array.isArray(answer) && Symbol.iterator in answer
      ? [...(answer as Iterable<unknown>)]
      : answer;
  return JSON.parse(JSON.stringify(listed));
}

/** The library's arguments from the declared examples: positional ones, then the options object. */
function exampleArgs(name: Name): unknown[] {
  const route: Route = ROUTES[name];
  const op = Object.values(operations).find((o) => o.path === route.path)!;
  const example = (p: string) => (op.params as Record<string, { example?: string }>)[route.names?.[p] ?? p]?.example;
  const args: unknown[] = [...route.args, ...route.rest].map(example);
  const options = Object.fromEntries(
    Object.entries(route.options)
      .map(([key, p]) => [key, example(p)])
      .filter(([, v]) => v !== undefined),
  );
  if (Object.keys(options).length) args.push(options);
  while (args.length && args.at(-1) === undefined) args.pop();
  return args;
}

type Outcome = { answer: unknown } | { error: { name: string; code: string; message: string } };

function library(name: string, args: unknown[]): Outcome {
  try {
    return {
      answer: json((served.dataset as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args)),
    };
  } catch (e) {
    const err = e as { name: string; code: string; message: string };
    return { error: { name: err.name, code: err.code, message: err.message } };
  }
}

async function remote(name: string, args: unknown[]): Promise<Outcome> {
  try {
    return {
      answer: await (client as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args),
    };
  } catch (e) {
    const err = e as { name: string; code: string; message: string };
    return { error: { name: err.name, code: err.code, message: err.message } };
  }
}

/** Every query: those asked by GET, and checkBars, which POSTs its timestamps as the body. */
const OVER_GET = Object.keys(QUERIES);
describe('every declared query, with its declared examples', () => {
  it('the route table names every query of the library', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(OVER_GET.sort());
  });
  it.each(OVER_GET as Name[])('%s', async (name) => {
    const args = exampleArgs(name);
    const lib = library(name, args);
    expect(await remote(name, args)).toEqual(lib);
    // The examples are questions with answers, not refusals (an empty list would prove little either).
    expect(lib).toHaveProperty('answer');
  });
});

describe("the library's other forms of arguments", () => {
  const at = Date.parse('2023-11-15T17:00:00Z');
  const cases: [Name, unknown[]][] = [
    ['status', ['US.NYSE', at]],
    ['status', ['XNYS', new Date(at)]],
    ['status', ['US.NYSE', '2023-11-15T12:00:00-05:00']],
    ['status', ['US.NYSE', null]],
    ['nextBell', ['US.NYSE', '2023-11-22T17:00:00-05:00']],
    ['previousBell', ['US.CME.EQUITY.USINDEX1', Date.parse('2023-11-27T12:00:00Z'), 'close']],
    ['sessionOffset', ['US.NYSE', '2023-11-23', 1, 'next']],
    ['sessionOffset', ['US.NYSE', '2023-11-23', 1]],
    ['advance', ['XNYS', '2023-10-31', 1, 'months', 'following', true]],
    ['advance', ['US.NYSE+GB.LSE', '2023-12-22', 2]],
    ['adjust', ['US.NYSE+GB.LSE', '2023-12-25', 'modified_following']],
    ['overlap', [['XNYS', 'XLON'], '2023-11-20', '2023-11-24']],
    ['derivedDates', ['XNYS', 'imm', '2024-01', '2024-12', { months: [3, 6, 9, 12], offset: -1 }]],
    ['bars', ['XNYS', '2023-11-24', '2023-11-24', { period: '5m' }]],
    ['bars', ['XTKS', '2024-11-05', '2024-11-05', { period: '30m', breaks: 'ignore', forceClose: false }]],
    ['countBars', ['XNYS', '2023-01-01', '2023-12-31', { period: '1m' }]],
    ['getMarket', ['XBUE', { follow: false }]],
    ['listMarkets', []],
    ['fxSpot', ['EURUSD', '2023-06-16']],
    ['fxValueDate', ['EURUSD', '2023-06-16', '1M']],
    ['isMarketAvailable', ['NOPE']],
    ['listMicMapping', [{ mic: 'XCME' }]],
    // A series as an array, with a gap, a repeat, a stamp off the grid and one on a holiday; and ignoring breaks.
    [
      'checkBars',
      [
        'US.NYSE',
        '2023-11-22',
        '2023-11-24',
        '1h',
        [
          '2023-11-22T09:30:00-05:00',
          '2023-11-22T11:30:00-05:00',
          '2023-11-22T11:30:00-05:00',
          '2023-11-22T12:07:00-05:00',
          '2023-11-23T10:30:00-05:00',
        ],
      ],
    ],
    ['checkBars', ['XTKS', '2024-11-05', '2024-11-05', '30m', ['2024-11-05T09:00:00+09:00'], 'ignore']],
  ];
  it.each(cases)('%s %j', async (name, args) => {
    const lib = library(name, args);
    const got = await remote(name, args);
    // "now" is the library's clock and the server's: the same second, not the same millisecond.
    if (args.includes(null)) {
      expect(Object.keys(got)).toEqual(Object.keys(lib));
      return;
    }
    expect(got).toEqual(lib);
  });
});

describe('refusals, as the library refuses', () => {
  const cases: [Name, unknown[]][] = [
    ['getMarket', ['NOPE.NOPE']],
    ['getMarket', ['XXXX']],
    ['listHolidays', ['US.NYSE', '2024-13-01', '2023-01-01']],
    ['listHolidays', ['US.NYSE', '2024-12-31', '2024-01-01']],
    ['status', ['US.NYSE', 'yesterday']],
    ['sessions', ['US.NYSE', '1900-01-01', '1900-01-05']],
    ['adjust', ['US.NYSE+GB.LSE', '1900-01-01']],
    ['getCurrency', ['ZZZ']],
    ['bars', ['XNYS', '2023-11-24', '2023-11-24', { period: '90s' }]],
    ['advance', ['XNYS', 'soon', 'x', 'decades']],
    ['checkBars', ['ZZZZ', '2023-11-20', '2023-11-24', '1h', []]],
    ['checkBars', ['XNYS', '2023-11-20', '2023-11-24', '1d', []]],
    ['checkBars', ['XNYS', '2023-11-20', '2023-11-24', '1h', ['2023-11-20T09:30:00-05:00', 'soon']]],
    ['checkBars', ['XNYS', '1900-01-01', '1900-01-02', '1h', 'a,b']],
  ];
  it.each(cases)('%s %j', async (name, args) => {
    const lib = library(name, args);
    expect(lib).toHaveProperty('error');
    expect(await remote(name, args)).toEqual(lib);
  });
});

describe('a series over the limit', () => {
  it('is refused as the library refuses it: a TooLargeError twin of the 413', async () => {
    // One stamp more than the bar check takes (core's limit, 1,000,000): the server answers 413 while reading the body.
    const stamps = new Array<string>(1_000_001).fill('2023-11-20T09:30:00-05:00');
    const args = ['XNYS', '2023-11-20', '2023-11-20', '1m', stamps];
    const lib = library('checkBars', args);
    expect(lib).toMatchObject({ error: { name: 'TooLargeError', code: 'too_large' } });
    expect(await remote('checkBars', args)).toEqual(lib);
    // The server is whole after it: the next question is answered.
    expect(await client.getMarket('XNYS')).toMatchObject({ mic: 'XNYS' });
  }, 30_000);
});
