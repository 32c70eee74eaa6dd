import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { MIGRATIONS } from '../../src/db/migrations-folder.js';
import { orderItems, orders } from '../../src/db/schema.js';
import { share } from '../../src/lib/money.js';
import { freshDatabase } from '../harness.js';
import { ADDRESS } from '../fixtures.js';

/**
 * Migration 0051 gives the lines of orders placed before it their part of the order's discount as their receipts
 * showed it: shared over all the lines in proportion to their prices, the odd piastres to the largest remainders,
 * ties in the receipt's order of lines (by name). Its backfill runs here on lines standing as they stood then.
 */
const [, backfill] = fs
  .readFileSync(path.join(MIGRATIONS, '0051_order_line_discount.sql'), 'utf8')
  .split('--> statement-breakpoint');

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

async function oldOrder(discount: number, lines: [name: string, price: number, quantity: number][]) {
  const itemsTotal = lines.reduce((sum, [, price, quantity]) => sum + price * quantity, 0);
  const [order] = await database.db
    .insert(orders)
    .values({
      userId: null,
      status: 'paid',
      paymentMethod: 'visa',
      itemsTotal,
      discount,
      shipping: 0,
      codFee: 0,
      bill: itemsTotal - discount,
      deliveryAddress: ADDRESS,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  await database.db
    .insert(orderItems)
    .values(lines.map(([name, price, quantity]) => ({ orderId: order.id, name, price, quantity, imagePaths: [] })));
  return order.id;
}

const partsOf = async (orderId: string) =>
  (
    await database.db
      .select({ name: orderItems.name, discount: orderItems.discount })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.name), asc(orderItems.id))
  ).map((line) => [line.name, line.discount]);

describe('migration 0051 on orders placed before it', () => {
  it('shares each discount over all the lines as the receipts did, and leaves orders without one at 0', async () => {
    const shared = await oldOrder(1_000, [
      ['b mug', 333, 1],
      ['a kettle', 333, 1],
      ['c lamp', 334, 2],
    ]);
    const whole = await oldOrder(250, [['kettle', 5_000, 1]]);
    const none = await oldOrder(0, [
      ['kettle', 5_000, 1],
      ['mug', 700, 3],
    ]);
    await database.db.execute(sql.raw(backfill ?? ''));

    expect(share(1_000, [333, 333, 668])).toEqual([250, 249, 501]);
    expect(await partsOf(shared)).toEqual([
      ['a kettle', 250],
      ['b mug', 249],
      ['c lamp', 501],
    ]);
    expect(await partsOf(whole)).toEqual([['kettle', 250]]);
    expect(await partsOf(none)).toEqual([
      ['kettle', 0],
      ['mug', 0],
    ]);
  });
});
