// `node apps/web/build/compareStylesheets.mjs [BASE_URL] [OUT_DIR] [FILTER]`: the visual check of
// unusedCss.ts (docs/decisions/unused-css.md). On a running demo shop (`SEED=demo`; it registers a shopper
// and places an order), it shows each page and state below at a phone's and a desktop's size, in English
// and in Arabic, twice: with the built stylesheets, and with Bootstrap's published ones served in their
// place. The two screenshots must be the same to the pixel; each pair that differs is written to OUT_DIR
// with a third image marking the pixels, and the exit code is 1. FILTER keeps the states whose name
// (`cart-ar-phone`) contains it. CONTROL=1 takes both with the built stylesheets: what differs between two
// runs of a page anyway. Chromium is Debian's (CHROME_PATH), never a downloaded one.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';

// What runs inside the page (page.evaluate) sees the browser's globals.
/* global document, createImageBitmap, OffscreenCanvas */

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {'en' | 'ar'} Language */
/** @typedef {{ _id: string }} Item */
/** @typedef {Item & { brand: string, stock: number, cod: boolean, options?: unknown[] }} Product */
/** @typedef {{ token: string, user: { _id: string } }} Session */
/** @typedef {'guest' | 'shopper' | 'admin'} Who */
/**
 * What to do once the page is shown; false skips the state at that size.
 * @typedef {(page: Page, lang: Language, phone: boolean) => Promise<boolean | void>} Action
 */
/**
 * `element` takes the screenshot of that element alone; `hold` leaves the matching requests unanswered, to
 * see what shows while they load.
 * @typedef {{ element?: string, hold?: RegExp, animations?: 'allow' | 'disabled' }} Options
 */
/** @typedef {[name: string, who: Who, path: string, action?: Action | null, options?: Options]} State */
/** @typedef {{ pixels: number, where?: string, image?: string }} Comparison */

const [base = 'http://localhost:3000', out = 'test-results/stylesheets', only = ''] = process.argv.slice(2);
const control = Boolean(process.env.CONTROL);
const require = createRequire(import.meta.url);
const PUBLISHED = {
  ltr: fs.readFileSync(require.resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8'),
  rtl: fs.readFileSync(require.resolve('bootstrap/dist/css/bootstrap.rtl.min.css'), 'utf8'),
};
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
/** @type {Language[]} */
const LANGUAGES = ['en', 'ar'];
/** A difference the stylesheets make shows every time; the odd anti-aliased pixel of one run does not. */
const ATTEMPTS = 3;

/** @param {string} file */
const readTexts = (file) => JSON.parse(fs.readFileSync(new URL(`../src/i18n/${file}`, import.meta.url), 'utf8'));
/** @type {Record<string, unknown>} */
const TEXTS = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    {
      ...readTexts(`${lang}.json`),
      checkout: readTexts(`checkout.${lang}.json`),
      admin: readTexts(`admin.${lang}.json`),
    },
  ]),
);
/**
 * The app's text for `key` in `lang`, so the states find their buttons in either language.
 * @param {Language} lang @param {string} key
 */
function say(lang, key) {
  const text = key
    .split('.')
    .reduce(
      (node, part) =>
        node && typeof node === 'object' ? /** @type {Record<string, unknown>} */ (node)[part] : undefined,
      TEXTS[lang],
    );
  if (typeof text !== 'string') throw new Error(`no text ${lang}:${key}`);
  return text;
}

/**
 * @param {string} method @param {string} url @param {{ token?: string, data?: unknown }} [init]
 * @returns {Promise<unknown>}
 */
async function api(method, url, { token, data } = {}) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { 'x-access-token': token }) },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

// A shopper of the check's own with an order, a saved address and a product in the cart; the demo admin.
const ADDRESS = {
  street: '26th of July St',
  building: '12',
  city: 'Zamalek',
  state: 'Cairo',
  phone: '01012345678',
  zipCode: '11211',
  country: 'Egypt',
};
const [departments, categories, { products }] = /** @type {[Item[], Item[], { products: Product[] }]} */ (
  await Promise.all([api('GET', '/department'), api('GET', '/category'), api('GET', '/product?page=1&limit=48')])
);
const inVariants = products.find((product) => product.options) ?? products[0];
const plain = products.filter((product) => !product.options && product.cod).sort((a, b) => b.stock - a.stock);
// The cart's product, and the toast's: added twice for each size and language.
const [bought, added] = plain;
const [department] = departments;
const [category] = categories;
if (!inVariants || !bought || !added || !department || !category)
  throw new Error('not a demo shop: seed it (SEED=demo)');
