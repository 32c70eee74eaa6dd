import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { BOOTSTRAP_LINK_ID } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, departments, products } from '../../db/schema.js';
import { createTestApp, UNKNOWN_ID, type TestContext } from '../../../test/harness.js';
import {
  createCategory,
  createProduct,
  createVariantProduct,
  type CategoryRow,
  type ProductFixture,
} from '../../../test/fixtures.js';
import { readUntilHit, servedBeforeExpiry } from '../../../test/cache-reads.js';
import { readPage } from '../../../test/markup.js';

/** The built app's index.html as Vite writes it (apps/web/index.html): the page every head goes into. */
const INDEX_HTML = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <script src="/assets/boot-1.js" data-ltr="/assets/bootstrap.min-1.css" data-rtl="/assets/bootstrap.rtl.min-1.css"></script>

    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta
      name="description"
      content="EGP Shop: shop electronics, fashion, home and more across Egypt, with prices in EGP and cash on delivery."
    />
    <title>EGP Shop</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const SHOP = 'https://shop.example';

let t: TestContext;
let webDist: string;
let category: CategoryRow;
let phone: ProductFixture;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: SHOP });
  category = await createCategory(t.app.db, { name: 'Phones', imagePath: '/uploads/phones.webp' });
  await t.app.db.update(categories).set({ nameAr: 'هواتف' }).where(eq(categories.id, category.id));
  await t.app.db
    .update(departments)
    .set({ name: 'Electronics', nameAr: 'إلكترونيات' })
    .where(eq(departments.id, category.departmentId));
  phone = await createProduct(t.app.db, {
    categoryId: category.id,
    name: 'Galaxy A55',
    nameAr: 'جالاكسي A55',
    description: 'A phone with a large screen.\n\nTwo days of battery.',
    descriptionAr: 'هاتف بشاشة كبيرة.',
    brand: 'Samsung',
    price: 19499.5,
    stock: 3,
    imagePaths: ['/uploads/a55-front.webp', '/uploads/a55-back.webp'],
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function page(url: string, status = 200) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return { res, ...readPage(res.body) };
}

type Thing = Record<string, unknown> & { '@type': string };
const thing = (things: unknown[], type: string): Thing => {
  const found = things.filter((x): x is Thing => (x as Thing)['@type'] === type);
  expect(found, type).toHaveLength(1);
  return found[0] as Thing;
};
/** The phone's canonical addresses: its id, then its name in the page's language. */
const phoneAt = () => ({
  en: `${SHOP}/product/one/${phone.id}/galaxy-a55`,
  ar: `${SHOP}/ar/product/one/${phone.id}/${encodeURIComponent('جالاكسي-a55')}`,
});
const linkTo = (links: Record<string, string>[], rel: string, hreflang?: string) =>
  links.filter((l) => l.rel === rel && l.hreflang === hreflang).map((l) => l.href);

describe('a product page', () => {
  it('has its own head in English: title, description, canonical, hreflang, Open Graph and Twitter card', async () => {
    const p = await page(`/product/one/${phone.id}`);
    const url = phoneAt().en;
    expect([p.lang, p.dir]).toEqual(['en', 'ltr']);
    // The template's title and description are replaced, not joined by a second of each.
    expect(p.titles).toEqual(['Galaxy A55 – EGP Shop']);
    expect(p.meta('description')).toBe('A phone with a large screen. Two days of battery.');
    expect(linkTo(p.links, 'canonical')).toEqual([url]);
    expect(linkTo(p.links, 'alternate', 'en')).toEqual([url]);
    expect(linkTo(p.links, 'alternate', 'ar')).toEqual([phoneAt().ar]);
    expect(linkTo(p.links, 'alternate', 'x-default')).toEqual([url]);
    expect(p.meta('robots')).toBeUndefined();
    expect(p.meta('og:type')).toBe('product');
    expect(p.meta('og:title')).toBe('Galaxy A55 – EGP Shop');
    expect(p.meta('og:description')).toBe(p.meta('description'));
    expect(p.meta('og:url')).toBe(url);
    expect(p.meta('og:image')).toBe(`${SHOP}/uploads/a55-front.webp`);
    expect(p.meta('og:locale')).toBe('en_EG');
    expect(p.meta('og:locale:alternate')).toBe('ar_EG');
    expect(p.meta('twitter:card')).toBe('summary_large_image');
    expect(p.meta('twitter:image')).toBe(`${SHOP}/uploads/a55-front.webp`);
    // The rest of the app's page is as built: its scripts, its root.
    expect(p.hasRoot).toBe(true);
    expect(p.res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });

  it('describes the product in JSON-LD with every property Google requires or recommends, typed', async () => {
    const { things } = await page(`/product/one/${phone.id}`);
    const product = thing(things, 'Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Galaxy A55',
      description: phone.description,
      sku: phone.id,
      brand: { '@type': 'Brand', name: 'Samsung' },
      image: [`${SHOP}/uploads/a55-front.webp`, `${SHOP}/uploads/a55-back.webp`],
      offers: {
        '@type': 'Offer',
        url: phoneAt().en,
        price: 19499.5,
        priceCurrency: 'EGP',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(typeof (product.offers as { price: unknown }).price).toBe('number');
    // Nobody has reviewed it: no rating at all, rather than a rating of 0.
    expect(product).not.toHaveProperty('aggregateRating');

    const trail = thing(things, 'BreadcrumbList');
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SHOP}/` },
      { '@type': 'ListItem', position: 2, name: 'Electronics', item: `${SHOP}/department/${category.departmentId}` },
      { '@type': 'ListItem', position: 3, name: 'Phones', item: `${SHOP}/product/category/${category.id}` },
      { '@type': 'ListItem', position: 4, name: 'Galaxy A55', item: phoneAt().en },
    ]);
  });

  it('is in Arabic behind /ar, right to left, with the Arabic names and addresses', async () => {
    const p = await page(`/ar/product/one/${phone.id}`);
    const url = phoneAt().ar;
    expect([p.lang, p.dir]).toEqual(['ar', 'rtl']);
    expect(p.titles).toEqual(['جالاكسي A55 – EGP Shop']);
    expect(p.meta('description')).toBe('هاتف بشاشة كبيرة.');
    expect(linkTo(p.links, 'canonical')).toEqual([url]);
    expect(linkTo(p.links, 'alternate', 'en')).toEqual([phoneAt().en]);
    expect(p.meta('og:locale')).toBe('ar_EG');
    expect(p.meta('og:url')).toBe(url);
    expect(thing(p.things, 'Product')).toMatchObject({ name: 'جالاكسي A55', offers: { url } });
    expect((thing(p.things, 'BreadcrumbList').itemListElement as { name: string }[]).map((i) => i.name)).toEqual([
      'الرئيسية',
      'إلكترونيات',
      'هواتف',
      'جالاكسي A55',
    ]);
  });

  it('gives the rating only when the product has reviews, and says when it is out of stock', async () => {
    const reviewed = await createProduct(t.app.db, { categoryId: category.id, rating: 4.5, numReviews: 12, stock: 0 });
    const product = thing((await page(`/product/one/${reviewed.id}`)).things, 'Product');
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(product.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('describes a product sold in variants at several prices as an AggregateOffer, lowest to highest', async () => {
    const size = {
      name: 'Storage',
      nameAr: null,
      values: [
        { value: '128 GB', valueAr: null },
        { value: '256 GB', valueAr: null },
      ],
    };
    const { product: sold } = await createVariantProduct(
      t.app.db,
      [size],
      [
        { options: { Storage: '128 GB' }, price: 19999, stock: 2 },
        { options: { Storage: '256 GB' }, price: 23999.5, stock: 0 },
      ],
      { categoryId: category.id },
    );
    const product = thing((await page(`/product/one/${sold.id}`)).things, 'Product');
    expect(product.offers).toEqual({
      '@type': 'AggregateOffer',
      url: expect.stringMatching(new RegExp(`^${SHOP}/product/one/${sold.id}/`)),
      lowPrice: 19999,
      highPrice: 23999.5,
      offerCount: 2,
      priceCurrency: 'EGP',
      availability: 'https://schema.org/InStock',
    });
  });

  it('escapes what it writes: a name cannot end the JSON-LD script or the title, or add an element', async () => {
    const name = `</script><script>alert(1)</script> "Quoted" & <b>bold</b> $& $' $\``;
    const hostile = await createProduct(t.app.db, {
      categoryId: category.id,
      name,
      description: `</title><img src=x>`,
    });
    const p = await page(`/product/one/${hostile.id}`);
    expect(p.titles).toEqual([`${name} – EGP Shop`]);
    expect(p.meta('og:title')).toBe(`${name} – EGP Shop`);
    expect(p.meta('description')).toBe('</title><img src=x>');
    expect(thing(p.things, 'Product').name).toBe(name);
    // The app's two scripts and the two JSON-LD ones: nothing was smuggled in.
    expect(p.scriptCount).toBe(4);
    expect(p.res.body).not.toContain('<script>alert');
    expect(p.res.body).not.toContain('<img src=x>');
  });

  it('is the same page at its readable address, any slug after the id, or none; the canonical names the right one', async () => {
    const arabicSlug = encodeURIComponent('جالاكسي-a55');
    for (const [url, language] of [
      [`/product/one/${phone.id}/galaxy-a55`, 'en'],
      [`/product/one/${phone.id}/an-old-name`, 'en'],
      [`/product/one/${phone.id}/${arabicSlug}`, 'en'],
      [`/ar/product/one/${phone.id}/${arabicSlug}`, 'ar'],
      [`/ar/product/one/${phone.id}/galaxy-a55`, 'ar'],
      [`/ar/product/one/${phone.id}`, 'ar'],
    ] as const) {
      const p = await page(url);
      expect(linkTo(p.links, 'canonical'), url).toEqual([phoneAt()[language]]);
      expect(p.titles, url).toEqual([language === 'en' ? 'Galaxy A55 – EGP Shop' : 'جالاكسي A55 – EGP Shop']);
    }
  });

  it('is a 404 with the app’s page when the product is not there, or its id is malformed', async () => {
    for (const url of [
      `/product/one/${UNKNOWN_ID}`,
      '/product/one/not-an-id',
      `/ar/product/one/${UNKNOWN_ID}`,
      `/product/one/${UNKNOWN_ID}/galaxy-a55`,
    ]) {
      const p = await page(url, 404);
      expect(p.hasRoot).toBe(true);
      expect(p.meta('robots')).toBe('noindex');
      expect(p.things).toEqual([]);
    }
    expect((await page(`/ar/product/one/${UNKNOWN_ID}`, 404)).titles).toEqual([
      'لم نتمكن من العثور على هذه الصفحة – EGP Shop',
    ]);
  });

  it('is answered from the response cache, and shows a new price once its news comes', async () => {
    const url = `/product/one/${phone.id}?from=cache-test`;
    const { hit } = await readUntilHit(get, url);
    expect(hit.headers['content-type']).toBe('text/html; charset=utf-8');
    await t.app.db.update(products).set({ price: 1799900 }).where(eq(products.id, phone.id));
    let price: unknown;
    await servedBeforeExpiry(async () => {
      price = (thing(readPage((await get(url)).body).things, 'Product').offers as { price: unknown }).price;
      return price === 17999;
    });
    expect(price).toBe(17999);
  });
});

describe('the catalogue pages', () => {
  it('a category: its name and department, its picture, the trail, in both languages', async () => {
    const p = await page(`/product/category/${category.id}`);
    expect(p.titles).toEqual(['Phones – EGP Shop']);
    expect(p.meta('description')).toContain('Phones in Electronics at EGP Shop');
    expect(p.meta('og:type')).toBe('website');
    expect(p.meta('og:image')).toBe(`${SHOP}/uploads/phones.webp`);
    expect(linkTo(p.links, 'canonical')).toEqual([`${SHOP}/product/category/${category.id}`]);
    expect((thing(p.things, 'BreadcrumbList').itemListElement as unknown[]).length).toBe(3);

    const ar = await page(`/ar/product/category/${category.id}`);
    expect([ar.lang, ar.dir]).toEqual(['ar', 'rtl']);
    expect(ar.titles).toEqual(['هواتف – EGP Shop']);
    expect(ar.meta('description')).toContain('هواتف في إلكترونيات');
  });

  it('a department, and a category without a picture: a summary card', async () => {
    const p = await page(`/department/${category.departmentId}`);
    expect(p.titles).toEqual(['Electronics – EGP Shop']);
    expect(p.meta('og:image')).toBeUndefined();
    expect(p.meta('twitter:card')).toBe('summary');
    expect(linkTo(p.links, 'alternate', 'ar')).toEqual([`${SHOP}/ar/department/${category.departmentId}`]);
    expect((await page(`/ar/department/${category.departmentId}`)).titles).toEqual(['إلكترونيات – EGP Shop']);
  });

  it('is a 404 for a category or department that is not there, or a malformed id', async () => {
    for (const url of [
      `/product/category/${UNKNOWN_ID}`,
      '/product/category/x',
      `/department/${UNKNOWN_ID}`,
      '/ar/department/%27%20or%201=1',
    ])
      expect((await page(url, 404)).hasRoot).toBe(true);
  });
});

describe('the home, search and about pages', () => {
  it('the home page names the shop and its search for search engines (Organization, WebSite)', async () => {
    const p = await page('/');
    expect(p.titles).toEqual(['EGP Shop – Online shopping in Egypt']);
    expect(linkTo(p.links, 'canonical')).toEqual([`${SHOP}/`]);
    expect(linkTo(p.links, 'alternate', 'ar')).toEqual([`${SHOP}/ar`]);
    expect(thing(p.things, 'Organization')).toMatchObject({ name: 'EGP Shop', url: `${SHOP}/` });
    expect(thing(p.things, 'WebSite').potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${SHOP}/searchResults/{search_term_string}` },
      'query-input': 'required name=search_term_string',
    });

    const ar = await page('/ar');
    expect([ar.lang, ar.dir]).toEqual(['ar', 'rtl']);
    expect(ar.titles).toEqual(['EGP Shop – التسوق عبر الإنترنت في مصر']);
    expect(thing(ar.things, 'WebSite').potentialAction).toMatchObject({
      target: { urlTemplate: `${SHOP}/ar/searchResults/{search_term_string}` },
    });
  });

  it('search results are kept out of indexes, and name the search as typed', async () => {
    const p = await page(`/searchResults/${encodeURIComponent('<b>tv</b> & "more"')}`);
    expect(p.meta('robots')).toBe('noindex');
    expect(p.titles).toEqual(['<b>tv</b> & "more" – Search – EGP Shop']);
    expect(linkTo(p.links, 'canonical')).toEqual([`${SHOP}/searchResults/%3Cb%3Etv%3C%2Fb%3E%20%26%20%22more%22`]);
    const ar = await page(`/ar/searchResults/${encodeURIComponent('شاشة')}`);
    expect(ar.meta('robots')).toBe('noindex');
    expect(ar.titles).toEqual(['شاشة – البحث – EGP Shop']);
  });

  it('about', async () => {
    expect((await page('/about')).titles).toEqual(['About us – EGP Shop']);
    expect((await page('/ar/about')).meta('description')).toMatch(/^متجر إلكتروني/);
  });
});

describe('the other pages of the app', () => {
  it('cart, checkout, account and dashboard keep the built page; behind /ar it is Arabic and right to left', async () => {
    const cart = await get('/CartPage');
    expect(cart.statusCode).toBe(200);
    // As built, with its direction's stylesheet linked ahead of the boot script.
    expect(cart.body).toBe(
      INDEX_HTML.replace(
        '<script src="/assets/boot-1.js"',
        `<link rel="stylesheet" id="${BOOTSTRAP_LINK_ID}" data-ltr="/assets/bootstrap.min-1.css" data-rtl="/assets/bootstrap.rtl.min-1.css" href="/assets/bootstrap.min-1.css"><script src="/assets/boot-1.js"`,
      ),
    );
    for (const url of ['/ar/CartPage', '/ar/dashboard/orders', '/ar/User']) {
      const p = await page(url);
      expect([p.lang, p.dir]).toEqual(['ar', 'rtl']);
      expect(p.titles).toEqual(['EGP Shop']);
    }
  });

  it('an address the shop does not have is a 404 with the not-found page, in its language, kept out of indexes', async () => {
    const english = await page('/no-such-page', 404);
    // The shop named as on every other page, and as the app titles its not-found page, so the tab does not change.
    expect(english.titles).toEqual(['We could not find that page – EGP Shop']);
    expect(english.meta('robots')).toBe('noindex');
    const arabic = await page('/ar/no-such-page', 404);
    expect([arabic.lang, arabic.dir, arabic.meta('robots')]).toEqual(['ar', 'rtl', 'noindex']);
    expect(arabic.titles).toEqual(['لم نتمكن من العثور على هذه الصفحة – EGP Shop']);
    // The app's pages keep theirs, whatever their case, and the API its JSON 404.
    expect((await get('/user')).statusCode).toBe(200);
    expect((await get('/api/no-such-route')).json()).toHaveProperty('message');
  });
});

describe('the search form without JavaScript', () => {
  it('sends a GET of /searchResults?q= on to the results’ address, in the form’s language (303)', async () => {
    const res = await get(`/searchResults?q=${encodeURIComponent('  tv & "more"/4k ')}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/searchResults/tv%20%26%20%22more%22%2F4k');

    const ar = await get(`/ar/searchResults?q=${encodeURIComponent('شاشة')}`);
    expect(ar.statusCode).toBe(303);
    expect(ar.headers.location).toBe(`/ar/searchResults/${encodeURIComponent('شاشة')}`);
    // The address it sends to is the results page, in that language.
    expect((await page(ar.headers.location as string)).titles).toEqual(['شاشة – البحث – EGP Shop']);
  });

  it('sends an empty or blank search, or none, home', async () => {
    for (const [url, home] of [
      ['/searchResults?q=', '/'],
      ['/searchResults?q=%20%20', '/'],
      ['/searchResults', '/'],
      ['/ar/searchResults?q=', '/ar'],
    ]) {
      const res = await get(url as string);
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(home);
    }
  });

  it('refuses a text longer than the search box takes', async () => {
    expect((await get(`/searchResults?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await get(`/searchResults?q=${'a'.repeat(100)}`)).headers.location).toBe(
      `/searchResults/${'a'.repeat(100)}`,
    );
  });
});
