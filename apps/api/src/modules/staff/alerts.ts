import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  alertsAllowed,
  builtInRolesAlerted,
  languageOf,
  LANGUAGES,
  localMobile,
  say,
  STAFF_ALERT_NEEDS,
  STAFF_ALERTS,
  type Language,
  type OrderStatus,
  type StaffAlert,
  type StaffAlerts,
  type StaffAlertsInput,
} from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { staffRoles, users } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { contactChannel, queueToAccounts } from '../messaging/order-messages.js';
import type { WordedAlert } from './alert-message.js';
import type { Deps } from '../deps.js';

/**
 * The alerts about one order, queued with its move; the low-stock one is about products (low-stock.ts), the daily
 * summary about a day (daily-summary.ts).
 */
export type OrderAlert = Exclude<StaffAlert, WordedAlert>;

/** A staff alert's message kind in the queue (messaging/render.ts words it). */
export const alertKind = (alert: StaffAlert) => `staff_${alert}` as const;

/** The kinds of the staff alerts' messages: the order page lists the shopper's messages alone. */
export const STAFF_ALERT_KINDS = STAFF_ALERTS.map(alertKind);

/** The staff alert a queued message of `kind` is, if it is one. */
export const alertOfKind = (kind: string): StaffAlert | null =>
  STAFF_ALERTS.find((alert) => alertKind(alert) === kind) ?? null;

/**
 * The alert a move to `to` calls for, if any: an order is there to prepare once it is confirmed (a cash order, by its
 * shopper or an agent, or as it is placed when the shop does not ask) or paid online, which it becomes once (contracts'
 * ORDER_MOVES); a return when the shopper asks for one.
 */
export function staffAlertOf(to: OrderStatus): OrderAlert | null {
  if (to === 'return_requested') return 'return_requested';
  return to === 'paid' || to === 'confirmed' ? 'new_order' : null;
}

/**
 * The members to tell of `alert`: those who asked for it, whose role holds the permission it needs now (a built-in
 * role's from the code, a custom role's from its row), active, and not the member who made the move (`mover`).
 */
export function membersAlerted(alert: StaffAlert, mover?: string | null): SQL {
  const holdsIt = or(
    sql`${users.staffRole} = any(${sql.param(builtInRolesAlerted(alert))}::text[])`,
    sql`exists (select 1 from ${staffRoles} where ${staffRoles.key} = ${users.staffRole}
      and ${STAFF_ALERT_NEEDS[alert]}::text = any(${staffRoles.permissions}))`,
  );
  const who = and(
    // Staff are few, and indexed by role: the statement reads them alone, however many shoppers there are.
    isNotNull(users.staffRole),
    isNull(users.staffSuspendedAt),
    sql`${alert}::text = any(${users.staffAlerts})`,
    holdsIt,
    mover ? ne(users.id, mover) : undefined,
  );
  if (!who) throw new Error('no staff to alert');
  return who;
}

/**
 * Queues `alert` about an order in the move's transaction, to the members `membersAlerted` picks, each in the
 * language they chose. Returns whether any was queued.
 */
export async function alertStaff(
  tx: Tx,
  alert: OrderAlert,
  orderId: string,
  mover: string | null | undefined,
): Promise<boolean> {
  const who = membersAlerted(alert, mover);
  const queued = await queueToAccounts(tx, { kind: alertKind(alert), orderId }, who, sql`${users.staffAlertsLanguage}`);
  return queued > 0;
}

/**
 * Queues `alert`, worded as it is queued (`payloadIn`) rather than when it is sent, to the members `membersAlerted`
 * picks: once per language, for the members who read it. Returns how many were queued.
 */
export async function queueWordedAlert(
  tx: Tx,
  alert: WordedAlert,
  payloadIn: (language: Language) => Record<string, string>,
): Promise<number> {
  let queued = 0;
  for (const language of LANGUAGES) {
    const readers = sql`${membersAlerted(alert)} and ${eq(users.staffAlertsLanguage, language)}`;
    const message = { kind: alertKind(alert), payload: payloadIn(language) };
    queued += await queueToAccounts(tx, message, readers, sql`${language}::text`);
  }
  return queued;
}

/** A member's own alerts: which they chose, which their role allows, and where they go. */
export function staffAlertsService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  async function read(member: AuthUser): Promise<StaffAlerts> {
    const [row] = await db
      .select({
        alerts: users.staffAlerts,
        language: users.staffAlertsLanguage,
        // The channel as the queue chooses it (order-messages.ts), so the page says where alerts really go.
        channel: contactChannel,
        email: users.email,
        verifiedPhone: users.verifiedPhone,
      })
      .from(users)
      .where(eq(users.id, member.id));
    if (!row) throw notFound('User');
    const allowed = alertsAllowed(member.permissions);
    const { channel } = row;
    const to = channel === 'email' ? row.email : row.verifiedPhone && localMobile(row.verifiedPhone);
    return {
      // One the role no longer allows is not said as chosen, nor sent; saving again drops it.
      alerts: allowed.filter((alert) => row.alerts.includes(alert)),
      language: languageOf(row.language),
      allowed,
      channel,
      to: to ?? null,
    };
  }

  async function save(member: AuthUser, input: StaffAlertsInput): Promise<StaffAlerts> {
    const allowed = alertsAllowed(member.permissions);
    if (input.alerts.some((alert) => !allowed.includes(alert))) throw forbidden(say.api.alertBeyondYourRole);
    await db
      .update(users)
      .set({ staffAlerts: [...new Set(input.alerts)], staffAlertsLanguage: input.language })
      .where(eq(users.id, member.id));
    return read(member);
  }

  return { read, save };
}
