import { DEFAULT_COD_SETTINGS, toEgp, toPiastres, type CodSettings } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { codSettings } from '../../db/schema.js';

/** The shop's cash rules: the saved row, or the defaults until an admin first saves. */
export async function loadCodSettings(db: DbOrTx): Promise<CodSettings> {
  const [row] = await db.select().from(codSettings);
  if (!row) return DEFAULT_COD_SETTINGS;
  return {
    confirmation: {
      enabled: row.confirmationEnabled,
      windowHours: row.confirmationWindowHours,
      onTimeout: row.confirmationOnTimeout as CodSettings['confirmation']['onTimeout'],
    },
    maxCashBill: row.maxCashBill === null ? null : toEgp(row.maxCashBill),
    maxOpenCashOrders: row.maxOpenCashOrders,
    refusalsBeforeOnlineOnly: row.refusalsBeforeOnlineOnly,
    refusalAction: row.refusalAction as CodSettings['refusalAction'],
  };
}

/** Writes the cash rules whole (one row). */
export async function saveCodSettings(db: DbOrTx, settings: CodSettings, now: Date): Promise<void> {
  const values = {
    confirmationEnabled: settings.confirmation.enabled,
    confirmationWindowHours: settings.confirmation.windowHours,
    confirmationOnTimeout: settings.confirmation.onTimeout,
    maxCashBill: settings.maxCashBill === null ? null : toPiastres(settings.maxCashBill),
    maxOpenCashOrders: settings.maxOpenCashOrders,
    refusalsBeforeOnlineOnly: settings.refusalsBeforeOnlineOnly,
    refusalAction: settings.refusalAction,
    updatedAt: now,
  };
  await db
    .insert(codSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: codSettings.id, set: values });
}
