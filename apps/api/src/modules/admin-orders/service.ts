import { eq } from 'drizzle-orm';
import {
  addressChangeable,
  say,
  type AddressInput,
  type AdminOrdersFilter,
  type OrderNote,
  type OrderStatus,
} from '@shop/contracts';
import { orderNotes, orders, staffRoles, users } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { cairoDay } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { csvMoney, type CsvColumns } from '../../lib/csv.js';
import type { Deps } from '../deps.js';
import { exportOrders, listOrders, loadOrderDetail, noteOf, type ExportRow } from './queries.js';
import { lockOrder } from '../orders/lifecycle.js';
import { recordPaidBack, type PaidBackRecord } from '../payments/paid-back.js';
import { transaction } from '../../db/transaction.js';

const COLUMNS: CsvColumns<ExportRow> = [
  ['id', (r) => r.id],
  ['createdAt', (r) => r.createdAt.toISOString()],
  ['status', (r) => r.status],
  ['paymentMethod', (r) => r.paymentMethod],
  ['customerName', (r) => r.name],
  ['email', (r) => r.email],
  ['phone', (r) => r.address.phone],
  ['governorate', (r) => r.address.state],
  ['city', (r) => r.address.city],
  ['items', (r) => r.items],
  ['itemsTotal', (r) => csvMoney(r.itemsTotal)],
  ['coupon', (r) => r.couponCode],
  ['discount', (r) => csvMoney(r.discount)],
  ['shipping', (r) => csvMoney(r.shipping)],
  ['codFee', (r) => csvMoney(r.codFee)],
  ['bill', (r) => csvMoney(r.bill)],
  ['trackingNumber', (r) => r.trackingNumber],
  ['source', (r) => r.source],
  // Money as it moved, after the columns spreadsheets already read: a cash order's delivery fees paid online first
  // (its state: due, paid, refunding, refunded, refund_failed), and what was given back, and how.
  ['deposit', (r) => (r.depositState ? csvMoney(r.deposit) : null)],
  ['depositState', (r) => r.depositState],
  ['refunded', (r) => csvMoney(r.refunded)],
  ['refundedBy', (r) => r.refundedBy],
];

export function adminOrdersService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  return {
    list: (filter: AdminOrdersFilter, page: number) => listOrders(db, filter, page, clock.now()),

    one: (orderId: string) => loadOrderDetail(db, orderId, clock.now()),

    /**
     * A staff note on an order, signed with the author's name and role as they are now (kept as written, like the
     * audit log's), and recorded in the audit log with it; the text stays in the note, not in the log.
     */
    addNote: (actor: Actor, orderId: string, text: string): Promise<OrderNote> =>
      transaction(db, async (tx) => {
        const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
        if (!order) throw notFound('Order');
        const [author] = await tx
          .select({ name: users.name, role: staffRoles.name })
          .from(users)
          .leftJoin(staffRoles, eq(staffRoles.key, users.staffRole))
          .where(eq(users.id, actor.user.id));
        const [note] = await tx
          .insert(orderNotes)
          .values({ orderId, authorId: actor.user.id, authorName: author?.name, authorRole: author?.role, text })
          .returning();
        if (!note) throw new Error('order note not written');
        await auditAdmin(tx, actor, 'order_note', `added a note to order ${orderId}`, { orderId, noteId: note.id });
        return noteOf(note);
      }),

    /**
     * Corrects an order's delivery address before it ships, as its customer asked on the phone: in its country and
     * governorate, whose rate its shipping fee was billed at, and not once the courier was asked for its parcel (Ship
     * marks the order with the courier's name first, and a booking cut short leaves the mark: the courier may hold the
     * address it was given). The address before and after go to the audit log; an address the same as before changes
     * nothing. The new phone is not judged again by the cash rules: a member makes the change, and the order page shows
     * that number's record.
     */
    async changeAddress(actor: Actor, orderId: string, address: AddressInput) {
      await transaction(db, async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw notFound('Order');
        const before = order.deliveryAddress;
        if (!addressChangeable(order.status as OrderStatus)) throw conflict(say.api.addressFixed);
        if (order.courier !== null) throw conflict(say.api.addressWithCourier);
        if (address.country !== before.country || address.state !== before.state)
          throw conflict(say.api.addressGovernorate);
        const fields = Object.keys(address) as (keyof AddressInput)[];
        if (fields.every((field) => address[field] === (before[field] ?? ''))) return;
        await tx.update(orders).set({ deliveryAddress: address, updatedAt: clock.now() }).where(eq(orders.id, orderId));
        await auditAdmin(tx, actor, 'order_address', `changed the delivery address of order ${orderId}`, {
          orderId,
          from: before,
          to: address,
        });
      });
      return loadOrderDetail(db, orderId, clock.now());
    },

    /** A payment the order owes back, refused by its provider, recorded as given back by hand (payments/paid-back.ts). */
    recordPaidBack: (actor: Actor, owed: PaidBackRecord) => recordPaidBack(db, actor, owed, clock.now()),

    /**
     * The filtered orders for the CSV export: the file's name, its columns and the rows a batch at a
     * time. The export of customers' details is recorded in the audit log.
     */
    async exportCsv(actor: Actor, filter: AdminOrdersFilter) {
      await auditAdmin(db, actor, 'orders_export', 'exported orders as CSV', { ...filter });
      const filename = `orders-${cairoDay(clock.now())}.csv`;
      return { filename, columns: COLUMNS, batches: exportOrders(db, filter) };
    },
  };
}
