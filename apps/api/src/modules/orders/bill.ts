import { asc, eq, sql } from 'drizzle-orm';
import { shippingFees, type PaymentMethod, type ShippingRates } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, products, productVariants } from '../../db/schema.js';
import { findCoupon, shopperUses } from '../coupons/queries.js';
import { couponEffect, type CouponEffect } from '../coupons/rules.js';
import { loadShippingRates } from '../shipping/rates.js';

/**
 * A cart line's price and pictures: its variant's when it has one (a variant without pictures shows the product's).
 * take_ordered_stock (db/sql/stock.sql) checks an order line against the same rule.
 */
export const linePrice = sql<number>`coalesce(${productVariants.price}, ${products.price})`;
export const lineImages = sql<
  string[]
>`case when cardinality(${productVariants.imagePaths}) > 0 then ${productVariants.imagePaths} else ${products.imagePaths} end`;
/** A cart line's units on the shelf: its variant's when it has one. */
export const lineStock = sql<number>`coalesce(${productVariants.stock}, ${products.stock})`;
/** What variants/label.ts reads of a cart line joined to its product and variant, to name the variant. */
export const lineVariantColumns = {
  variantId: cartItems.variantId,
  productOptions: products.options,
  variantSku: productVariants.sku,
  variantOptions: productVariants.options,
};

/**
 * The shopper's cart with what an order needs of each product, in product and then variant id order (the order
 * stock is locked in).
 */
const cartOf = (db: DbOrTx) =>
  db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      nameAr: products.nameAr,
      price: linePrice,
      imagePaths: lineImages,
      ...lineVariantColumns,
      cod: products.cod,
      weight: products.weight,
      categoryId: products.categoryId,
      departmentId: products.departmentId,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.productId), asc(cartItems.variantId))
    .prepare('order_cart');
export const readCart = (db: DbOrTx, userId: string) => cartOf(db).execute({ userId });
export type CartLine = Awaited<ReturnType<typeof readCart>>[number];

export interface BillRequest {
  userId: string;
  lines: readonly CartLine[];
  /** The delivery address's governorate. */
  state: string;
  method: PaymentMethod;
  /** The coupon code the shopper entered, if any. */
  coupon?: string | undefined;
  now: Date;
  /** The delivery prices, when the caller has read them already (with other statements, in one round trip). */
  rates?: ShippingRates;
}

/** An order's money, in piastres: bill = itemsTotal − discount + shipping + codFee. */
export interface Bill {
  itemsTotal: number;
  discount: number;
  shipping: number;
  codFee: number;
  bill: number;
  /** kg, for the courier. */
  weight: number;
  coupon: CouponEffect | null;
}

/**
 * What the cart costs as an order: the one computation of a bill, for the checkout's quote and for
 * placing the order (inside its transaction, so with the coupon's uses as they stand there). Delivery is
 * free over the shop's threshold counted after the discount, or with a free-shipping coupon; a coupon the
 * order cannot use is a 400 saying why.
 */
export async function billCart(db: DbOrTx, request: BillRequest): Promise<Bill> {
  const { lines, coupon: code } = request;
  const [rates, coupon] = await Promise.all([
    request.rates ?? loadShippingRates(db),
    code ? findCoupon(db, code) : null,
  ]);
  const itemsTotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const weight = lines.reduce((sum, l) => sum + l.weight * l.quantity, 0);
  const effect = code
    ? couponEffect(code, coupon, {
        lines,
        itemsTotal,
        now: request.now,
        uses: coupon ? await shopperUses(db, coupon.id, request.userId) : { kept: 0, replaceable: 0 },
      })
    : null;
  const discount = effect?.discount ?? 0;
  const fees = shippingFees(rates, {
    governorate: request.state,
    weightKg: weight,
    itemsPiastres: itemsTotal - discount,
    method: request.method,
  });
  const shipping = effect?.freeShipping ? 0 : fees.shipping;
  return {
    itemsTotal,
    discount,
    shipping,
    codFee: fees.codFee,
    bill: itemsTotal - discount + shipping + fees.codFee,
    weight,
    coupon: effect,
  };
}
