import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_MSG,
  type Cart,
  type Order,
  type OutOfStockItem,
  type ProductDetail,
  type ProductList,
  type ProductOption,
} from '@shop/contracts';
import { cartItems, products, productVariants } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  registerShopper,
  UNKNOWN_ID,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct, createVariantProduct } from '../../../test/fixtures.js';
import { stockOf } from '../../../test/order-probes.js';

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const SIZE: ProductOption = {
  name: 'Size',
  nameAr: 'المقاس',
  values: [
    { value: 'M', valueAr: 'وسط' },
    { value: 'L', valueAr: 'كبير' },
  ],
};
const COLOUR: ProductOption = {
  name: 'Colour',
  nameAr: 'اللون',
  values: [
    { value: 'Red', valueAr: 'أحمر' },
    { value: 'Blue', valueAr: 'أزرق' },
  ],
};

/** The M/Red T-shirt's option values, as cart lines and order lines name them. */
const M_RED = [
  { name: 'Size', nameAr: 'المقاس', value: 'M', valueAr: 'وسط' },
  { name: 'Colour', nameAr: 'اللون', value: 'Red', valueAr: 'أحمر' },
];

/** A T-shirt in M and L, red and blue: M/Red 250 EGP (3 left), M/Blue 260 (sold out), L/Red 270 (5); no L/Blue. */
const tShirt = () =>
  createVariantProduct(
    t.app.db,
    [SIZE, COLOUR],
    [
      { options: { Size: 'M', Colour: 'Red' }, price: 250, stock: 3, imagePaths: ['/uploads/red.webp'] },
      { options: { Size: 'M', Colour: 'Blue' }, price: 260, stock: 0 },
      { options: { Size: 'L', Colour: 'Red' }, price: 270, stock: 5 },
    ],
    { name: 'Cotton T-shirt', price: 999, stock: 99, imagePaths: ['/uploads/shirt.webp', '/uploads/red.webp'] },
  );

const putVariants = (account: Account | null, productId: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/product/${productId}/variants`,
    headers: account?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });
const inc = (account: Account, productId: string, variantId?: string, flag: 0 | 1 = 1) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/cart/incItem',
    headers: account.headers,
    payload: { product_id: productId, flag, ...(variantId ? { variant_id: variantId } : {}) },
  });
/** One unit of each variant named (a variant named twice: two units). */
const fill = async (account: Account, productId: string, ...variantIds: (string | undefined)[]) => {
  for (const variantId of variantIds) await inc(account, productId, variantId);
};
const place = (account: Account, paymentMethod = 'cash') =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: account.headers,
    payload: { deliveryAddress: ADDRESS, paymentMethod },
  });
const productJson = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/product/one/${id}` })).json() as ProductDetail;
const variantStock = async (id: string) =>
  (await t.app.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]
    ?.stock;
const productRow = async (id: string) =>
  (
    await t.app.db.select({ price: products.price, stock: products.stock }).from(products).where(eq(products.id, id))
  )[0];

describe('a product with variants', () => {
  it('answers its options and variants; its price is the lowest variant’s and its stock their total', async () => {
    const { product, variants } = await tShirt();
    const json = await productJson(product.id);
    expect(json.options).toEqual([SIZE, COLOUR]);
    expect(json.variants).toEqual([
      {
        _id: variants[0]?.id,
        sku: variants[0]?.sku,
        options: { Size: 'M', Colour: 'Red' },
        price: 250,
        compareAtPrice: null,
        stock: 3,
        image_path: ['/uploads/red.webp'],
      },
      expect.objectContaining({ options: { Size: 'M', Colour: 'Blue' }, price: 260, stock: 0, image_path: [] }),
      expect.objectContaining({ options: { Size: 'L', Colour: 'Red' }, price: 270, stock: 5 }),
    ]);
    expect(json).toMatchObject({ price: 250, stock: 8 });
    // Lists and searches read the product row: "from EGP 250", in stock.
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/product?department=${product.departmentId}` })
    ).json() as ProductList;
    expect(list.products).toEqual([
      expect.objectContaining({ _id: product.id, price: 250, stock: 8, options: [SIZE, COLOUR] }),
    ]);
  });

  it('a product without options answers as it always did: no options, no variants', async () => {
    const plain = await createProduct(t.app.db);
    const json = await productJson(plain.id);
    expect(json).not.toHaveProperty('options');
    expect(json).not.toHaveProperty('variants');
  });

  it('is sold out when every variant is, and back in stock with any', async () => {
    const { product, variants } = await createVariantProduct(
      t.app.db,
      [SIZE],
      [
        { options: { Size: 'M' }, price: 100, stock: 0 },
        { options: { Size: 'L' }, price: 90, stock: 0 },
      ],
    );
    expect(await productRow(product.id)).toEqual({ price: 9000, stock: 0 });
    const inStock = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/product?department=${product.departmentId}` })
        ).json() as ProductList
      ).products.length;
    expect(await inStock()).toBe(0);
    await t.app.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(eq(productVariants.id, variants[0]?.id ?? ''));
    expect(await productRow(product.id)).toEqual({ price: 9000, stock: 2 });
    // Written behind the API's back: the list's cached answer goes when the database announces the change.
    await expect.poll(inStock).toBe(1);
  });
});

