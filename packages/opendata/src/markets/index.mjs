// Every market of the open dataset, family by family. A family module exports `MARKETS` (the
// builders of its markets, each returning { markets, holidays, schedules, mic }) and may export
// `CURRENCIES` (rows for lib/currencies.mjs: code, name, country, central bank, financial
// capital, its zone, and a year → settlement holidays rule).
import { argentina, b3 } from './americas.mjs';
import * as americasMore from './americas-more.mjs';
import * as asiaEast from './asia-east.mjs';
import * as asiaSouth from './asia-south.mjs';
import { asx } from './australia.mjs';
import { tsx } from './canada.mjs';
import * as centralEurope from './central-europe.mjs';
import { cibm, sge } from './china.mjs';
import * as eurasia from './eurasia.mjs';
import { euronextAmsterdam, euronextParis } from './euronext.mjs';
import { lse, xetra } from './europe.mjs';
import * as germany from './germany.mjs';
import { adx, tadawul } from './gulf.mjs';
import { hkex } from './hongkong.mjs';
import { nse } from './india.mjs';
import { jpx } from './japan.mjs';
import { jse } from './jse.mjs';
import { krx } from './korea.mjs';
import * as nordic from './nordic.mjs';
import { sgx } from './singapore.mjs';
import { six } from './six.mjs';
import * as southernEurope from './southern-europe.mjs';
import { sse } from './sse.mjs';
import { cmeEquity, cmeGrains, nasdaq, nyse } from './us.mjs';

/** The families added for the open dataset (issue 46), each a module of its own. */
export const FAMILIES = [nordic, germany, southernEurope, centralEurope, eurasia, asiaSouth, asiaEast, americasMore];

export const MARKET_BUILDERS = [
  nyse,
  nasdaq,
  cmeEquity,
  cmeGrains,
  jpx,
  hkex,
  sge,
  cibm,
  tadawul,
  adx,
  lse,
  xetra,
  asx,
  b3,
  argentina,
  euronextParis,
  euronextAmsterdam,
  six,
  tsx,
  krx,
  nse,
  sse,
  sgx,
  jse,
  ...FAMILIES.flatMap((f) => f.MARKETS),
];

/** Currencies the families add, in the shape of lib/currencies.mjs's CURRENCIES rows. */
export const FAMILY_CURRENCIES = FAMILIES.flatMap((f) => f.CURRENCIES ?? []);
