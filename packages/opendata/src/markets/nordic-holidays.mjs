// Public holidays and exchange closures of the Nordic and Baltic countries, as lists of
// [date, name, memo?] per year. Weekend dates are kept here and dropped by the builders.
import { addDays, easterSunday, nthWeekday, weekday, ymd } from '../lib/dates.mjs';

const eas = (y, n) => addDays(easterSunday(y), n);

/** The first date from `from` on that falls on weekday `dow` (0 = Sunday). */
function onOrAfter(from, dow) {
  return addDays(from, (dow - weekday(from) + 7) % 7);
}

/** Midsummer Eve in Sweden and Finland: the Friday between 19 and 25 June. */
export const midsummerEve = (y) => onOrAfter(ymd(y, 6, 19), 5);

/** Swedish All Saints' Day: the Saturday between 31 October and 6 November. */
export const allSaintsSaturday = (y) => onOrAfter(ymd(y, 10, 31), 6);

/** Icelandic First Day of Summer: the first Thursday after 18 April. */
export const firstDayOfSummer = (y) => onOrAfter(ymd(y, 4, 19), 4);

const EVES = (y) => [
  [ymd(y, 12, 24), 'Christmas Eve'],
  [ymd(y, 12, 25), 'Christmas Day'],
  [ymd(y, 12, 26), 'Boxing Day'],
  [ymd(y, 12, 31), "New Year's Eve", 'Exchange closed (bank holiday)'],
];

/** Nasdaq Stockholm: Swedish public holidays plus Midsummer, Christmas and New Year's Eves. */
export function swedishClosures(y) {
  return [
    [ymd(y, 1, 1), "New Year's Day"],
    [ymd(y, 1, 6), 'Epiphany'],
    [eas(y, -2), 'Good Friday'],
    [eas(y, 1), 'Easter Monday'],
    [ymd(y, 5, 1), 'Labour Day'],
    [eas(y, 39), 'Ascension Day'],
    // Whit Monday gave way to the National Day as a public holiday in 2005 (SFS 2004:1320).
    y <= 2004 ? [eas(y, 50), 'Whit Monday'] : [ymd(y, 6, 6), 'National Day of Sweden'],
    [midsummerEve(y), 'Midsummer Eve'],
    ...EVES(y),
  ];
}

/** Nasdaq Stockholm's half trading days: the eves of some holidays (close 13:00 CET). */
export function swedishHalfDays(y) {
  return [
    [ymd(y, 1, 5), 'Epiphany Eve', 'Half trading day: the eve of Epiphany'],
    [eas(y, -3), 'Maundy Thursday', 'Half trading day before Good Friday'],
    [ymd(y, 4, 30), 'Walpurgis Night', 'Half trading day before Labour Day'],
    [eas(y, 38), 'Ascension Eve', 'Half trading day: the eve of Ascension Day'],
    [addDays(allSaintsSaturday(y), -1), "All Saints' Eve", "Half trading day: the eve of All Saints' Day"],
  ];
}

/** Nasdaq Helsinki: Finnish public holidays plus Midsummer, Christmas and New Year's Eves. */
export function finnishClosures(y) {
  return [
    [ymd(y, 1, 1), "New Year's Day"],
    [ymd(y, 1, 6), 'Epiphany'],
    [eas(y, -2), 'Good Friday'],
    [eas(y, 1), 'Easter Monday'],
    [ymd(y, 5, 1), 'May Day'],
    [eas(y, 39), 'Ascension Day'],
    [midsummerEve(y), 'Midsummer Eve'],
    [ymd(y, 12, 6), 'Independence Day'],
    ...EVES(y),
  ];
}

/** Nasdaq Copenhagen: Danish public holidays, Constitution Day, the bank holidays. */
export function danishClosures(y) {
  return [
    [ymd(y, 1, 1), "New Year's Day"],
    [eas(y, -3), 'Maundy Thursday'],
    [eas(y, -2), 'Good Friday'],
    [eas(y, 1), 'Easter Monday'],
    // Great Prayer Day (the fourth Friday after Easter) was abolished from 2024 (Act no. 140 of 2023).
    ...(y <= 2023 ? [[eas(y, 26), 'Great Prayer Day']] : []),
    [eas(y, 39), 'Ascension Day'],
    // The Friday after Ascension Day is a bank holiday on which the exchange closes.
    ...(y >= 2009 ? [[eas(y, 40), 'Day after Ascension Day', 'Bank holiday']] : []),
    [eas(y, 50), 'Whit Monday'],
    [ymd(y, 6, 5), 'Constitution Day'],
    ...EVES(y),
  ];
}

