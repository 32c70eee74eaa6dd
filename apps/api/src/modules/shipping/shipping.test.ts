import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_SHIPPING_RATES, EGYPT_GOVERNORATES, type ShippingRates } from '@shop/contracts';
import { cartItems, shippingRates } from '../../db/schema.js';
import { loadShippingRates } from './rates.js';
import {
  createAdmin,
  createTestApp,
  lastAudit,
  placeOrderOf,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../test/harness.js';
import { ADDRESS, createProduct } from '../../../test/fixtures.js';

let t: TestContext;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const read = () => t.app.inject({ method: 'GET', url: '/api/shipping/rates' });
const save = (body: unknown, account: Account | null = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/shipping/rates', headers: account?.headers ?? {}, payload: body as object });
const quote = (account: Account, state: string, paymentMethod: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/shipping/quote',
    headers: account.headers,
    query: { state, paymentMethod },
  });

/** Every governorate at 21 EGP and no per-kg fee but Aswan's, with the given order-wide rules. */
const ratesWith = (rules: Partial<ShippingRates>, aswan = { base: 60, perKg: 7.5 }): ShippingRates => ({
  ...DEFAULT_SHIPPING_RATES,
  ...rules,
  rates: DEFAULT_SHIPPING_RATES.rates.map((rate) => (rate.governorate === 'Aswan' ? { ...rate, ...aswan } : rate)),
});

async function fillCart(shopper: Account, lines: [{ id: string }, number][]) {
  await t.app.db.delete(cartItems).where(eq(cartItems.userId, shopper.id));
  await t.app.db
    .insert(cartItems)
    .values(lines.map(([product, quantity]) => ({ userId: shopper.id, productId: product.id, quantity })));
}

// The first test runs on the untouched database: nothing saved yet.
describe('the shipping rates', () => {
  it('are the old fixed fees until an admin saves some: 21 EGP everywhere, 9 EGP cash fee, card free', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_SHIPPING_RATES);
    expect(res.json().rates).toHaveLength(27);
  });

  it('are saved by an admin, answered back and read by anyone, in the governorates’ order', async () => {
    const wanted = ratesWith({ codFee: 12.5, cardShipsFree: false, freeOver: 1500 });
    // Sent in reverse: the order of the body does not matter.
    const res = await save({ ...wanted, rates: [...wanted.rates].reverse() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(wanted);
    const again = await read();
    expect(again.json()).toEqual(wanted);
    expect(again.json().rates.map((r: { governorate: string }) => r.governorate)).toEqual([...EGYPT_GOVERNORATES]);
    // Saving again replaces every value, the threshold included.
    const cleared = ratesWith({ freeOver: null }, { base: 45, perKg: 0 });
    expect((await save(cleared)).json()).toEqual(cleared);
    expect((await read()).json()).toEqual(cleared);
  });

  it('records who changed them, from what to what, in the admin audit log', async () => {
    const before = (await read()).json();
    const after = ratesWith({ codFee: 10 });
    expect((await save(after)).statusCode).toBe(200);
    expect(await lastAudit(t.app)).toMatchObject({
      type: 'admin',
      action: 'shipping_rates_update',
      userId: admin.id,
      userEmail: admin.email,
      message: `${admin.email} updated the shipping rates`,
      data: { before, after },
    });
  });

  it('cost the default rate in a governorate that has no row of its own', async () => {
    await save(ratesWith({ codFee: 11 }, { base: 70, perKg: 5 }));
    await t.app.db.delete(shippingRates).where(eq(shippingRates.governorate, 'Aswan'));
    const rates = await loadShippingRates(t.app.db);
    expect(rates.rates.find((r) => r.governorate === 'Aswan')).toEqual({
      governorate: 'Aswan',
      base: 21,
      perKg: 0,
      minDays: 4,
      maxDays: 7,
    });
    expect(rates.codFee).toBe(11);
  });

  it('refuses a table missing a governorate, or a negative or fractional-piastre fee, and keeps the old one', async () => {
    const current = (await read()).json();
    const withoutCairo = {
      ...current,
      rates: current.rates.filter((r: { governorate: string }) => r.governorate !== 'Cairo'),
    };
    const twiceGiza = {
      ...current,
      rates: [...current.rates, { governorate: 'Giza', base: 1, perKg: 0, minDays: 1, maxDays: 2 }],
    };
    const unknown = {
      ...current,
      rates: [...withoutCairo.rates, { governorate: 'Atlantis', base: 1, perKg: 0, minDays: 1, maxDays: 2 }],
    };
    const negativeBase = {
      ...current,
      rates: current.rates.map((r: { governorate: string }) => (r.governorate === 'Luxor' ? { ...r, base: -1 } : r)),
    };
    const cases: [string, unknown, string][] = [
      ['missing governorate', withoutCairo, 'rates'],
      ['a governorate twice', twiceGiza, 'rates'],
      ['unknown governorate', unknown, 'rates.26.governorate'],
      ['negative base', negativeBase, `rates.${EGYPT_GOVERNORATES.indexOf('Luxor')}.base`],
      ['negative COD fee', { ...current, codFee: -5 }, 'codFee'],
      ['thousandths of a pound', { ...current, freeOver: 100.001 }, 'freeOver'],
      ['no card rule', { ...current, cardShipsFree: undefined }, 'cardShipsFree'],
    ];
    for (const [name, body, field] of cases) {
      const res = await save(body);
      expect(res.statusCode, name).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), name).toContain(field);
    }
    expect((await read()).json()).toEqual(current);
  });

  it('are changed by admins only: visitors 401, shoppers 403', async () => {
    const current = (await read()).json();
    const shopper = await registerShopper(t.app);
    const cheaper = ratesWith({ codFee: 0 }, { base: 1, perKg: 0 });
    expect((await save(cheaper, null)).statusCode).toBe(401);
    expect((await save(cheaper, shopper)).statusCode).toBe(403);
    expect((await read()).json()).toEqual(current);
  });
});

