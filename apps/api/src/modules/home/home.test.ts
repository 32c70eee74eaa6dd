import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Banner, HomeData, ProductOption } from '@shop/contracts';
import {
  createAdmin,
  createTestApp,
  lastAudit,
  moveOrder,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
  createStaff,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, createVariantProduct, testImage } from '../../../test/fixtures.js';
import { multipart } from '../../../test/multipart.js';
import { readFromCache } from '../../../test/cache-reads.js';
import { orders } from '../../db/schema.js';
import { cairoDay, cairoDayStart } from '../../lib/clock.js';

const DAY = 24 * 60 * 60 * 1000;
const SIZE: ProductOption = {
  name: 'Size',
  nameAr: 'المقاس',
  values: [
    { value: 'S', valueAr: 'صغير' },
    { value: 'L', valueAr: 'كبير' },
  ],
};
const PICTURE = '/banners/banner-fashion.svg';
const PICTURE_AR = '/banners/banner-fashion.ar.svg';

/** A banner as the dashboard's form sends it, named by its alt text. */
const bannerBody = (alt: string, extra: Record<string, unknown> = {}) => ({
  image: PICTURE,
  imageAr: PICTURE_AR,
  alt,
  altAr: `بانر ${alt}`,
  link: '/about',
  ...extra,
});

