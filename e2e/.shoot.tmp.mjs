import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
const login = async (email, password) => (await (await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json());
const shopper = await login('shopper@shop.local', 'Shopper123!');
const admin = await login('admin@shop.local', 'Admin123!');
const products = (await (await fetch(`${base}/api/product/search?name=iphone`)).json()).products;
const iphone = products[0];
for (const [label, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]]) {
  const shoot = async (session, path, name, prep) => {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'ar-EG' });
    await context.addInitScript((s) => { localStorage.setItem('shop.language', 'ar'); if (s) localStorage.setItem('userData', JSON.stringify(s)); }, session);
    const page = await context.newPage();
    await page.goto(base + path);
    if (prep) await prep(page);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${name}-${label}.png`, fullPage: false });
    await context.close();
  };
  await shoot(null, '/', 'home');
  await shoot(null, `/product/one/${iphone._id}`, 'product');
  await shoot(shopper, `/product/one/${iphone._id}`, 'cart', async (page) => {
    await page.getByRole('button', { name: 'إضافة إلى سلة التسوق', exact: true }).click();
    await page.waitForTimeout(800);
    await page.goto(base + '/CartPage');
  });
  await shoot(shopper, '/CartPage', 'placeorder', async (page) => {
    await page.waitForTimeout(800);
    await page.evaluate(() => localStorage.setItem('paymentMethod', 'cash'));
    await page.goto(base + '/ShippingAdress');
    await page.waitForTimeout(1000);
  });
  await shoot(admin, '/dashboard', 'dashboard');
}
await browser.close();
