import { z } from 'zod';
import { say } from './said.js';
import { idSchema, requiredText } from './fields.js';
import { PHONE_PATTERN } from './user.js';
import { localMobile } from './mobile.js';
import { PAYMENT_METHODS, type PaymentMethod } from './constants.js';
import { ORDER_STATUSES } from './lifecycle.js';
import { couponEntry } from './coupons.js';
import { lineVariantSchema } from './variants.js';
import { orderEtaReceiptSchema } from './eta.js';
import { nationalIdEntry } from './nationalId.js';

/** What an Egyptian address adds beside the specification's fields: optional, '' when not given. */
const addressDetail = z.string().trim().max(100, say.rule.atMostCharacters(100)).default('');

/** The longest instructions for the courier (when to call, who receives the parcel, where to leave it). */
export const INSTRUCTIONS_MAX = 200;

/**
 * Shipping form: every field of the specification required; apartment, floor, landmark and the courier's
 * instructions optional.
 */
export const addressSchema = z.object({
  street: requiredText(say.msg.required, 200),
  building: requiredText(say.msg.required, 100),
  city: requiredText(say.msg.required, 100),
  state: requiredText(say.msg.required, 100),
  // Any usual writing (Arabic-Indic digits, +20, spaces), stored in the local form the courier dials: 01XXXXXXXXX.
  phone: z
    .string({ error: say.msg.required })
    .trim()
    .min(1, say.msg.required)
    .max(40, say.msg.invalidPhone)
    .transform((value, ctx) => {
      const local = localMobile(value);
      if (!local) ctx.addIssue({ code: 'custom', message: say.msg.invalidPhone });
      return local ?? z.NEVER;
    }),
  zipCode: requiredText(say.msg.required, 20),
  country: requiredText(say.msg.required, 100),
  apartment: addressDetail,
  floor: addressDetail,
  landmark: addressDetail,
  instructions: z.string().trim().max(INSTRUCTIONS_MAX, say.rule.atMostCharacters(INSTRUCTIONS_MAX)).default(''),
});
export type AddressInput = z.input<typeof addressSchema>;
export const addressCreateSchema = z.object({ address: addressSchema });

/** `variant_id` names the chosen variant of a product with options (required for one, refused for any other). */
export const cartIncSchema = z.object({
  product_id: idSchema,
  variant_id: idSchema.optional(),
  flag: z.union([z.literal(0), z.literal(1)]),
});
export const cartRemoveSchema = z.object({ product_id: idSchema, variant_id: idSchema.optional() });

export const orderCreateSchema = z.object({
  deliveryAddress: addressSchema,
  // 'visa' means card; any other value is cash on delivery, as the original shop's clients send it.
  paymentMethod: z
    .string()
    .max(20)
    .transform((v): PaymentMethod => (v === 'visa' ? 'visa' : 'cash')),
  /** A coupon code, checked again as the order is placed. */
  coupon: couponEntry,
  /** The buyer's national ID, where the quote says the order needs it (nationalId.ts). */
  nationalId: nationalIdEntry,
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

/**
 * The checkout's `Idempotency-Key` header: one per attempt to place an order, kept across its retries. The same key
 * from the same shopper within a day answers the order it placed.
 */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,255}$/, say.api.invalidIdempotencyKey);
export const orderCreateHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/**
 * The ways to pay online a provider may offer; which of them the shop offers depends on its configured providers.
 * `fawry` is a FawryPay reference paid at a Fawry outlet or in the myFawry app. Besides these, each instalment plan
 * the shop takes (valU, Souhoola…) is a method of its own, by its name.
 */
export const ONLINE_METHODS = ['card', 'wallet', 'kiosk', 'fawry'] as const;
export type BuiltInMethod = (typeof ONLINE_METHODS)[number];
/** A built-in method or an instalment plan's name (lower case, as PAYMOB_INSTALMENT_INTEGRATIONS names it). */
export type OnlineMethod = BuiltInMethod | (string & {});
export const METHOD_NAME_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;
export const onlineMethodSchema = z.string().trim().toLowerCase().regex(METHOD_NAME_PATTERN, say.api.methodUnavailable);

