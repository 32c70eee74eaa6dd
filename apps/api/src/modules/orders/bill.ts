import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { say, shippingFees, type PaymentMethod, type ShippingRates, type StaffOrderItem } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, products, productVariants } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { findCoupon, shopperUses } from '../coupons/queries.js';
import { couponEffect, type CouponEffect } from '../coupons/rules.js';
import { loadShippingRates } from '../shipping/rates.js';
import { freeUnits } from './claimed.js';

/**
 * A cart line's price and pictures: its variant's when it has one (a variant without pictures shows the product's).
 * take_ordered_stock (db/sql/stock.sql) checks an order line against the same rule.
 */
export const linePrice = sql<number>`coalesce(${productVariants.price}, ${products.price})`;
export const lineImages = sql<
  string[]
>`case when cardinality(${productVariants.imagePaths}) > 0 then ${productVariants.imagePaths} else ${products.imagePaths} end`;
/** A line's units on the shelf: its variant's when it has one. */
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
      quantity: freeUnits,
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
    // What an order being paid for holds is not ordered again (claimed.ts).
    .where(and(eq(cartItems.userId, sql.placeholder('userId')), gt(freeUnits, 0)))
    .orderBy(asc(cartItems.productId), asc(cartItems.variantId))
    .prepare('order_cart');
export const readCart = (db: DbOrTx, userId: string) => cartOf(db).execute({ userId });
export type CartLine = Awaited<ReturnType<typeof readCart>>[number];

/**
 * The lines a staff member chose for an order (products and variants by id, with quantities) as the cart's lines
 * read them, in the same order; a product that does not exist, a variant not of its product, or a product with
 * options named without its variant is a 400 naming the line.
 */
export async function readItems(db: DbOrTx, items: readonly StaffOrderItem[]): Promise<CartLine[]> {
  const variantIds = items.flatMap((item) => (item.variant_id ? [item.variant_id] : []));
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      nameAr: products.nameAr,
      price: linePrice,
      imagePaths: lineImages,
      variantId: productVariants.id,
      productOptions: products.options,
      variantSku: productVariants.sku,
      variantOptions: productVariants.options,
      cod: products.cod,
      weight: products.weight,
      categoryId: products.categoryId,
      departmentId: products.departmentId,
    })
    .from(products)
    .leftJoin(productVariants, and(eq(productVariants.productId, products.id), inArray(productVariants.id, variantIds)))
    .where(
      inArray(
        products.id,
        items.map((item) => item.product_id),
      ),
    )
    .orderBy(asc(products.id), asc(productVariants.id));
  items.forEach((item, i) => {
    const refuse = (field: string, message: Parameters<typeof badRequest>[0]) =>
      badRequest(message, { [`items.${i}.${field}`]: message });
    const product = rows.find((row) => row.productId === item.product_id);
    if (!product) throw refuse('product_id', say.notFound.Product);
    if (!item.variant_id && product.productOptions.length) throw refuse('variant_id', say.api.variantRequired);
    if (!rows.some((row) => row.productId === item.product_id && row.variantId === (item.variant_id ?? null)))
      throw refuse('variant_id', say.api.variantUnknown);
  });
  const quantities = new Map(items.map((item) => [`${item.product_id}/${item.variant_id ?? ''}`, item.quantity]));
  // In product and variant id order, as the cart is read: the order the commit locks them in.
  return rows.flatMap((row) => {
    const quantity = quantities.get(`${row.productId}/${row.variantId ?? ''}`);
    return quantity ? [{ ...row, quantity }] : [];
  });
}

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
  /** Each line's part of the discount, in the order of the request's lines (coupons/rules.ts). */
  lineDiscounts: number[];
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
    lineDiscounts: effect?.lineDiscounts ?? lines.map(() => 0),
    weight,
    coupon: effect,
  };
}
