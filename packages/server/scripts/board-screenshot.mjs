// Serves the bundled sample on a clock that starts at a chosen instant and runs, opens /board
// in Debian's headless Chromium and saves a screenshot (../../docs/board.png by default).
// Usage: node scripts/board-screenshot.mjs [start-iso] [out.png] [width] [query]
import { createServer } from '@openbell/server';
import { loadSample } from '@openbell/loader';
import { chromium } from 'playwright-core';

const [startIso = '2023-11-24T16:30:00Z', out = '../../docs/board.png', width = '1280', query = ''] =
  process.argv.slice(2);
const t0 = Date.now();
const base = Date.parse(startIso);
const server = await createServer({
  data: await loadSample(),
  port: 0,
  logLevel: 'silent',
  now: () => base + (Date.now() - t0),
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  // playwright gives every launch a fresh, temporary user-data-dir of its own.
});
try {
  const w = Number(width);
  const page = await browser.newPage({ viewport: { width: w, height: w < 600 ? 900 : 800 }, deviceScaleFactor: 1 });
  await page.goto(`${server.url}/board${query}`);
  await page.waitForSelector('#rows tr[data-status]');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: out, fullPage: false });
  console.log(`saved ${out}`);
} finally {
  await browser.close();
  await server.close();
}
