// South and South-East Asia: BSE (Mumbai), Pakistan Stock Exchange (Karachi), Indonesia Stock
// Exchange (Jakarta) and Bursa Malaysia (Kuala Lumpur). Islamic festivals come from ICU's
// Umm al-Qura calendar shifted by each country's usual moon-sighting lag, and are overridden by
// the closures the exchanges announced year by year (a table of announced dates always wins).
import { ymd } from '../lib/dates.mjs';
import { bse } from './asia-south-bse.mjs';
import { bursa, bursaClosures } from './asia-south-bursa.mjs';
import { idx, idxClosures } from './asia-south-idx.mjs';
import { psx, psxClosures } from './asia-south-psx.mjs';

export { bse, bursa, bursaClosures, idx, idxClosures, psx, psxClosures };

export const MARKETS = [bse, psx, idx, bursa];

// ---------------------------------------------------------------------------------------------
// Currencies: days the central bank's RTGS system is closed, approximated by the public
// holidays that close the exchanges (memos say so).
// ---------------------------------------------------------------------------------------------
const memoed = (memo, rows) =>
  rows.map((r) => ({ ...r, observed: r.observed ?? false, memo: r.memo ? `${r.memo}; ${memo}` : memo }));

export const CURRENCIES = [
  [
    'PKR',
    'Pakistani Rupee',
    'PK',
    'State Bank of Pakistan',
    'Karachi',
    'Asia/Karachi',
    (y) =>
      memoed('Approximated by the PSX closures and the 1 July bank holiday', [
        ...psxClosures(y),
        { date: ymd(y, 7, 1), name: 'Bank Holiday' },
      ]).sort((a, b) => (a.date < b.date ? -1 : 1)),
  ],
  [
    'IDR',
    'Indonesian Rupiah',
    'ID',
    'Bank Indonesia',
    'Jakarta',
    'Asia/Jakarta',
    (y) =>
      memoed(
        'Approximated by the IDX closures (national holidays and cuti bersama)',
        idxClosures(y).filter((c) => !c.date.endsWith('-12-31')),
      ),
  ],
  [
    'MYR',
    'Malaysian Ringgit',
    'MY',
    'Bank Negara Malaysia',
    'Kuala Lumpur',
    'Asia/Kuala_Lumpur',
    (y) => memoed('Approximated by the Bursa Malaysia closures (Kuala Lumpur holidays)', bursaClosures(y)),
  ],
];
