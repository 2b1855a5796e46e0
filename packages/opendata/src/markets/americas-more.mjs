// More markets of the Americas: ICE Futures U.S. and the Cboe Futures Exchange (US holiday rules
// of us.mjs), the Bermuda Stock Exchange, and the Colombian, Peruvian, Mexican and Chilean
// exchanges, several of which keep their session in step with New York's clock.
import { iceUs, cfe } from './americas-more-us-futures.mjs';
import { bermudaHolidays, bsx } from './americas-more-bermuda.mjs';
import { colombianHolidays, bvc } from './americas-more-colombia.mjs';
import { peruvianHolidays, bvl } from './americas-more-lima.mjs';
import { mexicanClosures, bmv } from './americas-more-mexico.mjs';
import { chileanHolidays, bcs } from './americas-more-santiago.mjs';
import { ymd } from '../lib/dates.mjs';
import { clean } from './americas-more-lib.mjs';

export {
  iceUs,
  cfe,
  bermudaHolidays,
  bsx,
  colombianHolidays,
  bvc,
  peruvianHolidays,
  bvl,
  mexicanClosures,
  bmv,
  chileanHolidays,
  bcs,
};

export const MARKETS = [iceUs, cfe, bsx, bvc, bvl, bmv, bcs];

const mxnClosures = (y) => mexicanClosures(y);
const clpClosures = (y) =>
  clean([...chileanHolidays(y), { date: ymd(y, 12, 31), name: 'Bank Holiday', memo: 'Banks closed on December 31' }]);
const copClosures = (y) => colombianHolidays(y);
const penClosures = (y) => peruvianHolidays(y);

export const CURRENCIES = [
  ['COP', 'Colombian Peso', 'CO', 'Banco de la República', 'Bogotá', 'America/Bogota', copClosures],
  ['PEN', 'Peruvian Sol', 'PE', 'Banco Central de Reserva del Perú', 'Lima', 'America/Lima', penClosures],
  ['MXN', 'Mexican Peso', 'MX', 'Banco de México', 'Mexico City', 'America/Mexico_City', mxnClosures],
  ['CLP', 'Chilean Peso', 'CL', 'Banco Central de Chile', 'Santiago', 'America/Santiago', clpClosures],
  ['BMD', 'Bermudian Dollar', 'BM', 'Bermuda Monetary Authority', 'Hamilton', 'Atlantic/Bermuda', bermudaHolidays],
];
