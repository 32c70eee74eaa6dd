import type { OrderRow } from './queries.js';

/**
 * What the courier collects at the door, in piastres: a cash order's bill less the delivery fees paid online first
 * (its deposit), nothing of an order paid online. The courier is told it with the parcel, the shopper the day it comes.
 */
export const collectedAtDoor = (
  order: Pick<OrderRow, 'paymentMethod' | 'bill' | 'deposit' | 'depositState'>,
): number => (order.paymentMethod === 'cash' ? order.bill - (order.depositState === 'paid' ? order.deposit : 0) : 0);
