import { z } from 'zod';
import { say } from './said.js';
import { idSchema } from './fields.js';
import { nameField } from './user.js';
import { mobileField } from './phone.js';
import { addressSchema, savedAddressSchema } from './checkout.js';
import { cashOfferSchema } from './cod.js';
import { nationalIdEntry } from './nationalId.js';
import { STAFF_ORDER_SOURCES } from './constants.js';
import { LANGUAGES } from './language.js';

/** Cash on delivery, or paid online through a link sent to the customer (the order is then a card order). */
export const STAFF_PAYMENT_METHODS = ['cash', 'link'] as const;
export type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];

/** The most units of one line a staff member may order at once: more is a typing slip, not a phone order. */
export const STAFF_ORDER_MAX_QUANTITY = 99;
/** The most lines in one order taken by staff. */
export const STAFF_ORDER_MAX_LINES = 50;

export const staffOrderItemSchema = z.object({
  product_id: idSchema,
  variant_id: idSchema.optional(),
  quantity: z
    .number({ error: say.rule.quantityRange(STAFF_ORDER_MAX_QUANTITY) })
    .int(say.rule.quantityRange(STAFF_ORDER_MAX_QUANTITY))
    .min(1, say.rule.quantityRange(STAFF_ORDER_MAX_QUANTITY))
    .max(STAFF_ORDER_MAX_QUANTITY, say.rule.quantityRange(STAFF_ORDER_MAX_QUANTITY)),
});
export type StaffOrderItem = z.infer<typeof staffOrderItemSchema>;

const lineKey = (item: Pick<StaffOrderItem, 'product_id' | 'variant_id'>) =>
  `${item.product_id}/${item.variant_id ?? ''}`;

/** The products of an order taken by staff: at least one, each product (or variant) once. */
export const staffOrderItemsSchema = z
  .array(staffOrderItemSchema, { error: say.rule.orderNeedsItems })
  .min(1, say.rule.orderNeedsItems)
  .max(STAFF_ORDER_MAX_LINES, say.rule.tooManyLines(STAFF_ORDER_MAX_LINES))
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = lineKey(item);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'product_id'], message: say.rule.lineRepeats });
      seen.add(key);
    });
  });

const staffPaymentMethod = z.enum(STAFF_PAYMENT_METHODS, { error: say.rule.staffPaymentMethod });

/**
 * POST /api/admin/orders: an order a staff member places for a customer who called or wrote. The customer is found
 * by their mobile, or an account is made for it under `customerName`; prices and fees are the server's.
 */
export const staffOrderCreateSchema = z.object({
  customerPhone: mobileField,
  customerName: nameField,
  items: staffOrderItemsSchema,
  deliveryAddress: addressSchema,
  paymentMethod: staffPaymentMethod,
  source: z.enum(STAFF_ORDER_SOURCES, { error: say.rule.orderSource }),
  /** The customer's national ID, where the quote says the order needs it (nationalId.ts). */
  nationalId: nationalIdEntry,
  /** The language the customer is written to in (the order's messages and invoice); absent: the dashboard's. */
  language: z.enum(LANGUAGES).optional(),
});
export type StaffOrderCreateInput = z.input<typeof staffOrderCreateSchema>;
export type StaffOrderCreate = z.infer<typeof staffOrderCreateSchema>;

/** POST /api/admin/orders/quote: what such an order would cost, to read out to the customer before placing it. */
export const staffOrderQuoteSchema = z.object({
  items: staffOrderItemsSchema,
  /** The delivery address's governorate (its English name, as addresses store it). */
  state: z.string({ error: say.msg.required }).trim().min(1, say.msg.required).max(100),
  paymentMethod: staffPaymentMethod,
  /** The delivery address's phone: with it, a cash quote says whether the shop's cash rules take cash for it. */
  phone: addressSchema.shape.phone.optional(),
});
export type StaffOrderQuoteInput = z.input<typeof staffOrderQuoteSchema>;
export type StaffOrderQuote = z.infer<typeof staffOrderQuoteSchema>;

/** The quote, in EGP: bill = itemsTotal + shipping + codFee. */
export const staffOrderBillSchema = z.object({
  itemsTotal: z.number(),
  shipping: z.number(),
  codFee: z.number(),
  bill: z.number(),
  /** How cash may pay for it under the shop's cash rules; null for an order paid by link, or without a phone. */
  cash: cashOfferSchema.nullable(),
  /** Whether the order needs the customer's national ID for its e-receipt (ETA_BUYER_ID_THRESHOLD). */
  buyerIdRequired: z.boolean(),
});
export type StaffOrderBill = z.infer<typeof staffOrderBillSchema>;

/** GET /api/admin/customers/by-phone/:phone: the account that mobile reaches, with its saved addresses; null if none. */
export const phoneCustomerSchema = z.object({
  customer: z
    .object({
      _id: z.string(),
      name: z.string(),
      phone: z.string(),
      /** The language of their newest order, which they are written to in; null before their first. */
      language: z.enum(LANGUAGES).nullable(),
    })
    .nullable(),
  addresses: z.array(savedAddressSchema),
});
export type PhoneCustomer = z.infer<typeof phoneCustomerSchema>;
export const phoneCustomerParamsSchema = z.object({ phone: mobileField });
