import { z } from 'zod';
import { COUPON_KINDS, couponInputSchema, requiredNumber, say, type Coupon, type CouponFields } from '@shop/contracts';

/** A number box that may be left empty (no minimum, no limit): empty is null. */
const optionalNumber = (field: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? null : Number(value)),
    z.number({ error: say.msg.mustBeNumber(field) }).nullable(),
  );

/** A `datetime-local` box, read in the admin's own time zone; empty is "no date". */
const localDateTime = z.string().transform((value) => (value ? new Date(value).toISOString() : null));

/**
 * The coupon dialog's fields as the browser holds them (text in number and date boxes), turned into
 * what the server takes and checked by the same rules it checks.
 */
const couponFields = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: requiredNumber('value'),
  minOrder: optionalNumber('minOrder'),
  maxDiscount: optionalNumber('maxDiscount'),
  startsAt: localDateTime,
  endsAt: localDateTime,
  maxUses: optionalNumber('maxUses'),
  perUserLimit: optionalNumber('perUserLimit'),
  freeShipping: z.boolean(),
  departments: z.array(z.string()),
  categories: z.array(z.string()),
  products: z.array(z.string()),
});
// Every value the boxes produce is one the API's schema takes: its input type is wider only in that it lets
// fields be left out, which the boxes never do.
export const couponFormSchema = couponFields.pipe(
  couponInputSchema as z.ZodType<CouponFields, z.output<typeof couponFields>>,
);
export type CouponFormInput = z.input<typeof couponFormSchema>;

export const emptyCouponForm: CouponFormInput = {
  code: '',
  kind: 'percent',
  value: '',
  minOrder: '',
  maxDiscount: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  perUserLimit: '',
  freeShipping: false,
  departments: [],
  categories: [],
  products: [],
};

/** An instant as a `datetime-local` box shows it: the admin's local time, to the minute. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toBox = (value: number | null) => (value === null ? '' : String(value));

export const couponToForm = (coupon: Coupon): CouponFormInput => ({
  code: coupon.code,
  kind: coupon.kind,
  value: String(coupon.value),
  minOrder: toBox(coupon.minOrder),
  maxDiscount: toBox(coupon.maxDiscount),
  startsAt: toLocalInput(coupon.startsAt),
  endsAt: toLocalInput(coupon.endsAt),
  maxUses: toBox(coupon.maxUses),
  perUserLimit: toBox(coupon.perUserLimit),
  freeShipping: coupon.freeShipping,
  departments: coupon.departments,
  categories: coupon.categories,
  products: coupon.products,
});

/** Where a coupon stands today, as the list shows it. */
export type CouponState = 'active' | 'paused' | 'scheduled' | 'expired' | 'usedUp';

export function couponState(coupon: Coupon, now: Date): CouponState {
  if (coupon.paused) return 'paused';
  if (coupon.endsAt && now >= new Date(coupon.endsAt)) return 'expired';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'usedUp';
  if (coupon.startsAt && now < new Date(coupon.startsAt)) return 'scheduled';
  return 'active';
}
