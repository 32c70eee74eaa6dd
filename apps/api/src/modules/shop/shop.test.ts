import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_WINDOW_DAYS, type ShopSettings } from '@shop/contracts';
import {
  createAdmin,
  createTestApp,
  lastAudit,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { readPage } from '../../../test/markup.js';
import { DEFAULT_SHOP_DETAILS, DEFAULT_SHOP_PAGES } from './defaults.js';

let t: TestContext;
let admin: Account;
let shopper: Account;
beforeAll(async () => {
  // A built web app's page for the server to put its heads into.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><title>EGP Shop</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://shop.example' });
  admin = await createAdmin(t.app);
  shopper = await registerShopper(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const save = (body: unknown, account: Account | null = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/shop',
    headers: account?.headers ?? {},
    payload: body as object,
  });

const defaults = (): ShopSettings => ({ details: DEFAULT_SHOP_DETAILS, pages: Object.values(DEFAULT_SHOP_PAGES) });

/** The defaults with `details` and one page's text changed. */
function edited(details: Partial<ShopSettings['details']>, returns: Partial<ShopSettings['pages'][number]> = {}) {
  const settings = defaults();
  return {
    details: { ...settings.details, ...details },
    pages: settings.pages.map((page) => (page.page === 'returns' ? { ...page, ...returns } : page)),
  };
}

// The first tests run on the untouched database: nothing saved yet.
describe("the shop's details and pages before the owner writes any", () => {
  it('are real-sounding defaults, in both languages', async () => {
    const details = await get('/api/shop');
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual(DEFAULT_SHOP_DETAILS);
    const settings = await get('/api/admin/settings/shop', admin.headers);
    expect(settings.json()).toEqual(defaults());
    expect(settings.json().pages.map((p: { page: string }) => p.page)).toEqual([
      'delivery',
      'returns',
      'privacy',
      'terms',
    ]);
  });

  it('promise returns within the legal 14 days, in English and Arabic', async () => {
    const returns = (await get('/api/shop/pages/returns')).json();
    expect(RETURN_WINDOW_DAYS).toBe(14);
    expect(returns.body).toContain('within 14 days');
    expect(returns.bodyAr).toContain('خلال 14 يومًا');
  });

  it('answer a page the shop does not have with 400', async () => {
    expect((await get('/api/shop/pages/careers')).statusCode).toBe(400);
  });
});

describe('saving the details and pages', () => {
  it('is for staff with settings.write: visitors 401, shoppers 403, and nothing changes', async () => {
    const body = edited({ phone: '19999' });
    expect((await save(body, null)).statusCode).toBe(401);
    expect((await save(body, shopper)).statusCode).toBe(403);
    expect((await get('/api/admin/settings/shop', shopper.headers)).statusCode).toBe(403);
    expect((await get('/api/shop')).json().phone).toBe(DEFAULT_SHOP_DETAILS.phone);
  });

  it.each([
    ['a phone of letters', edited({ phone: 'call us' }), 'details.phone'],
    ['a WhatsApp number that is no Egyptian mobile', edited({ whatsapp: '0223456789' }), 'details.whatsapp'],
    ['an empty Arabic address', edited({ addressAr: '  ' }), 'details.addressAr'],
    ['an empty Arabic page', edited({}, { bodyAr: '' }), 'pages.1.bodyAr'],
  ])('refuses %s, naming the field', async (_case, body, field) => {
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('refuses a set of pages missing one or naming one twice', async () => {
    const settings = defaults();
    const [delivery] = settings.pages;
    expect((await save({ ...settings, pages: settings.pages.slice(1) })).statusCode).toBe(400);
    expect((await save({ ...settings, pages: [delivery, ...settings.pages.slice(0, 3)] })).statusCode).toBe(400);
  });

  it('shows at once where it was cached, keeps the text as written, and records who changed what', async () => {
    // Both public reads are in memory before the save.
    for (const url of ['/api/shop', '/api/shop/pages/returns']) {
      await get(url);
      expect((await get(url)).headers['x-cache'], url).toBe('hit');
    }
    const text = 'Send it back within 14 days.\n\n## Note\n- <b>Not bold</b> & <script>alert(1)</script>';
    const body = edited(
      { phone: '16 123', whatsapp: '0100 123 4567', commercialRegister: 'CR 98765' },
      { title: 'Returns', bodyAr: 'أرجعه خلال 14 يومًا.', body: text },
    );
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(200);
    // The WhatsApp number as wa.me links need it.
    expect(res.json().details).toEqual({ ...body.details, whatsapp: '+201001234567' });

    const details = await get('/api/shop');
    expect(details.json()).toMatchObject({
      phone: '16 123',
      whatsapp: '+201001234567',
      commercialRegister: 'CR 98765',
    });
    const returns = (await get('/api/shop/pages/returns')).json();
    // Stored and answered as typed: the storefront renders it as text, never as HTML.
    expect(returns).toEqual({
      ...DEFAULT_SHOP_PAGES.returns,
      title: 'Returns',
      body: text,
      bodyAr: 'أرجعه خلال 14 يومًا.',
    });
    // Pages not edited keep their text.
    expect((await get('/api/shop/pages/privacy')).json()).toEqual(DEFAULT_SHOP_PAGES.privacy);

    expect(await lastAudit(t.app)).toMatchObject({
      type: 'admin',
      action: 'shop_settings_update',
      userId: admin.id,
      data: {
        before: { details: { phone: DEFAULT_SHOP_DETAILS.phone } },
        after: { details: { phone: '16 123' } },
      },
    });
  });

  it('lets a shop without WhatsApp leave it empty', async () => {
    const res = await save(edited({ whatsapp: '' }));
    expect(res.statusCode).toBe(200);
    expect((await get('/api/shop')).json().whatsapp).toBe('');
  });
});

describe("the shop's pages on the storefront", () => {
  it('have an address in each language, titled as the owner titled them', async () => {
    await save(edited({}, { title: 'Returns and refunds', titleAr: 'الاسترجاع' }));
    const english = await get('/pages/returns');
    expect(english.statusCode).toBe(200);
    expect(readPage(english.body).titles).toEqual(['Returns and refunds – EGP Shop']);
    const arabic = await get('/ar/pages/returns');
    expect(arabic.statusCode).toBe(200);
    const page = readPage(arabic.body);
    expect(page.titles).toEqual(['الاسترجاع – EGP Shop']);
    expect(page.dir).toBe('rtl');
  });

  it('answer a page name the shop does not have with 404', async () => {
    expect((await get('/pages/careers')).statusCode).toBe(404);
    expect((await get('/ar/pages/careers')).statusCode).toBe(404);
  });

  it('are listed in the sitemap', async () => {
    const sitemap = await get('/sitemap.xml');
    const file = sitemap.body.match(/<loc>([^<]+)<\/loc>/)?.[1] ?? '';
    const first = await get(new URL(file).pathname);
    expect(first.body).toContain('https://shop.example/pages/delivery');
    expect(first.body).toContain('https://shop.example/ar/pages/terms');
  });
});
