import { sql } from 'drizzle-orm';
import {
  DEFAULT_SHIPPING_RATES,
  defaultDeliveryDays,
  isGovernorate,
  type DeliveryDaysList,
  type ShippingRates,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { shippingRates, shippingSettings } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import { transaction } from '../../db/transaction.js';

const ratesWithSettings = (db: DbOrTx) =>
  db
    .select({ rate: shippingRates, settings: shippingSettings })
    .from(shippingRates)
    .fullJoin(shippingSettings, sql`true`)
    .prepare('shipping_rates');

/**
 * The delivery prices orders are billed by, in EGP as the wire has them. Until an admin first saves
 * them the defaults apply, and a governorate without a row costs the default rate. Pass the order's
 * transaction so the fees it bills are those its reads see.
 */
export async function loadShippingRates(db: DbOrTx): Promise<ShippingRates> {
  // One statement, so one snapshot: a save committing meanwhile is seen whole or not at all. Either
  // table may be empty, hence the full join (each rate row carries the settings row beside it).
  const rows = await ratesWithSettings(db).execute();
  const settings = rows[0]?.settings;
  // Starts from the defaults in the governorates' order; a stored row replaces its governorate's in place.
  const rates = new Map(DEFAULT_SHIPPING_RATES.rates.map((rate) => [rate.governorate, rate]));
  for (const { rate } of rows)
    if (rate && isGovernorate(rate.governorate)) {
      // Rates saved before delivery days were asked keep the governorate's default days.
      const days =
        rate.minDays === null || rate.maxDays === null
          ? defaultDeliveryDays(rate.governorate)
          : { minDays: rate.minDays, maxDays: rate.maxDays };
      rates.set(rate.governorate, {
        governorate: rate.governorate,
        base: toEgp(rate.base),
        perKg: toEgp(rate.perKg),
        ...days,
      });
    }
  const rules = settings
    ? {
        codFee: toEgp(settings.codFee),
        cardShipsFree: settings.cardShipsFree,
        freeOver: settings.freeOver === null ? null : toEgp(settings.freeOver),
        openBeforeAccepting: settings.openBeforeAccepting,
      }
    : {
        codFee: DEFAULT_SHIPPING_RATES.codFee,
        cardShipsFree: DEFAULT_SHIPPING_RATES.cardShipsFree,
        freeOver: DEFAULT_SHIPPING_RATES.freeOver,
        openBeforeAccepting: DEFAULT_SHIPPING_RATES.openBeforeAccepting,
      };
  return { ...rules, rates: [...rates.values()] };
}

/**
 * Replaces every price at once (all 27 rates and the order-wide rules) and records who changed what,
 * before and after, in the audit log; in one transaction.
 */
export async function saveShippingRates(db: Db, input: ShippingRates, actor: Actor): Promise<ShippingRates> {
  return transaction(db, async (tx) => {
    const before = await loadShippingRates(tx);
    await tx
      .insert(shippingRates)
      .values(
        input.rates.map((rate) => ({
          governorate: rate.governorate,
          base: toPiastres(rate.base),
          perKg: toPiastres(rate.perKg),
          minDays: rate.minDays,
          maxDays: rate.maxDays,
        })),
      )
      .onConflictDoUpdate({
        target: shippingRates.governorate,
        set: {
          base: sql`excluded.base`,
          perKg: sql`excluded.per_kg`,
          minDays: sql`excluded.min_days`,
          maxDays: sql`excluded.max_days`,
        },
      });
    const settings = {
      codFee: toPiastres(input.codFee),
      cardShipsFree: input.cardShipsFree,
      freeOver: input.freeOver === null ? null : toPiastres(input.freeOver),
      openBeforeAccepting: input.openBeforeAccepting,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(shippingSettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: shippingSettings.id, set: settings });
    const after = await loadShippingRates(tx);
    await auditAdmin(tx, actor, 'shipping_rates_update', 'updated the shipping rates', { before, after });
    return after;
  });
}

/** How long delivery takes to each governorate and whether a parcel opens at the door, without the prices. */
export async function loadDeliveryDays(db: DbOrTx): Promise<DeliveryDaysList> {
  const { rates, openBeforeAccepting } = await loadShippingRates(db);
  return {
    days: rates.map(({ governorate, minDays, maxDays }) => ({ governorate, minDays, maxDays })),
    openBeforeAccepting,
  };
}
