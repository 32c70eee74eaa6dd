import { Readable } from 'node:stream';
import type { AdminOrdersFilter } from '@shop/contracts';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { csvLine, UTF8_BOM, type CsvCell } from '../../lib/csv.js';
import type { Deps } from '../deps.js';
import { exportOrders, listOrders, type ExportRow } from './queries.js';

const COLUMNS: [header: string, cell: (row: ExportRow) => CsvCell][] = [
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
  ['itemsTotal', (r) => egp(r.itemsTotal)],
  ['shipping', (r) => egp(r.shipping)],
  ['codFee', (r) => egp(r.codFee)],
  ['bill', (r) => egp(r.bill)],
  ['trackingNumber', (r) => r.trackingNumber],
];

/** Piastres as EGP with both decimals, the way accounting sheets show money. */
const egp = (piastres: number) => (piastres / 100).toFixed(2);

async function* csvOf(batches: AsyncGenerator<ExportRow[]>): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(COLUMNS.map(([header]) => header));
  for await (const rows of batches) yield rows.map((row) => csvLine(COLUMNS.map(([, cell]) => cell(row)))).join('');
}

export function adminOrdersService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  return {
    list: (filter: AdminOrdersFilter, page: number) => listOrders(db, filter, page),

    /** The filtered orders as CSV, streamed; the export of customers' details is recorded in the audit log. */
    async exportCsv(actor: Actor, filter: AdminOrdersFilter): Promise<{ filename: string; body: Readable }> {
      await auditAdmin(db, actor, 'orders_export', 'exported orders as CSV', { ...filter });
      const filename = `orders-${clock.now().toISOString().slice(0, 10)}.csv`;
      return { filename, body: Readable.from(csvOf(exportOrders(db, filter))) };
    },
  };
}
