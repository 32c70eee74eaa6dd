import { z } from 'zod';
import { CONTACT_CHANNELS } from './contact-channels.js';
import { LANGUAGES } from './language.js';
import { BUILT_IN_ROLE_KEYS, BUILT_IN_ROLES, type BuiltInRole, type Permission } from './staff.js';

/**
 * What a staff member may ask to be told of, by their own channel (WhatsApp, SMS or e-mail): as it happens, an order
 * to prepare (a cash order once confirmed, one paid online once paid), a customer asking to send one back, products
 * whose stock falls to LOW_STOCK_THRESHOLD, and a review of LOW_REVIEW_STARS or fewer to answer; and each morning, the
 * day before's sales and what waits.
 */
export const STAFF_ALERTS = ['new_order', 'return_requested', 'low_stock', 'low_review', 'daily_summary'] as const;
export type StaffAlert = (typeof STAFF_ALERTS)[number];

/** The permission each alert needs: the work it calls for, or the figures it tells. */
export const STAFF_ALERT_NEEDS: Record<StaffAlert, Permission> = {
  new_order: 'orders.read',
  return_requested: 'orders.move',
  low_stock: 'catalogue.write',
  low_review: 'reviews.manage',
  daily_summary: 'reports.read',
};

/** The stars at or under which a review is told to the staff who answer reviews: a shopper let down, to answer soon. */
export const LOW_REVIEW_STARS = 2;

/** The permissions any of which lets a member choose an alert: who may open their own alerts. */
export const STAFF_ALERT_PERMISSIONS = [...new Set(Object.values(STAFF_ALERT_NEEDS))] as [Permission, ...Permission[]];

/** The hour of Cairo's morning the daily summary is sent at, telling of the day before. */
export const DAILY_SUMMARY_HOUR = 9;

/** The built-in roles whose members may be told of `alert` (a custom role's permissions are the database's). */
export const builtInRolesAlerted = (alert: StaffAlert): BuiltInRole[] =>
  BUILT_IN_ROLE_KEYS.filter((role) =>
    (BUILT_IN_ROLES[role] as readonly Permission[]).includes(STAFF_ALERT_NEEDS[alert]),
  );

/** The alerts a member holding `permissions` may choose. */
export const alertsAllowed = (permissions: readonly Permission[]): StaffAlert[] =>
  STAFF_ALERTS.filter((alert) => permissions.includes(STAFF_ALERT_NEEDS[alert]));

/** The member's choice: the alerts wanted, in the language they come in (the dashboard's, as it was saved). */
export const staffAlertsInputSchema = z.object({
  alerts: z.array(z.enum(STAFF_ALERTS)).max(STAFF_ALERTS.length),
  language: z.enum(LANGUAGES),
});
export type StaffAlertsInput = z.infer<typeof staffAlertsInputSchema>;

/** The member's alerts, those their role allows, and where they go: the channel and address the shop reaches them by. */
export const staffAlertsSchema = staffAlertsInputSchema.extend({
  allowed: z.array(z.enum(STAFF_ALERTS)),
  channel: z.enum(CONTACT_CHANNELS),
  /** The e-mail address or mobile the alerts go to; null when the channel has none (nothing can be sent). */
  to: z.string().nullable(),
});
export type StaffAlerts = z.infer<typeof staffAlertsSchema>;
