import { notInArray, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shop/contracts';
import { orders } from '../../db/schema.js';
import { keptDeposit } from './kept-deposit.js';

/**
 * Not money the shop has: cancelled orders, card orders still waiting for their payment, cash orders still waiting
 * for their shopper's confirmation, parcels come back (a cash one refused at the door brought nothing) and orders
 * refunded. The overview and the sales report count sales alike, so their figures for the same days agree.
 */
const NOT_SALES: OrderStatus[] = ['cancelled', 'pending', 'awaiting_confirmation', 'returned', 'refunded'];

/** The orders whose goods went to their shopper and were kept: their lines are what the shop sold. */
export const goodsSold = notInArray(orders.status, NOT_SALES);

/** The orders that brought the shop money: those, and a refused parcel's deposit the shop kept (sold on a receipt). */
export const isSale = or(goodsSold, keptDeposit);

/** What a sale brought, in piastres: the bill less any part of it given back, or the deposit kept. */
export const saleValue = sql<number>`case when ${keptDeposit} then ${orders.deposit} else ${orders.bill} - ${orders.refunded} end`;
