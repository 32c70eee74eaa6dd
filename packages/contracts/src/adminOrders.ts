import { z } from 'zod';
import { say } from './said.js';
import { anyWhenBlank, pageQuery } from './fields.js';
import { PAYMENT_METHODS } from './constants.js';
import { CONTACT_CHANNELS } from './contact-channels.js';
import { LANGUAGES } from './language.js';
import { ORDER_ACTORS, ORDER_STATUSES } from './lifecycle.js';
import { orderSchema, refundSchema } from './checkout.js';
import { ORDER_SOURCES } from './constants.js';

/** Orders per page of the dashboard's all-orders screen. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** Typed text: bounded, and without control characters, which no governorate or search holds. */
const typed = z
  .string()
  .trim()
  .max(100, say.rule.atMostCharacters(100))
  .regex(/^\P{Cc}*$/u, say.rule.invalidText);

/** The first and last days a shop's records hold: date fields offer (`min`, `max`) and the API takes no others. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2199-12-31';

/**
 * A calendar day, YYYY-MM-DD, that exists (no 31 February), from FIRST_DAY to LAST_DAY: a date field lets anyone type
 * the year 202 or 9999, where Cairo's calendar (Intl) has no midnight to find and the day arithmetic never ends.
 */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, say.rule.invalidDate)
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
  }, say.rule.invalidDate)
  .refine((v) => v >= FIRST_DAY && v <= LAST_DAY, say.rule.dayOutOfRange(FIRST_DAY.slice(0, 4), LAST_DAY.slice(0, 4)));

/**
 * The all-orders screen's filters, shared by its list and its CSV export. `from` and `to` are Cairo's days,
 * both included; `governorate` is the delivery address's state as stored (its English name); `q` is an
 * order id, its first characters as the shop shows them (#1A2B3C4D) or a phone number, of the delivery
 * address or the account, compared by its digits.
 */
export const adminOrdersFilterSchema = z.object({
  status: anyWhenBlank(z.enum(ORDER_STATUSES)),
  paymentMethod: anyWhenBlank(z.enum(PAYMENT_METHODS)),
  source: anyWhenBlank(z.enum(ORDER_SOURCES)),
  governorate: anyWhenBlank(typed),
  from: anyWhenBlank(calendarDay),
  to: anyWhenBlank(calendarDay),
  q: anyWhenBlank(typed),
});
export type AdminOrdersFilter = z.infer<typeof adminOrdersFilterSchema>;

