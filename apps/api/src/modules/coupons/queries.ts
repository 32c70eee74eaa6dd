import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Coupon } from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { couponUses, coupons, orders } from '../../db/schema.js';
import { toEgp } from '../../lib/money.js';
import { replaceable } from '../orders/claimed.js';

export type CouponRow = typeof coupons.$inferSelect;

export function toCoupon(c: CouponRow): Coupon {
  return {
    _id: c.id,
    code: c.code,
    kind: c.kind as Coupon['kind'],
    value: c.kind === 'fixed' ? toEgp(c.value) : c.value,
    minOrder: c.minOrder === null ? null : toEgp(c.minOrder),
    maxDiscount: c.maxDiscount === null ? null : toEgp(c.maxDiscount),
    startsAt: c.startsAt?.toISOString() ?? null,
    endsAt: c.endsAt?.toISOString() ?? null,
    maxUses: c.maxUses,
    perUserLimit: c.perUserLimit,
    freeShipping: c.freeShipping,
    departments: c.departmentIds,
    categories: c.categoryIds,
    products: c.productIds,
    paused: c.paused,
    uses: c.uses,
    createdAt: c.createdAt.toISOString(),
  };
}

const byCode = (code: string) => eq(sql`lower(${coupons.code})`, code.toLowerCase());

/** The coupon a shopper typed, whatever its case. */
export async function findCoupon(db: DbOrTx, code: string): Promise<CouponRow | null> {
  const [coupon] = await db.select().from(coupons).where(byCode(code));
  return coupon ?? null;
}

/**
 * Locks the coupon a shopper typed until the order's transaction ends. Placement takes it right after the
 * shopper's own row and before any product, as cancelling an order gives a use back before its stock
 * (orders/lifecycle.ts): one order of locks for every writer, so none of them waits on another in a circle.
 */
export async function lockCoupon(tx: Tx, code: string): Promise<void> {
  // Sent as it is called (execute, not a thenable awaited later), so that among statements asked at once it runs
  // in the place it was asked: the checkout locks the coupon after the user and before any product.
  await tx.select({ id: coupons.id }).from(coupons).where(byCode(code)).for('no key update').execute();
}

/**
 * How a shopper stands with a coupon: the uses of their orders that count against its limits, and those
 * of their unpaid order, not being paid, that placing a new order would cancel and so give back.
 */
export async function shopperUses(db: DbOrTx, couponId: string, userId: string) {
  const [row] = await db
    .select({
      kept: sql<number>`count(*) filter (where not (${replaceable}))::int`,
      replaceable: sql<number>`count(*) filter (where ${replaceable})::int`,
    })
    .from(couponUses)
    .innerJoin(orders, eq(orders.id, couponUses.orderId))
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)));
  return { kept: row?.kept ?? 0, replaceable: row?.replaceable ?? 0 };
}

/**
 * Records the order's use of the coupon, if one is left: the count goes up only while it is under the
 * limit, so of two checkouts racing for the last use the second, which waits for the first's row lock,
 * finds none left. False when none was.
 */
export async function claimUse(
  tx: Tx,
  use: { couponId: string; orderId: string; userId: string; discount: number },
): Promise<boolean> {
  const claimed = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, use.couponId), sql`(${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})`))
    .returning({ id: coupons.id })
    .execute();
  if (!claimed.length) return false;
  await tx.insert(couponUses).values(use);
  return true;
}

/** Gives back the uses of cancelled orders, so the shopper (or another) may use the coupon again. */
export async function releaseUses(tx: Tx, orderIds: readonly string[]): Promise<void> {
  const released = await tx
    .delete(couponUses)
    .where(inArray(couponUses.orderId, [...orderIds]))
    .returning({ couponId: couponUses.couponId });
  for (const { couponId } of released)
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} - 1` })
      .where(eq(coupons.id, couponId));
}
