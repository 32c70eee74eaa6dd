import { describe, expect, it } from 'vitest';
import { COD_FEE_EGP, SHIPPING_FEE_EGP } from '@shop/contracts';
import { orderTotals, orderTotalsOf, productsWithoutCod } from './orderTotals';

const lines = [
  { price: 42.75, quantity: 2 },
  { price: 0.1, quantity: 3 },
];

describe('order summary fees', () => {
  it('adds 21 EGP shipping and handling and the 9 EGP cash-on-delivery fee for cash', () => {
    expect(orderTotals(lines, 'cash')).toEqual({
      itemCount: 5,
      itemsTotal: 85.8,
      shipping: { amount: SHIPPING_FEE_EGP, charged: true },
      codFee: { amount: COD_FEE_EGP, charged: true },
      total: 115.8,
    });
  });

  it('charges only the items for visa, the fee lines shown but not charged', () => {
    const totals = orderTotals(lines, 'visa');
    expect(totals.total).toBe(85.8);
    expect(totals.shipping).toEqual({ amount: 21, charged: false });
    expect(totals.codFee).toEqual({ amount: 9, charged: false });
  });

  it('sums in piastres, with no floating-point crumbs', () => {
    expect(
      orderTotals(
        [
          { price: 0.1, quantity: 1 },
          { price: 0.2, quantity: 1 },
        ],
        'visa',
      ).total,
    ).toBe(0.3);
    expect(orderTotals([], 'cash')).toMatchObject({ itemCount: 0, itemsTotal: 0, total: 30 });
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
      shipping: 0,
      codFee: 0,
      bill: 120,
    };
    expect(orderTotalsOf(order)).toEqual({
      itemCount: 3,
      itemsTotal: 120,
      shipping: { amount: 21, charged: false },
      codFee: { amount: 9, charged: false },
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
