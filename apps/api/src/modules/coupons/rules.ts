import { say } from '@shop/contracts';
import { badRequest } from '../../lib/errors.js';
import { share, toEgp } from '../../lib/money.js';
import type { CouponRow } from './queries.js';

/** An order line as a coupon sees it: where the product sits in the catalogue, and what it costs (piastres). */
export interface CouponLine {
  productId: string;
  categoryId: string;
  departmentId: string;
  price: number;
  quantity: number;
}

/** What a usable coupon does to an order: piastres off the items, and whether delivery is free. */
export interface CouponEffect {
  coupon: CouponRow;
  discount: number;
  /**
   * Each line's part of the discount, in the order of the lines: shared over the lines the coupon covers in
   * proportion to their prices, none on the others. The order keeps them; its e-receipt shows them.
   */
  lineDiscounts: number[];
  freeShipping: boolean;
}

export interface CouponContext {
  lines: readonly CouponLine[];
  /** The items' total in piastres, before any discount. */
  itemsTotal: number;
  now: Date;
  /** The shopper's uses (queries.ts shopperUses). */
  uses: { kept: number; replaceable: number };
}

/** Whether a coupon limited to parts of the catalogue covers the line; one limited to none covers all. */
function covers(coupon: CouponRow, line: CouponLine): boolean {
  const limited = coupon.productIds.length + coupon.categoryIds.length + coupon.departmentIds.length > 0;
  return (
    !limited ||
    coupon.productIds.includes(line.productId) ||
    coupon.categoryIds.includes(line.categoryId) ||
    coupon.departmentIds.includes(line.departmentId)
  );
}

/**
 * Checks every rule of the coupon against the order and answers what it takes off; a coupon the order
 * cannot use is a 400 saying why. The discount is a percent of the lines the coupon covers (rounded to the
 * piastre, at most its maxDiscount) or its fixed amount, never more than those lines cost.
 */
export function couponEffect(code: string, coupon: CouponRow | null, ctx: CouponContext): CouponEffect {
  if (!coupon) throw badRequest(say.api.couponUnknown(code));
  if (coupon.paused) throw badRequest(say.api.couponPaused);
  if (coupon.startsAt && ctx.now < coupon.startsAt)
    throw badRequest(say.api.couponNotStarted(coupon.startsAt.toISOString()));
  if (coupon.endsAt && ctx.now >= coupon.endsAt) throw badRequest(say.api.couponExpired(coupon.endsAt.toISOString()));
  // The shopper's unpaid order that this one replaces gives its use back as it is cancelled.
  if (coupon.maxUses !== null && coupon.uses - ctx.uses.replaceable >= coupon.maxUses)
    throw badRequest(say.api.couponUsedUp);
  if (coupon.perUserLimit !== null && ctx.uses.kept >= coupon.perUserLimit) throw badRequest(say.api.couponUsedByYou);
  if (coupon.minOrder !== null && ctx.itemsTotal < coupon.minOrder)
    throw badRequest(say.api.couponMinOrder(toEgp(coupon.minOrder)));
  const covered = ctx.lines.map((line) => covers(coupon, line));
  if (!covered.includes(true)) throw badRequest(say.api.couponNotApplicable);
  const coveredCost = ctx.lines.map((line, i) => (covered[i] ? line.price * line.quantity : 0));
  const coveredTotal = coveredCost.reduce((sum, cost) => sum + cost, 0);
  const off =
    coupon.kind === 'percent'
      ? Math.min(Math.round((coveredTotal * coupon.value) / 100), coupon.maxDiscount ?? Infinity)
      : coupon.value;
  const discount = Math.min(off, coveredTotal);
  return { coupon, discount, lineDiscounts: share(discount, coveredCost), freeShipping: coupon.freeShipping };
}
