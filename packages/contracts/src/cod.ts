import { z } from 'zod';
import { countSchema } from './fields.js';
import { addressSchema, orderSchema } from './checkout.js';
import { shippingQuoteQuerySchema } from './shipping.js';
import { LANGUAGES } from './language.js';
import { ORDER_SOURCES } from './constants.js';

/*
 * Cash on delivery: the shop's cash rules and the confirmation of cash orders (docs/guide/cash-on-delivery.md).
 * Every setting acts: the confirmation on a cash order once placed, the rest on whether cash may pay for an order at
 * all (apps/api/src/modules/orders/cash-rules.ts, asked by the checkout and by staff orders alike).
 */

export const CONFIRMATION_TIMEOUTS = ['queue', 'cancel'] as const;
export const REFUSAL_ACTIONS = ['online_only', 'deposit'] as const;

export const codSettingsSchema = z.object({
  confirmation: z.object({
    /** Off: cash orders start confirmed, as before confirmation existed. */
    enabled: z.boolean(),
    /** How long the shopper has to answer; a reminder goes at half of it. */
    windowHours: z.number().int().min(1).max(168),
    /** What an unanswered order does at the window's end: wait for the agents' calls, or be cancelled. */
    onTimeout: z.enum(CONFIRMATION_TIMEOUTS),
  }),
  /** The largest bill paid in cash, in EGP; null: no limit. */
  maxCashBill: z.number().min(0.01).max(10_000_000).multipleOf(0.01).nullable(),
  /** Cash orders one phone may have open (not yet delivered, cancelled, returned or refunded) at once. */
  maxOpenCashOrders: z.number().int().min(1).max(100),
  /** Parcels refused at the door after which a phone loses plain cash on delivery. */
  refusalsBeforeOnlineOnly: z.number().int().min(1).max(100),
  /** What such a phone may do: pay online only, or pay the delivery fees online first and the rest in cash. */
  refusalAction: z.enum(REFUSAL_ACTIONS),
});
export type CodSettings = z.infer<typeof codSettingsSchema>;

export const DEFAULT_COD_SETTINGS: CodSettings = {
  confirmation: { enabled: true, windowHours: 24, onTimeout: 'queue' },
  maxCashBill: null,
  maxOpenCashOrders: 3,
  refusalsBeforeOnlineOnly: 2,
  refusalAction: 'online_only',
};

/**
 * Why cash may not pay for an order, as the 400 refusing one names it in its `code` (its message says it in words):
 * the bill is over `maxCashBill`, the delivery phone has `maxOpenCashOrders` cash orders open, or it has refused
 * `refusalsBeforeOnlineOnly` parcels and the shop then takes only online payment; or the shopper, or their network,
 * has asked the rules about as many other phones today as the shop answers (`cash_phones_asked`, never the staff's):
 * the rules tell of a phone's parcels, which are not everyone's to read.
 */
export const CASH_REFUSALS = [
  'cash_bill_over_limit',
  'cash_orders_open',
  'cash_online_only',
  'cash_phones_asked',
] as const;
export type CashRefusal = (typeof CASH_REFUSALS)[number];

/**
 * How cash may pay for an order, before it is placed (GET /api/order/cash for the shopper's cart, and the staff's
 * quote): `cash` at the door; `deposit`, the delivery fees online first and the rest at the door; `online`, not at
 * all, for `refusal` (with `limit`: the largest cash bill in EGP, or the open cash orders allowed).
 * Amounts in EGP.
 */
export const cashOfferSchema = z.discriminatedUnion('cash', [
  z.object({ cash: z.literal('cash') }),
  z.object({ cash: z.literal('deposit'), deposit: z.number(), rest: z.number() }),
  z.object({ cash: z.literal('online'), refusal: z.enum(CASH_REFUSALS), limit: z.number().nullable() }),
]);
export type CashOffer = z.infer<typeof cashOfferSchema>;

/** GET /api/order/cash: the shopper's cart delivered to `state`, to the phone the courier will call. */
export const cashOfferQuerySchema = shippingQuoteQuerySchema
  .omit({ paymentMethod: true })
  .extend({ phone: addressSchema.shape.phone });
export type CashOfferQuery = z.input<typeof cashOfferQuerySchema>;

/** How long an agent holds a confirmation they took: nobody else may call about it meanwhile. */
export const CONFIRMATION_CLAIM_MS = 10 * 60_000;

export const CONFIRMATION_ANSWERS = ['confirm', 'cancel'] as const;
export type ConfirmationAnswer = (typeof CONFIRMATION_ANSWERS)[number];

/** The shopper's answer from the link's page. */
export const confirmationAnswerSchema = z.object({ answer: z.enum(CONFIRMATION_ANSWERS) });

/** What the link's page shows: the order, in the language it was placed in. */
export const confirmationViewSchema = z.object({
  order: orderSchema.pick({
    _id: true,
    createdAt: true,
    status: true,
    bill: true,
    itemsTotal: true,
    discount: true,
    shipping: true,
    codFee: true,
    products: true,
  }),
  language: z.enum(LANGUAGES),
});
export type ConfirmationView = z.infer<typeof confirmationViewSchema>;

/** An answer's result: the order's status, and whether this answer moved it (false: it had been decided before). */
export const confirmationResultSchema = z.object({
  status: orderSchema.shape.status,
  changed: z.boolean(),
});
export type ConfirmationResult = z.infer<typeof confirmationResultSchema>;

export const CONFIRMATION_OUTCOMES = ['confirmed', 'no_answer', 'wrong_number', 'cancelled'] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];

