import { linesPiastres, toEgp, toPiastres, type Order, type ShippingQuote } from '@shop/contracts';

export interface PricedLine {
  price: number;
  quantity: number;
}

export interface FeeLine {
  /** What the fee costs when it applies, shown on both methods. */
  amount: number;
  /** False when the order does not pay it (card payment, free shipping): the line is shown shaded and not added. */
  charged: boolean;
}

export interface OrderTotals {
  itemCount: number;
  itemsTotal: number;
  /** What the coupon takes off the items; null without one. */
  discount: { code: string; amount: number } | null;
  /** Null until the server has quoted the fees. */
  shipping: FeeLine | null;
  codFee: FeeLine | null;
  total: number | null;
}

/** The fees of the chosen method, and those of cash: a card order's shaded lines show what paying by card saves. */
export interface CheckoutFees {
  chosen: ShippingQuote;
  cash: ShippingQuote;
}

/** A fee the chosen method pays, or else what cash would have paid, shaded. */
const feeLine = (charged: number, cash: number): FeeLine =>
  charged > 0 ? { amount: charged, charged: true } : { amount: cash, charged: false };

/**
 * The order summary for a cart with the fees the server quoted for its address and payment method;
 * without them yet, the items alone. Sums run in piastres, so the total matches the server's bill to
 * the piastre, unless the cart or the prices change before the order is placed.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  fees: CheckoutFees | undefined,
  coupon?: string,
): OrderTotals {
  const itemCount = lines.reduce((count, line) => count + line.quantity, 0);
  const items = linesPiastres(lines);
  if (!fees) return { itemCount, itemsTotal: toEgp(items), discount: null, shipping: null, codFee: null, total: null };
  const { chosen, cash } = fees;
  return {
    itemCount,
    itemsTotal: toEgp(items),
    discount: coupon && chosen.discount > 0 ? { code: coupon, amount: chosen.discount } : null,
    shipping: feeLine(chosen.shipping, cash.shipping),
    codFee: feeLine(chosen.codFee, cash.codFee),
    total: toEgp(items - toPiastres(chosen.discount) + toPiastres(chosen.shipping) + toPiastres(chosen.codFee)),
  };
}

/**
 * The summary of a placed order: the server's bill, not a recomputation, is what the card is charged.
 * A fee the order does not pay shows as free: what cash would have cost its address is not known here.
 */
export function orderTotalsOf(
  order: Pick<Order, 'products' | 'itemsTotal' | 'discount' | 'couponCode' | 'shipping' | 'codFee' | 'bill'>,
): OrderTotals {
  return {
    itemCount: order.products.reduce((count, line) => count + line.quantity, 0),
    itemsTotal: order.itemsTotal,
    discount: order.couponCode && order.discount > 0 ? { code: order.couponCode, amount: order.discount } : null,
    shipping: { amount: order.shipping, charged: order.shipping > 0 },
    codFee: { amount: order.codFee, charged: order.codFee > 0 },
    total: order.bill,
  };
}

/** The products of the cart that rule out cash on delivery (one is enough). */
export function productsWithoutCod<T extends { cod: boolean }>(products: readonly T[]): T[] {
  return products.filter((product) => !product.cod);
}
