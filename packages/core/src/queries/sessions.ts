/**
 * Trading sessions and bells (docs/calendar-arithmetic.md §1–3, §9): the sessions of a range, stepping
 * and counting them, the next or previous bell, and the sessions that are special.
 */
import { formatDay, type EpochDay, type EpochMs } from '../time/dates.js';
import { sessionJsonPieces } from '../wire/json.js';
import { SESSION_DIRECTIONS, optional, param, withDefault } from '../params/params.js';
import { countSessions, findBell, listSessions, offsetSession } from '../rules/sessions.js';
import { listSpecialSessions } from '../rules/special-sessions.js';
import type {
  Bell,
  BellEvent,
  Session,
  SessionCount,
  SessionDirection,
  SessionOffset,
  SpecialSession,
} from '../types.js';
import { QueryBase } from './base.js';
import { queriesOf, identifier, steps, event, range, rangeArgs, type Surface } from './declare.js';

export class SessionRules extends QueryBase {
  sessions(identifier: string, startDay: EpochDay, endDay: EpochDay): Session[] {
    const entry = this.covered(identifier, startDay, endDay);
    return listSessions(entry, entry.zone ?? this.utc, startDay, endDay);
  }

  /**
   * The JSON of `sessions` as UTF-8 bytes in pieces, as `phaseJsonChunks`. Arguments and the
   * dates of bad rows are checked now, before the first piece.
   */
  sessionJsonChunks(identifier: string, startDay: EpochDay, endDay: EpochDay): Iterable<Uint8Array> {
    const entry = this.generated(identifier, startDay, endDay);
    return sessionJsonPieces(entry, entry.zone ?? this.utc, startDay, endDay);
  }

  sessionOffset(identifier: string, day: EpochDay, n: number, direction: SessionDirection): SessionOffset {
    const entry = this.covered(identifier, day, day);
    // `+ 0`: a step count of -0 is answered as 0.
    return { date: formatDay(day), n: n + 0, session: formatDay(offsetSession(entry, day, n + 0, direction)) };
  }

  sessionCount(identifier: string, startDay: EpochDay, endDay: EpochDay): SessionCount {
    const entry = this.covered(identifier, startDay, endDay);
    return { start: formatDay(startDay), end: formatDay(endDay), count: countSessions(entry, startDay, endDay) };
  }

  nextBell(identifier: string, after: EpochMs, event: BellEvent): Bell {
    const entry = this.resolveScheduled(identifier);
    return findBell(entry, entry.zone ?? this.utc, after, event, true);
  }

  previousBell(identifier: string, before: EpochMs, event: BellEvent): Bell {
    const entry = this.resolveScheduled(identifier);
    return findBell(entry, entry.zone ?? this.utc, before, event, false);
  }

  /** The sessions of the range that open late, close early, or are special otherwise (§9). */
  specialSessions(identifier: string, startDay: EpochDay, endDay: EpochDay): SpecialSession[] {
    const entry = this.generated(identifier, startDay, endDay);
    return listSpecialSessions(entry, entry.zone ?? this.utc, startDay, endDay);
  }
}

const query = queriesOf<Surface<SessionRules>>();

export const SESSION_QUERIES = {
  /**
   * The sessions (local dates the market is open) of the inclusive range: first opening, last closing
   * and the breaks between, in the market's zone, and whether the session is irregular.
   */
  sessions: query({ params: range, args: rangeArgs, run: (q, a) => q.sessions(a.identifier, a.start, a.end) }),
  /**
   * The session `n` sessions after (negative: before) `date`. A date that is not a session is refused
   * unless `direction` moves it to the next or previous session first.
   */
  sessionOffset: query({
    params: { identifier, date: param.day(), n: steps, direction: withDefault(param.enum(SESSION_DIRECTIONS), 'none') },
    args: ['identifier', 'date', 'n'],
    rest: ['direction'],
    run: (q, a) => q.sessionOffset(a.identifier, a.date, a.n, a.direction),
  }),
  /** How many sessions the inclusive range holds; both dates must lie in the coverage window. */
  sessionCount: query({ params: range, args: rangeArgs, run: (q, a) => q.sessionCount(a.identifier, a.start, a.end) }),
  /** The next bell strictly after `after` (default: the dataset's clock). */
  nextBell: query({
    params: { identifier, after: optional(param.instant()), event },
    args: ['identifier'],
    rest: ['after', 'event'],
    run: (q, a, now) => q.nextBell(a.identifier, a.after ?? now(), a.event),
  }),
  /** The previous bell strictly before `before` (default: the dataset's clock). */
  previousBell: query({
    params: { identifier, before: optional(param.instant()), event },
    args: ['identifier'],
    rest: ['before', 'event'],
    run: (q, a, now) => q.previousBell(a.identifier, a.before ?? now(), a.event),
  }),
  /** The sessions of `start`..`end` that open late, close early, or are special otherwise. */
  specialSessions: query({
    params: range,
    args: rangeArgs,
    run: (q, a) => q.specialSessions(a.identifier, a.start, a.end),
  }),
} as const;