describe('the admin sets options and variants', () => {
  const grid = (skuPrefix: string) => ({
    options: [SIZE],
    variants: [
      { sku: `${skuPrefix}-M`, options: { Size: 'M' }, price: 300, stock: 4, image_path: ['/uploads/test.webp'] },
      { sku: `${skuPrefix}-L`, options: { Size: 'L' }, price: 320.5, stock: 6 },
    ],
  });

  it('replaces them, keeps the ids of rows it edits, and audits it; the product’s price and stock follow', async () => {
    const product = await createProduct(t.app.db, { price: 999, stock: 1 });
    const first = await putVariants(admin, product.id, grid('TEE1'));
    expect(first.statusCode).toBe(200);
    const made = first.json() as ProductDetail;
    expect(made).toMatchObject({ price: 300, stock: 10, options: [SIZE] });
    expect(made.variants?.map((v) => [v.sku, v.price, v.stock])).toEqual([
      ['TEE1-M', 300, 4],
      ['TEE1-L', 320.5, 6],
    ]);
    const medium = made.variants?.[0];
    // Edit M, drop L, add XL.
    const second = await putVariants(admin, product.id, {
      options: [{ ...SIZE, values: [...SIZE.values, { value: 'XL', valueAr: null }] }],
      variants: [
        { _id: medium?._id, sku: 'TEE1-M', options: { Size: 'M' }, price: 310, stock: 1 },
        { sku: 'TEE1-XL', options: { Size: 'XL' }, price: 350, stock: 2 },
      ],
    });
    expect(second.statusCode).toBe(200);
    const edited = second.json() as ProductDetail;
    expect(edited.variants?.map((v) => [v._id === medium?._id, v.sku, v.price, v.stock])).toEqual([
      [true, 'TEE1-M', 310, 1],
      [false, 'TEE1-XL', 350, 2],
    ]);
    expect(edited).toMatchObject({ price: 310, stock: 3 });
    // Back to a product sold as one thing: no options, and the form's price and stock are its own again.
    const none = await putVariants(admin, product.id, { options: [], variants: [] });
    expect(none.json()).not.toHaveProperty('options');
  });

  it('keeps the units sold while the grid was open: a variant’s stock moves by what was typed over what it loaded', async () => {
    const shopper = await registerShopper(t.app);
    const { product } = await tShirt();
    const loaded = await productJson(product.id);
    const [mRed, mBlue, lRed] = loaded.variants ?? [];
    if (!mRed || !mBlue || !lRed) throw new Error('three variants wanted');
    // The grid loads M/Red 3, M/Blue 0 and L/Red 5; two L/Red sell before it is saved.
    await fill(shopper, product.id, lRed._id, lRed._id);
    expect((await place(shopper)).statusCode).toBe(201);
    const row = (v: typeof mRed, change: { price?: number; stock?: number } = {}) => ({
      _id: v._id,
      sku: v.sku,
      options: v.options,
      price: change.price ?? v.price,
      compareAtPrice: v.compareAtPrice,
      stock: change.stock ?? v.stock,
      stockWas: v.stock,
      image_path: v.image_path,
    });
    // M/Red's price changed, four M/Blue received (0 → 4), L/Red untouched: it keeps its sale.
    const saved = await putVariants(admin, product.id, {
      options: loaded.options,
      variants: [row(mRed, { price: 255 }), row(mBlue, { stock: 4 }), row(lRed)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as ProductDetail;
    expect(after.variants?.map((v) => [v.sku, v.price, v.stock])).toEqual([
      [mRed.sku, 255, 3],
      [mBlue.sku, 260, 4],
      [lRed.sku, 270, 3],
    ]);
    expect(after.stock).toBe(10);
    // Saved again from the same load: L/Red typed 6 over the 5 loaded is 3 + 1, M/Blue left at the 0 loaded keeps
    // its 4, and a row that does not say what it loaded (an older client) sets its stock as sent.
    const again = await putVariants(admin, product.id, {
      options: loaded.options,
      variants: [{ ...row(mRed, { stock: 7 }), stockWas: undefined }, row(mBlue), row(lRed, { stock: 6 })],
    });
    expect((again.json() as ProductDetail).variants?.map((v) => v.stock)).toEqual([7, 4, 4]);
  });

  it('puts variants on sale: each answers its price before the sale, the product its lowest price’s', async () => {
    const product = await createProduct(t.app.db, { price: 999, stock: 1, compareAtPrice: 1200 });
    const sku = `SALE-${product.id.slice(0, 6)}`;
    const rows = (mediumWas: number | string, largeWas: number | string) => ({
      options: [SIZE],
      variants: [
        { sku: `${sku}-M`, options: { Size: 'M' }, price: 300, compareAtPrice: mediumWas, stock: 4 },
        { sku: `${sku}-L`, options: { Size: 'L' }, price: 280, compareAtPrice: largeWas, stock: 6 },
      ],
    });
    const bothOnSale = await putVariants(admin, product.id, rows(400, 350.5));
    expect(bothOnSale.statusCode).toBe(200);
    const sale = bothOnSale.json() as ProductDetail;
    expect(sale.variants?.map((v) => [v.sku, v.price, v.compareAtPrice])).toEqual([
      [`${sku}-M`, 300, 400],
      [`${sku}-L`, 280, 350.5],
    ]);
    // The product row is "from EGP 280, was 350.5": the lowest price with its own sale, not the product form's.
    expect(sale).toMatchObject({ price: 280, compareAtPrice: 350.5 });
    const listed = await t.app.inject({ method: 'GET', url: `/api/product?category=${product.categoryId}` });
    expect((listed.json() as ProductList).products.find((p) => p._id === product.id)).toMatchObject({
      price: 280,
      compareAtPrice: 350.5,
    });
    // Only the dearer variant on sale: the lowest price is not, so neither is the product's "from" price.
    const dearerOnSale = await putVariants(admin, product.id, rows(400, ''));
    expect(dearerOnSale.json()).toMatchObject({ price: 280, compareAtPrice: null });
    expect((dearerOnSale.json() as ProductDetail).variants?.map((v) => v.compareAtPrice)).toEqual([400, null]);
    // A sale written on the product's own row does not stand against its variants'.
    await t.app.db.update(products).set({ compareAtPrice: 99_900 }).where(eq(products.id, product.id));
    expect(await productJson(product.id)).toMatchObject({ price: 280, compareAtPrice: null });
  });

  it('keeps a product in stock: a grid sharing its stock keeps the total, one with none is refused unless confirmed', async () => {
    const product = await createProduct(t.app.db, { price: 500, stock: 20 });
    const rows = (m: number, l: number) => [
      { sku: `KEEP-${product.id.slice(0, 4)}-M`, options: { Size: 'M' }, price: 500, stock: m },
      { sku: `KEEP-${product.id.slice(0, 4)}-L`, options: { Size: 'L' }, price: 500, stock: l },
    ];
    const emptied = await putVariants(admin, product.id, { options: [SIZE], variants: rows(0, 0) });
    expect(emptied.statusCode).toBe(409);
    expect(emptied.json().message).toBe(API_MSG.variantsEmptyStock(20));
    expect(await productRow(product.id)).toEqual({ price: 50_000, stock: 20 });
    // The dashboard's grid shares the product's 20 among its new rows.
    const shared = await putVariants(admin, product.id, { options: [SIZE], variants: rows(10, 10) });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ stock: 20 });
    const confirmed = await putVariants(admin, product.id, { options: [SIZE], variants: rows(0, 0), emptyStock: true });
    expect(confirmed.statusCode).toBe(200);
    expect(await productRow(product.id)).toEqual({ price: 50_000, stock: 0 });
  });

  it('refuses a grid that does not fit its options, repeated SKUs, pictures not the product’s, a sale not below', async () => {
    const product = await createProduct(t.app.db);
    const cases: [unknown, string][] = [
      [{ options: [SIZE], variants: [] }, 'A product with options needs at least one variant'],
      [
        { options: [SIZE], variants: [{ sku: 'X1', options: { Size: 'S' }, price: 1, stock: 1 }] },
        'A variant takes one value of every option',
      ],
      [
        {
          options: [SIZE],
          variants: [
            { sku: 'X1', options: { Size: 'M' }, price: 1, stock: 1 },
            { sku: 'x1', options: { Size: 'L' }, price: 1, stock: 1 },
          ],
        },
        'Each variant needs a SKU of its own',
      ],
      [
        {
          options: [SIZE],
          variants: [
            { sku: 'X1', options: { Size: 'M' }, price: 1, stock: 1 },
            { sku: 'X2', options: { Size: 'M' }, price: 1, stock: 1 },
          ],
        },
        'Two variants have the same options',
      ],
      [
        { options: [SIZE, COLOUR, { ...SIZE, name: 'Fit' }, { ...SIZE, name: 'Cut' }], variants: [] },
        'A product has at most 3 options',
      ],
      [
        {
          options: [SIZE],
          variants: [
            { sku: 'X1', options: { Size: 'M' }, price: 1, stock: 1, image_path: ['/uploads/elsewhere.webp'] },
          ],
        },
        'A variant’s picture must be one of the product’s pictures',
      ],
      [
        {
          options: [SIZE],
          variants: [{ sku: 'X1', options: { Size: 'M' }, price: 300, compareAtPrice: 300, stock: 1 }],
        },
        'The price before the sale must be higher than the price',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await putVariants(admin, product.id, payload);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json()), message).toContain(message);
    }
    const { variants } = await tShirt();
    const taken = await putVariants(admin, product.id, {
      options: [SIZE],
      variants: [{ sku: variants[0]?.sku.toLowerCase(), options: { Size: 'M' }, price: 1, stock: 1 }],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(`Another variant already has the SKU ${variants[0]?.sku.toLowerCase()}`);
    expect(await productJson(product.id)).not.toHaveProperty('variants');
  });

  it('is for admins only, and answers 404 for an unknown product', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db);
    expect((await putVariants(null, product.id, grid('A'))).statusCode).toBe(401);
    expect((await putVariants(shopper, product.id, grid('A'))).statusCode).toBe(403);
    expect((await putVariants(admin, UNKNOWN_ID, grid('A'))).statusCode).toBe(404);
  });
});

