/**
 * What a remote call adds, against the real server on the sample: the errors (404 naming the
 * market, 422 with every fault and its loc), the answers kept and revalidated (a re-ask answered
 * from a 304), the data version of each answer, `as_of`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AmbiguousMicError,
  createClient,
  InvalidArgumentError,
  NotFoundError,
  OpenbellError,
  OutOfCoverageError,
  type OpenbellClient,
} from '../src/index.js';
import { serveSample, type Served } from './serve.js';

let served: Served;
let client: OpenbellClient;
/** The status of every response the client's fetch received, in order. */
const statuses: number[] = [];
const sent: Headers[] = [];
const urls: string[] = [];

beforeAll(async () => {
  served = await serveSample();
  client = createClient(served.base, {
    fetch: async (input, init) => {
      sent.push(new Headers(init?.headers));
      urls.push(String(input));
      const res = await fetch(input, init);
      statuses.push(res.status);
      return res;
    },
  });
});
afterAll(() => served?.close());

/** The error a promise rejects with. */
async function refusal(p: Promise<unknown>): Promise<OpenbellError> {
  try {
    await p;
  } catch (e) {
    return e as OpenbellError;
  }
  throw new Error('answered, not refused');
}

describe('errors as the library names them, with the REST status and detail', () => {
  it('an unknown market is a 404 naming it', async () => {
    const err = await refusal(client.listHolidays('ZZ.NOWHERE', '2024-01-01', '2024-12-31'));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toBeInstanceOf(OpenbellError);
    expect(err).toMatchObject({ name: 'NotFoundError', code: 'not_found', status: 404, kind: 'market' });
    expect((err as NotFoundError).identifier).toBe('ZZ.NOWHERE');
    expect(err.detail).toBe(err.message);
    expect(err.message).toContain('ZZ.NOWHERE');
  });

  it('a bad argument is a 422 with every fault, each with its loc', async () => {
    const err = await refusal(
      client.advance('NOT A CALENDAR', '2023-02-30', 'x' as unknown as number, 'decades' as 'days'),
    );
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect(err).toMatchObject({ name: 'InvalidArgumentError', code: 'invalid_argument', status: 422 });
    const faults = (err as InvalidArgumentError).faults;
    expect(faults.map((f) => f.loc)).toEqual([
      ['path', 'expr'],
      ['query', 'date'],
      ['query', 'n'],
      ['query', 'unit'],
    ]);
    expect(faults.map((f) => f.param)).toEqual(['expr', 'date', 'n', 'unit']);
    // The REST entries also name the value refused (`input`, issue 49); the faults keep theirs.
    expect(err.detail).toEqual(faults.map(({ loc, msg, type }) => expect.objectContaining({ loc, msg, type })));
    expect((err.detail as { input?: unknown }[]).map((e) => e.input)).toEqual([
      'NOT A CALENDAR',
      '2023-02-30',
      'x',
      'decades',
    ]);
  });

  it("a fault names the library's parameter where REST names it otherwise (status's instant)", async () => {
    const err = (await refusal(client.status('US.NYSE', 'tomorrow'))) as InvalidArgumentError;
    expect(err.faults).toMatchObject([{ param: 'instant', loc: ['query', 'datetime_utc'] }]);
  });

  it('an ambiguous MIC lists its candidates; out of coverage names the window', async () => {
    const ambiguous = await refusal(client.getMarket('XCME'));
    expect(ambiguous).toBeInstanceOf(AmbiguousMicError);
    expect(ambiguous).toMatchObject({ status: 409, code: 'ambiguous', mic: 'XCME' });
    expect((ambiguous as AmbiguousMicError).candidates.length).toBeGreaterThan(1);
    const outside = await refusal(client.sessions('US.NYSE', '1900-01-01', '1900-01-02'));
    expect(outside).toBeInstanceOf(OutOfCoverageError);
    expect(outside).toMatchObject({ status: 400, code: 'out_of_coverage', finId: 'US.NYSE', requested: '1900-01-01' });
  });
});

describe('answers kept and revalidated', () => {
  it('a re-ask is answered from a 304', async () => {
    const ask = () => client.withMeta.listHolidays('US.NYSE', '2024-01-01', '2024-12-31');
    const first = await ask();
    const n = statuses.length;
    const again = await ask();
    expect(first.fromCache).toBe(false);
    expect(first.etag).toMatch(/^W\/"/);
    expect(again.fromCache).toBe(true);
    expect(statuses.slice(n)).toEqual([304]);
    expect(sent.at(-1)!.get('If-None-Match')).toBe(first.etag);
    expect(again.answer).toEqual(first.answer);
    // Each answer is the caller's own: changing one leaves the kept one whole.
    first.answer.pop();
    expect((await ask()).answer).toEqual(again.answer);
  });

  it('the cache is bounded: the least recently used answer goes first', async () => {
    const small = createClient(served.base, { cacheEntries: 2 });
    await small.listCurrencies();
    await small.listPhaseTypes();
    await small.getMarket('US.NYSE');
    expect((await small.withMeta.getMarket('US.NYSE')).fromCache).toBe(true);
    expect((await small.withMeta.listCurrencies()).fromCache).toBe(false);
    await expect(createClient(served.base, { cacheEntries: 0 }).withMeta.listCurrencies()).resolves.toMatchObject({
      fromCache: false,
    });
  });

  it('an answer that depends on the clock carries no ETag and is asked afresh', async () => {
    const now = await client.withMeta.status('US.NYSE');
    expect(now.etag).toBeNull();
    expect((await client.withMeta.status('US.NYSE')).fromCache).toBe(false);
  });
});

describe('the data version of each answer, and as_of', () => {
  it('withMeta names the version, and lastVersion the last one received', async () => {
    const { version } = await client.withMeta.getMarket('US.NYSE');
    expect(version).toMatch(/\S/);
    expect(client.lastVersion).toBe(version);
    const res = await fetch(`${served.base}/info`);
    expect(res.headers.get('X-Openbell-Data-Version')).toBe(version);
  });

  it('as_of asks for a version: the one served answers, one no longer kept is a GoneError (410)', async () => {
    const version = client.lastVersion!;
    const asOf = client.with({ asOf: version });
    expect(await asOf.getMarket('US.NYSE')).toEqual(await client.getMarket('US.NYSE'));
    expect(new URL(urls.at(-2)!).searchParams.get('as_of')).toBe(version);
    const gone = await refusal(client.with({ asOf: 'v-long-ago' }).getMarket('US.NYSE'));
    expect(gone).toMatchObject({ name: 'GoneError', code: 'gone', status: 410 });
  });
});
