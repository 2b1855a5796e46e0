/**
 * The operation context: what an adapter holds besides the data reaches the operations that
 * read it (the change log behind /changes), read arguments and all, and its errors map like
 * core's; without one, the change log is empty.
 */
import { Dataset, type ChangeSet } from '@openbell/core';
import { describe, expect, it } from 'vitest';
import { answer, answerOperation, invoke } from '../src/answer.js';
import type { ChangesSource } from '../src/context.js';
import { operations } from '../src/operations/index.js';
import { fixtureTables } from './fixture.js';

const ds = Dataset.create(fixtureTables());
const SET: ChangeSet = {
  from_version: 'a',
  to_version: 'b',
  loaded_at: '2023-11-15T00:00:00.000Z',
  summary: { soon: 0 },
  changes: [],
};

/** A change log that records what it was asked. */
function recording(): { source: ChangesSource; asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    source: {
      query: (d, q) => {
        asked.push({ ds: d === ds, ...q });
        if (q.since === 'old')
          throw Object.assign(new Error('gone: the oldest kept is b'), { status: 410, expose: true });
        return { versions: [SET] };
      },
      get: (d, v, f) => {
        asked.push({ ds: d === ds, v, ...f });
        return SET;
      },
    },
  };
}

describe('operation context', () => {
  it('hands the change log the parsed arguments and the served data', () => {
    const { source, asked } = recording();
    expect(
      answerOperation(
        ds,
        'listChanges',
        { since: 'a', markets: 'XNYS, US.NYSE', currencies: ['USD', 'EUR'] },
        { changes: source },
      ),
    ).toEqual({ status: 200, body: { versions: [SET] } });
    expect(answer(ds, '/changes/b', { markets: 'XNYS' }, { changes: source })).toEqual({ status: 200, body: SET });
    expect(invoke(ds, 'getChangeSet', { to_version: 'b' }, Date.now, { changes: source })).toBe(SET);
    expect(asked).toEqual([
      { ds: true, since: 'a', markets: ['XNYS', 'US.NYSE'], currencies: ['USD', 'EUR'] },
      { ds: true, v: 'b', markets: ['XNYS'], currencies: undefined },
      { ds: true, v: 'b', markets: undefined, currencies: undefined },
    ]);
  });

  it("maps the log's errors: an exposed 410 keeps its message", () => {
    const { source } = recording();
    expect(answerOperation(ds, 'listChanges', { since: 'old' }, { changes: source })).toMatchObject({
      status: 410,
      body: { detail: 'gone: the oldest kept is b' },
    });
  });

  it('without a change log: no version yet, any named version unknown', () => {
    expect(answerOperation(ds, 'listChanges', {})).toEqual({ status: 200, body: { versions: [] } });
    expect(answerOperation(ds, 'listChanges', { since: 'x' })).toMatchObject({ status: 404 });
    expect(answerOperation(ds, 'getChangeSet', { to_version: 'x' })).toMatchObject({ status: 404 });
  });

  it('declares the statuses the change log may answer', () => {
    expect(operations.listChanges.errors).toEqual(expect.arrayContaining([404, 410]));
    expect(operations.getChangeSet.errors).toContain(404);
    expect(operations.getChangeSet.errors).not.toContain(410);
  });
});