/** Oslo Børs: Norwegian public holidays (Act of 1995 on public holidays) and the eves. */
export function norwegianClosures(y) {
  return [
    [ymd(y, 1, 1), "New Year's Day"],
    [eas(y, -3), 'Maundy Thursday'],
    [eas(y, -2), 'Good Friday'],
    [eas(y, 1), 'Easter Monday'],
    [ymd(y, 5, 1), 'Labour Day'],
    [ymd(y, 5, 17), 'Constitution Day'],
    [eas(y, 39), 'Ascension Day'],
    [eas(y, 50), 'Whit Monday'],
    ...EVES(y),
  ];
}

/** Nasdaq Iceland: Icelandic public holidays (Act no. 88/1971 and its successors) and the eves. */
export function icelandicClosures(y) {
  return [
    [ymd(y, 1, 1), "New Year's Day"],
    [eas(y, -3), 'Maundy Thursday'],
    [eas(y, -2), 'Good Friday'],
    [eas(y, 1), 'Easter Monday'],
    [firstDayOfSummer(y), 'First Day of Summer'],
    [ymd(y, 5, 1), 'Labour Day'],
    [eas(y, 39), 'Ascension Day'],
    [eas(y, 50), 'Whit Monday'],
    [ymd(y, 6, 17), 'Icelandic National Day'],
    [nthWeekday(y, 8, 1, 1), 'Commerce Day'],
    ...EVES(y),
  ];
}

const BALTIC_EASTER = 'Nasdaq Baltic closes its three markets on the TARGET2 Easter holidays';

/** Nasdaq Tallinn: Estonian public holidays (Public Holidays and Days of National Importance Act). */
export function estonianClosures(y) {
  return [
    [ymd(y, 1, 1), "New Year's Day"],
    [ymd(y, 2, 24), 'Independence Day'],
    [eas(y, -2), 'Good Friday'],
    [eas(y, 1), 'Easter Monday', BALTIC_EASTER],
    [ymd(y, 5, 1), 'Spring Day'],
    [ymd(y, 6, 23), 'Victory Day'],
    [ymd(y, 6, 24), "Midsummer Day (St John's Day)"],
    [ymd(y, 8, 20), 'Day of Restoration of Independence'],
    ...EVES(y),
  ];
}

/** The Monday after a weekend date (Latvia moves 4 May and 18 November off weekends). */
function nextMonday(d) {
  return weekday(d) === 6 ? addDays(d, 2) : weekday(d) === 0 ? addDays(d, 1) : null;
}

// Latvian one-off public holidays and bridge days the Cabinet declared (with Saturdays worked in
// exchange); the exchange follows the public calendar.
const LATVIA_ONE_OFF = [
  ['2006-11-27', 'NATO Riga Summit (bridge day)'],
  ['2006-11-28', 'NATO Riga Summit'],
  ['2006-11-29', 'NATO Riga Summit'],
  ['2007-04-30', 'Bridge day (worked on 14 April)'],
  ['2008-05-02', 'Bridge day (worked on 10 May)'],
  ['2008-11-17', 'Bridge day (worked on 22 November)'],
  ['2009-01-02', 'Bridge day after New Year (worked on 10 January)'],
  ['2009-06-22', 'Bridge day before Midsummer'],
  ['2010-05-03', 'Bridge day (worked on 29 May)'],
  ['2012-04-30', 'Bridge day (worked on 28 April; Cabinet order no. 146)'],
  ['2014-05-02', 'Bridge day (worked on 10 May)'],
  ['2014-11-17', 'Bridge day (worked on 22 November)'],
  ['2017-05-05', 'Bridge day (worked on 13 May)'],
  ['2018-04-30', 'Bridge day before Labour Day'],
  ['2018-07-09', 'Closing day of the Song and Dance Festival'],
  ['2021-05-03', 'Bridge day (worked on 8 May)'],
  ['2021-06-25', 'Bridge day after Midsummer (worked on 19 June)'],
  ['2021-11-19', 'Bridge day (worked on 13 November)'],
  ['2023-05-05', 'Bridge day (worked on 20 May)'],
  ['2023-05-29', 'Ice hockey world championship bronze medal'],
  ['2023-07-10', 'Closing day of the Song and Dance Festival'],
  ['2024-12-23', 'Bridge day before Christmas Eve (worked on 14 December; Cabinet order no. 348 of 2023)'],
  ['2024-12-30', "Bridge day before New Year's Eve (worked on 28 December; Cabinet order no. 348 of 2023)"],
  ['2025-05-02', 'Bridge day (worked on 10 May)'],
  ['2025-11-17', 'Bridge day before Proclamation Day'],
  ['2026-01-02', 'Bridge day after New Year (worked on 17 January)'],
];

