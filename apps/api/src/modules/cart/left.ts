import { desc, eq, gt, lt, sql } from 'drizzle-orm';
import { CART_LEFT_AFTER_MS, LEFT_CARTS_PAGE_SIZE, type LeftCartsPage, type LeftCartsQuery } from '@shop/contracts';
import { cartItems, products, productVariants, users } from '../../db/schema.js';
import { toEgp } from '../../lib/money.js';
import type { Deps } from '../deps.js';
import { linePrice } from '../orders/bill.js';
import { freeUnits } from '../orders/claimed.js';

/**
 * The carts shoppers left: what is in them, at today's prices, and whether a reminder went (messaging/cart-reminders.ts
 * sends one to those who agreed, a day after). A merchant in Egypt calls such a shopper, or writes on WhatsApp; the
 * list is read by those who may read the customers. A cart's lines count only the units a payment under way does not
 * hold, as the shopper's cart shows them.
 */
export function leftCarts(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  async function list(query: LeftCartsQuery): Promise<LeftCartsPage> {
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
    const carts = db.$with('carts').as(
      db
        .with(lines)
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          changedAt: changedAt.as('changed_at'),
          remindedAt: users.cartRemindedAt,
          reminders: sql<boolean>`${users.cartRemindersLanguage} is not null`.as('reminders'),
          lines: sql<number>`count(*)`.as('lines'),
          pieces: sql<number>`sum(${lines.units})`.as('pieces'),
          piastres: sql<number>`sum(${lines.piastres})`.as('piastres'),
        })
        .from(lines)
        .innerJoin(users, eq(users.id, lines.userId))
        .groupBy(users.id)
        .having(lt(changedAt, new Date(clock.now().getTime() - CART_LEFT_AFTER_MS))),
    );
    const [rows, [all]] = await Promise.all([
      db
        .with(carts)
        .select()
        .from(carts)
        .orderBy(desc(carts.changedAt), desc(carts.id))
        .limit(LEFT_CARTS_PAGE_SIZE)
        .offset((query.page - 1) * LEFT_CARTS_PAGE_SIZE),
      db
        .with(carts)
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          piastres: sql<number>`coalesce(sum(${carts.piastres}), 0)`.mapWith(Number),
        })
        .from(carts),
    ]);

    const total = all?.total ?? 0;
    return {
      carts: rows.map((row) => ({
        user: { _id: row.id, name: row.name, email: row.email, phone: row.phone },
        lines: Number(row.lines),
        pieces: Number(row.pieces),
        value: toEgp(Number(row.piastres)),
        changedAt: new Date(row.changedAt).toISOString(),
        reminders: row.reminders,
        remindedAt: row.remindedAt?.toISOString() ?? null,
      })),
      pages: Math.max(1, Math.ceil(total / LEFT_CARTS_PAGE_SIZE)),
      total,
      value: toEgp(all?.piastres ?? 0),
    };
  }

  return { list };
}
