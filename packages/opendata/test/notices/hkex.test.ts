import { describe, expect, it } from 'vitest';
import { day, expectSessions } from './day-view.js';
import { checkNotices, closed, trades } from './notices.js';

const H = 'HKEX trading calendar (Hong Kong general holidays)';
checkNotices('HK.HKEX', [
  closed('2000-02-04', `${H}: the day preceding Lunar New Year's Day (the second day on a Sunday, before 2012)`),
  trades('2000-02-08', '10:00', '16:00', '+08:00', `${H}: no fourth-day substitute before 2012`),
  trades('2007-02-21', '10:00', '16:00', '+08:00', `${H}: no fourth-day substitute before 2012`),
  closed('2001-04-05', `${H}: Ching Ming Festival`),
  trades('2011-03-07', '09:30', '16:00', '+08:00', 'HKEX: morning session from 09:30 from March 7, 2011'),
  closed('2015-09-03', `${H}: 70th anniversary of the victory of the War of Resistance`),
  closed('2017-08-23', 'HKEX: all trading sessions cancelled, typhoon signal No. 8 (Hato)'),
  closed('2023-07-17', 'HKEX: all trading sessions cancelled, typhoon signal No. 8 (Talim)'),
  closed('2023-09-08', 'HKEX: all trading sessions cancelled, black rainstorm warning'),
  trades('2023-09-07', '09:30', '16:00', '+08:00', 'HKEX: a regular day before the black rainstorm'),
  closed('2022-09-12', `${H}: the second day after the Mid-Autumn Festival`),
  trades('2026-02-16', '09:30', '12:00', '+08:00', `${H}: half day on Lunar New Year's Eve`),
  closed('2026-02-19', `${H}: the third day of Lunar New Year`),
  closed('2026-04-07', `${H}: the day following Ching Ming (on Easter Sunday)`),
  closed('2026-10-19', `${H}: the day following Chung Yeung on a Sunday`),
  trades('2027-02-05', '09:30', '12:00', '+08:00', `${H}: half day on Lunar New Year's Eve`),
  closed('2027-02-09', `${H}: the fourth day of Lunar New Year (the second on a Sunday)`),
  trades('2027-12-24', '09:30', '12:00', '+08:00', `${H}: half day on Christmas Eve`),
]);

describe('HK.HKEX hours by period (HKEX: trading hours extension, phases 1 and 2)', () => {
  const ID = 'HK.HKEX';
  it('until 2011-03-04: morning 10:00-12:30, lunch to 14:30, afternoon to 16:00', async () => {
    await expectSessions(ID, ['2000-06-15', '2005-06-15', '2011-03-04'], ['10:00-12:30', '14:30-16:00']);
    expect((await day(ID, '2005-06-15')).phases).toContain('Intermission 12:30-14:30');
    await expectSessions(ID, ['2010-12-24'], ['10:00-12:30']);
  });

  it('phase 1 from 2011-03-07: morning 09:30-12:00, afternoon from 13:30', async () => {
    await expectSessions(ID, ['2011-03-07', '2012-03-02'], ['09:30-12:00', '13:30-16:00']);
    expect((await day(ID, '2011-03-07')).phases).toContain('Intermission 12:00-13:30');
  });

  it('phase 2 from 2012-03-05: lunch 12:00-13:00', async () => {
    await expectSessions(ID, ['2012-03-05', '2026-11-26', '2027-03-10'], ['09:30-12:00', '13:00-16:00']);
    expect((await day(ID, '2026-11-26')).phases).toContain('Intermission 12:00-13:00');
    await expectSessions(ID, ['2012-12-24'], ['09:30-12:00']);
  });
});
