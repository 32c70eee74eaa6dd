import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { coupons } from '../../db/schema.js';

const TARGETS = ['productIds', 'categoryIds', 'departmentIds'] as const;
type Target = (typeof TARGETS)[number];

/**
 * Takes a deleted product, category or department out of the coupons aimed at it, in the delete's transaction:
 * their targets are id arrays, not foreign keys. A coupon left aiming at nothing is paused, since no target means
 * the whole shop (rules.ts `covers`): it neither turns into a discount on everything nor goes on quietly matching
 * nothing; the admin sees it paused and decides. Answers the codes changed, for the delete's audit row.
 */
export async function dropCouponTarget(tx: Tx, target: Target, id: string): Promise<string[]> {
  const left = sql`array_remove(${coupons[target]}, ${id}::uuid)`;
  const remaining = TARGETS.map((key) => (key === target ? left : sql`${coupons[key]}`));
  const nothingLeft = sql.join(
    remaining.map((ids) => sql`cardinality(${ids}) = 0`),
    sql` and `,
  );
  const changes: Partial<Record<Target, SQL>> = { [target]: left };
  const rows = await tx
    .update(coupons)
    .set({ ...changes, paused: sql`${coupons.paused} or (${nothingLeft})`, updatedAt: sql`now()` })
    .where(sql`${id}::uuid = any(${coupons[target]})`)
    .returning({ code: coupons.code });
  return rows.map((row) => row.code);
}