describe('the cart with variants', () => {
  it('needs the variant of a product with options, and refuses one for a product without', async () => {
    const shopper = await registerShopper(t.app);
    const { product } = await tShirt();
    const plain = await createProduct(t.app.db);
    const other = await tShirt();
    const missing = await inc(shopper, product.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose the options of this product first');
    expect((await inc(shopper, product.id, other.variants[0]?.id)).json().message).toBe(
      'This product has no such variant',
    );
    expect((await inc(shopper, plain.id, other.variants[0]?.id)).statusCode).toBe(400);
    expect((await inc(shopper, product.id, UNKNOWN_ID)).statusCode).toBe(400);
    expect((await t.app.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).length).toBe(0);
  });

  it('keeps one line per variant, priced and stocked as the variant, with its option values in both languages', async () => {
    const shopper = await registerShopper(t.app);
    const { product, variants } = await tShirt();
    const [mRed, , lRed] = variants;
    await fill(shopper, product.id, mRed?.id, mRed?.id);
    const res = await inc(shopper, product.id, lRed?.id);
    expect(res.statusCode).toBe(200);
    const cart = res.json() as Cart;
    expect(cart.bill).toBe(2 * 250 + 270);
    expect(cart.products).toEqual([
      expect.objectContaining({
        product_id: expect.objectContaining({
          _id: product.id,
          price: 250,
          stock: 3,
          image_path: ['/uploads/red.webp'],
        }),
        quantity: 2,
        variant: {
          _id: mRed?.id,
          sku: mRed?.sku,
          options: M_RED,
        },
      }),
      expect.objectContaining({
        product_id: expect.objectContaining({ price: 270, stock: 5, image_path: product.imagePaths }),
        quantity: 1,
        variant: expect.objectContaining({ _id: lRed?.id }),
      }),
    ]);
    // Down and out by variant: the other line stays.
    const down = (await inc(shopper, product.id, mRed?.id, 0)).json() as Cart;
    expect(down.products.map((l) => l.quantity)).toEqual([1, 1]);
    const removed = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/removeItem',
      headers: shopper.headers,
      payload: { product_id: product.id, variant_id: mRed?.id },
    });
    expect((removed.json() as Cart).products.map((l) => l.variant?._id)).toEqual([lRed?.id]);
  });

  it('stops at the variant’s stock and names the variant; a sold-out variant is refused', async () => {
    const shopper = await registerShopper(t.app);
    const { product, variants } = await tShirt();
    const [mRed, mBlue] = variants;
    for (let i = 0; i < 3; i++) expect((await inc(shopper, product.id, mRed?.id)).statusCode).toBe(200);
    const fourth = await inc(shopper, product.id, mRed?.id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('Sorry, only 3 of Cotton T-shirt (M, Red) are in stock');
    const blue = await inc(shopper, product.id, mBlue?.id);
    expect(blue.statusCode).toBe(409);
    expect(blue.json().message).toBe('Cotton T-shirt (M, Blue) is out of stock');
  });
});

