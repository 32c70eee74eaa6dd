import { z } from 'zod';
import { say } from './said.js';
import { idSchema } from './fields.js';
import { ORDER_STATUSES } from './lifecycle.js';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** What an admin may name a coupon: letters, digits, '-' and '_', so a shopper can read it out and type it. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** A code as a shopper types it at checkout: matched without regard to case or surrounding spaces. */
export const couponEntry = z
  .string()
  .trim()
  .max(64, say.rule.atMostCharacters(64))
  .optional()
  .transform((code) => code || undefined);

const limit = (field: string) =>
  z
    .number()
    .int(say.rule.mustBeWhole(field))
    .min(1, say.rule.mustBePositive(field))
    .max(1_000_000_000, say.rule.tooLarge(field))
    .nullable()
    .default(null);
const when = z.iso.datetime({ offset: true, error: say.rule.invalidDate }).nullable().default(null);
const targets = z.array(idSchema).max(500).default([]);

/**
 * A coupon as the admin writes it (create and edit). `value` is a whole percent (1 to 100) for 'percent'
 * and EGP for 'fixed'; it may be 0 only on a free-shipping coupon. The limits to departments, categories
 * and products narrow which of the order's lines the discount applies to; none means the whole order.
 */
export const couponInputSchema = z
  .object({
    code: z.string({ error: say.msg.requiredField }).trim().regex(COUPON_CODE_PATTERN, say.rule.couponCode),
    kind: z.enum(COUPON_KINDS),
    value: z.number().min(0, say.rule.cannotBeNegative('value')).max(10_000_000, say.rule.tooLarge('value')),
    minOrder: z
      .number()
      .positive(say.rule.mustBePositive('minOrder'))
      .max(10_000_000, say.rule.tooLarge('minOrder'))
      .nullable()
      .default(null),
    /** EGP a percentage coupon takes off at most: 10% of a phone need not be thousands. */
    maxDiscount: z
      .number()
      .positive(say.rule.mustBePositive('maxDiscount'))
      .max(10_000_000, say.rule.tooLarge('maxDiscount'))
      .multipleOf(0.01)
      .nullable()
      .default(null),
    startsAt: when,
    endsAt: when,
    maxUses: limit('maxUses'),
    perUserLimit: limit('perUserLimit'),
    freeShipping: z.boolean().default(false),
    departments: targets,
    categories: targets,
    products: targets,
  })
  .superRefine((coupon, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (coupon.kind === 'percent' && (!Number.isInteger(coupon.value) || coupon.value > 100))
      issue('value', say.rule.percentRange);
    if (coupon.value === 0 && !coupon.freeShipping) issue('value', say.rule.mustBePositive('value'));
    if (coupon.startsAt && coupon.endsAt && Date.parse(coupon.endsAt) <= Date.parse(coupon.startsAt))
      issue('endsAt', say.rule.endsAfterStart);
  });
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponFields = z.output<typeof couponInputSchema>;

/** Pausing or resuming a coupon: a paused code is refused at checkout until resumed. */
export const couponPauseSchema = z.object({ paused: z.boolean() });
export type CouponPause = z.infer<typeof couponPauseSchema>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minOrder: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  perUserLimit: z.number().int().nullable(),
  freeShipping: z.boolean(),
  departments: z.array(z.string()),
  categories: z.array(z.string()),
  products: z.array(z.string()),
  paused: z.boolean(),
  /** Orders holding the coupon now: a cancelled order gives its use back. */
  uses: z.number().int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** One order that used a coupon, for the dashboard's list of its uses. */
export const couponUseSchema = z.object({
  orderId: z.string(),
  /** The shopper's e-mail: null for an account made by phone, and for a deleted account (its phone null too). */
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  discount: z.number(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
});
export type CouponUse = z.infer<typeof couponUseSchema>;