/** Starting a payment: card unless said otherwise; a mobile wallet needs the wallet's number. */
export const paymentIntentSchema = z
  .object({
    order_id: idSchema,
    method: onlineMethodSchema.default('card'),
    wallet_phone: z.string().trim().regex(PHONE_PATTERN, say.msg.invalidPhone).optional(),
  })
  .refine((body) => body.method !== 'wallet' || body.wallet_phone, {
    message: say.api.walletPhoneRequired,
    path: ['wallet_phone'],
  });
/** As the shopper's app sends it (the method may be left out) and as the server reads it. */
export type StartPayment = z.input<typeof paymentIntentSchema>;
export type StartPaymentInput = z.infer<typeof paymentIntentSchema>;

/**
 * The ways the dashboard records a cash order's money paid back by hand, by key, in the words the order keeps (its
 * refund, history and audit log: the same whatever the admin's language); each screen says them in its reader's words.
 */
export const PAID_BACK_WAYS = {
  cash: 'cash',
  bankTransfer: 'bank transfer',
  wallet: 'mobile wallet',
  instapay: 'InstaPay',
} as const;
export type PaidBackWay = keyof typeof PAID_BACK_WAYS;

/** The way recorded in `words`, or null for words of someone's own (the API takes any). */
export const paidBackWayOf = (words: unknown): PaidBackWay | null =>
  (Object.keys(PAID_BACK_WAYS) as PaidBackWay[]).find((way) => PAID_BACK_WAYS[way] === words) ?? null;

/**
 * Reasons the shop gives an order's move itself, kept in its history in these words as a person's reason is kept in
 * theirs; every screen and mail says them in its reader's words (`shopReasonOf`). A cash order refunded by hand gives
 * how the money went back.
 */
export const NOT_CONFIRMED_IN_TIME = 'Not confirmed in time';
const PAID_BACK_BY = 'paid back by ';
export const paidBackReason = (by: string): string => `${PAID_BACK_BY}${by}`;

/** What a reason the shop gave means: its cash confirmation ran out, or how the money went back. */
export type ShopReason = { said: 'notConfirmed' } | { said: 'paidBack'; way: PaidBackWay | null; by: string };

/** The shop's own reason, or null for a person's words (shown as they wrote them). */
export function shopReasonOf(reason: string): ShopReason | null {
  if (reason === NOT_CONFIRMED_IN_TIME) return { said: 'notConfirmed' };
  if (!reason.startsWith(PAID_BACK_BY)) return null;
  const by = reason.slice(PAID_BACK_BY.length);
  return { said: 'paidBack', way: paidBackWayOf(by), by };
}

/** An admin's refund: an amount in EGP, or the whole bill when none is given. */
export const refundSchema = z.object({
  amount: z.number().positive().max(10_000_000).multipleOf(0.01).optional(),
  /** How a cash order's money went back to the shopper (cash, bank transfer, wallet…). */
  paidBackBy: z.string().trim().max(100).optional(),
  /**
   * The delivery fees a parcel refused at the door kept, given back by hand, rather than the bill: said outright, so
   * that a refund of the bill confirmed on such an order is refused instead of recording the deposit's.
   */
  deposit: z.literal(true).optional(),
});
export type RefundRequest = z.infer<typeof refundSchema>;