describe('ordering variants', () => {
  it('the order line keeps the variant and its values; the variant’s stock is taken, and given back on cancel', async () => {
    const shopper = await registerShopper(t.app);
    const { product, variants } = await tShirt();
    const [mRed, , lRed] = variants;
    await fill(shopper, product.id, mRed?.id, lRed?.id, lRed?.id);
    const res = await place(shopper);
    expect(res.statusCode).toBe(201);
    const [order] = res.json() as Order[];
    expect(order?.itemsTotal).toBe(250 + 2 * 270);
    expect(order?.products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          product_id: product.id,
          productBrief: expect.objectContaining({ price: 250, image_path: ['/uploads/red.webp'] }),
          quantity: 1,
          variant: {
            _id: mRed?.id,
            sku: mRed?.sku,
            options: M_RED,
          },
        }),
        expect.objectContaining({ quantity: 2, variant: expect.objectContaining({ _id: lRed?.id }) }),
      ]),
    );
    expect([await variantStock(mRed?.id ?? ''), await variantStock(lRed?.id ?? '')]).toEqual([2, 3]);
    expect(await stockOf(t.app.db, product)).toBe(5);

    // The admin's order table shows the same lines.
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: admin.headers });
    const adminOrder = (listed.json() as { orders: Order[] }).orders.find((o) => o._id === order?._id);
    expect(adminOrder?.products.map((l) => l.variant?.options.map((o) => o.value).join('/')).sort()).toEqual([
      'L/Red',
      'M/Red',
    ]);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order?._id}/cancel`,
      headers: shopper.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect([await variantStock(mRed?.id ?? ''), await variantStock(lRed?.id ?? '')]).toEqual([3, 5]);
    expect(await stockOf(t.app.db, product)).toBe(8);
  });

  it('a variant sold out meanwhile: 409 naming the variant with its stock, and nothing taken', async () => {
    const shopper = await registerShopper(t.app);
    const { product, variants } = await tShirt();
    const [mRed, , lRed] = variants;
    await fill(shopper, product.id, mRed?.id, mRed?.id, lRed?.id);
    await t.app.db
      .update(productVariants)
      .set({ stock: 1 })
      .where(eq(productVariants.id, mRed?.id ?? ''));
    const res = await place(shopper);
    expect(res.statusCode).toBe(409);
    const [item, ...rest] = res.json() as OutOfStockItem[];
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      _id: product.id,
      name: 'Cotton T-shirt',
      stock: 1,
      image_path: ['/uploads/red.webp'],
      variant: {
        _id: mRed?.id,
        options: [expect.objectContaining({ value: 'M' }), expect.objectContaining({ value: 'Red' })],
      },
    });
    expect(await variantStock(lRed?.id ?? '')).toBe(5);
    expect(await stockOf(t.app.db, product)).toBe(6);
  });

  it('deleting the product deletes its variants; its orders keep what was ordered', async () => {
    const shopper = await registerShopper(t.app);
    const { product, variants } = await tShirt();
    await inc(shopper, product.id, variants[0]?.id);
    const [order] = (await place(shopper)).json() as Order[];
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.db.select().from(productVariants).where(eq(productVariants.productId, product.id))).toEqual([]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/order', headers: shopper.headers });
    const kept = (mine.json() as Order[]).find((o) => o._id === order?._id);
    expect(kept?.products).toEqual([
      expect.objectContaining({
        product_id: null,
        variant: expect.objectContaining({ _id: null, sku: variants[0]?.sku }),
      }),
    ]);
  });

  it('a line left from before the product had options cannot be ordered: setting options takes it out of carts', async () => {
    const shopper = await registerShopper(t.app);
    const product = await createProduct(t.app.db, { stock: 5 });
    await inc(shopper, product.id);
    const set = await putVariants(admin, product.id, {
      options: [SIZE],
      variants: [{ sku: `S-${product.id.slice(0, 8)}`, options: { Size: 'M' }, price: 10, stock: 1 }],
    });
    expect(set.statusCode).toBe(200);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers })).json() as Cart;
    expect(cart.products).toEqual([]);
  });
});