const password = 'Passw0rd!';
const shopper = /** @type {Session} */ (
  await api('POST', '/user/register', {
    data: {
      name: 'Style Check',
      email: `style-check-${Date.now()}@example.com`,
      phone: '01012345678',
      password,
      confirm_password: password,
    },
  })
);
const cartItem = { token: shopper.token, data: { product_id: bought._id, flag: 1 } };
await api('PUT', '/cart/incItem', cartItem);
await api('POST', '/address', { token: shopper.token, data: { address: ADDRESS } });
const [order] = /** @type {Item[]} */ (
  await api('POST', '/order', { token: shopper.token, data: { deliveryAddress: ADDRESS, paymentMethod: 'cash' } })
);
if (!order) throw new Error('no order placed');
await api('PUT', '/cart/incItem', cartItem);
const admin = /** @type {Session} */ (
  await api('POST', '/user/login', { data: { email: 'admin@shop.local', password: 'Admin123!' } })
);
const SESSIONS = { guest: null, shopper, admin };

/** @param {Page} page */
const dialog = (page) => page.getByRole('dialog').waitFor();
/** @type {State[]} */
const STATES = [
  ['home', 'guest', '/'],
  ['department', 'guest', `/department/${department._id}`],
  ['category', 'guest', `/product/category/${category._id}`],
  [
    'filters-sheet',
    'guest',
    `/product/category/${category._id}`,
    async (page, lang, phone) => {
      if (!phone) return false;
      await page
        .locator('button', { hasText: say(lang, 'filters.open') })
        .first()
        .click();
      await dialog(page);
    },
  ],
  [
    'menu-drawer',
    'guest',
    '/',
    async (page, lang, phone) => {
      if (!phone) return false;
      await page.getByRole('button', { name: say(lang, 'nav.openMenu') }).click();
      await dialog(page);
    },
  ],
  ['product', 'guest', `/product/one/${inVariants._id}`],
  [
    'product-toast',
    'shopper',
    `/product/one/${added._id}`,
    async (page, lang) => {
      await page
        .getByRole('main')
        .locator('button', { hasText: say(lang, 'product.addToCart') })
        .first()
        .click();
      const toast = page.locator('.Toastify__toast').first();
      // Held, react-toastify pauses its countdown; then its entrance plays to the end.
      await toast.hover();
      await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    },
    // The toast alone, its animations left running: fast-forwarding the countdown would close it, and while
    // an animation runs Chromium draws scaled pictures with a cheaper filter, which differs between runs.
    { element: '.Toastify__toast-container', animations: 'allow' },
  ],
  ['search', 'guest', `/searchResults/${encodeURIComponent(bought.brand)}`],
  [
    'search-dropdown',
    'guest',
    `/searchResults/${encodeURIComponent(bought.brand)}`,
    async (page) => {
      await page.locator('#sort-by').click();
      await page.locator('.dropdown-menu.show').waitFor();
    },
  ],
  ['about', 'guest', '/about'],
  ['not-found', 'guest', '/no-such-page'],
  ['sign-in', 'guest', '/login'],
  ['sign-up', 'guest', '/signup'],
  [
    'sign-up-errors',
    'guest',
    '/signup',
    async (page) => {
      await page.getByRole('main').locator('form button[type=submit]').click();
      await page.locator('.invalid-feedback').first().waitFor();
    },
  ],
  ['cart', 'shopper', '/CartPage'],
  ['checkout-address', 'shopper', '/ShippingAdress'],
  ['checkout-form', 'shopper', '/ShippingForm'],
  ['checkout-payment', 'shopper', '/Payment'],
  ['checkout-place', 'shopper', '/PlaceOrder'],
  ['orders', 'shopper', '/Orders'],
  [
    'orders-cancel-dialog',
    'shopper',
    '/Orders',
    async (page, lang) => {
      await page
        .getByRole('main')
        .locator('button', { hasText: say(lang, 'checkout.orders.cancel') })
        .first()
        .click();
      await dialog(page);
    },
  ],
  ['invoice', 'shopper', `/Orders/${order._id}/invoice`],
  ['account', 'shopper', '/User'],
  ['profile', 'shopper', '/EditProfile'],
  ['favourites', 'shopper', '/Favourite'],
  ['review-form', 'shopper', `/AddReview?product=${bought._id}`],
  ['dash-overview', 'admin', '/dashboard'],
  [
    'dash-menu',
    'admin',
    '/dashboard',
    async (page, lang, phone) => {
      if (!phone) return false;
      await page.locator('button', { hasText: say(lang, 'admin.nav.menu') }).click();
      await dialog(page);
    },
  ],
  ['dash-products', 'admin', '/dashboard/DashProducts'],
  ['dash-products-loading', 'admin', '/dashboard/DashProducts', null, { hold: /\/api\/product(\?|$)/ }],
  [
    'dash-product-form',
    'admin',
    '/dashboard/DashProducts',
    async (page, lang) => {
      await page.getByRole('button', { name: say(lang, 'admin.products.add') }).click();
      await dialog(page);
    },
  ],
  [
    'dash-product-form-errors',
    'admin',
    '/dashboard/DashProducts',
    async (page, lang) => {
      await page.getByRole('button', { name: say(lang, 'admin.products.add') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: say(lang, 'admin.common.submit') })
        .click();
      await page.locator('.modal .invalid-feedback').first().waitFor();
    },
  ],
  ['dash-orders', 'admin', '/dashboard/orders'],
  ['dash-users', 'admin', '/dashboard/Users'],
  ['dash-categories', 'admin', '/dashboard/Categories'],
  ['dash-departments', 'admin', '/dashboard/DepartmentsAdmin'],
  ['dash-coupons', 'admin', '/dashboard/coupons'],
  ['dash-shipping', 'admin', '/dashboard/Shipping'],
  ['dash-logs', 'admin', '/dashboard/logs'],
  ['dash-user-orders', 'admin', `/dashboard/UserOrder/${shopper.user._id}`],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  // Rasterised whole, on one thread, without the GPU: two runs of a page then draw the same pixels (with
  // partial raster, the corners and edges under a modal's backdrop came out a shade apart now and then).
  args: ['--no-sandbox', '--disable-partial-raster', '--num-raster-threads=1', '--disable-gpu'],
});