describe('a quote for the shopper’s cart', () => {
  it('charges the governorate’s base plus its per-kg fee for each started kilogram beyond the first', async () => {
    await save(ratesWith({ codFee: 12.5, cardShipsFree: false, freeOver: null }));
    const shopper = await registerShopper(t.app);
    const dumbbell = await createProduct(t.app.db, { price: 150, weight: 2.4 });
    await fillCart(shopper, [[dumbbell, 2]]);
    // 4.8 kg: 3.8 kg beyond the first, 4 started kilograms at 7.50 on Aswan's 60.
    const cash = await quote(shopper, 'Aswan', 'cash');
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json()).toEqual({
      shipping: 60 + 4 * 7.5,
      codFee: 12.5,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
    expect((await quote(shopper, 'Aswan', 'visa')).json()).toEqual({
      shipping: 90,
      codFee: 0,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
    // Cairo keeps the flat 21 whatever the weight.
    expect((await quote(shopper, 'Cairo', 'cash')).json()).toEqual({
      shipping: 21,
      codFee: 12.5,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
    // A state outside Egypt's governorates pays the dearest rate, not the cheapest.
    expect((await quote(shopper, 'Ontario', 'visa')).json()).toEqual({
      shipping: 90,
      codFee: 0,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
  });

  it('ships free once the items reach the threshold, still charging the cash fee', async () => {
    const shopper = await registerShopper(t.app);
    const kettle = await createProduct(t.app.db, { price: 150, weight: 1.5 });
    await fillCart(shopper, [[kettle, 2]]);
    await save(ratesWith({ codFee: 9, cardShipsFree: false, freeOver: 300 }));
    expect((await quote(shopper, 'Aswan', 'cash')).json()).toEqual({
      shipping: 0,
      codFee: 9,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
    await save(ratesWith({ codFee: 9, cardShipsFree: false, freeOver: 300.01 }));
    // 3 kg: two kilograms beyond the first.
    expect((await quote(shopper, 'Aswan', 'cash')).json()).toEqual({
      shipping: 60 + 2 * 7.5,
      codFee: 9,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
  });

  it('ships card orders free only while the admin says so', async () => {
    const shopper = await registerShopper(t.app);
    const lamp = await createProduct(t.app.db, { price: 80, weight: 0.5 });
    await fillCart(shopper, [[lamp, 1]]);
    await save(ratesWith({ cardShipsFree: true }));
    expect((await quote(shopper, 'Aswan', 'visa')).json()).toEqual({
      shipping: 0,
      codFee: 0,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
    expect((await quote(shopper, 'Aswan', 'cash')).json()).toEqual({
      shipping: 60,
      codFee: 9,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
    await save(ratesWith({ cardShipsFree: false }));
    expect((await quote(shopper, 'Aswan', 'visa')).json()).toEqual({
      shipping: 60,
      codFee: 0,
      discount: 0,
      coupon: null,
      buyerIdRequired: false,
    });
  });

  it('is what the order placed from the same cart is billed', async () => {
    await save(ratesWith({ codFee: 12.5, cardShipsFree: false, freeOver: null }));
    const shopper = await registerShopper(t.app);
    const dumbbell = await createProduct(t.app.db, { price: 150, weight: 2.4 });
    await fillCart(shopper, [[dumbbell, 2]]);
    const quoted = (await quote(shopper, 'Aswan', 'cash')).json();
    const order = await placeOrderOf(t.app, shopper, [[dumbbell, 2]], { ...ADDRESS, state: 'Aswan' }, 'cash');
    expect({
      shipping: order.shipping,
      codFee: order.codFee,
      discount: order.discount,
      coupon: null,
      buyerIdRequired: false,
    }).toEqual(quoted);
    expect(order.bill).toBe(300 + 90 + 12.5);
  });

  it('is the shopper’s own: visitors 401, admins 403, and a bad query 400', async () => {
    const shopper = await registerShopper(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/shipping/quote?state=Cairo&paymentMethod=cash' })).statusCode,
    ).toBe(401);
    expect((await quote(admin, 'Cairo', 'cash')).statusCode).toBe(403);
    expect((await quote(shopper, '', 'cash')).statusCode).toBe(400);
    expect((await quote(shopper, 'Cairo', 'cheque')).statusCode).toBe(400);
  });
});

describe('the delivery days the product page promises', () => {
  const days = () => t.app.inject({ method: 'GET', url: '/api/shipping/delivery-days' });
  const daysTo = async (governorate: string) =>
    (await days()).json().days.find((entry: { governorate: string }) => entry.governorate === governorate);

  it('are per governorate, for anyone, without the prices', async () => {
    const res = await days();
    expect(res.statusCode).toBe(200);
    expect(res.json().days).toHaveLength(27);
    expect(Object.keys(res.json().days[0]).sort()).toEqual(['governorate', 'maxDays', 'minDays']);
  });

  it('are saved with the rates and read at once, although the answer is cached', async () => {
    const base = (await read()).json() as ShippingRates;
    await days();
    expect((await days()).headers['x-cache']).toBe('hit');
    const wanted = {
      ...base,
      rates: base.rates.map((rate) => (rate.governorate === 'Giza' ? { ...rate, minDays: 2, maxDays: 4 } : rate)),
    };
    expect((await save(wanted)).statusCode).toBe(200);
    expect(await daysTo('Giza')).toEqual({ governorate: 'Giza', minDays: 2, maxDays: 4 });
    expect((await read()).json().rates.find((r: { governorate: string }) => r.governorate === 'Giza')).toMatchObject({
      minDays: 2,
      maxDays: 4,
    });
  });

  it('say whether a parcel opens before it is accepted, as last saved, and the rate table keeps it', async () => {
    const base = (await read()).json() as ShippingRates;
    expect((await days()).json().openBeforeAccepting).toBe(false);
    await days();
    expect((await days()).headers['x-cache']).toBe('hit');
    expect((await save({ ...base, openBeforeAccepting: true })).statusCode).toBe(200);
    expect((await days()).json().openBeforeAccepting).toBe(true);
    expect((await read()).json()).toMatchObject({ openBeforeAccepting: true });
    const { openBeforeAccepting, ...unsaid } = base;
    expect((await save(unsaid)).statusCode).toBe(400);
    expect((await save({ ...base, openBeforeAccepting })).statusCode).toBe(200);
    expect((await days()).json().openBeforeAccepting).toBe(false);
  });

  it('refuse fewer days than the most, or past 60, naming the rate', async () => {
    const base = (await read()).json() as ShippingRates;
    const withGiza = (minDays: number, maxDays: number) => ({
      ...base,
      rates: base.rates.map((rate) => (rate.governorate === 'Giza' ? { ...rate, minDays, maxDays } : rate)),
    });
    const giza = base.rates.findIndex((rate) => rate.governorate === 'Giza');
    const backwards = await save(withGiza(5, 3));
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().errors)).toContain(`rates.${giza}.maxDays`);
    expect((await save(withGiza(1, 61))).statusCode).toBe(400);
    expect((await save(withGiza(1.5, 3))).statusCode).toBe(400);
    expect(await daysTo('Giza')).toEqual({ governorate: 'Giza', minDays: 2, maxDays: 4 });
  });

  it("keep a governorate's default days for a rate saved before days were asked", async () => {
    // As a shop upgraded with rates of its own has them: no days in the row.
    await t.app.db
      .update(shippingRates)
      .set({ minDays: null, maxDays: null })
      .where(eq(shippingRates.governorate, 'Aswan'));
    expect(await daysTo('Aswan')).toEqual({ governorate: 'Aswan', minDays: 4, maxDays: 7 });
    expect(await daysTo('Cairo')).toMatchObject({ minDays: 1, maxDays: 2 });
  });
});
