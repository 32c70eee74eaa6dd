import { z } from 'zod';
import { EGYPT_GOVERNORATES, type ShippingRates } from '@shop/contracts';
import { i18n } from '../../i18n';

/** The largest fee or threshold the server takes, in EGP. */
const MAX_EGP = 100_000;
/** Pounds with at most two decimals (piastres), as typed: no sign, no exponent. */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

const amountOrEmpty = () =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || AMOUNT.test(value), { error: () => i18n.t('admin.shipping.invalidAmount') })
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || value <= MAX_EGP, {
      error: () => i18n.t('admin.shipping.tooLarge', { max: MAX_EGP.toLocaleString(i18n.language) }),
    });

const amount = () =>
  z
    .string()
    .trim()
    .min(1, { error: () => i18n.t('admin.shipping.required') })
    .pipe(amountOrEmpty())
    .transform((value) => value ?? 0);

/** Days of delivery as typed: a whole number from 0 to 60. */
const days = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, { error: () => i18n.t('admin.shipping.invalidDays') })
    .transform(Number)
    .refine((value) => value <= 60, { error: () => i18n.t('admin.shipping.invalidDays') });

/**
 * The Shipping screen's form: every amount typed as text and checked field by field before the
 * server checks it again; the threshold may be left empty (no free shipping).
 */
export const shippingFormSchema = z.object({
  codFee: amount(),
  cardShipsFree: z.boolean(),
  freeOver: amountOrEmpty(),
  openBeforeAccepting: z.boolean(),
  rates: z.array(
    z
      .object({
        governorate: z.enum(EGYPT_GOVERNORATES),
        base: amount(),
        perKg: amount(),
        minDays: days(),
        maxDays: days(),
      })
      .refine((rate) => rate.minDays <= rate.maxDays, {
        error: () => i18n.t('admin.shipping.daysInOrder'),
        path: ['maxDays'],
      }),
  ),
});
export type ShippingFormInput = z.input<typeof shippingFormSchema>;

/** The saved table as the form starts: amounts as text, no threshold as an empty field. */
export const shippingToForm = (rates: ShippingRates): ShippingFormInput => ({
  codFee: String(rates.codFee),
  cardShipsFree: rates.cardShipsFree,
  freeOver: rates.freeOver === null ? '' : String(rates.freeOver),
  openBeforeAccepting: rates.openBeforeAccepting,
  rates: rates.rates.map((rate) => ({
    governorate: rate.governorate,
    base: String(rate.base),
    perKg: String(rate.perKg),
    minDays: String(rate.minDays),
    maxDays: String(rate.maxDays),
  })),
});