/** Nasdaq Riga: Latvian public holidays (Law on Public Holidays, Commemoration Days and Celebration Days). */
export function latvianClosures(y) {
  const out = [
    [ymd(y, 1, 1), "New Year's Day"],
    [eas(y, -2), 'Good Friday'],
    [eas(y, 1), 'Easter Monday'],
    [ymd(y, 5, 1), 'Labour Day'],
    [ymd(y, 5, 4), 'Restoration of Independence Day'],
    [ymd(y, 6, 23), 'Midsummer Eve (Līgo)'],
    [ymd(y, 6, 24), "St John's Day (Jāņi)"],
    [ymd(y, 11, 18), 'Proclamation Day of the Republic of Latvia'],
    ...EVES(y),
  ];
  // Since 2007 a 4 May or 18 November on a weekend moves the day off to the Monday after.
  if (y >= 2007) {
    for (const [d, name] of [
      [ymd(y, 5, 4), 'Restoration of Independence Day'],
      [ymd(y, 11, 18), 'Proclamation Day of the Republic of Latvia'],
    ]) {
      const m = nextMonday(d);
      if (m) out.push([m, name, 'Transferred from the weekend']);
    }
  }
  for (const [d, name] of LATVIA_ONE_OFF) if (d.startsWith(`${y}-`)) out.push([d, name, 'One-off public holiday']);
  return out;
}

// The Labour Code amendment of 20 Dec 2005 gave a working day off for a holiday on a weekend; the
// exchange announced these two closures under it (VSE notice of 22 Dec 2005).
const LITHUANIA_ONE_OFF = [
  ['2005-12-27', 'Christmas Day (moved off the weekend)'],
  ['2006-01-02', "New Year's Day (moved off the weekend)"],
];

/** Nasdaq Vilnius: Lithuanian public holidays (Labour Code, art. 123) and the exchange's own closures. */
export function lithuanianClosures(y) {
  const oneOff = LITHUANIA_ONE_OFF.filter(([d]) => d.startsWith(`${y}-`)).map(([d, n]) => [
    d,
    n,
    'Exchange notice: a holiday on a weekend gave the next working day off',
  ]);
  return [
    ...oneOff,
    [ymd(y, 1, 1), "New Year's Day"],
    [ymd(y, 2, 16), 'Day of Restoration of the State of Lithuania'],
    [ymd(y, 3, 11), 'Day of Restoration of Independence'],
    [eas(y, -2), 'Good Friday', BALTIC_EASTER],
    [eas(y, 1), 'Easter Monday'],
    [ymd(y, 5, 1), 'International Labour Day'],
    [ymd(y, 6, 24), "St John's Day (Joninės)"],
    [ymd(y, 7, 6), 'Statehood Day'],
    [ymd(y, 8, 15), 'Assumption Day'],
    [ymd(y, 11, 1), "All Saints' Day"],
    // All Souls' Day became a public holiday in 2020.
    ...(y >= 2020 ? [[ymd(y, 11, 2), "All Souls' Day"]] : []),
    ...EVES(y),
  ];
}
