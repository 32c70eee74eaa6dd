import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from './constants.js';
import { ORDER_STATUSES, type OrderStatus } from './lifecycle.js';

/** Days the dashboard's revenue chart covers, today included. */
export const STATS_DAYS = 30;
/** How many low-stock products and newest orders the overview lists. */
export const STATS_LIST_SIZE = 6;

/** Money taken (EGP, the orders' bills) and how many orders brought it, over some of Cairo's days. */
export interface SalesWindow {
  revenue: number;
  orders: number;
}

/** One of Cairo's days on the chart: `date` is YYYY-MM-DD. */
export interface DailySales extends SalesWindow {
  date: string;
}

export interface LowStockProduct {
  _id: string;
  name: string;
  nameAr: string | null;
  stock: number;
  image_path: string | null;
}

export interface RecentOrder {
  _id: string;
  createdAt: string;
  bill: number;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  /** Lines in the order. */
  items: number;
  /** Null once the shopper deleted their account; `email` null for an account made by phone. */
  user: { _id: string; name: string; email: string | null } | null;
}

/**
 * GET /api/admin/stats, the dashboard overview. Sales count orders that are confirmed or paid and
 * beyond: cancelled ones and unpaid card orders (pending) are not money the shop has. Days are Cairo's.
 */
export interface AdminStats {
  generatedAt: string;
  sales: { today: SalesWindow; last7Days: SalesWindow; last30Days: SalesWindow };
  /** STATS_DAYS entries, oldest first, days without sales included as zeros. */
  daily: DailySales[];
  /** Every order ever placed, by its current status. */
  ordersByStatus: Record<OrderStatus, number>;
  /** Products with stock at or under LOW_STOCK_THRESHOLD: the first STATS_LIST_SIZE, emptiest first, and how many there are. */
  lowStock: { total: number; products: LowStockProduct[] };
  /** The newest STATS_LIST_SIZE orders, whatever their status. */
  recentOrders: RecentOrder[];
  /** Reviews waiting for the shop's answer: none given yet, or written again by their author since. */
  reviewsAwaiting: number;
}

const salesWindowSchema = z.object({ revenue: z.number(), orders: z.number().int() });

export const adminStatsSchema = z.object({
  generatedAt: z.string(),
  sales: z.object({ today: salesWindowSchema, last7Days: salesWindowSchema, last30Days: salesWindowSchema }),
  daily: z.array(salesWindowSchema.extend({ date: z.string() })),
  // An enum-keyed record is exhaustive in zod 4: every status must be there.
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  lowStock: z.object({
    total: z.number().int(),
    products: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        nameAr: z.string().nullable(),
        stock: z.number().int(),
        image_path: z.string().nullable(),
      }),
    ),
  }),
  recentOrders: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      bill: z.number(),
      status: z.enum(ORDER_STATUSES),
      paymentMethod: z.enum(PAYMENT_METHODS),
      items: z.number().int(),
      user: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
    }),
  ),
  reviewsAwaiting: z.number().int(),
}) satisfies z.ZodType<AdminStats>;
