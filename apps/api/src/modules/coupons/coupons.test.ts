import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { render, type Coupon, type CouponInput, type CouponUse, type Order } from '@shop/contracts';
import { cartItems, coupons, couponUses, orders, users } from '../../db/schema.js';
import { createAdmin, createTestApp, lastAudit, type Account, type TestContext } from '../../../test/harness.js';
import { ADDRESS, createCategory, createProduct, type ProductFixture } from '../../../test/fixtures.js';
import { quickShoppers } from '../../../test/security/helpers.js';
import { stockOf } from '../../../test/order-probes.js';

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
let codes = 0;
const newCode = () => `SAVE${Date.now() % 100_000}X${codes++}`;

async function createCoupon(input: Partial<CouponInput> = {}): Promise<Coupon> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: admin.headers,
    payload: { code: newCode(), kind: 'percent', value: 10, ...input },
  });
  if (res.statusCode !== 201) throw new Error(`coupon not created: ${res.statusCode} ${res.body}`);
  return res.json<Coupon>();
}

async function shopperWith(lines: [ProductFixture, number][]): Promise<Account> {
  const [shopper] = await quickShoppers(t.app, 1);
  if (!shopper) throw new Error('no shopper');
  await t.app.db
    .insert(cartItems)
    .values(lines.map(([p, quantity]) => ({ userId: shopper.id, productId: p.id, quantity })));
  return shopper;
}

const place = (account: Account, coupon: string | undefined, paymentMethod = 'cash', language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...account.headers, 'accept-language': language },
    payload: { deliveryAddress: ADDRESS, paymentMethod, ...(coupon === undefined ? {} : { coupon }) },
  });
async function placed(account: Account, coupon: string | undefined, paymentMethod = 'cash'): Promise<Order> {
  const res = await place(account, coupon, paymentMethod);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const [order] = res.json<Order[]>();
  if (!order) throw new Error('no order');
  return order;
}
const quote = (account: Account, coupon: string, paymentMethod = 'cash') =>
  t.app.inject({
    method: 'GET',
    url: '/api/shipping/quote',
    headers: account.headers,
    query: { state: ADDRESS.state, paymentMethod, coupon },
  });
const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  message: (res.json() as { message: string }).message,
});
const usesOf = async (couponId: string) =>
  (await t.app.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, couponId)))[0]?.uses;

