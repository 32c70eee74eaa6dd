import { and, eq, inArray, ne } from 'drizzle-orm';
import type { OrderEtaReceipt } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { etaReceipts } from '../../db/schema.js';

/** The path, under the shop's address, of a receipt's QR code as an image. */
export const qrImagePath = (uuid: string) => `/api/eta/receipts/${uuid}/qr.png`;

/** The live sale receipts of some orders: what their invoices and messages show. */
export const saleReceipts = (db: DbOrTx, orderIds: string[]) =>
  db
    .select({ orderId: etaReceipts.orderId, uuid: etaReceipts.uuid, qrContent: etaReceipts.qrContent })
    .from(etaReceipts)
    .where(
      and(inArray(etaReceipts.orderId, orderIds), eq(etaReceipts.kind, 'sale'), ne(etaReceipts.state, 'replaced')),
    );
export type SaleReceipt = Awaited<ReturnType<typeof saleReceipts>>[number];

export const orderEtaReceipt = (receipt: SaleReceipt): OrderEtaReceipt => ({
  uuid: receipt.uuid,
  qrContent: receipt.qrContent,
  qrImage: qrImagePath(receipt.uuid),
});