/**
 * @param {{ width: number, height: number }} viewport @param {Who} who @param {boolean} published
 * @param {RegExp | undefined} hold
 */
async function newContext(viewport, who, published, hold) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  // The session as the app restores it, once per tab, with the checkout's choices made.
  await context.addInitScript(
    ({ session, address }) => {
      if (!session || sessionStorage.getItem('style-check')) return;
      sessionStorage.setItem('style-check', '1');
      localStorage.setItem('userData', JSON.stringify(session));
      const userId = session.user._id;
      localStorage.setItem('shippingAddress', JSON.stringify({ userId, value: address }));
      localStorage.setItem('paymentMethod', JSON.stringify({ userId, value: 'cash' }));
    },
    { session: SESSIONS[who], address: ADDRESS },
  );
  if (published)
    await context.route(/\/assets\/bootstrap(\.rtl)?\.min-[^/]+\.css$/, (route) =>
      route.fulfill({
        contentType: 'text/css',
        body: PUBLISHED[route.request().url().includes('.rtl.') ? 'rtl' : 'ltr'],
      }),
    );
  if (hold) await context.route(hold, () => {});
  return context;
}

/**
 * Shows the state and waits until nothing more changes: the app has taken over, data and pictures are in.
 * @param {Page} page @param {string} url @param {Language} lang @param {boolean} phone
 * @param {Action | null | undefined} action @param {boolean} loading
 */
async function show(page, url, lang, phone, action, loading) {
  await page.goto(url);
  await page.locator('html[data-app=ready]').waitFor({ state: 'attached', timeout: 90_000 });
  if (loading) {
    await page.locator('.placeholder-glow, .spinner-border').first().waitFor();
    return true;
  }
  await page.waitForLoadState('networkidle');
  // The banners stand still.
  const pause = page.getByRole('button', { name: say(lang, 'home.pauseBanners') });
  if (await pause.count()) await pause.click();
  await page
    .locator('[role="status"][aria-label="Loading…"], .placeholder-glow, .spinner-border')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 });
  if (action && (await action(page, lang, phone)) === false) return false;
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
    await Promise.all([...document.images].map((image) => image.decode().catch(() => {})));
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
  return true;
}

/**
 * One screenshot of the state and the count of Bootstrap rules the page has (the published build has more); null to skip.
 * @param {State} state @param {{ width: number, height: number }} viewport @param {Language} lang
 * @param {boolean} phone @param {boolean} published
 */
