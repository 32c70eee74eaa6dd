import { z } from 'zod';
import { COD_FEE_EGP, PAYMENT_METHODS, SHIPPING_FEE_EGP, type PaymentMethod } from './constants.js';
import { requiredText } from './fields.js';
import { couponEntry } from './coupons.js';
import { say } from './said.js';
import { toPiastres } from './money.js';
import { EGYPT_GOVERNORATES, type Governorate } from './governorates.js';

const egp = z.number().min(0).max(100_000).multipleOf(0.01);
/** Whole days from the order to the door. */
const days = z.number().int().min(0).max(60);

/** How long delivery takes to a governorate: from minDays to maxDays days after the order. */
export interface DeliveryDays {
  governorate: Governorate;
  minDays: number;
  maxDays: number;
}

/** The governorates the shop's couriers reach in a day or two; far ones (Sinai, the oases, the Red Sea coast) take longest. */
const NEAR: readonly Governorate[] = ['Cairo', 'Giza', 'Qalyubia'];
const FAR: readonly Governorate[] = [
  'Matrouh',
  'New Valley',
  'North Sinai',
  'Red Sea',
  'South Sinai',
  'Aswan',
  'Luxor',
];

/** Delivery times before the merchant sets their own: 1–2 days around Cairo, 4–7 to far governorates, 2–4 elsewhere. */
export const defaultDeliveryDays = (governorate: Governorate): Omit<DeliveryDays, 'governorate'> =>
  NEAR.includes(governorate)
    ? { minDays: 1, maxDays: 2 }
    : FAR.includes(governorate)
      ? { minDays: 4, maxDays: 7 }
      : { minDays: 2, maxDays: 4 };

/** What delivery costs, in EGP: per governorate, and the rules that apply to every order. */
export const shippingRatesSchema = z
  .object({
    codFee: egp,
    cardShipsFree: z.boolean(),
    /** Items worth at least this ship free; null: no threshold. */
    freeOver: egp.nullable(),
    /** The shopper may open a parcel and check it before accepting it: told to them, and to the courier. */
    openBeforeAccepting: z.boolean(),
    rates: z.array(
      z
        .object({ governorate: z.enum(EGYPT_GOVERNORATES), base: egp, perKg: egp, minDays: days, maxDays: days })
        .refine((rate) => rate.minDays <= rate.maxDays, { message: say.rule.daysInOrder, path: ['maxDays'] }),
    ),
  })
  .refine((r) => EGYPT_GOVERNORATES.every((g) => r.rates.filter((rate) => rate.governorate === g).length === 1), {
    message: 'Give exactly one rate for each of the 27 governorates',
    path: ['rates'],
  });
export type ShippingRates = z.infer<typeof shippingRatesSchema>;

/** The rules the shop charged before rates were configurable: cash pays shipping and the COD fee, card ships free. */
export const DEFAULT_SHIPPING_RATES: ShippingRates = {
  codFee: COD_FEE_EGP,
  cardShipsFree: true,
  freeOver: null,
  openBeforeAccepting: false,
  rates: EGYPT_GOVERNORATES.map((governorate) => ({
    governorate,
    base: SHIPPING_FEE_EGP,
    perKg: 0,
    ...defaultDeliveryDays(governorate),
  })),
};

/**
 * What the product page promises of delivery (GET /api/shipping/delivery-days): how long it takes to each
 * governorate, and whether the parcel may be opened before it is accepted.
 */
export const deliveryDaysSchema = z.object({
  days: z.array(z.object({ governorate: z.enum(EGYPT_GOVERNORATES), minDays: z.number(), maxDays: z.number() })),
  openBeforeAccepting: z.boolean(),
}) satisfies z.ZodType<{ days: DeliveryDays[]; openBeforeAccepting: boolean }>;
export type DeliveryDaysList = z.infer<typeof deliveryDaysSchema>;

export interface ShippingQuery {
  /** The address's `state`; outside the 27 governorates, the dearest rate applies, so nobody is undercharged. */
  governorate: string;
  weightKg: number;
  itemsPiastres: number;
  method: PaymentMethod;
}

/**
 * An order's delivery fees in piastres: base + perKg × each started kilogram beyond the first, nothing
 * when the items reach freeOver or a card order ships free, and the COD fee on cash orders.
 */
export function shippingFees(rates: ShippingRates, q: ShippingQuery): { shipping: number; codFee: number } {
  const codFee = q.method === 'cash' ? toPiastres(rates.codFee) : 0;
  const free =
    (q.method === 'visa' && rates.cardShipsFree) ||
    (rates.freeOver !== null && q.itemsPiastres >= toPiastres(rates.freeOver));
  if (free) return { shipping: 0, codFee };
  const rate =
    rates.rates.find((r) => r.governorate === q.governorate) ??
    rates.rates.reduce((dearest, r) => (r.base + r.perKg > dearest.base + dearest.perKg ? r : dearest));
  // Weights are stored as floats: 2.0000001 kg is 2 kg, not a third started kilogram.
  const extraKg = Math.ceil(Math.max(0, Math.round(q.weightKg * 1000) / 1000 - 1));
  return { shipping: toPiastres(rate.base) + toPiastres(rate.perKg) * extraKg, codFee };
}

/** What a quote is asked for: the chosen address's `state`, the chosen payment method and the coupon entered, if any. */
export const shippingQuoteQuerySchema = z.object({
  state: requiredText(say.msg.required, 100),
  paymentMethod: z.enum(PAYMENT_METHODS),
  coupon: couponEntry,
});
export type ShippingQuoteQuery = z.input<typeof shippingQuoteQuerySchema>;

/**
 * The shopper's cart as the order would bill it, before placing it: the delivery fees of the chosen address
 * and payment method, and what the coupon takes off (0 without one; a coupon that cannot be used is a 400).
 */
export const shippingQuoteSchema = z.object({
  shipping: z.number(),
  codFee: z.number(),
  discount: z.number(),
  /** The coupon's code as the shop spells it (the shopper may have typed it in another case); null without one. */
  coupon: z.string().nullable(),
  /** Whether the order needs the buyer's national ID for its e-receipt (ETA_BUYER_ID_THRESHOLD). */
  buyerIdRequired: z.boolean(),
});
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;
