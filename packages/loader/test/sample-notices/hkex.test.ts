import { checkNotices, closed, trades } from './notices.js';

const H = 'HKEX trading calendar (Hong Kong general holidays)';
checkNotices('HK.HKEX', [
  closed('2000-02-04', `${H}: the day preceding Lunar New Year's Day (the second day on a Sunday, before 2012)`),
  trades('2000-02-08', '10:00', '16:00', '+08:00', `${H}: no fourth-day substitute before 2012`),
  trades('2007-02-21', '10:00', '16:00', '+08:00', `${H}: no fourth-day substitute before 2012`),
  closed('2001-04-05', `${H}: Ching Ming Festival`),
  trades('2011-03-07', '09:30', '16:00', '+08:00', 'HKEX: morning session from 09:30 from March 7, 2011'),
  closed('2015-09-03', `${H}: 70th anniversary of the victory of the War of Resistance`),
  closed('2022-09-12', `${H}: the second day after the Mid-Autumn Festival`),
  trades('2026-02-16', '09:30', '12:00', '+08:00', `${H}: half day on Lunar New Year's Eve`),
  closed('2026-02-19', `${H}: the third day of Lunar New Year`),
  closed('2026-04-07', `${H}: the day following Ching Ming (on Easter Sunday)`),
  closed('2026-10-19', `${H}: the day following Chung Yeung on a Sunday`),
  trades('2027-02-05', '09:30', '12:00', '+08:00', `${H}: half day on Lunar New Year's Eve`),
  closed('2027-02-09', `${H}: the fourth day of Lunar New Year (the second on a Sunday)`),
  trades('2027-12-24', '09:30', '12:00', '+08:00', `${H}: half day on Christmas Eve`),
]);
