// Warsaw Stock Exchange against its session-schedule notices, its days off and the holiday act.
import { checkNotices, closed, trades } from './notices.js';

const ACT = 'Act on non-working days';
checkNotices('PL.GPW', [
  trades('2002-12-31', '10:00', '14:10', '+01:00', 'WSE: session of 31 December 2002 shortened, closing at 14:10'),
  trades('2008-08-29', '09:30', '16:20', '+02:00', 'WSE notice of 18 June 2008: equities previously started at 9:30'),
  trades('2008-09-01', '09:00', '16:20', '+02:00', 'WSE notice of 18 June 2008: 09:00 start from 1 September 2008'),
  trades('2011-01-03', '09:00', '17:30', '+01:00', 'WSE resolution 933/2010: close at 17:30 from January 2011'),
  trades('2013-04-12', '09:00', '17:30', '+02:00', 'WSE: last day of the 17:30 close'),
  trades('2013-04-15', '09:00', '17:00', '+02:00', 'WSE: UTP schedule from 15 April 2013, close 17:00'),
  closed('2018-01-02', 'GPW: extra day without a session for MiFID II (2018 had 14 such days)'),
  trades('2004-12-24', '09:30', '16:20', '+01:00', 'GPW: only 7 days without a session in 2004, Christmas Eve not one'),
  closed('2019-12-31', 'GPW: no session on 24 and 31 December 2019 (DM BDM notice)'),
  closed('2018-11-12', `${ACT}: one-off holiday of 12 November 2018`),
  closed('2021-01-06', 'GPW group (BondSpot): days off 2021, Epiphany'),
  closed('2021-04-02', 'GPW group (BondSpot): days off 2021, Good Friday'),
  closed('2021-12-24', 'GPW group (BondSpot): days off 2021, Christmas Eve'),
  closed('2021-12-31', "GPW group (BondSpot): days off 2021, New Year's Eve"),
  trades('2026-03-27', '09:00', '17:00', '+01:00', 'GPW: session schedule, last day of winter time'),
  trades('2026-03-30', '09:00', '17:00', '+02:00', 'GPW: session schedule, first Monday of summer time'),
  closed('2026-06-04', `${ACT}: Corpus Christi`),
  closed('2026-12-24', `${ACT}: Christmas Eve, a public holiday from 2025`),
  closed('2027-03-26', 'GPW: Good Friday'),
  closed('2027-05-03', `${ACT}: Constitution Day`),
]);
