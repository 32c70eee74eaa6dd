import { z } from 'zod';
import { countSchema } from './fields.js';
import { ORDER_SOURCES, PAYMENT_METHODS } from './constants.js';
import { ORDER_STATUSES } from './lifecycle.js';
import { calendarDay } from './adminOrders.js';
import { say } from './said.js';
import { lowSizeSchema } from './variants.js';

/** Days the dashboard's revenue chart covers, today included. */
export const STATS_DAYS = 30;
/** How many low-stock products and newest orders the overview lists. */
export const STATS_LIST_SIZE = 6;

/** Money taken (EGP, the sales' bills less what was given back) and how many orders brought it, over some days. */
const salesWindowSchema = z.object({ revenue: z.number(), orders: countSchema });
export type SalesWindow = z.infer<typeof salesWindowSchema>;

/** One of Cairo's days on a chart: `date` is YYYY-MM-DD. */
const dailySalesSchema = salesWindowSchema.extend({ date: z.string() });
export type DailySales = z.infer<typeof dailySalesSchema>;

/**
 * GET /api/admin/stats, the dashboard overview. Sales count orders that are confirmed or paid and
 * beyond: cancelled ones and unpaid card orders (pending) are not money the shop has. Days are Cairo's.
 */
export const adminStatsSchema = z.object({
  generatedAt: z.string(),
  sales: z.object({ today: salesWindowSchema, last7Days: salesWindowSchema, last30Days: salesWindowSchema }),
  /** STATS_DAYS entries, oldest first, days without sales included as zeros. */
  daily: z.array(dailySalesSchema),
  /** Every order ever placed, by its current status. An enum-keyed record is exhaustive in zod 4. */
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), countSchema),
  /**
   * Products with stock at or under LOW_STOCK_THRESHOLD, or with a size so (whose sizes low it names, fewest left
   * first): the first STATS_LIST_SIZE, emptiest first, and how many.
   */
  lowStock: z.object({
    total: countSchema,
    products: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        nameAr: z.string().nullable(),
        stock: z.number().int(),
        lowSizes: z.array(lowSizeSchema),
        image_path: z.string().nullable(),
      }),
    ),
  }),
  /** The newest STATS_LIST_SIZE orders, whatever their status. */
  recentOrders: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      bill: z.number(),
      status: z.enum(ORDER_STATUSES),
      paymentMethod: z.enum(PAYMENT_METHODS),
      /** Lines in the order. */
      items: countSchema,
      /** Null once the shopper deleted their account; `email` null for an account made by phone. */
      user: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
    }),
  ),
  /** Reviews waiting for the shop's answer: none given yet, or written again by their author since. */
  reviewsAwaiting: countSchema,
  /** Carts abandoned (GET /api/admin/carts), and what they hold at today's prices (EGP). */
  abandonedCarts: z.object({ count: countSchema, value: z.number() }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** A report's period: two of Cairo's days (YYYY-MM-DD), both included. */
export const reportPeriodSchema = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((q) => q.from <= q.to, { path: ['to'], message: say.rule.endsBeforeStarts });
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

/** The longest period the sales report takes, day by day: a year, a leap one included. */
export const SALES_REPORT_MAX_DAYS = 366;
/** The products the sales report lists, those that brought the most. */
export const SALES_REPORT_PRODUCTS = 10;

// zod runs this refinement on days that failed their own check too: a day that is not one makes the length NaN,
// which passes here, and only its own issue is reported.
export const salesReportQuerySchema = reportPeriodSchema.refine(
  ({ from, to }) => !((Date.parse(to) - Date.parse(from)) / 86_400_000 >= SALES_REPORT_MAX_DAYS),
  { path: ['to'], message: say.rule.periodTooLong(SALES_REPORT_MAX_DAYS) },
);

/**
 * GET /api/admin/reports/sales: what the orders placed in a period brought, counted as the overview counts its sales
 * (the same days give the same figures). Revenue is what the shop kept: bills less what was given back, delivery
 * fees included.
 */
export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: salesWindowSchema.extend({
    /** Revenue over orders; null with no orders. */
    averageOrder: z.number().nullable(),
    /** Pieces sold: the lines' quantities of the orders whose goods were kept. */
    units: countSchema,
    /** Taken off by coupons, on those orders. */
    discounts: z.number(),
    /** Given back in part on those orders (they go on): revenue is counted after it. */
    refunded: z.number(),
  }),
  /** The as many days just before `from`, for comparison. */
  previous: salesWindowSchema.extend({ from: z.string(), to: z.string() }),
  /** Every day of the period, oldest first, days without sales as zeros. */
  daily: z.array(dailySalesSchema),
  /**
   * The SALES_REPORT_PRODUCTS products that brought the most: pieces sold and their lines' worth after coupons
   * (before any part of an order given back, and without delivery fees). A deleted product keeps its lines' name.
   */
  byProduct: z.array(
    z.object({
      productId: z.string().nullable(),
      name: z.string(),
      nameAr: z.string().nullable(),
      units: countSchema,
      revenue: z.number(),
    }),
  ),
  /** By the delivery address's governorate (its English name), the most revenue first. */
  byGovernorate: z.array(salesWindowSchema.extend({ governorate: z.string() })),
  /** By how it was paid, the most revenue first. */
  byPaymentMethod: z.array(salesWindowSchema.extend({ paymentMethod: z.enum(PAYMENT_METHODS) })),
  /** By where the order came from (the checkout, or a phone or chat taken by staff), the most revenue first. */
  bySource: z.array(salesWindowSchema.extend({ source: z.enum(ORDER_SOURCES) })),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