/** An agent's call, recorded. */
export const confirmationOutcomeSchema = z.object({
  outcome: z.enum(CONFIRMATION_OUTCOMES),
  note: z.string().trim().max(500).optional(),
  /** Why the shopper cancelled, in their words. */
  reason: z.string().trim().max(500).optional(),
});
export type ConfirmationOutcomeInput = z.infer<typeof confirmationOutcomeSchema>;

/**
 * What one delivery phone (the number the courier calls) did with the shop, over all its orders, card ones too: a
 * parcel refused costs its shipping both ways however it was paid. The API derives it from the orders' status
 * history (apps/api/src/modules/phone-records), where the courier's callbacks and the staff's moves both write:
 * - placed: orders with this delivery phone, whatever became of them;
 * - confirmed: reached `confirmed` (by the shopper, an agent, or at once while confirmation is off) or `paid`;
 * - delivered: reached `delivered` (a return asked for later does not undo it);
 * - refused: came back `returned` without ever being delivered: refused at the door or sent back by the courier;
 * - cancelledAfterConfirming: cancelled after it had been confirmed or paid.
 */
export const phoneRecordSchema = z.object({
  placed: z.number().int(),
  confirmed: z.number().int(),
  delivered: z.number().int(),
  refused: z.number().int(),
  cancelledAfterConfirming: z.number().int(),
});
export type PhoneRecord = z.infer<typeof phoneRecordSchema>;

/**
 * A cash order in the agents' queue. Its deposit is shown: calling off an order whose deposit was paid gives the
 * deposit back, which only a role with `orders.refund` may.
 */
export const confirmationItemSchema = z.object({
  order: orderSchema.pick({
    _id: true,
    createdAt: true,
    bill: true,
    products: true,
    deliveryAddress: true,
    deposit: true,
  }),
  customerName: z.string().nullable(),
  /** The number the courier will call: the delivery address's. */
  phone: z.string(),
  /** What that phone did with the shop's orders before, this one included. */
  record: phoneRecordSchema,
  /** Calls that found nobody. */
  attempts: z.number().int(),
  /** The shopper's window has ended unanswered. */
  windowEnded: z.boolean(),
  /** The agent holding it, until when; null when free. */
  claim: z.object({ agentId: z.string(), agentName: z.string(), until: z.string() }).nullable(),
});
export type ConfirmationItem = z.infer<typeof confirmationItemSchema>;

export const confirmationQueueSchema = z.object({ items: z.array(confirmationItemSchema) });
export type ConfirmationQueue = z.infer<typeof confirmationQueueSchema>;

export const confirmationClaimSchema = z.object({ orderId: z.string(), until: z.string() });
export type ConfirmationClaim = z.infer<typeof confirmationClaimSchema>;

/** The time-to-confirm buckets' upper ends, in hours: under 1 hour, 1 to under 6, 6 to under 24; then 24 and more. */
export const TIME_TO_CONFIRM_HOURS = [1, 6, 24] as const;
/** The products the report lists, those with the most parcels refused. */
export const COD_REPORT_PRODUCTS = 10;

/** null for a rate of nothing: 0% would read as none confirmed, or none refused. */
const rate = z.number().min(0).max(1).nullable();

/** `part` of `whole` as a rate; none of nothing (see `rate`). */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * GET /api/admin/reports/cod: the cash orders placed in a period (reportPeriodSchema). Its counts use the phone
 * records' words (phoneRecordSchema): confirmed, shipped, refused.
 */
export const codReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Of the cash orders whose confirmation is decided (no longer awaiting it), the share confirmed; null with none. */
  confirmationRate: rate,
  /** Of the cash parcels shipped, the share refused (returned without being delivered); null with none shipped. */
  refusalRate: rate,
  /** By the delivery address's governorate (its English name), the most orders first. */
  byGovernorate: z.array(
    z.object({ governorate: z.string(), orders: countSchema, refused: countSchema, shipped: countSchema }),
  ),
  /** By where the order came from (contracts' ORDER_SOURCES), the most orders first. */
  bySource: z.array(z.object({ source: z.enum(ORDER_SOURCES), orders: countSchema })),
  /** The counts the rates are taken from. */
  totals: z.object({
    orders: countSchema,
    decided: countSchema,
    confirmed: countSchema,
    shipped: countSchema,
    refused: countSchema,
  }),
  /** The COD_REPORT_PRODUCTS products with the most refused parcels (then the most shipped): orders with them. */
  byProduct: z.array(
    z.object({
      productId: z.string().nullable(),
      name: z.string(),
      nameAr: z.string().nullable(),
      orders: countSchema,
      shipped: countSchema,
      refused: countSchema,
    }),
  ),
  /** Every week (its Monday, YYYY-MM-DD, in Cairo) the period touches, oldest first, weeks without orders as zeros. */
  byWeek: z.array(z.object({ week: z.string(), orders: countSchema, shipped: countSchema, refused: countSchema })),
  /**
   * How long shoppers took to confirm, from placing to confirmed, over the orders that waited for it and were
   * confirmed: the median in minutes (null with none) and how many took under each TIME_TO_CONFIRM_HOURS but not
   * under the one before (null: the last or longer).
   */
  timeToConfirm: z.object({
    confirmed: countSchema,
    medianMinutes: z.number().nullable(),
    buckets: z.array(z.object({ withinHours: z.number().nullable(), orders: countSchema })),
  }),
});
export type CodReport = z.infer<typeof codReportSchema>;
