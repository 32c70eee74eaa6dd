import { count, desc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  say,
  toEgp,
  type EtaProductCode,
  type EtaReceipt,
  type EtaReceiptsPage,
  type EtaReceiptsQuery,
  type EtaSettings,
  type EtaSettingsAnswer,
} from '@shop/contracts';
import { etaReceipts, etaSettings, products } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { lockOrder } from '../orders/lifecycle.js';
import type { Deps } from '../deps.js';
import { etaConfig, etaConfigured } from './config.js';
import { issueReceipt, type EtaReceiptRow } from './issue.js';
import { transaction } from '../../db/transaction.js';

const PAGE_SIZE = 50;

const toReceipt = (row: EtaReceiptRow): EtaReceipt => ({
  id: row.id,
  orderId: row.orderId,
  kind: row.kind as EtaReceipt['kind'],
  receiptNumber: row.receiptNumber,
  uuid: row.uuid,
  state: row.state as EtaReceipt['state'],
  errors: row.errors ?? (row.lastError ? [row.lastError] : []),
  issuedAt: row.issuedAt.toISOString(),
  total: toEgp(row.total),
  qrContent: row.qrContent,
});

/** The dashboard's side of e-receipts: the seller's settings, the receipts and their states, and resending. */
export function receiptsService(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'receiptSender'>) {
  const { db } = deps;

  async function settings(): Promise<EtaSettingsAnswer> {
    const [row] = await db.select().from(etaSettings);
    const credentials = etaConfigured(deps.config.env);
    return {
      settings: row
        ? {
            rin: row.rin,
            companyTradeName: row.companyTradeName,
            branchCode: row.branchCode,
            branchAddress: row.branchAddress,
            activityCode: row.activityCode,
            deliveryItemCode: row.deliveryItemCode,
            ...(row.deliveryMode ? { deliveryMode: row.deliveryMode } : {}),
          }
        : null,
      credentials,
      posSerial: credentials ? etaConfig(deps.config.env).ETA_POS_SERIAL : null,
    };
  }

  async function save(input: EtaSettings, actor: Actor): Promise<EtaSettingsAnswer> {
    const values = { ...input, deliveryMode: input.deliveryMode || null, updatedAt: deps.clock.now() };
    await transaction(db, async (tx) => {
      await tx
        .insert(etaSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: etaSettings.id, set: values });
      await auditAdmin(tx, actor, 'eta_settings', 'saved the e-receipt seller settings', { rin: input.rin });
    });
    return settings();
  }

  async function list(query: EtaReceiptsQuery): Promise<EtaReceiptsPage> {
    const where = query.state ? eq(etaReceipts.state, query.state) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(etaReceipts)
        .where(where)
        .orderBy(desc(etaReceipts.id))
        .limit(PAGE_SIZE)
        .offset((query.page - 1) * PAGE_SIZE),
      db.select({ n: count() }).from(etaReceipts).where(where),
    ]);
    return {
      receipts: rows.map(toReceipt),
      page: query.page,
      pages: Math.max(1, Math.ceil((total?.n ?? 0) / PAGE_SIZE)),
    };
  }

  /**
   * Sends an invalid receipt again once its cause is fixed (a product's code, the seller's details): the ETA keeps
   * the invalid one, so a corrected receipt is issued from the order as it now reads, at the head of the chain,
   * naming the one it corrects (`referenceOldUUID`), and the old row is kept as replaced.
   */
  async function resend(id: number, actor: Actor): Promise<EtaReceipt> {
    const issued = await transaction(db, async (tx) => {
      const [old] = await tx.select().from(etaReceipts).where(eq(etaReceipts.id, id));
      if (!old) throw notFound('Receipt');
      const order = await lockOrder(tx, old.orderId);
      // Under the order's lock: two resends of one receipt take turns, and the second finds it replaced.
      const [current] = await tx.select().from(etaReceipts).where(eq(etaReceipts.id, id)).for('update');
      if (!order || current?.state !== 'invalid') throw conflict(say.api.receiptNotInvalid);
      await tx
        .update(etaReceipts)
        .set({ state: 'replaced', updatedAt: deps.clock.now() })
        .where(eq(etaReceipts.id, id));
      const next = await issueReceipt(tx, order, old.kind as EtaReceipt['kind'], deps.clock.now(), { corrects: old });
      if (!next) throw conflict(say.api.receiptsNotConfigured);
      await auditAdmin(tx, actor, 'eta_resend', `sent e-receipt ${old.receiptNumber} again as ${next.receiptNumber}`, {
        orderId: order.id,
        replaced: old.uuid,
        uuid: next.uuid,
      });
      return next;
    });
    deps.receiptSender.wake();
    return toReceipt(issued);
  }

  async function productCode(productId: string): Promise<EtaProductCode> {
    const [row] = await db
      .select({ itemType: products.etaItemType, itemCode: products.etaItemCode })
      .from(products)
      .where(eq(products.id, productId));
    if (!row) throw notFound('Product');
    return { itemType: row.itemType === 'GS1' ? 'GS1' : 'EGS', itemCode: row.itemCode ?? '' };
  }

  async function saveProductCode(productId: string, code: EtaProductCode, actor: Actor): Promise<EtaProductCode> {
    await transaction(db, async (tx) => {
      // The catalogue's updated_at stays: shoppers see nothing of it (db/sql/updated-at.sql looks at what they see).
      const [row] = await tx
        .update(products)
        .set({ etaItemType: code.itemType, etaItemCode: code.itemCode || null })
        .where(eq(products.id, productId))
        .returning({ id: products.id, name: products.name });
      if (!row) throw notFound('Product');
      await auditAdmin(tx, actor, 'eta_product_code', `set the ETA code of product ${productId}`, {
        ...code,
        name: row.name,
      });
    });
    return productCode(productId);
  }

  /** A receipt's QR code as a PNG, by its UUID (a hash nobody guesses, and its content is the ETA's public link). */
  async function qrPng(uuid: string): Promise<Buffer> {
    const [row] = await db
      .select({ qrContent: etaReceipts.qrContent })
      .from(etaReceipts)
      .where(eq(etaReceipts.uuid, uuid));
    if (!row) throw notFound('Receipt');
    return QRCode.toBuffer(row.qrContent, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 });
  }

  return { settings, save, list, resend, productCode, saveProductCode, qrPng };
}
