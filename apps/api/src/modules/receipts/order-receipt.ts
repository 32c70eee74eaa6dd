import { and, asc, inArray, ne } from 'drizzle-orm';
import type { OrderEtaReceipt } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { etaReceipts } from '../../db/schema.js';

/** The path, under the shop's address, of a receipt's QR code as an image. */
export const qrImagePath = (uuid: string) => `/api/eta/receipts/${uuid}/qr.png`;

/**
 * The live receipts (sale or kept deposit, and returns) of some orders, as they were issued: what their invoices and
 * messages show.
 */
export const orderReceipts = (db: DbOrTx, orderIds: string[]) =>
  db
    .select({
      orderId: etaReceipts.orderId,
      kind: etaReceipts.kind,
      uuid: etaReceipts.uuid,
      qrContent: etaReceipts.qrContent,
    })
    .from(etaReceipts)
    .where(and(inArray(etaReceipts.orderId, orderIds), ne(etaReceipts.state, 'replaced')))
    .orderBy(asc(etaReceipts.id));
export type OrderReceipt = Awaited<ReturnType<typeof orderReceipts>>[number];

export const orderEtaReceipt = (receipt: OrderReceipt): OrderEtaReceipt => ({
  uuid: receipt.uuid,
  qrContent: receipt.qrContent,
  qrImage: qrImagePath(receipt.uuid),
});
