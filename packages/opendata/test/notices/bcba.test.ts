import { checkNotices, closed, trades } from './notices.js';

// The Buenos Aires Stock Exchange's market closed in 2017 (its successor is AR.BYMA).
const B = 'Bolsa de Comercio de Buenos Aires market holidays';
checkNotices('AR.BCBA', [
  closed('2002-01-08', `${B}: 2002 banking holiday`),
  closed('2002-04-23', `${B}: 2002 banking holiday`),
  closed('2010-05-24', `${B}: bicentennial of the May Revolution`),
  closed('2011-03-25', `${B}: bridge day`),
  closed('2011-08-22', `${B}: San Martín Day by decree`),
  closed('2012-02-27', `${B}: bicentennial of the national flag`),
  trades('2015-12-24', '11:00', '13:00', '-03:00', `${B}: early close on Christmas Eve`),
  closed('2015-11-27', `${B}: National Sovereignty Day by decree`),
  closed('2015-11-06', `${B}: Bank Employees' Day`),
  closed('2016-12-09', `${B}: bridge day`),
  trades('2015-12-31', '11:00', '13:00', '-03:00', `${B}: early close on New Year's Eve`),
  trades('2016-12-23', '11:00', '17:00', '-03:00', `${B}: regular day`),
]);
