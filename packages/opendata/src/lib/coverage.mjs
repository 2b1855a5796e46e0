// What each market's rules rest on: the last date its exchange's published notices cover
// (`confirmedThrough`) and the sources followed. A holiday row after that date follows the rule
// without an announcement yet, and its memo says so (markProjected).
import { COLUMNS } from './model.mjs';

/** The archive entry (outside csv/, which the bulk format reads) that carries the coverage. */
export const COVERAGE_FILE = 'coverage.json';

export const PROJECTED_MEMO = 'Projected: follows the rule; not yet announced by the exchange';

const src = (title, url) => ({ title, url });
const CHINA = [
  src('State Council General Office: notices on the arrangement of holidays', 'https://www.gov.cn/zhengce/'),
];

/** The markets of the first dataset (their modules predate coverage entries). */
export const ESTABLISHED_COVERAGE = [
  ['US.NYSE', '2028-12-31', [src('NYSE: holidays and trading hours', 'https://www.nyse.com/markets/hours-calendars')]],
  [
    'US.NASDAQ',
    '2028-12-31',
    [
      src(
        'Nasdaq: stock market holiday schedule',
        'https://www.nasdaq.com/market-activity/stock-market-holiday-schedule',
      ),
    ],
  ],
  [
    'US.CME.EQUITY.USINDEX1',
    '2027-12-31',
    [src('CME Group: holiday calendar', 'https://www.cmegroup.com/tools-information/holiday-calendar.html')],
  ],
  [
    'US.CME.AGRI.GRAINS',
    '2027-12-31',
    [src('CME Group: holiday calendar', 'https://www.cmegroup.com/tools-information/holiday-calendar.html')],
  ],
  [
    'GB.LSE',
    '2027-12-31',
    [
      src('London Stock Exchange: business days', 'https://www.londonstockexchange.com/equities-trading/business-days'),
      src('UK Government: bank holidays', 'https://www.gov.uk/bank-holidays'),
    ],
  ],
  [
    'DE.XETR',
    '2027-12-31',
    [src('Deutsche Börse: Xetra trading calendar', 'https://www.xetra.com/xetra-en/newsroom/trading-calendar')],
  ],
  [
    'JP.JPX',
    '2027-12-31',
    [
      src('JPX: market holidays', 'https://www.jpx.co.jp/english/corporate/about-jpx/calendar/index.html'),
      src('Cabinet Office: national holidays', 'https://www8.cao.go.jp/chosei/shukujitsu/gaiyou.html'),
    ],
  ],
  [
    'HK.HKEX',
    '2027-12-31',
    [
      src(
        'HKEX: trading hours and holidays',
        'https://www.hkex.com.hk/Services/Trading-hours-and-Severe-Weather-Arrangements',
      ),
      src('Hong Kong Government: general holidays', 'https://www.gov.hk/en/about/abouthk/holiday/'),
    ],
  ],
  ['CN.SGE', '2026-12-31', [src('Shanghai Gold Exchange: notices', 'https://en.sge.com.cn'), ...CHINA]],
  ['CN.CIBM', '2026-12-31', [src('CFETS: market notices', 'https://www.chinamoney.com.cn/english/'), ...CHINA]],
  ['CN.SSE', '2026-12-31', [src('Shanghai Stock Exchange: trading calendar', 'https://english.sse.com.cn'), ...CHINA]],
  ['SA.TADAWUL', '2026-12-31', [src('Saudi Exchange: market holidays', 'https://www.saudiexchange.sa')]],
  ['AE.ADX', '2026-12-31', [src('Abu Dhabi Securities Exchange: market holidays', 'https://www.adx.ae')]],
  [
    'AU.ASX',
    '2027-12-31',
    [src('ASX: trading calendar', 'https://www.asx.com.au/markets/market-resources/trading-hours-calendar')],
  ],
  [
    'BR.B3',
    '2026-12-31',
    [
      src(
        'B3: trading calendar and holidays',
        'https://www.b3.com.br/en_us/solutions/platforms/puma-trading-system/for-members-and-traders/trading-calendar/holidays/',
      ),
    ],
  ],
  [
    'AR.BCBA',
    '2026-12-31',
    [src('Argentina: national holidays', 'https://www.argentina.gob.ar/interior/feriados-nacionales')],
  ],
  [
    'AR.BYMA',
    '2026-12-31',
    [
      src('BYMA: market notices', 'https://www.byma.com.ar'),
      src('Argentina: national holidays', 'https://www.argentina.gob.ar/interior/feriados-nacionales'),
    ],
  ],
  [
    'FR.EURONEXT',
    '2027-12-31',
    [src('Euronext: trading hours and holidays', 'https://www.euronext.com/en/trade/trading-hours-holidays')],
  ],
  [
    'NL.EURONEXT',
    '2027-12-31',
    [src('Euronext: trading hours and holidays', 'https://www.euronext.com/en/trade/trading-hours-holidays')],
  ],
  [
    'CH.SIX',
    '2027-12-31',
    [
      src(
        'SIX: trading and currency holiday calendar',
        'https://www.six-group.com/en/products-services/the-swiss-stock-exchange/market-data/news-tools/trading-currency-holiday-calendar.html',
      ),
    ],
  ],
  [
    'CA.TSX',
    '2027-12-31',
    [src('TMX: calendars and trading hours', 'https://www.tsx.com/trading/calendars-and-trading-hours')],
  ],
  ['KR.KRX', '2026-12-31', [src('Korea Exchange: market holidays', 'https://global.krx.co.kr')]],
  [
    'IN.NSE',
    '2026-12-31',
    [src('NSE: trading holidays', 'https://www.nseindia.com/resources/exchange-communication-holidays')],
  ],
  [
    'SG.SGX',
    '2027-12-31',
    [
      src('SGX: trading hours and calendar', 'https://www.sgx.com/securities/trading'),
      src('Ministry of Manpower: public holidays', 'https://www.mom.gov.sg/employment-practices/public-holidays'),
    ],
  ],
  [
    'ZA.JSE',
    '2027-12-31',
    [
      src('JSE: market holidays', 'https://www.jse.co.za'),
      src('South African Government: public holidays', 'https://www.gov.za/about-sa/public-holidays'),
    ],
  ],
].map(([finId, confirmedThrough, sources]) => ({ finId, confirmedThrough, sources }));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One entry a market, checked: every market has one, with a date and at least one source. */
export function coverageByMarket(entries, markets) {
  const out = new Map();
  for (const e of entries) {
    if (out.has(e.finId)) throw new Error(`coverage: ${e.finId} listed twice`);
    if (!ISO_DATE.test(e.confirmedThrough ?? '')) throw new Error(`coverage: ${e.finId} has no confirmedThrough date`);
    if (!e.sources?.length || e.sources.some((s) => !s.title || !s.url))
      throw new Error(`coverage: ${e.finId} needs sources with a title and a url`);
    out.set(e.finId, e);
  }
  for (const m of markets) if (!out.has(m.FinID)) throw new Error(`coverage: ${m.FinID} has no entry`);
  for (const id of out.keys())
    if (!markets.some((m) => m.FinID === id)) throw new Error(`coverage: ${id} is not a market`);
  return out;
}

/** A holiday row after its market's confirmed-through date says it is projected. */
export function markProjected(holidays, byMarket) {
  for (const h of holidays) {
    if (h.Date <= byMarket.get(h.FinID).confirmedThrough) continue;
    h.Memo = h.Memo ? `${PROJECTED_MEMO}; ${h.Memo}` : PROJECTED_MEMO;
  }
}

/** The coverage as the archive carries it: markets by FinID, in order, the same text every run. */
export function coverageJson(byMarket) {
  const markets = {};
  for (const id of [...byMarket.keys()].sort()) {
    const { confirmedThrough, sources } = byMarket.get(id);
    markets[id] = { confirmedThrough, sources: sources.map(({ title, url }) => ({ title, url })) };
  }
  return `${JSON.stringify({ format: 1, markets }, null, 2)}\n`;
}

// The holiday table's memo column is where a projected date says so.
if (!COLUMNS.holidays.includes('Memo')) throw new Error('holidays table has no Memo column');
