/**
 * The browser build in a real browser: a page served from one origin loads dist/browser.js and
 * asks a server on another origin (CORS allowed for the page's origin with `corsOrigins`, as
 * `--cors-origins` does) the library's questions: the same answers, a re-ask answered from a
 * 304, the data version, the errors. Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH)
 * driven by playwright-core; skips, saying why, only when no Chromium can be found.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Dataset } from '@openbell/core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, serveSample, type Served } from './serve.js';

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);
if (!CHROMIUM)
  console.warn(
    'client browser test SKIPPED: no Chromium at CHROMIUM_PATH, /usr/bin/chromium or /usr/bin/chromium-browser ' +
      '(apt-get install -y chromium)',
  );
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe.skipIf(!CHROMIUM)('the client in headless Chromium, against a server with CORS', () => {
  let site: Served;
  let api: Served & { dataset: Dataset };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const bundle = readFileSync(new URL('../dist/browser.js', import.meta.url));
    site = await listen((req, res) => {
      if (req.url === '/browser.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        res.end(bundle);
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        // The page's own module script, as an application would load the client.
        res.end(
          '<!doctype html><title>client</title><script type="module">' +
            "import { createClient } from './browser.js'; window.openbell = { createClient };</script>",
        );
      }
    });
    api = await serveSample({ corsOrigins: [site.base] });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage();
    await page.goto(site.base);
    await page.waitForFunction(() => 'openbell' in window);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await site?.close();
  });

  it('answers as the library does (a POST too), revalidates with a 304, reads the version and the errors', async () => {
    const got = await page.evaluate(
      async ({ api }) => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's global, set by its module script
        const client = (window as any).openbell.createClient(api);
        const status = await client.status('US.NYSE', '2023-11-15T17:00:00Z');
        const sessions = await client.sessions('US.NYSE', '2023-11-22', '2023-11-24');
        const first = await client.withMeta.listHolidays('US.NYSE', '2024-01-01', '2024-12-31');
        const again = await client.withMeta.listHolidays('US.NYSE', '2024-01-01', '2024-12-31');
        // A POST with a JSON body: the browser asks a preflight first, which the server must allow.
        const checked = await client.checkBars('US.NYSE', '2023-11-22', '2023-11-24', '1h', [
          '2023-11-22T09:30:00-05:00',
          '2023-11-22T09:30:00-05:00',
          '2023-11-24T13:30:00-05:00',
        ]);
        const refusal = (p: Promise<unknown>) =>
          p.then(
            () => null,
            (e) => ({ name: e.name, status: e.status, message: e.message, faults: e.faults ?? null }),
          );
        return {
          status,
          sessions,
          checked,
          holidays: first.answer,
          first: { fromCache: first.fromCache, etag: first.etag, version: first.version },
          again: { fromCache: again.fromCache },
          lastVersion: client.lastVersion,
          notFound: await refusal(client.getMarket('ZZ.NOWHERE')),
          invalid: await refusal(client.listHolidays('US.NYSE', 'soon', '2024-13-01')),
        };
      },
      { api: api.base },
    );
    const json = (v: unknown) => JSON.parse(JSON.stringify(v));
    const ds = api.dataset;
    expect(got.status).toEqual(json(ds.status('US.NYSE', '2023-11-15T17:00:00Z')));
    expect(got.sessions).toEqual(json(ds.sessions('US.NYSE', '2023-11-22', '2023-11-24')));
    const stamps = ['2023-11-22T09:30:00-05:00', '2023-11-22T09:30:00-05:00', '2023-11-24T13:30:00-05:00'];
    expect(got.checked).toEqual(json(ds.checkBars('US.NYSE', '2023-11-22', '2023-11-24', '1h', stamps)));
    expect(got.checked.extra.length).toBeGreaterThan(0);
    expect(got.holidays).toEqual(json(ds.listHolidays('US.NYSE', '2024-01-01', '2024-12-31')));
    expect(got.first).toMatchObject({ fromCache: false, etag: expect.stringMatching(/^W\//) });
    expect(got.again).toEqual({ fromCache: true });
    expect(got.first.version).toMatch(/\S/);
    expect(got.lastVersion).toBe(got.first.version);
    expect(got.notFound).toMatchObject({ name: 'NotFoundError', status: 404 });
    expect(got.notFound!.message).toContain('ZZ.NOWHERE');
    expect(got.invalid).toMatchObject({
      name: 'InvalidArgumentError',
      status: 422,
      faults: [{ loc: ['query', 'start'] }, { loc: ['query', 'end'] }],
    });
  });
});
