import { eq, inArray, sql } from 'drizzle-orm';
import { ONLINE_METHODS, say, type InstalmentOffer, type InstalmentSettings } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { instalmentPlans } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { toEgp, toPiastres } from '../../lib/money.js';
import { badRequest } from '../../lib/errors.js';
import type { PaymentProviders } from './registry.js';
import { transaction } from '../../db/transaction.js';

/** A plan the merchant has not set yet: offered from any bill, over 6 or 12 months, without interest. */
const DEFAULT_PLAN = { minBill: 0, months: [6, 12], interestBp: 0 };

type PlanRow = typeof DEFAULT_PLAN;

/** The merchant's terms of one plan (piastres, months, basis points), or the defaults. */
export async function instalmentPlan(db: DbOrTx, name: string): Promise<PlanRow> {
  const [row] = await db
    .select({
      minBill: instalmentPlans.minBill,
      months: instalmentPlans.months,
      interestBp: instalmentPlans.interestBp,
    })
    .from(instalmentPlans)
    .where(eq(instalmentPlans.name, name));
  return row ?? DEFAULT_PLAN;
}

const offerOf = (method: string, row: PlanRow): InstalmentOffer => ({
  method,
  minBill: toEgp(row.minBill),
  months: [...row.months].sort((a, b) => a - b),
  interestPercent: row.interestBp / 100,
});

/** The instalment plans the shop's providers offer now: every method that is not one of the built-in ones. */
export const instalmentMethods = (providers: PaymentProviders): string[] =>
  providers
    .all()
    .flatMap((provider) => provider.methods)
    .filter((method) => !(ONLINE_METHODS as readonly string[]).includes(method));

/** Each plan offered now with the merchant's terms, for the payment step, the product page and the dashboard. */
export async function instalmentOffers(db: DbOrTx, providers: PaymentProviders): Promise<InstalmentOffer[]> {
  const methods = instalmentMethods(providers);
  if (!methods.length) return [];
  const rows = await db.select().from(instalmentPlans).where(inArray(instalmentPlans.name, methods));
  return methods.map((method) => offerOf(method, rows.find((row) => row.name === method) ?? DEFAULT_PLAN));
}

/** An admin sets a plan's terms; only a plan the shop offers now. */
export async function saveInstalmentPlan(
  db: Db,
  providers: PaymentProviders,
  name: string,
  input: InstalmentSettings,
  actor: Actor,
): Promise<InstalmentOffer> {
  if (!instalmentMethods(providers).includes(name)) throw badRequest(say.api.unknownInstalmentPlan);
  const row = {
    minBill: toPiastres(input.minBill),
    months: [...new Set(input.months)].sort((a, b) => a - b),
    interestBp: Math.round(input.interestPercent * 100),
  };
  return transaction(db, async (tx) => {
    await tx
      .insert(instalmentPlans)
      .values({ name, ...row })
      .onConflictDoUpdate({ target: instalmentPlans.name, set: { ...row, updatedAt: sql`now()` } });
    await auditAdmin(tx, actor, 'instalment_plan_saved', `set the ${name} instalment plan`, { name, ...input });
    return offerOf(name, row);
  });
}
