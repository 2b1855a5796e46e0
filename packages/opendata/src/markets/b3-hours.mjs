// B3's cash-equities hours by period. B3 keeps its session in step with New York's: when São
// Paulo is two or more hours ahead of New York (Brazilian summer time, or New York on winter
// time once Brazil is not on summer time) the session ends an hour later (and until 2015 also
// began an hour later), otherwise it is 10:00-17:00. Public notices of the exchange (Bovespa, BM&FBovespa, B3):
// - 2001-04-02: back to 10:00-17:00 with US summer time (the session had closed at 18:00);
// - 2003-10-20, 2006-11-06, 2007-10-15, 2011-10-17: 11:00-18:00 from the Monday after Brazilian
//   summer time begins; the end of Brazilian summer time does not change the session (2011, 2013):
//   it returns to 10:00-17:00 the Monday after US summer time begins (2013, 2017, 2018, 2022);
// - from 2015 the longer session opens at 10:00 and closes at 18:00 (2016-10-17, 2017-10-16);
// - Brazil has had no summer time since 2019: the longer session starts the Monday after US summer
//   time ends (2021-11-08, 2022-11-07, 2025-11-03).
// The transitions are season definitions of each year; the 10:00 open of the longer session is an
// in-force period from its 2015 season on.
import { addDays, nthWeekday } from '../lib/dates.mjs';

// Brazilian summer time began on these dates (Decrees of each year; none since 2019).
const BRAZIL_SUMMER_TIME_START = {
  2000: '2000-10-08',
  2001: '2001-10-14',
  2002: '2002-11-03',
  2003: '2003-10-19',
  2004: '2004-11-02',
  2005: '2005-10-16',
  2006: '2006-11-05',
  2007: '2007-10-14',
  2008: '2008-10-19',
  2009: '2009-10-18',
  2010: '2010-10-17',
  2011: '2011-10-16',
  2012: '2012-10-21',
  2013: '2013-10-20',
  2014: '2014-10-19',
  2015: '2015-10-18',
  2016: '2016-10-16',
  2017: '2017-10-15',
  2018: '2018-11-04',
};

/** The Sunday US summer time begins: first Sunday of April until 2006, second Sunday of March since. */
export const usSummerStart = (y) => (y < 2007 ? nthWeekday(y, 4, 0, 1) : nthWeekday(y, 3, 0, 2));
/** The Sunday US summer time ends: last Sunday of October until 2006, first Sunday of November since. */
export const usSummerEnd = (y) => (y < 2007 ? nthWeekday(y, 10, 0, -1) : nthWeekday(y, 11, 0, 1));

/** The first day of the longer session in year y (it runs into the next year). */
export const longerSessionStart = (y) => BRAZIL_SUMMER_TIME_START[y] ?? usSummerEnd(y);

export const B3_SEASONS = {
  'B3 Regular Hours Start': (y) => usSummerStart(y),
  'B3 Regular Hours End': (y) => addDays(longerSessionStart(y), -1),
  'B3 Longer Hours Start': (y) => longerSessionStart(y),
  'B3 Longer Hours End': (y) => addDays(usSummerStart(y), -1),
};
export const B3_REGULAR = ['B3 Regular Hours Start', 'B3 Regular Hours End'];
export const B3_LONGER = ['B3 Longer Hours Start', 'B3 Longer Hours End'];

/** The longer session opened at 11:00 until its 2014-2015 season and at 10:00 from the 2015 one. */
export const LONGER_OPENS_AT_TEN = '2015-06-01';

/**
 * The periods of the sample's years as {season, from, until, open, close, after}: `after` is the
 * after-market [start, end] or null (none in the longer session since 2015).
 */
export function b3Periods() {
  const dayBefore = addDays(LONGER_OPENS_AT_TEN, -1);
  return [
    { season: B3_REGULAR, open: '10:00', close: '17:00', after: ['17:30', '18:00'] },
    { season: B3_LONGER, until: dayBefore, open: '11:00', close: '18:00', after: ['18:45', '19:30'] },
    { season: B3_LONGER, from: LONGER_OPENS_AT_TEN, open: '10:00', close: '18:00', after: null },
  ];
}
