import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:3210' });
const page = await ctx.newPage();
const reqs = [];
page.on('requestfinished', async (r) => {
  const s = await r.sizes();
  reqs.push([r.url().replace('http://127.0.0.1:3210', ''), s.responseBodySize, r.timing().responseEnd | 0]);
});
await page.goto(process.argv[2] ?? '/');
await page.waitForLoadState('networkidle');
for (const r of reqs) console.log(r.join('  '));
console.log(
  'total',
  reqs.reduce((a, r) => a + r[1], 0),
);
await browser.close();
