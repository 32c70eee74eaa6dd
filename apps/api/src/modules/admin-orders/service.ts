import type { AdminOrdersFilter } from '@shop/contracts';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { csvMoney, type CsvColumns } from '../../lib/csv.js';
import type { Deps } from '../deps.js';
import { exportOrders, listOrders, loadOrderDetail, type ExportRow } from './queries.js';

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
];

export function adminOrdersService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  return {
    list: (filter: AdminOrdersFilter, page: number) => listOrders(db, filter, page),

    one: (orderId: string) => loadOrderDetail(db, orderId),

    /**
     * The filtered orders for the CSV export: the file's name, its columns and the rows a batch at a
     * time. The export of customers' details is recorded in the audit log.
     */
    async exportCsv(actor: Actor, filter: AdminOrdersFilter) {
      await auditAdmin(db, actor, 'orders_export', 'exported orders as CSV', { ...filter });
      const filename = `orders-${clock.now().toISOString().slice(0, 10)}.csv`;
      return { filename, columns: COLUMNS, batches: exportOrders(db, filter) };
    },
  };
}
