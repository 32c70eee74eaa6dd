import { describe, expect, it } from 'vitest';
import { orderTotals, orderTotalsOf, productsWithoutCod, type CheckoutFees } from './orderTotals';

const lines = [
  { price: 42.75, quantity: 2 },
  { price: 0.1, quantity: 3 },
];

/** The server's quotes at the default prices: cash pays 21 + 9, card nothing. */
const cash: CheckoutFees = {
  chosen: { shipping: 21, codFee: 9, discount: 0, coupon: null, buyerIdRequired: false },
  cash: { shipping: 21, codFee: 9, discount: 0, coupon: null, buyerIdRequired: false },
};
const card: CheckoutFees = {
  chosen: { shipping: 0, codFee: 0, discount: 0, coupon: null, buyerIdRequired: false },
  cash: { shipping: 21, codFee: 9, discount: 0, coupon: null, buyerIdRequired: false },
};

describe('order summary fees', () => {
  it('adds the quoted shipping and cash-on-delivery fee for cash', () => {
    expect(orderTotals(lines, cash)).toEqual({
      itemCount: 5,
      itemsTotal: 85.8,
      discount: null,
      shipping: { amount: 21, charged: true },
      codFee: { amount: 9, charged: true },
      total: 115.8,
    });
  });

  it("charges only the items when card ships free, showing cash's fees as not charged", () => {
    const totals = orderTotals(lines, card);
    expect(totals.total).toBe(85.8);
    expect(totals.shipping).toEqual({ amount: 21, charged: false });
    expect(totals.codFee).toEqual({ amount: 9, charged: false });
  });

  it('charges a card order its quoted shipping when card does not ship free', () => {
    const totals = orderTotals(lines, {
      chosen: { shipping: 67.5, codFee: 0, discount: 0, coupon: null, buyerIdRequired: false },
      cash: { shipping: 67.5, codFee: 12, discount: 0, coupon: null, buyerIdRequired: false },
    });
    expect(totals.shipping).toEqual({ amount: 67.5, charged: true });
    expect(totals.codFee).toEqual({ amount: 12, charged: false });
    expect(totals.total).toBe(153.3);
  });

  it('shows free shipping over the threshold as nothing to pay on either method', () => {
    const free = { shipping: 0, codFee: 9, discount: 0, coupon: null, buyerIdRequired: false };
    expect(orderTotals(lines, { chosen: free, cash: free })).toMatchObject({
      shipping: { amount: 0, charged: false },
      codFee: { amount: 9, charged: true },
      total: 94.8,
    });
  });

  it('leaves the fees and the total open until they are quoted', () => {
    expect(orderTotals(lines, undefined)).toEqual({
      itemCount: 5,
      itemsTotal: 85.8,
      discount: null,
      shipping: null,
      codFee: null,
      total: null,
    });
  });

  it('sums in piastres, with no floating-point crumbs', () => {
    expect(
      orderTotals(
        [
          { price: 0.1, quantity: 1 },
          { price: 0.2, quantity: 1 },
        ],
        card,
      ).total,
    ).toBe(0.3);
    expect(orderTotals([], cash)).toMatchObject({ itemCount: 0, itemsTotal: 0, total: 30 });
  });

  it("summarises a placed order from the server's bill", () => {
    const order = {
      products: [
        {
          product_id: 'p1',
          productBrief: { product_id: 'p1', name: 'Tea', nameAr: null, price: 55, image_path: [] },
          quantity: 2,
        },
        {
          product_id: null,
          productBrief: { product_id: null, name: 'Gone', nameAr: null, price: 10, image_path: [] },
          quantity: 1,
        },
      ],
      itemsTotal: 120,
      discount: 0,
      couponCode: null,
      shipping: 0,
      codFee: 0,
      bill: 120,
    };
    expect(orderTotalsOf(order)).toEqual({
      itemCount: 3,
      itemsTotal: 120,
      discount: null,
      shipping: { amount: 0, charged: false },
      codFee: { amount: 0, charged: false },
      total: 120,
    });
    expect(orderTotalsOf({ ...order, shipping: 21, codFee: 9, bill: 150 })).toMatchObject({
      shipping: { amount: 21, charged: true },
      codFee: { amount: 9, charged: true },
      total: 150,
    });
  });
});

describe('cash on delivery rule', () => {
  it('names every product that cannot be paid on delivery', () => {
    expect(
      productsWithoutCod([
        { name: 'TV', cod: false },
        { name: 'Tea', cod: true },
        { name: 'Laptop', cod: false },
      ]).map((p) => p.name),
    ).toEqual(['TV', 'Laptop']);
    expect(productsWithoutCod([{ name: 'Tea', cod: true }])).toEqual([]);
  });
});

describe('a coupon', () => {
  it('takes the coupon’s discount off the items, on the review and on the placed order', () => {
    const withCoupon = { shipping: 21, codFee: 9, discount: 8.55, coupon: 'SAVE10', buyerIdRequired: false };
    expect(orderTotals(lines, { chosen: withCoupon, cash: withCoupon }, 'SAVE10')).toMatchObject({
      itemsTotal: 85.8,
      discount: { code: 'SAVE10', amount: 8.55 },
      total: 107.25,
    });
    expect(
      orderTotalsOf({
        products: [],
        itemsTotal: 85.8,
        discount: 8.55,
        couponCode: 'SAVE10',
        shipping: 21,
        codFee: 9,
        bill: 107.25,
      }),
    ).toMatchObject({ discount: { code: 'SAVE10', amount: 8.55 }, total: 107.25 });
  });
});
