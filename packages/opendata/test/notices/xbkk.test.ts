import { checkNotices, closed, trades } from './notices.js';

const B = 'Bank of Thailand: financial institutions holidays';
const S = 'SEC notice of securities-business holidays';
const H = 'SET: afternoon session from 14:00 from 25 March 2024';
checkNotices('TH.SET', [
  closed('2017-10-26', 'SET: closed for the royal cremation of King Bhumibol'),
  closed('2020-02-10', `${S} 2020: substitution for Makha Bucha Day`),
  trades('2020-04-14', '10:00', '16:30', '+07:00', 'Cabinet: Songkran 2020 postponed; the SET traded'),
  closed('2020-07-27', `${B}: substitute holiday for Songkran (BOT press release 38/2020)`),
  closed('2023-05-05', `${B}: special holiday 5 May 2023`),
  trades('2023-04-17', '10:00', '16:30', '+07:00', `${S} 2023: no Songkran substitution for securities business`),
  closed('2023-12-29', `${B}: substitute holiday replacing 2 January 2024`),
  trades('2024-01-02', '10:00', '16:30', '+07:00', `${B}: 2 January 2024 holiday cancelled`),
  closed('2024-04-12', `${B}: special holiday 12 April 2024`),
  trades('2024-03-22', '10:00', '16:30', '+07:00', `${H}: the last day of the 14:30 afternoon open`),
  closed('2025-06-02', `${B}: special holiday 2 June 2025`),
  closed('2026-03-03', `${B} 2026: Makha Bucha Day`),
  closed('2026-06-01', `${B} 2026: substitution for Visakha Bucha Day`),
  closed('2026-07-29', `${B} 2026: Asarnha Bucha Day`),
  trades('2026-07-30', '10:00', '16:30', '+07:00', `${B} 2026: Buddhist Lent Day is not a bank holiday`),
  closed('2026-12-07', `${B} 2026: substitution for King Bhumibol's Birthday`),
  closed('2027-02-22', `${B}: substitution for Makha Bucha Day (Saturday 20 February 2027)`),
  closed('2027-04-13', `${B}: Songkran Festival`),
]);
