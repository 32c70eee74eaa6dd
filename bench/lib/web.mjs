import { median, round } from './stats.mjs';

/** Page loads per figure: one sample of a page load varies by a third from the next. */
const WEB_SAMPLES = 5;

/** Debian's Chromium, never a downloaded browser; the flags keep it off the network it has no access to. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * First visits in Chromium through Playwright (a new context: nothing cached) with a phone-speed CPU (4x slowdown):
 * when the largest picture or text was painted, and the bytes that crossed the network, as the browser counts them.
 * @param {number} port @param {string} detailId a product to visit
 */
export async function measureWeb(port, detailId) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    /** @param {string} pathname @param {number} width */
    const visit = async (pathname, width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      let transferred = 0;
      let inFlight = 0;
      let lastEvent = Date.now();
      cdp.on('Network.requestWillBeSent', () => (inFlight++, (lastEvent = Date.now())));
      cdp.on('Network.loadingFailed', () => (inFlight--, (lastEvent = Date.now())));
      cdp.on('Network.loadingFinished', (event) => {
        transferred += event.encodedDataLength;
        inFlight--;
        lastEvent = Date.now();
      });
      await page.goto(`http://127.0.0.1:${port}${pathname}`, { waitUntil: 'networkidle' });
      // A rendered page requests its app once it has been painted (boot.js), which on a slow machine can come after
      // the half second of quiet 'networkidle' waits for: the app's bytes are the shopper's too.
      await page.waitForSelector('script[type="module"]', { state: 'attached' });
      while (inFlight > 0 || Date.now() - lastEvent < 500) await new Promise((resolve) => setTimeout(resolve, 100));
      const lcp = await page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries.at(-1)?.startTime ?? -1);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(-1), 3000);
          }),
      );
      await context.close();
      return { lcp: Number(lcp), transferred };
    };
    /** @param {string} pathname @param {number} width */
    const samples = async (pathname, width) => {
      const runs = [];
      for (let i = 0; i < WEB_SAMPLES; i++) runs.push(await visit(pathname, width));
      return {
        lcp_ms: Math.round(median(runs.map((r) => r.lcp))),
        transfer_kb: round(median(runs.map((r) => r.transferred)) / 1024),
      };
    };
    const home = await samples('/', 1366);
    const product = await samples(`/product/one/${detailId}`, 1366);
    const homePhone = await samples('/', 390);
    return {
      samples: WEB_SAMPLES,
      home_transfer_kb: homePhone.transfer_kb,
      lcp_home_ms: home.lcp_ms,
      lcp_product_ms: product.lcp_ms,
      lcp_home_phone_ms: homePhone.lcp_ms,
    };
  } finally {
    await browser.close();
  }
}
