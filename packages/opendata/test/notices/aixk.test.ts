// Astana International Exchange against its trading-hours notices and Kazakhstan's holiday law.
import { checkNotices, closed, trades } from './notices.js';

const HRS = 'AIX market notice 2020-10-23_01: continuous trading to the 17:00 closing auction';
const LAW = 'Law of Kazakhstan on holidays';
const CAL = 'Official 2026 holiday calendar of Kazakhstan (e-government portal, via alau.kz)';
checkNotices('KZ.AIX', [
  trades('2023-06-01', '11:30', '17:00', '+06:00', `${HRS} (FEAS profile: continuous from 11:30)`),
  // Kazakhstan moved to a single zone (UTC+5) on 1 March 2024: the same local hours, another offset.
  trades('2024-02-29', '11:30', '17:00', '+06:00', HRS),
  trades('2024-03-01', '11:30', '17:00', '+05:00', HRS),
  closed('2026-01-01', `${LAW}: New Year`),
  closed('2026-01-02', `${LAW}: New Year`),
  closed('2026-01-07', `${LAW}: Orthodox Christmas`),
  closed('2026-03-09', `${LAW}: Women's Day moved from Sunday`),
  closed('2026-03-23', `${LAW}: Nauryz`),
  closed('2026-05-01', `${LAW}: Unity Day`),
  closed('2026-05-07', `${LAW}: Defender of the Fatherland Day`),
  closed('2026-03-25', `${CAL}: Nauryz days on the weekend moved to 24-25 March`),
  closed('2026-05-11', `${CAL}: Victory Day (Saturday) moved to Monday 11 May`),
  closed('2026-05-27', `${CAL}: Kurban Ait`),
  closed('2026-08-31', `${CAL}: Constitution Day (Sunday) moved to Monday 31 August`),
  closed('2026-10-26', `${CAL}: Republic Day (Sunday) moved to Monday 26 October`),
  trades('2026-01-05', '11:30', '17:00', '+05:00', `${CAL}: 5-6 January are working days`),
  closed('2026-07-06', `${LAW}: Capital Day`),
  closed('2026-12-16', `${LAW}: Independence Day`),
  trades('2026-12-17', '11:30', '17:00', '+05:00', `${LAW}: 17 December no longer a holiday from 2022`),
  closed('2027-03-22', `${LAW}: Nauryz`),
  closed('2027-10-25', `${LAW}: Republic Day`),
]);
