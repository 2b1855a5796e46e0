// Southern Europe: Euronext Brussels and Lisbon (the harmonised Euronext calendar), Euronext
// Dublin (the Irish Stock Exchange's calendar until it moved onto Euronext's in 2019), Borsa
// Italiana (Euronext Milan), Bolsa de Madrid (SIBE), the Athens Exchange and the Cyprus Stock
// Exchange (Orthodox Easter, the Greek and Cypriot holidays and the TARGET closing days).
// Each sits in a module of its own (southern-europe-euronext, -italy-spain, -athex), sharing the
// helpers of southern-europe-lib.
import { athex, cyprusStockExchange } from './southern-europe-athex.mjs';
import { euronextBrussels, euronextDublin, euronextLisbon } from './southern-europe-euronext.mjs';
import { bolsaMadrid, borsaItaliana } from './southern-europe-italy-spain.mjs';

export const MARKETS = [
  euronextBrussels,
  euronextLisbon,
  euronextDublin,
  borsaItaliana,
  bolsaMadrid,
  athex,
  cyprusStockExchange,
];
export const CURRENCIES = [];