describe('the home banners', () => {
  let t: TestContext;
  let admin: Account;
  beforeAll(async () => {
    // Read as computed: the clock moves a day between reads, and a cached home lives on for up to a minute.
    t = await createTestApp({ CACHE_MAX_MB: '0' });
    // At noon in Cairo: the tests date banners by today and read them back in later tests, with no midnight between.
    const now = t.clock.now().getTime();
    t.clock.advance(cairoDayStart(cairoDay(new Date(now))).getTime() + 12 * 3600_000 - now);
    admin = await createAdmin(t.app);
  });
  afterAll(() => t.close());

  const home = async () => (await t.app.inject({ method: 'GET', url: '/api/home' })).json<HomeData>();
  const shownAlts = async () => (await home()).banners.map((b) => b.alt);
  const add = (body: object, account: Account = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/banners', headers: account.headers, payload: body });
  const listed = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/banners', headers: admin.headers })).json<Banner[]>();
  /** The Cairo day `days` from the test clock's today. */
  const dayFromNow = (days: number) => cairoDay(new Date(t.clock.now().getTime() + days * DAY));

  it('shows those live today by Cairo’s calendar, in order, at most four, and says where each stands', async () => {
    expect((await home()).banners).toEqual([]);
    for (const [alt, extra] of [
      ['Always', {}],
      ['Ended yesterday', { startsOn: dayFromNow(-10), endsOn: dayFromNow(-1) }],
      ['Starts tomorrow', { startsOn: dayFromNow(1) }],
      ['Turned off', { enabled: false }],
      ['Sale only', { onlyDuringSale: true }],
      ['Last day today', { endsOn: dayFromNow(0) }],
      ['First day today', { startsOn: dayFromNow(0), endsOn: dayFromNow(5) }],
      ['Fourth live', {}],
      ['Fifth live', {}],
    ] as const) {
      const res = await add(bannerBody(alt, extra));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await shownAlts()).toEqual(['Always', 'Last day today', 'First day today', 'Fourth live']);
    const shown = (await home()).banners[0];
    expect(shown).toEqual({
      _id: expect.any(String),
      image: PICTURE,
      imageAr: PICTURE_AR,
      imageNarrow: null,
      imageNarrowAr: null,
      alt: 'Always',
      altAr: 'بانر Always',
      link: '/about',
    });

    const states = Object.fromEntries((await listed()).map((b) => [b.alt, [b.state, b.shown]]));
    expect(states).toEqual({
      Always: ['live', true],
      'Ended yesterday': ['ended', false],
      'Starts tomorrow': ['scheduled', false],
      'Turned off': ['off', false],
      'Sale only': ['waitingForSale', false],
      'Last day today': ['live', true],
      'First day today': ['live', true],
      'Fourth live': ['live', true],
      'Fifth live': ['live', false],
    });
    expect(await lastAudit(t.app)).toMatchObject({ type: 'admin', action: 'banner_create', userId: admin.id });

    // Tomorrow in Cairo: the last day has passed and the scheduled banner begins.
    t.clock.advance(DAY);
    expect(await shownAlts()).toEqual(['Always', 'Starts tomorrow', 'First day today', 'Fourth live']);
    t.clock.advance(-DAY);
  });

  it('runs a banner tied to a sale only while a product in stock is on sale', async () => {
    const sold = await createProduct(t.app.db, { price: 50, compareAtPrice: 100, stock: 0 });
    expect(await shownAlts()).not.toContain('Sale only');
    const onSale = await createProduct(t.app.db, { price: 50, compareAtPrice: 100 });
    expect(await shownAlts()).toEqual(['Always', 'Sale only', 'Last day today', 'First day today']);
    expect((await home()).onSale.map((p) => p._id)).toEqual([onSale.id]);
    expect(sold.id).not.toBe(onSale.id);
  });

  it('puts the banners in a new order, given every banner once', async () => {
    const all = await listed();
    const reversed = all.map((b) => b._id).reverse();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/banners/order',
      headers: admin.headers,
      payload: { ids: reversed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Banner[]>().map((b) => b._id)).toEqual(reversed);
    expect(await shownAlts()).toEqual(['Fifth live', 'Fourth live', 'First day today', 'Last day today']);

    for (const ids of [reversed.slice(1), [...reversed, reversed[0]]]) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/banners/order',
        headers: admin.headers,
        payload: { ids },
      });
      expect(refused.statusCode, refused.body).toBe(400);
    }
  });

  it('deletes a banner', async () => {
    const fifth = (await listed()).find((b) => b.alt === 'Fifth live')!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/banners/${fifth._id}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shownAlts()).not.toContain('Fifth live');
    expect(await lastAudit(t.app)).toMatchObject({ action: 'banner_delete' });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/banners/${fifth._id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a picture or link outside the shop, days out of order and missing texts, with 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ image: 'https://elsewhere.example/x.png' }, 'image'],
      [{ imageAr: '/uploads/../../etc/passwd' }, 'imageAr'],
      [{ imageNarrow: '/banners/../index.html' }, 'imageNarrow'],
      [{ link: 'https://elsewhere.example/' }, 'link'],
      [{ link: '//elsewhere.example/' }, 'link'],
      [{ link: '/no-such-page' }, 'link'],
      [{ startsOn: '2027-03-09', endsOn: '2027-02-08' }, 'endsOn'],
      [{ startsOn: '2027-02-30' }, 'startsOn'],
      [{ alt: '  ' }, 'alt'],
    ];
    for (const [change, field] of cases) {
      const res = await add({ ...bannerBody('Bad'), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors), JSON.stringify(change)).toContain(
        field,
      );
    }
    // A search and a category are pages of the shop.
    expect((await add(bannerBody('Search', { link: '/searchResults/phones', enabled: false }))).statusCode).toBe(201);
  });

  it('stores an uploaded picture as webp and refuses what is not a picture', async () => {
    const form = multipart({}, [{ data: await testImage('png', 7), filename: 'wide.png', contentType: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/banners/picture',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { path } = res.json<{ path: string }>();
    expect(path).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: path })).headers['content-type']).toBe('image/webp');
    expect((await add(bannerBody('Uploaded', { image: path, enabled: false }))).statusCode).toBe(201);

    const text = multipart({}, [{ data: Buffer.from('<svg onload="alert(1)"/>'), filename: 'x.svg' }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/banners/picture',
      headers: { ...admin.headers, ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('is the work of staff who may change the catalogue: 403 for others, 401 for visitors', async () => {
    const agent = await createStaff(t.app, 'orders');
    expect((await add(bannerBody('Not mine'), agent)).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/banners', headers: agent.headers });
    expect(list.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/banners' })).statusCode).toBe(401);
    expect((await listed()).map((b) => b.alt)).not.toContain('Not mine');
  });
});

describe('the cached home', () => {
  let t: TestContext;
  let admin: Account;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
  });
  afterAll(() => t.close());

  const add = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/banners', headers: admin.headers, payload: body });
  const listed = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/banners', headers: admin.headers })).json<Banner[]>();

  it('drops the cached home when a banner changes, and shows the change at once', async () => {
    expect((await add(bannerBody('Always'))).statusCode).toBe(201);
    const before = await readFromCache((url) => t.app.inject({ method: 'GET', url }), '/api/home');
    expect(before.json<HomeData>().banners.map((b) => b.alt)).toEqual(['Always']);
    const always = (await listed())[0]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/banners/${always._id}`,
      headers: admin.headers,
      payload: bannerBody('Always, renamed', { imageNarrow: '/banners/banner-fashion.narrow.svg' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Banner>()).toMatchObject({ alt: 'Always, renamed', state: 'live', position: always.position });
    const after = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(after.headers['x-cache']).not.toBe('hit');
    expect(after.json<HomeData>().banners[0]).toMatchObject({
      alt: 'Always, renamed',
      imageNarrow: '/banners/banner-fashion.narrow.svg',
    });
    expect(await lastAudit(t.app)).toMatchObject({ action: 'banner_update' });
  });
});

describe("the home's rows", () => {
  let t: TestContext;
  let admin: Account;
  let shopper: Account;
  beforeAll(async () => {
    // Orders that leave their products in stock do not drop cached lists: these tests read the rows as computed.
    t = await createTestApp({ CACHE_MAX_MB: '0' });
    admin = await createAdmin(t.app);
    shopper = await registerShopper(t.app);
  });
  afterAll(() => t.close());

  const home = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HomeData>();
  };

  it('are empty in a shop that has sold nothing and has nothing on sale', async () => {
    await createProduct(t.app.db);
    expect(await home()).toMatchObject({ onSale: [], bestSellers: [] });
  });

  it('list the products on sale, plain or in variants, in stock, the deepest cut first', async () => {
    const half = await createProduct(t.app.db, { price: 50, compareAtPrice: 100 });
    const tenth = await createProduct(t.app.db, { price: 90, compareAtPrice: 100 });
    await createProduct(t.app.db, { price: 10, compareAtPrice: 100, stock: 0 });
    // Only its dearer size is on sale: the product's own price (its lowest) is not.
    const { product: sized } = await createVariantProduct(
      t.app.db,
      [SIZE],
      [
        { options: { Size: 'S' }, price: 100, stock: 3 },
        { options: { Size: 'L' }, price: 150, compareAtPrice: 200, stock: 2 },
      ],
    );
    // On sale only in a size that is sold out.
    await createVariantProduct(
      t.app.db,
      [SIZE],
      [
        { options: { Size: 'S' }, price: 100, stock: 3 },
        { options: { Size: 'L' }, price: 150, compareAtPrice: 200, stock: 0 },
      ],
    );
    const { onSale } = await home();
    expect(onSale.map((p) => p._id)).toEqual([half.id, tenth.id, sized.id]);
    expect(onSale[0]).toMatchObject({ price: 50, compareAtPrice: 100 });
  });

  it('rank the best sellers by units sold in the last 30 days, cancelled and older orders not counted', async () => {
    const [one, three, cancelled, old] = await Promise.all([
      createProduct(t.app.db, { stock: 50 }),
      createProduct(t.app.db, { stock: 50 }),
      createProduct(t.app.db, { stock: 50 }),
      createProduct(t.app.db, { stock: 50 }),
    ]);
    await placeOrderOf(t.app, shopper, [[one, 1]], ADDRESS, 'cash');
    await placeOrderOf(t.app, shopper, [[three, 3]], ADDRESS, 'cash');
    const dropped = await placeOrderOf(t.app, shopper, [[cancelled, 9]], ADDRESS, 'cash');
    await moveOrder(t.app, admin, dropped._id, 'cancelled', { reason: 'changed mind' });
    // Not yet confirmed by its shopper: not a sale.
    await placeOrderOf(t.app, shopper, [[cancelled, 8]], ADDRESS, 'cash', { confirm: false });
    const earlier = await placeOrderOf(t.app, shopper, [[old, 20]], ADDRESS, 'cash');
    await t.app.db
      .update(orders)
      .set({ createdAt: new Date(t.clock.now().getTime() - 31 * DAY) })
      .where(inArray(orders.id, [earlier._id]));

    expect((await home()).bestSellers.map((p) => p._id)).toEqual([three.id, one.id]);
  });
});
