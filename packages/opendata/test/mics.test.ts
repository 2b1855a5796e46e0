// Every exchange of the open dataset is found by its ISO 10383 MIC, as `GET /markets/mic/{MIC}`
// finds it (the library's getMarketByMic is the same declared query), through the loaded archive.
import type { Dataset } from '@openbell/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSample } from '@openbell/loader';

/** The fifty exchanges added for the open dataset (issue 46), by MIC. */
const ADDED = [
  'AIXK',
  'ASEX',
  'IEPA',
  'XBDA',
  'XBEL',
  'XBKK',
  'XBOG',
  'XBOM',
  'XBRA',
  'XBRU',
  'XBSE',
  'XBUD',
  'XCBF',
  'XCSE',
  'XCYS',
  'XDUB',
  'XDUS',
  'XEEE',
  'XEUR',
  'XFRA',
  'XHAM',
  'XHEL',
  'XICE',
  'XIDX',
  'XIST',
  'XKAR',
  'XKLS',
  'XLIM',
  'XLIS',
  'XLIT',
  'XLJU',
  'XLUX',
  'XMAD',
  'XMEX',
  'XMIL',
  'XMOS',
  'XNZE',
  'XOSL',
  'XPHS',
  'XPRA',
  'XRIS',
  'XSGO',
  'XSTO',
  'XSTU',
  'XTAE',
  'XTAI',
  'XTAL',
  'XWAR',
  'XWBO',
  'XZAG',
];
/** The first markets, each found by its own MIC (XCME names two markets and answers both). */
const FIRST = [
  'XNYS',
  'XNAS',
  'XTKS',
  'XHKG',
  'XSHG',
  'SGEX',
  'XCFE',
  'XSAU',
  'XADS',
  'XLON',
  'XETR',
  'XASX',
  'BVMF',
  'XMEV',
  'XPAR',
  'XAMS',
  'XSWX',
  'XTSE',
  'XKRX',
  'XNSE',
  'XSES',
  'XJSE',
];

describe('every exchange found by its MIC', () => {
  let dataset: Dataset;
  beforeAll(async () => {
    ({ dataset } = await loadSample());
  });

  it('lists fifty added MICs, none twice', () => {
    expect(new Set(ADDED).size).toBe(50);
  });

  for (const mic of [...ADDED, ...FIRST]) {
    it(mic, () => {
      const market = dataset.getMarketByMic(mic);
      // The market row names its own MIC (BYMA's row keeps the Buenos Aires one it took over).
      if (mic !== 'XMEV') expect(market.mic, mic).toBe(mic);
      // Its calendar answers for the current years and next year.
      expect(
        dataset.listDays(market.fin_id, '2027-06-01', '2027-06-30').some((d) => d.is_open),
        mic,
      ).toBe(true);
      expect(dataset.listDays(market.fin_id, '2000-01-03', '2000-01-07').length, mic).toBe(5);
    });
  }
});
