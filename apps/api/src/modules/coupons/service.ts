import { desc, eq } from 'drizzle-orm';
import { say, type Coupon, type CouponFields, type CouponUse, type OrderStatus } from '@shop/contracts';
import { couponUses, coupons, orders, users } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { mapDbError, UNIQUE_VIOLATION } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import { isId } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import { toCoupon } from './queries.js';
import { transaction } from '../../db/transaction.js';

/** The columns of a coupon as the admin wrote it: money in piastres, dates as dates. */
const toRow = (c: CouponFields) => ({
  code: c.code,
  kind: c.kind,
  value: c.kind === 'fixed' ? toPiastres(c.value) : c.value,
  minOrder: c.minOrder === null ? null : toPiastres(c.minOrder),
  // A cap means something only to a percentage.
  maxDiscount: c.kind === 'percent' && c.maxDiscount !== null ? toPiastres(c.maxDiscount) : null,
  startsAt: c.startsAt === null ? null : new Date(c.startsAt),
  endsAt: c.endsAt === null ? null : new Date(c.endsAt),
  maxUses: c.maxUses,
  perUserLimit: c.perUserLimit,
  freeShipping: c.freeShipping,
  departmentIds: c.departments,
  categoryIds: c.categories,
  productIds: c.products,
});

const codeTaken = mapDbError({ [UNIQUE_VIOLATION]: conflict(say.api.couponExists) });

/** The dashboard's coupons: each write in one transaction with its audit entry. */
export function couponsService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;

  async function list(): Promise<Coupon[]> {
    const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
    return rows.map(toCoupon);
  }

  async function create(input: CouponFields, actor: Actor): Promise<Coupon> {
    return transaction(db, async (tx) => {
      const [row] = await tx.insert(coupons).values(toRow(input)).returning().catch(codeTaken);
      if (!row) throw new Error('coupon insert returned no row');
      await auditAdmin(tx, actor, 'coupon_create', `created coupon ${row.code}`, { id: row.id, ...input });
      return toCoupon(row);
    });
  }

  /** Rewrites the coupon's rules; the uses it has are kept, so its limit cannot go below them. */
  async function update(id: string, input: CouponFields, actor: Actor): Promise<Coupon> {
    if (!isId(id)) throw notFound('Coupon');
    return transaction(db, async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('no key update');
      if (!current) throw notFound('Coupon');
      if (input.maxUses !== null && input.maxUses < current.uses)
        throw badRequest(say.api.couponLimitBelowUses(current.uses));
      const [row] = await tx
        .update(coupons)
        .set({ ...toRow(input), updatedAt: deps.clock.now() })
        .where(eq(coupons.id, id))
        .returning()
        .catch(codeTaken);
      if (!row) throw notFound('Coupon');
      await auditAdmin(tx, actor, 'coupon_update', `changed coupon ${row.code}`, { id, ...input });
      return toCoupon(row);
    });
  }

  async function pause(id: string, paused: boolean, actor: Actor): Promise<Coupon> {
    if (!isId(id)) throw notFound('Coupon');
    return transaction(db, async (tx) => {
      const [row] = await tx
        .update(coupons)
        .set({ paused, updatedAt: deps.clock.now() })
        .where(eq(coupons.id, id))
        .returning();
      if (!row) throw notFound('Coupon');
      const what = `${paused ? 'paused' : 'resumed'} coupon ${row.code}`;
      await auditAdmin(tx, actor, paused ? 'coupon_pause' : 'coupon_resume', what, { id, code: row.code });
      return toCoupon(row);
    });
  }

  /** The orders holding the coupon, newest first. */
  async function uses(id: string): Promise<CouponUse[]> {
    if (!isId(id)) throw notFound('Coupon');
    const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id));
    if (!coupon) throw notFound('Coupon');
    const rows = await db
      .select({
        orderId: couponUses.orderId,
        userEmail: users.email,
        userPhone: users.phone,
        discount: couponUses.discount,
        status: orders.status,
        createdAt: couponUses.createdAt,
      })
      .from(couponUses)
      .innerJoin(orders, eq(orders.id, couponUses.orderId))
      .leftJoin(users, eq(users.id, couponUses.userId))
      .where(eq(couponUses.couponId, id))
      .orderBy(desc(couponUses.createdAt), desc(couponUses.orderId));
    return rows.map((r) => ({
      orderId: r.orderId,
      userEmail: r.userEmail,
      userPhone: r.userPhone,
      discount: toEgp(r.discount),
      status: r.status as OrderStatus,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  return { list, create, update, pause, uses };
}
