import { eq, sql } from 'drizzle-orm';
import {
  ETA_BUYER_ID_THRESHOLD,
  nationalIdDigits,
  nationalIdProblem,
  say,
  toPiastres,
  type NationalIdRefusal,
  type Said,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { etaPos, etaSettings } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';

/**
 * The buyer's national ID on an e-receipt (docs/decisions/eta-receipts.md, "Buyer"): the one place that decides
 * whether an order needs it. The checkout's and the staff's orders are placed through it (orders/placing.ts), and
 * the checkout's quote and the staff's ask it beforehand, from the bill the server computes.
 */

const THRESHOLD = toPiastres(ETA_BUYER_ID_THRESHOLD);

/**
 * Whether an order billed `bill` piastres needs its buyer's national ID: where the shop issues e-receipts (a POS
 * active and the seller's details saved, as issue.ts requires) and the bill is at least the ETA's threshold. Below
 * it nothing is read, so ordinary orders cost no query.
 */
export async function buyerIdNeeded(db: DbOrTx, bill: number): Promise<boolean> {
  if (bill < THRESHOLD) return false;
  // The seller's details are one row, or none.
  const [issuing] = await db
    .select({ serial: etaPos.serial })
    .from(etaPos)
    .innerJoin(etaSettings, sql`true`)
    .where(eq(etaPos.active, true))
    .limit(1);
  return Boolean(issuing);
}

/** The 400 of an order refused for its national ID: its reason as a stable `code`, and in words. */
function refused(code: NationalIdRefusal, message: Said): HttpError {
  return new HttpError(400, message, { message, code, errors: { nationalId: message } });
}

/**
 * The national ID an order placed now is to keep: the entry held to the contracts' rule where the order needs one
 * (none, or a wrong one, is a 400), and nothing where it does not, whatever was sent.
 */
export async function orderNationalId(db: DbOrTx, bill: number, entry: string | undefined): Promise<string | null> {
  if (!(await buyerIdNeeded(db, bill))) return null;
  const id = nationalIdDigits(entry ?? '');
  if (!id) throw refused('national_id_required', say.api.nationalIdRequired(ETA_BUYER_ID_THRESHOLD));
  const problem = nationalIdProblem(id);
  if (problem) throw refused('national_id_invalid', problem);
  return id;
}