async function shoot(state, viewport, lang, phone, published) {
  const [, who, pathname, action, { element, hold, ...options } = {}] = state;
  const context = await newContext(viewport, who, published, hold);
  try {
    const page = await context.newPage();
    const url = `${base}${lang === 'ar' ? `/ar${pathname === '/' ? '' : pathname}` : pathname}`;
    if (!(await show(page, url, lang, phone, action, Boolean(hold)))) return null;
    const shot = await (element ? page.locator(element).first() : page).screenshot({
      fullPage: !element,
      animations: 'disabled',
      caret: 'hide',
      // A toast's countdown bar moves while held: react-toastify's CSS, not Bootstrap's.
      style: '.Toastify__progress-bar { visibility: hidden !important; }',
      ...options,
    });
    const rules = await page.evaluate(
      () => [...document.styleSheets].find((sheet) => sheet.href?.includes('/bootstrap'))?.cssRules.length,
    );
    return { shot, rules };
  } finally {
    await context.close();
  }
}

const comparer = await browser.newPage();
/**
 * The pixels that differ, counted and marked red on a faded copy of the first image (decoded by Chromium).
 * @param {Buffer} a @param {Buffer} b
 * @returns {Promise<Comparison>}
 */
async function compare(a, b) {
  if (a.equals(b)) return { pixels: 0 };
  return comparer.evaluate(
    async ({ first, second }) => {
      /** @param {string} base64 */
      const decode = async (base64) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      if (x.width !== y.width || x.height !== y.height)
        return {
          pixels: Math.max(x.width * x.height, y.width * y.height),
          where: `(every one: ${x.width}x${x.height} against ${y.width}x${y.height})`,
        };
      const canvas = new OffscreenCanvas(x.width, x.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      const marked = context.createImageData(x.width, x.height);
      let pixels = 0;
      let largest = 0;
      let [left, top, right, bottom] = [x.width, x.height, 0, 0];
      for (let i = 0; i < x.data.length; i += 4) {
        const [r = 0, g = 0, b = 0] = x.data.subarray(i, i + 3);
        const [s = 0, t = 0, u = 0] = y.data.subarray(i, i + 3);
        const delta = Math.max(Math.abs(r - s), Math.abs(g - t), Math.abs(b - u));
        largest = Math.max(largest, delta);
        marked.data.set(delta ? [255, 0, 0, 255] : [r, g, b, 40], i);
        if (!delta) continue;
        pixels++;
        const [column, row] = [(i / 4) % x.width, Math.floor(i / 4 / x.width)];
        [left, top, right, bottom] = [
          Math.min(left, column),
          Math.min(top, row),
          Math.max(right, column),
          Math.max(bottom, row),
        ];
      }
      context.putImageData(marked, 0, 0);
      const bytes = new Uint8Array(await (await canvas.convertToBlob()).arrayBuffer());
      return {
        pixels,
        where: `in ${left},${top} to ${right},${bottom}, largest channel difference ${largest}`,
        image: btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')),
      };
    },
    { first: a.toString('base64'), second: b.toString('base64') },
  );
}

fs.mkdirSync(out, { recursive: true });
let same = 0;
let different = 0;
for (const [size, viewport] of Object.entries(VIEWPORTS))
  for (const lang of LANGUAGES)
    for (const state of STATES) {
      const id = `${state[0]}-${lang}-${size}`;
      if (!id.includes(only)) continue;
      /** @type {(Comparison & { attempt: number, rules: (number | undefined)[] }) | null} */
      let best = null;
      let error = '';
      for (let attempt = 1; attempt <= ATTEMPTS && best?.pixels !== 0; attempt++) {
        try {
          const built = await shoot(state, viewport, lang, size === 'phone', false);
          if (!built) break;
          const published = await shoot(state, viewport, lang, size === 'phone', !control);
          if (!published) break;
          const result = {
            ...(await compare(built.shot, published.shot)),
            attempt,
            rules: [built.rules, published.rules],
          };
          if (best && result.pixels >= best.pixels) continue;
          best = result;
          if (!result.pixels) continue;
          fs.writeFileSync(path.join(out, `${id}-built.png`), built.shot);
          fs.writeFileSync(path.join(out, `${id}-published.png`), published.shot);
          if (result.image) fs.writeFileSync(path.join(out, `${id}-diff.png`), Buffer.from(result.image, 'base64'));
        } catch (caught) {
          error = String(caught).split('\n', 1).join('');
        }
      }
      if (!best && !error) continue;
      if (best?.pixels === 0) same++;
      else different++;
      const rules = best ? `Bootstrap rules ${best.rules.join(' / ')}: ` : '';
      const verdict =
        best?.pixels === 0
          ? `same (attempt ${best.attempt})`
          : best
            ? `DIFFERENT: ${best.pixels} px ${best.where}`
            : `FAILED: ${error}`;
      console.log(`${id}: ${rules}${verdict}`);
    }
await browser.close();
console.log(`${same} same, ${different} different or failed`);
process.exitCode = different ? 1 : 0;