export const adminOrdersQuerySchema = adminOrdersFilterSchema.extend({
  page: pageQuery,
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/**
 * What the dashboard's refund of an order gives back, as the API's refund decides it (orders/kept-deposit.ts): the bill
 * (a paid order, or a returned one whose money was collected), or the delivery fees a parcel refused at the door kept,
 * recorded given back by hand; `amount` is the most it gives back, in EGP. Null: nothing to give back, refund refused.
 */
export const refundableSchema = z.object({ of: z.enum(['bill', 'deposit']), amount: z.number() }).nullable();
export type Refundable = z.infer<typeof refundableSchema>;

/** An order as staff read it: with what its refund gives back, which the screens that offer the refund read. */
export const orderForStaffSchema = orderSchema.extend({
  refundable: refundableSchema,
  /**
   * When the refund asked of the payment provider, its answer not in yet, was asked (ISO time): another is refused
   * until the provider confirms it, so `refundable` is null meanwhile. Null when none is waiting.
   */
  refundPending: z.string().nullable(),
  /**
   * A refund asked of the payment provider whose answer never came, settled (REFUND_SETTLE_MS) with the bill still to
   * give back: when it was asked (ISO time) and the EGP it asked for (what is left of the bill when it named none).
   * Shipping or refunding the order asks the provider first what became of it; staff who checked at the provider
   * record what they found (`refundCheckedSchema`). Null when none.
   */
  refundUnheard: z.object({ at: z.string(), amount: z.number() }).nullable(),
});
export type OrderForStaff = z.infer<typeof orderForStaffSchema>;

/** An order as the dashboard lists it: with its buyer, or null once they deleted their account, and where it came from. */
export const adminOrderSchema = orderForStaffSchema.extend({
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  source: z.enum(ORDER_SOURCES),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** The answer to an order placed by staff: the order, and whether its customer's account was made for it. */
export const staffOrderPlacedSchema = z.object({ order: adminOrderSchema, customerCreated: z.boolean() });
export type StaffOrderPlaced = z.infer<typeof staffOrderPlacedSchema>;

/** The messages a shopper gets about an order: one for each move they need to hear of, and a payment reference. */
export const ORDER_MESSAGE_KINDS = [
  'placed',
  'confirmed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'return_accepted',
  'return_refused',
  'refunded',
  // Not a move: a Fawry reference handed out for a pending order, with what to pay, where and until when.
  'pay_reference',
  // Not a move: the link to pay an order a staff member placed for the customer, to be paid online.
  'pay_link',
  // Not moves either: a cash order's request to be confirmed, and its reminder, with the signed link (confirmations).
  'confirm_request',
  'confirm_reminder',
  // Nor this: the courier took the parcel out for delivery today, with what to pay at the door (its callback).
  'out_for_delivery',
] as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];

/** How far a message to the shopper got: queued, sent, then as its provider reports (delivered, read), or failed. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message the shop sent (or is sending) about an order, as the messaging outbox keeps it. */
export const orderMessageSchema = z.object({
  _id: z.string(),
  /** What it tells: the move it announces ('shipped', 'return_refused', …) or 'pay_reference'. */
  kind: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  /** The e-mail address or mobile it went to. */
  to: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
  /** When the status last changed (sent, or the provider's latest report); null while queued. */
  statusAt: z.string().nullable(),
  /** Why it failed, or why the last attempt did; null otherwise. */
  lastError: z.string().nullable(),
});
export type OrderMessage = z.infer<typeof orderMessageSchema>;

/** The longest note on an order a staff member may write. */
export const ORDER_NOTE_MAX = 1000;

/** A note a staff member adds to an order: what the team should know, never shown to the shopper. */
export const orderNoteInputSchema = z.object({
  text: z
    .string({ error: say.msg.required })
    .trim()
    .min(1, say.msg.required)
    .max(ORDER_NOTE_MAX, say.rule.atMostCharacters(ORDER_NOTE_MAX)),
});
export type OrderNoteInput = z.input<typeof orderNoteInputSchema>;

/** A staff note on an order, with its author's name and role as they were when it was written (as the audit log keeps them). */
export const orderNoteSchema = z.object({
  _id: z.string(),
  text: z.string(),
  /** Null once the author's account is gone and nothing named them. */
  authorName: z.string().nullable(),
  /** A built-in role's key (owner, support, …) or a custom role's name. */
  authorRole: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

/**
 * A payment the order did not take (a second one, or one that came after it was cancelled) that its provider refused
 * to give back: the shop owes it, to give back by hand and record. `_id` is the provider's reference of the payment.
 */
export const owedPaymentSchema = z.object({
  _id: z.string(),
  /** EGP. */
  amount: z.number(),
  paidAt: z.string().nullable(),
});
export type OwedPayment = z.infer<typeof owedPaymentSchema>;

/** An owed payment recorded as given back by hand: how it went back, in the staff member's words, is required. */
export const paidBackSchema = z.object({
  paidBackBy: refundSchema.shape.paidBackBy.unwrap().min(1, say.msg.required),
});
export type PaidBack = z.infer<typeof paidBackSchema>;

/**
 * What a staff member found at the payment provider of a refund request that went unheard (`refundUnheard`): whether
 * it gave back what it asked for. Nothing: the request is withdrawn, and the order may ship or be refunded again.
 * Given back: the order moves on as that refund would have moved it.
 */
export const refundCheckedSchema = z.object({ givenBack: z.boolean() });
export type RefundChecked = z.infer<typeof refundCheckedSchema>;

/**
 * One order as the dashboard's order page shows it: the buyer's contact details, the language the order
 * was placed in (its messages and packing slip speak it), whether its parcel may be opened at the door, who made each
 * move, the messages sent and the staff's notes.
 */
export const adminOrderDetailSchema = orderForStaffSchema.extend({
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string() }).nullable(),
  language: z.enum(LANGUAGES),
  /** Where the order came from: the web shop, or staff taking it by phone or a message. */
  source: z.enum(ORDER_SOURCES),
  /** The shop let parcels be opened before they are accepted when it was placed: its packing slip says so. */
  openBeforeAccepting: z.boolean(),
  statusHistory: z.array(
    z.object({
      status: z.enum(ORDER_STATUSES),
      at: z.string(),
      reason: z.string().nullable(),
      /** Null on moves from before it was recorded. */
      actor: z.enum(ORDER_ACTORS).nullable(),
    }),
  ),
  messages: z.array(orderMessageSchema),
  /** The staff's notes on it, oldest first. */
  notes: z.array(orderNoteSchema),
  /** Payments its provider refused to give back, once their request settled: to give back by hand and record. */
  owedBack: z.array(owedPaymentSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrdersPageSchema = z.object({
  orders: z.array(adminOrderSchema),
  /** At least 1, so a pager never shows 'page 1 of 0'. */
  pages: z.number().int(),
  total: z.number().int(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

/** Whether orders ship with a courier the shop books (its name), or by hand with a tracking number the admin types. */
export const courierSettingSchema = z.object({ courier: z.string().nullable() });
export type CourierSetting = z.infer<typeof courierSettingSchema>;
