/**
 * Trading sessions of a market (docs/calendar-arithmetic.md §1–3): listing, stepping and
 * counting them, and the next or previous bell.
 */
import { QUERIES } from '@openbell/core';
import { fromQuery } from '../registry.js';
import { operation, identifier, start, end, sessionDate, steps, event, bellInstant } from './shared.js';

export const SESSION_OPERATIONS = {
  listSessions: operation({
    path: '/markets/{identifier}/sessions',
    tag: 'Sessions',
    summary: 'Trading days (sessions) in a date range',
    description:
      'One entry per session (a local date the day view says is open) in the inclusive range: first opening and last ' +
      "closing of its open phases in the market's zone, the breaks between them, and whether it is an irregular " +
      'session ' +
      '(a holiday row). Both dates must lie in the market coverage window (400 otherwise); any range inside it is ' +
      'answered, as for /days.',
    ...fromQuery(QUERIES.sessions, { identifier, start, end }),
    bodyChunks: (ds, a) => ds.parsed.sessionJsonChunks(a.identifier, a.start, a.end),
    response: (s) => s.z.array(s.Session),
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'sessions', description: "trading days: open, close and breaks in the market's timezone" },
  }),
  getSessionOffset: operation({
    path: '/markets/{identifier}/sessions/offset',
    tag: 'Sessions',
    summary: 'The session n sessions after (or before) a date',
    description:
      'A date that is not a session is refused (422 on `date`) unless `direction` moves it to the next or previous ' +
      'session first. The walk goes as far as needed inside the coverage window (400 beyond it).',
    ...fromQuery(QUERIES.sessionOffset, {
      identifier,
      date: sessionDate,
      n: steps('Sessions to step: positive forwards, negative backwards, 0 for the session itself.', '1'),
      direction: {
        description:
          'What to do when `date` is not a session: `none` refuses, `next`/`previous` first move it to the ' +
          'next/previous session.',
        example: 'next',
        cli: { flag: 'direction', help: 'none (default), next or previous: how to treat a date that is not a session' },
      },
    }),
    response: (s) => s.SessionOffset,
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'offset', description: 'the session n sessions after (or before) a date' },
  }),
  getSessionCount: operation({
    path: '/markets/{identifier}/sessions/count',
    tag: 'Sessions',
    summary: 'Number of sessions in a date range',
    description: 'Both dates must lie in the market coverage window; the range is not capped.',
    ...fromQuery(QUERIES.sessionCount, {
      identifier,
      start: { ...start, example: '2023-11-01' },
      end: { ...end, example: '2023-11-30' },
    }),
    response: (s) => s.SessionCount,
    needs: 'range',
    plan: 'schedules',
    cacheable: true,
    cli: { command: 'count', description: 'how many sessions a date range holds' },
  }),
  getNextBell: operation({
    path: '/markets/{identifier}/next',
    tag: 'Sessions',
    summary: 'Next opening or closing bell',
    description:
      'The first opening (or closing) strictly after the instant, searched over the whole coverage window; ' +
      '`at` and `date` are null when there is none in it.',
    ...fromQuery(QUERIES.nextBell, { identifier, after: bellInstant('after', '2023-11-22T22:00:00Z'), event }),
    clock: ['after'],
    response: (s) => s.Bell,
    needs: 'range',
    plan: 'schedules',
    cli: { command: 'next', description: 'the next opening (or closing) bell' },
  }),
  getPreviousBell: operation({
    path: '/markets/{identifier}/previous',
    tag: 'Sessions',
    summary: 'Previous opening or closing bell',
    description:
      'The last opening (or closing) strictly before the instant, searched over the whole coverage window; ' +
      '`at` and `date` are null when there is none in it.',
    ...fromQuery(QUERIES.previousBell, {
      identifier: { ...identifier, example: 'US.CME.EQUITY.USINDEX1' },
      before: bellInstant('before', '2023-11-27T12:00:00Z'),
      event: { ...event, example: 'close' },
    }),
    clock: ['before'],
    response: (s) => s.Bell,
    needs: 'range',
    plan: 'schedules',
    cli: { command: 'previous', description: 'the previous opening (or closing) bell' },
  }),
};
