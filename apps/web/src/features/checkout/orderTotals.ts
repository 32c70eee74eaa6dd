import {
  COD_FEE_EGP,
  linesPiastres,
  orderFees,
  SHIPPING_FEE_EGP,
  toEgp,
  toPiastres,
  type Order,
  type PaymentMethod,
} from '@shop/contracts';

export interface PricedLine {
  price: number;
  quantity: number;
}

export interface FeeLine {
  /** What the fee costs when it applies, shown on both methods. */
  amount: number;
  /** False for card payment: the line is shown shaded and not added to the total. */
  charged: boolean;
}

export interface OrderTotals {
  itemCount: number;
  itemsTotal: number;
  shipping: FeeLine;
  codFee: FeeLine;
  total: number;
}

/**
 * The order summary for a cart, with the fees of contracts' orderFees, the same rule the server
 * bills by: cash adds 21 EGP shipping and handling and a 9 EGP cash-on-delivery fee, card
 * adds nothing. Sums run in piastres, so the total matches the server's to the piastre.
 */
export function orderTotals(lines: readonly PricedLine[], method: PaymentMethod): OrderTotals {
  const itemCount = lines.reduce((count, line) => count + line.quantity, 0);
  const items = linesPiastres(lines);
  const fees = orderFees(method);
  return {
    itemCount,
    itemsTotal: toEgp(items),
    shipping: { amount: SHIPPING_FEE_EGP, charged: fees.shipping > 0 },
    codFee: { amount: COD_FEE_EGP, charged: fees.codFee > 0 },
    total: toEgp(items + toPiastres(fees.shipping) + toPiastres(fees.codFee)),
  };
}

/** The summary of a placed order: the server's bill, not a recomputation, is what the card is charged. */
export function orderTotalsOf(
  order: Pick<Order, 'products' | 'itemsTotal' | 'shipping' | 'codFee' | 'bill'>,
): OrderTotals {
  return {
    itemCount: order.products.reduce((count, line) => count + line.quantity, 0),
    itemsTotal: order.itemsTotal,
    shipping:
      order.shipping > 0 ? { amount: order.shipping, charged: true } : { amount: SHIPPING_FEE_EGP, charged: false },
    codFee: order.codFee > 0 ? { amount: order.codFee, charged: true } : { amount: COD_FEE_EGP, charged: false },
    total: order.bill,
  };
}

/** The products of the cart that rule out cash on delivery (one is enough). */
export function productsWithoutCod<T extends { cod: boolean }>(products: readonly T[]): T[] {
  return products.filter((product) => !product.cod);
}