/** What the shop knows about an order's payment, for the screens after paying. */
export const PAYMENT_STATES = ['started', 'pending', 'failed', 'paid', 'refunded', 'voided'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const paymentStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  payment: z
    .object({
      method: onlineMethodSchema,
      /** Who takes it: paymob, fawry, stripe… */
      provider: z.string(),
      state: z.enum(PAYMENT_STATES),
      /** What the shopper pays with at an outlet (a kiosk or Fawry reference) while the payment is pending. */
      reference: z.string().nullable(),
      /** Until when that reference can be paid (ISO time); null when it does not expire on its own. */
      expiresAt: z.string().nullable(),
      /** EGP, the amount to pay with the reference. */
      amount: z.number(),
    })
    .nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** An instalment plan the shop takes, as the payment step and the product page show it. */
export const instalmentOfferSchema = z.object({
  /** The plan's name, which is also its method: valu, souhoola… */
  method: z.string(),
  /** EGP: the smallest bill the plan is offered for. */
  minBill: z.number(),
  /** The plan lengths the merchant lists, in months, shortest first. */
  months: z.array(z.number().int().positive()),
  /** Interest over the whole plan, percent of the price; 0 unless the merchant sets one. */
  interestPercent: z.number(),
});
export type InstalmentOffer = z.infer<typeof instalmentOfferSchema>;

/** The shop's payment providers and what each offers, for /Payment. */
export const paymentConfigSchema = z.object({
  /** The main provider (offline, stripe, paymob…): the one that takes cards unless another is configured for them. */
  provider: z.string(),
  /** The methods of the main provider. */
  methods: z.array(onlineMethodSchema),
  /** The main provider's payments happen away from the shop's card form (Paymob's unified checkout, Fawry). */
  hostedCheckout: z.boolean(),
  publishableKey: z.string().optional(),
  /** Every method the shop takes now, each with the one provider that serves it. */
  offers: z.array(z.object({ method: onlineMethodSchema, provider: z.string() })),
  /** The instalment plans among the offers, with when each is offered. */
  instalments: z.array(instalmentOfferSchema),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** An admin's settings of one instalment plan. */
export const instalmentSettingsSchema = z.object({
  minBill: z.number().min(0).max(10_000_000).multipleOf(0.01),
  months: z.array(z.number().int().min(1).max(60)).min(1).max(12),
  interestPercent: z.number().min(0).max(200).multipleOf(0.01),
});
export type InstalmentSettings = z.infer<typeof instalmentSettingsSchema>;
export const instalmentPlanListSchema = z.array(instalmentOfferSchema);

/** A started payment: the provider's client secret, and where to send the shopper when it hosts the checkout. */
export const paymentStartedSchema = z.object({ clientSecret: z.string(), checkoutUrl: z.string().optional() });
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

/** The states of an intent of the offline test provider, under Stripe's names. */
export const OFFLINE_INTENT_STATUSES = ['requires_payment_method', 'processing', 'succeeded', 'canceled'] as const;
export type OfflineIntentStatus = (typeof OFFLINE_INTENT_STATUSES)[number];

/** An intent of the offline test provider as its card form sees it: Stripe's field names, the amount in piastres. */
export const offlineIntentViewSchema = z.object({
  id: z.string(),
  status: z.enum(OFFLINE_INTENT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  last_payment_error: z.object({ message: z.string() }).optional(),
});
export type OfflineIntentView = z.infer<typeof offlineIntentViewSchema>;

/** Paying on the offline test provider's card form; the client secret is the credential, as with Stripe.js. */
export const offlineConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({ number: z.string().max(40), exp: z.string().max(10), cvc: z.string().max(10) }),
});
export type OfflineConfirm = z.infer<typeof offlineConfirmSchema>;
export type OfflineCard = OfflineConfirm['card'];

// The answers' shapes, each defined once: the API serialises and documents its answers with these schemas, and
// both apps use the types inferred from them.

/** An address as the server answers it: what was stored, without the form's rules. */
export const addressWireSchema = z.object({
  street: z.string(),
  building: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  zipCode: z.string(),
  country: z.string(),
  // Absent on orders placed before addresses had them.
  apartment: z.string().optional(),
  floor: z.string().optional(),
  landmark: z.string().optional(),
  instructions: z.string().optional(),
});

/** A saved address of the shopper's; the default one comes first. */
export const savedAddressSchema = addressWireSchema.extend({
  _id: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  fullAddress: z.string(),
});
export type Address = z.infer<typeof savedAddressSchema>;

export const cartLineSchema = z.object({
  product_id: z.object({
    _id: z.string(),
    name: z.string(),
    nameAr: z.string().nullable(),
    brand: z.string(),
    price: z.number(),
    image_path: z.array(z.string()),
    stock: z.number().int(),
    cod: z.boolean(),
  }),
  /** The chosen variant: the price, stock and pictures above are its own. Absent for a product sold as one thing. */
  variant: lineVariantSchema.optional(),
  quantity: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;
export const cartSchema = z.object({
  products: z.array(cartLineSchema),
  bill: z.number(),
  /**
   * The shopper's unpaid order whose payment is under way (its callback not yet come, or a kiosk reference unpaid):
   * the units it holds are not in `products` until its payment fails or it is cancelled. Null when there is none.
   */
  payingOrder: z.string().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

export const orderLineSchema = z.object({
  product_id: z.string().nullable(),
  productBrief: z.object({
    product_id: z.string().nullable(),
    name: z.string(),
    nameAr: z.string().nullable(),
    price: z.number(),
    image_path: z.array(z.string()),
  }),
  /** The variant ordered, as it was then; absent for a product sold as one thing. */
  variant: lineVariantSchema.optional(),
  quantity: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * Money given back on an order: all of the bill or part of it, when, and how it reaches the shopper: the way it
 * was paid online (back to the card within CARD_REFUND_DAYS), or by hand for a cash order, in the admin's words.
 */
export const orderRefundSchema = z.object({
  amount: z.number(),
  whole: z.boolean(),
  at: z.string(),
  method: z.enum([...ONLINE_METHODS, 'cash']),
  paidBackBy: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/**
 * A cash order's deposit: due until paid online, then paid; given back (refunding, refunded) if the order is
 * cancelled, or refund_failed when the provider refused it and an admin gives it back by hand.
 */
export const DEPOSIT_STATES = ['due', 'paid', 'refunding', 'refunded', 'refund_failed'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const orderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  bill: z.number(),
  itemsTotal: z.number(),
  /** Taken off the items by the coupon `couponCode`: bill = itemsTotal − discount + shipping + codFee. */
  discount: z.number(),
  couponCode: z.string().nullable(),
  shipping: z.number(),
  codFee: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** Every move of the order, oldest first; `reason` is the shopper's or admin's word for a cancellation or return. */
  statusHistory: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), reason: z.string().nullable() })),
  /** The courier's tracking number once shipped, and where the shopper follows the parcel (when the courier has a page). */
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  deliveryAddress: addressWireSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  products: z.array(orderLineSchema),
  /** The sale's e-receipt at the Tax Authority, once issued (only where the shop issues them). */
  etaReceipt: orderEtaReceiptSchema.nullable().optional(),
  /**
   * The return receipts of money given back, oldest first, once issued: a paid order cancelled or a returned one
   * refunded, and each part refunded at the provider before.
   */
  etaReturnReceipts: z.array(orderEtaReceiptSchema).optional(),
  /** Null until money is given back. */
  refund: orderRefundSchema.nullable(),
  /**
   * A cash order's delivery fees paid online before it goes on (docs/decisions/cash-deposit.md): EGP, and whether it
   * is still due, paid, being given back or given back; the rest of the bill is paid at the door. Null without one.
   */
  deposit: z
    .object({ amount: z.number(), state: z.enum(DEPOSIT_STATES) })
    .nullable()
    .optional(),
  /** The last four digits of the buyer's national ID, where the order needed one for its e-receipt. */
  nationalIdEnding: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** The short order number shown to shoppers: the first eight characters of the order id, as couriers and support read it out. */
export const orderRef = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/** A product that ran out, as the 409 of order placement lists it for the OrderError screen. */
export const outOfStockItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  image_path: z.array(z.string()),
  stock: z.number().int(),
  /** The variant that ran out; absent for a product sold as one thing. */
  variant: lineVariantSchema.optional(),
});
export type OutOfStockItem = z.infer<typeof outOfStockItemSchema>;
