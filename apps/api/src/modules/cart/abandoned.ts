import { desc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  CART_ABANDONED_AFTER_MS,
  ABANDONED_CARTS_PAGE_SIZE,
  type AbandonedCartsPage,
  type AbandonedCartsQuery,
} from '@shop/contracts';
import { cartItems, products, productVariants, users } from '../../db/schema.js';
import { toEgp } from '../../lib/money.js';
import type { Deps } from '../deps.js';
import { linePrice } from '../orders/bill.js';
import { freeUnits } from '../orders/claimed.js';

/**
 * The carts shoppers abandoned: what is in them, at today's prices, and whether a reminder went
 * (messaging/cart-reminders.ts sends one, a day after, to those who opted in). Read by those who may read the
 * customers. A cart counts only the units a payment under way does not hold, as the shopper's cart shows them.
 */
export function abandonedCarts(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /** The abandoned carts as a statement's CTE: a row each, with its shopper and its sums. */
  function abandoned() {
    const lines = db.$with('lines').as(
      db
        .select({
          userId: sql<string>`${cartItems.userId}`.as('user_id'),
          units: sql<number>`${freeUnits}`.as('units'),
          piastres: sql<number>`${linePrice} * ${freeUnits}`.as('piastres'),
          addedAt: sql<Date>`${cartItems.createdAt}`.as('added_at'),
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .where(gt(freeUnits, 0)),
    );
    // A cart filled before its changes were timed is as old as its newest line.
    const changedAt = sql<Date>`coalesce(${users.cartChangedAt}, max(${lines.addedAt}))`;
    return db.$with('carts').as(
      db
        .with(lines)
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          // The number a code proved theirs, else the one they typed (the users list shows which).
          phone: sql<string | null>`coalesce(${users.verifiedPhone}, ${users.phone})`.as('phone'),
          phoneConfirmed: sql<boolean>`${users.verifiedPhone} is not null`.as('phone_confirmed'),
          changedAt: changedAt.as('changed_at'),
          // A reminder of this cart: one sent before its last change was of an earlier cart (cart-reminders.ts).
          remindedAt:
            sql<Date | null>`case when ${users.cartRemindedAt} >= ${changedAt} then ${users.cartRemindedAt} end`.as(
              'reminded_at',
            ),
          reminders: sql<boolean>`${users.cartRemindersLanguage} is not null`.as('reminders'),
          pieces: sql<number>`sum(${lines.units})`.as('pieces'),
          piastres: sql<number>`sum(${lines.piastres})`.as('piastres'),
        })
        .from(lines)
        .innerJoin(users, eq(users.id, lines.userId))
        // A shopper made staff keeps their old cart, which no staff account can use: nobody abandoned it.
        .where(eq(users.role, false))
        .groupBy(users.id)
        .having(lt(changedAt, new Date(clock.now().getTime() - CART_ABANDONED_AFTER_MS))),
    );
  }

  /** How many carts are abandoned, and what they hold in all (piastres at today's prices). */
  async function totals(): Promise<{ count: number; piastres: number }> {
    const carts = abandoned();
    const [all] = await db
      .with(carts)
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        piastres: sql<number>`coalesce(sum(${carts.piastres}), 0)`.mapWith(Number),
      })
      .from(carts);
    return { count: all?.count ?? 0, piastres: all?.piastres ?? 0 };
  }

  async function list(query: AbandonedCartsQuery): Promise<AbandonedCartsPage> {
    const carts = abandoned();
    const [rows, all] = await Promise.all([
      db
        .with(carts)
        .select()
        .from(carts)
        .orderBy(desc(carts.changedAt), desc(carts.id))
        .limit(ABANDONED_CARTS_PAGE_SIZE)
        .offset((query.page - 1) * ABANDONED_CARTS_PAGE_SIZE),
      totals(),
    ]);

    const total = all.count;
    return {
      carts: rows.map((row) => ({
        user: { _id: row.id, name: row.name, email: row.email, phone: row.phone },
        phoneConfirmed: row.phoneConfirmed,
        pieces: Number(row.pieces),
        value: toEgp(Number(row.piastres)),
        changedAt: new Date(row.changedAt).toISOString(),
        reminders: row.reminders,
        remindedAt: row.remindedAt === null ? null : new Date(row.remindedAt).toISOString(),
      })),
      pages: Math.max(1, Math.ceil(total / ABANDONED_CARTS_PAGE_SIZE)),
      total,
      value: toEgp(all.piastres),
    };
  }

  return { list, totals };
}
