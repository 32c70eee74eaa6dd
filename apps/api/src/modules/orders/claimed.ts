import { sql } from 'drizzle-orm';
import { cartItems, orderItems, orders, payments } from '../../db/schema.js';

/**
 * A payment of the order is under way: started with the provider (the shopper on its page, or back from it
 * before its callback came) or reported pending there (a kiosk reference, a wallet approval). Not one that
 * failed: the shopper may then pay again, or another way.
 */
export const paymentUnderWay = sql<boolean>`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.state} in ('started', 'pending'))`;

/**
 * An unpaid order nobody is paying: a newer checkout of its shopper replaces it, giving back its units and its coupon
 * use. One whose payment is under way stands beside the new order (docs/decisions/paying-order-kept.md).
 */
export const replaceable = sql<boolean>`(${orders.status} = 'pending' and not ${paymentUnderWay})`;

/**
 * The units of a cart line (the `cart_items` row of the statement) that its shopper's unpaid order holds while its
 * payment is under way: the cart shows and orders only the rest, so what is being paid for is neither shown as
 * still to buy nor paid for twice. The rows stay: a payment that fails, or an order cancelled or expired, gives
 * the units back to the cart as they were; the paid callback takes them out (docs/decisions/cart-while-paying.md).
 * Only the checkout's orders: one staff placed for the customer (a payment link) never came from their cart.
 */
export const claimedUnits = sql<number>`coalesce((select sum(${orderItems.quantity}) from ${orderItems} inner join ${orders} on ${orders.id} = ${orderItems.orderId} where ${orders.userId} = ${cartItems.userId} and ${orders.status} = 'pending' and ${orders.source} = 'web' and ${orderItems.productId} = ${cartItems.productId} and ${orderItems.variantId} is not distinct from ${cartItems.variantId} and ${paymentUnderWay}), 0)::int`;

/** The units of the line the cart shows and an order takes. */
export const freeUnits = sql<number>`(${cartItems.quantity} - ${claimedUnits})`;