describe('the admin’s coupons', () => {
  it('creates a coupon (201), lists it, edits it, pauses it, and records each change in the audit log', async () => {
    const code = newCode();
    const created = await createCoupon({
      code,
      kind: 'fixed',
      value: 50.5,
      minOrder: 300,
      maxUses: 10,
      perUserLimit: 1,
      freeShipping: true,
    });
    expect(created).toMatchObject({
      code,
      kind: 'fixed',
      value: 50.5,
      minOrder: 300,
      maxUses: 10,
      perUserLimit: 1,
      freeShipping: true,
      paused: false,
      uses: 0,
      startsAt: null,
      endsAt: null,
      departments: [],
    });
    expect(await lastAudit(t.app)).toMatchObject({ action: 'coupon_create', userId: admin.id });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: admin.headers });
    expect(list.json<Coupon[]>().map((c) => c.code)).toContain(code);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${created._id}`,
      headers: admin.headers,
      payload: { code, kind: 'percent', value: 20, endsAt: '2030-01-01T00:00:00+02:00' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Coupon>()).toMatchObject({
      kind: 'percent',
      value: 20,
      minOrder: null,
      freeShipping: false,
      endsAt: '2029-12-31T22:00:00.000Z',
    });

    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${created._id}`,
      headers: admin.headers,
      payload: { paused: true },
    });
    expect(paused.json<Coupon>().paused).toBe(true);
    // The log names the coupon, in the reader's language.
    expect(await lastAudit(t.app)).toMatchObject({ action: 'coupon_pause', data: { code: created.code } });
  });

  it('matches codes without regard to case: SUMMER and summer cannot both exist (409)', async () => {
    const code = newCode();
    await createCoupon({ code });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin.headers,
      payload: { code: code.toLowerCase(), kind: 'fixed', value: 5 },
    });
    expect(refusal(again)).toEqual({ status: 409, message: 'A coupon with this code already exists' });
  });

  it('refuses a coupon that breaks a rule, saying which field is wrong', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'a b', kind: 'fixed', value: 5 }, 'code', 'A code is 3 to 32 letters, digits, - or _'],
      [{ code: newCode(), kind: 'percent', value: 120 }, 'value', 'A percent is a whole number from 1 to 100'],
      [{ code: newCode(), kind: 'percent', value: 12.5 }, 'value', 'A percent is a whole number from 1 to 100'],
      [{ code: newCode(), kind: 'fixed', value: 0 }, 'value', 'value must be greater than 0'],
      [
        { code: newCode(), kind: 'fixed', value: 5, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
        'endsAt',
        'The end must come after the start',
      ],
      [{ code: newCode(), kind: 'fixed', value: 5, maxUses: 0 }, 'maxUses', 'maxUses must be greater than 0'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors[field], JSON.stringify(payload)).toBe(message);
    }
    // Free shipping alone takes nothing off the items.
    expect((await createCoupon({ kind: 'fixed', value: 0, freeShipping: true })).value).toBe(0);
  });

  it('will not lower a coupon’s limit below the uses it already has', async () => {
    const coupon = await createCoupon({ maxUses: 5 });
    const product = await createProduct(t.app.db, { price: 100 });
    for (let i = 0; i < 2; i++) await placed(await shopperWith([[product, 1]]), coupon.code);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${coupon._id}`,
      headers: admin.headers,
      payload: { code: coupon.code, kind: 'percent', value: 10, maxUses: 1 },
    });
    expect(refusal(res)).toEqual({
      status: 400,
      message: 'This coupon has been used 2 times: its limit cannot be lower',
    });
  });
});

describe('a coupon at checkout', () => {
  it('takes a percent off the items: bill = items − discount + shipping + COD fee, stored with the order', async () => {
    const coupon = await createCoupon({ kind: 'percent', value: 15 });
    const a = await createProduct(t.app.db, { price: 199.99 });
    const b = await createProduct(t.app.db, { price: 50 });
    const shopper = await shopperWith([
      [a, 2],
      [b, 1],
    ]);
    // Typed in another case, with spaces around it.
    const q = await quote(shopper, ` ${coupon.code.toLowerCase()} `);
    expect(q.json()).toEqual({ shipping: 21, codFee: 9, discount: 67.5, coupon: coupon.code, buyerIdRequired: false });
    const order = await placed(shopper, ` ${coupon.code.toLowerCase()} `);
    // 449.98 × 15% = 67.497 → 67.50
    expect(order).toMatchObject({ itemsTotal: 449.98, discount: 67.5, couponCode: coupon.code, bill: 412.48 });
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ discount: 6750, couponCode: coupon.code, bill: 41248 });
    expect(await usesOf(coupon._id)).toBe(1);
    const uses = await t.app.inject({
      method: 'GET',
      url: `/api/admin/coupons/${coupon._id}/uses`,
      headers: admin.headers,
    });
    expect(uses.json<CouponUse[]>()).toEqual([
      {
        orderId: order._id,
        userEmail: shopper.email,
        userPhone: expect.any(String),
        discount: 67.5,
        // The order as it stands: a cash order waits for its shopper's confirmation.
        status: 'awaiting_confirmation',
        createdAt: expect.any(String),
      },
    ]);
    // An account made by phone has no e-mail: its phone names it.
    await t.app.db.update(users).set({ email: null, phone: '01011112222' }).where(eq(users.id, shopper.id));
    const byPhone = await t.app.inject({
      method: 'GET',
      url: `/api/admin/coupons/${coupon._id}/uses`,
      headers: admin.headers,
    });
    expect(byPhone.json<CouponUse[]>()).toMatchObject([{ userEmail: null, userPhone: '01011112222' }]);
  });

  it('caps a percentage at its maxDiscount (EGP): the quote and the placed order alike, the cap editable', async () => {
    const coupon = await createCoupon({ kind: 'percent', value: 10, maxDiscount: 500 });
    expect(coupon.maxDiscount).toBe(500);
    const phone = await createProduct(t.app.db, { price: 58_448 });
    const shopper = await shopperWith([[phone, 1]]);
    // 10% of EGP 58,448 would be 5,844.80.
    expect((await quote(shopper, coupon.code)).json()).toMatchObject({ discount: 500 });
    const order = await placed(shopper, coupon.code);
    expect(order).toMatchObject({ itemsTotal: 58_448, discount: 500, bill: 58_448 - 500 + 21 + 9 });
    // Under the cap, the percent as it is.
    const cable = await createProduct(t.app.db, { price: 300 });
    expect((await placed(await shopperWith([[cable, 1]]), coupon.code)).discount).toBe(30);

    const uncapped = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${coupon._id}`,
      headers: admin.headers,
      payload: { code: coupon.code, kind: 'percent', value: 10, maxDiscount: null },
    });
    expect(uncapped.json<Coupon>().maxDiscount).toBeNull();
    expect((await quote(await shopperWith([[phone, 1]]), coupon.code)).json()).toMatchObject({ discount: 5844.8 });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin.headers,
      payload: { code: newCode(), kind: 'percent', value: 10, maxDiscount: -5 },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('takes a fixed amount, never more than the items cost, and free shipping drops the delivery fee only', async () => {
    const product = await createProduct(t.app.db, { price: 40 });
    const big = await createCoupon({ kind: 'fixed', value: 100, freeShipping: true });
    const order = await placed(await shopperWith([[product, 1]]), big.code);
    expect(order).toMatchObject({ itemsTotal: 40, discount: 40, shipping: 0, codFee: 9, bill: 9 });
  });

  it('applies a coupon limited to a category or product to those lines only', async () => {
    const phones = await createCategory(t.app.db);
    const phone = await createProduct(t.app.db, { price: 1000, categoryId: phones.id });
    const cable = await createProduct(t.app.db, { price: 100 });
    const byCategory = await createCoupon({ kind: 'percent', value: 10, categories: [phones.id] });
    const byProduct = await createCoupon({ kind: 'percent', value: 50, products: [cable.id] });
    const byDepartment = await createCoupon({ kind: 'fixed', value: 30, departments: [phones.departmentId] });
    const lines: [ProductFixture, number][] = [
      [phone, 1],
      [cable, 2],
    ];
    expect((await quote(await shopperWith(lines), byCategory.code)).json()).toMatchObject({ discount: 100 });
    expect((await quote(await shopperWith(lines), byProduct.code)).json()).toMatchObject({ discount: 100 });
    expect((await quote(await shopperWith(lines), byDepartment.code)).json()).toMatchObject({ discount: 30 });
    const cableOnly = await shopperWith([[cable, 1]]);
    expect(refusal(await place(cableOnly, byCategory.code))).toEqual({
      status: 400,
      message: 'This coupon does not apply to the products in your cart',
    });
  });

  it('refuses an unknown, paused, early, expired or too-small order’s code with a 400 in the shopper’s language', async () => {
    const product = await createProduct(t.app.db, { price: 100 });
    const now = t.clock.now().getTime();
    const paused = await createCoupon();
    await t.app.db.update(coupons).set({ paused: true }).where(eq(coupons.id, paused._id));
    const early = await createCoupon({ startsAt: new Date(now + 2 * DAY).toISOString() });
    const expired = await createCoupon({
      startsAt: new Date(now - 3 * DAY).toISOString(),
      endsAt: new Date(now - DAY).toISOString(),
    });
    const minimum = await createCoupon({ minOrder: 250 });
    const cases: [string, RegExp, RegExp][] = [
      ['NOSUCHCODE', /^“NOSUCHCODE” is not a valid coupon code$/, /^«NOSUCHCODE» ليس كود كوبون صالحًا$/],
      [paused.code, /^This coupon cannot be used at the moment$/, /^لا يمكن استخدام هذا الكوبون حاليًا$/],
      [early.code, /^This coupon can be used from \w+ \d+, 20\d\d$/, /^يمكن استخدام هذا الكوبون بدءًا من /],
      [expired.code, /^This coupon expired on \w+ \d+, 20\d\d$/, /^انتهت صلاحية هذا الكوبون في /],
      [minimum.code, /^This coupon needs an order of at least EGP\s?250$/, /^يتطلب هذا الكوبون طلبًا بقيمة \u200f?250/],
    ];
    const shopper = await shopperWith([[product, 1]]);
    for (const [code, english, arabic] of cases) {
      const en = await place(shopper, code);
      expect(en.statusCode, code).toBe(400);
      expect(refusal(en).message, code).toMatch(english);
      expect(refusal(await place(shopper, code, 'cash', 'ar')).message, code).toMatch(arabic);
      expect(refusal(await quote(shopper, code)).message, code).toMatch(english);
    }
    // Nothing was placed, and the cart is still there.
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    expect(await stockOf(t.app.db, product)).toBe(10);
    // The early coupon works once its day has come.
    t.clock.advance(3 * DAY);
    try {
      expect((await placed(shopper, early.code)).discount).toBe(10);
    } finally {
      t.clock.advance(-3 * DAY);
    }
  });

  it('an empty code is no coupon', async () => {
    const product = await createProduct(t.app.db, { price: 100 });
    const order = await placed(await shopperWith([[product, 1]]), '   ');
    expect(order).toMatchObject({ discount: 0, couponCode: null, bill: 130 });
  });

  it('stops at its total uses and at each shopper’s limit', async () => {
    const product = await createProduct(t.app.db, { price: 100, stock: 100 });
    const twice = await createCoupon({ maxUses: 2 });
    await placed(await shopperWith([[product, 1]]), twice.code);
    await placed(await shopperWith([[product, 1]]), twice.code);
    const third = await shopperWith([[product, 1]]);
    expect(refusal(await place(third, twice.code))).toEqual({ status: 400, message: 'This coupon has been used up' });
    expect(refusal(await quote(third, twice.code))).toEqual({ status: 400, message: 'This coupon has been used up' });

    const oncePerShopper = await createCoupon({ perUserLimit: 1 });
    const shopper = await shopperWith([[product, 1]]);
    await placed(shopper, oncePerShopper.code);
    await t.app.db.insert(cartItems).values({ userId: shopper.id, productId: product.id, quantity: 1 });
    expect(refusal(await place(shopper, oncePerShopper.code))).toEqual({
      status: 400,
      message: 'You have already used this coupon as many times as it allows',
    });
  });

  it('gives a cancelled order’s use back; an unpaid card order replaced by a new one does not hold it', async () => {
    const product = await createProduct(t.app.db, { price: 100, stock: 100 });
    const single = await createCoupon({ maxUses: 1, perUserLimit: 1 });
    const shopper = await shopperWith([[product, 1]]);
    const card = await placed(shopper, single.code, 'visa');
    expect(await usesOf(single._id)).toBe(1);
    // The shopper goes back and places again (cash this time): the card order is replaced, its use returned and taken again.
    expect((await quote(shopper, single.code)).statusCode).toBe(200);
    const cash = await placed(shopper, single.code);
    expect(cash.discount).toBe(10);
    expect((await t.app.db.select().from(orders).where(eq(orders.id, card._id)))[0]?.status).toBe('cancelled');
    expect(await usesOf(single._id)).toBe(1);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/${cash._id}/cancel`,
      headers: shopper.headers,
      payload: { reason: 'Changed my mind' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await usesOf(single._id)).toBe(0);
    expect(await t.app.db.select().from(couponUses).where(eq(couponUses.couponId, single._id))).toEqual([]);
    // Someone else may have it now.
    expect((await placed(await shopperWith([[product, 1]]), single.code)).discount).toBe(10);
  });
});

describe('racing for a coupon’s last use', () => {
  it('50 shoppers checking out with the last 3 uses at once: exactly 3 orders get the discount, the rest a 400', async () => {
    const product = await createProduct(t.app.db, { price: 100, stock: 1000 });
    const coupon = await createCoupon({ kind: 'fixed', value: 25, maxUses: 3 });
    const shoppers = await quickShoppers(t.app, 50);
    await t.app.db
      .insert(cartItems)
      .values(shoppers.map((s) => ({ userId: s.id, productId: product.id, quantity: 1 })));
    const results = await Promise.all(shoppers.map((s) => place(s, coupon.code)));
    const statuses = results.map((r) => r.statusCode);
    // 503 is "busy, try again" on an overloaded machine: it places nothing.
    expect(statuses.filter((s) => ![201, 400, 503].includes(s))).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const lost of results.filter((r) => r.statusCode === 400))
      expect(render(refusal(lost).message, 'en')).toBe('This coupon has been used up');
    const held = await t.app.db.select().from(couponUses).where(eq(couponUses.couponId, coupon._id));
    expect(held).toHaveLength(3);
    expect(await usesOf(coupon._id)).toBe(3);
    const discounted = await t.app.db.select().from(orders).where(eq(orders.couponCode, coupon.code));
    expect(discounted.map((o) => o.discount)).toEqual([2500, 2500, 2500]);
    expect(await stockOf(t.app.db, product)).toBe(1000 - 3);
  }, 60_000);
});

describe('a coupon aimed at something deleted', () => {
  const adminCoupons = async () =>
    (await t.app.inject({ url: '/api/admin/coupons', headers: admin.headers })).json<Coupon[]>();
  const remove = (url: string) => t.app.inject({ method: 'DELETE', url, headers: admin.headers });

  it('loses that target with the delete; one left aiming at nothing is paused, not opened to the whole shop', async () => {
    const [gone, kept] = [await createProduct(t.app.db), await createProduct(t.app.db)];
    const both = await createCoupon({ products: [gone.id, kept.id] });
    const only = await createCoupon({ products: [gone.id] });
    const res = await remove(`/api/product/${gone.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const after = await adminCoupons();
    expect(after.find((c) => c.code === both.code)).toMatchObject({ products: [kept.id], paused: false });
    expect(after.find((c) => c.code === only.code)).toMatchObject({ products: [], paused: true });
    expect((await lastAudit(t.app))?.data).toMatchObject({ coupons: expect.arrayContaining([both.code, only.code]) });
    // The paused coupon discounts nothing, not every line of the order.
    const shopper = await shopperWith([[kept, 1]]);
    expect((await quote(shopper, only.code)).statusCode).toBe(400);
  });

  it('aimed at a deleted category: the same', async () => {
    const category = await createCategory(t.app.db);
    const coupon = await createCoupon({ categories: [category.id] });
    expect((await remove(`/api/category/${category.id}`)).statusCode).toBe(200);
    expect((await adminCoupons()).find((c) => c.code === coupon.code)).toMatchObject({ categories: [], paused: true });
  });
});
