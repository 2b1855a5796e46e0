import { checkNotices, closed, trades } from './notices.js';

const B = 'B3 trading calendar';
checkNotices('BR.B3', [
  closed('2014-06-12', `${B}: World Cup opening match in São Paulo`),
  closed('2016-12-30', `${B}: last business day of the year (New Year's Eve on a Saturday)`),
  closed('2017-12-29', `${B}: last business day of the year (New Year's Eve on a Sunday)`),
  trades('2020-07-09', '10:00', '16:55', '-03:00', `${B}: trading on São Paulo's moved state holiday in 2020`),
  trades('2020-11-20', '10:00', '17:55', '-03:00', `${B}: trading on São Paulo's moved city holiday in 2020`),
  closed('2021-07-09', `${B}: Constitutionalist Revolution`),
  trades('2026-02-18', '13:00', '17:55', '-03:00', `${B}: Ash Wednesday, trading from 13:00`),
  trades('2026-03-06', '10:00', '17:55', '-03:00', `${B}: hours before US daylight saving time`),
  trades('2026-03-09', '10:00', '16:55', '-03:00', `${B}: hours during US daylight saving time`),
  closed('2026-11-20', `${B}: Black Consciousness Day`),
  closed('2026-12-24', `${B}: Christmas Eve`),
  closed('2026-12-31', `${B}: New Year's Eve`),
  closed('2027-02-09', `${B}: Carnival`),
  closed('2027-12-31', `${B}: New Year's Eve`),
]);
