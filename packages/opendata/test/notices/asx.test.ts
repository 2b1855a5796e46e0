import { checkNotices, closed, trades } from './notices.js';

const A = 'ASX trading calendar';
checkNotices('AU.ASX', [
  closed('2010-04-26', `${A}: Anzac Day on a Sunday observed on Monday in 2010`),
  closed('2011-04-26', `${A}: Easter Tuesday, Anzac Day falling on Easter Monday`),
  closed('2022-09-22', `${A}: National Day of Mourning for Queen Elizabeth II`),
  trades('2022-12-23', '10:00', '16:00', '+11:00', `${A}: full trading day in 2022`),
  trades('2022-12-30', '10:00', '16:00', '+11:00', `${A}: full trading day in 2022`),
  trades('2023-12-22', '10:00', '14:10', '+11:00', `${A}: early close on the last trading day before Christmas`),
  trades('2023-12-29', '10:00', '14:10', '+11:00', `${A}: early close on the last trading day of the year`),
  trades('2026-10-02', '10:00', '16:00', '+10:00', `${A}: regular day before the clock change`),
  trades('2026-10-05', '10:00', '16:00', '+11:00', `${A}: regular day after the clock change`),
  trades('2026-12-24', '10:00', '14:10', '+11:00', `${A}: early close on Christmas Eve`),
  closed('2026-12-28', `${A}: Boxing Day observed`),
  trades('2026-12-31', '10:00', '14:10', '+11:00', `${A}: early close on New Year's Eve`),
  trades('2027-12-24', '10:00', '14:10', '+11:00', `${A}: early close on Christmas Eve`),
  closed('2027-12-27', `${A}: Christmas observed`),
  trades('2027-12-31', '10:00', '14:10', '+11:00', `${A}: early close on New Year's Eve`),
]);
