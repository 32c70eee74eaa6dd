import { z } from 'zod';
import { egyptianMobile } from './mobile.js';
import { PHONE_CODE_CHANNELS } from './phone.js';
import { say } from './said.js';
import { emailField, nameField, PASSWORD_PATTERN } from './user.js';

/**
 * What a staff member may do in the dashboard, one name per kind of work. Every dashboard route of the API declares
 * the one it needs (`config.access: { permission }`), and the dashboard shows only what the member's role allows.
 * `settings.write` covers the shop's settings: shipping, cash rules, payments, couriers, messaging and tax.
 */
export const PERMISSIONS = [
  'orders.read',
  'orders.move',
  'orders.refund',
  'orders.create',
  // Internal notes on an order (order_notes): staff-only words, which move neither money nor the order.
  'orders.note',
  'confirmations.work',
  'catalogue.write',
  'coupons.write',
  // The reviews' screen: answering a review in the shop's name, removing one that breaks the rules.
  'reviews.manage',
  'customers.read',
  // Ends every session of a customer's account (a phone lost or stolen): they sign in again, nothing else changes.
  'customers.sign_out',
  'reports.read',
  'audit.read',
  'settings.write',
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const except = (...left: Permission[]) => PERMISSIONS.filter((p) => !left.includes(p));

/**
 * The permission whose screen another is used from: orders are moved, refunded, noted and created from the orders'
 * screens, a customer is signed out from the users list. A role is saved with what its permissions need, so that a
 * custom "Refunds" role can reach the orders it may refund.
 */
export const PERMISSION_NEEDS: Partial<Record<Permission, Permission>> = {
  'orders.move': 'orders.read',
  'orders.refund': 'orders.read',
  'orders.note': 'orders.read',
  'orders.create': 'orders.read',
  'customers.sign_out': 'customers.read',
};

/** The permissions among `chosen` that need `permission`. */
export const neededByOf = (permission: Permission, chosen: readonly Permission[]): Permission[] =>
  chosen.filter((c) => PERMISSION_NEEDS[c] === permission);

/** The permissions chosen and those they need, in PERMISSIONS' order. */
export const withNeeded = (chosen: readonly Permission[]): Permission[] =>
  PERMISSIONS.filter((p) => chosen.includes(p) || neededByOf(p, chosen).length > 0);

/**
 * The roles every shop has. The owner can do everything the spec gives an admin (`role: true`); the others are the
 * usual desks of a shop that hires. Their permissions are the code's, not the database's, so a permission added here
 * reaches them without a migration.
 */
export const BUILT_IN_ROLES = {
  owner: PERMISSIONS,
  manager: except('staff.manage', 'settings.write'),
  orders: ['orders.read', 'orders.move', 'orders.create', 'orders.note', 'confirmations.work'],
  catalogue: ['catalogue.write', 'coupons.write', 'reviews.manage', 'orders.read'],
  support: ['orders.read', 'orders.note', 'reviews.manage', 'customers.read', 'customers.sign_out'],
} as const satisfies Record<string, readonly Permission[]>;
export type BuiltInRole = keyof typeof BUILT_IN_ROLES;
export const BUILT_IN_ROLE_KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRole[];
export const OWNER_ROLE: BuiltInRole = 'owner';

export const isBuiltInRole = (key: string): key is BuiltInRole => Object.hasOwn(BUILT_IN_ROLES, key);

/** A role's permissions: a built-in role's from the code, a custom role's as the owner saved them. */
export const permissionsOfRole = (key: string, saved: readonly string[] | null): Permission[] =>
  isBuiltInRole(key)
    ? [...BUILT_IN_ROLES[key]]
    : PERMISSIONS.filter((permission) => saved?.includes(permission) ?? false);

/** An invitation is good for a week. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** An expired invitation stays on the staff screen a week more, to be sent again, then is deleted. */
export const EXPIRED_INVITATION_KEPT_MS = 7 * 24 * 60 * 60_000;

export const staffRoleSchema = z.object({
  /** A built-in role's own name (owner, manager, …), a custom role's id. */
  key: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const newStaffRoleSchema = z.object({
  name: z.string({ error: say.msg.required }).trim().min(1, say.msg.required).max(60, say.rule.atMostCharacters(60)),
  permissions: z.array(z.enum(PERMISSIONS)).min(1, say.api.roleNeedsPermission).transform(withNeeded),
});
export type NewStaffRoleInput = z.input<typeof newStaffRoleSchema>;

const roleKeyField = z.string({ error: say.msg.required }).trim().min(1, say.msg.required).max(64);

/** An invitation goes to an e-mail address or to a mobile (by the shop's message channel), one of the two. */
export const staffInvitationSchema = z
  .object({
    email: emailField.optional(),
    phone: z
      .string()
      .trim()
      .transform((value, ctx) => {
        const mobile = egyptianMobile(value);
        if (!mobile) ctx.addIssue({ code: 'custom', message: say.msg.invalidPhone });
        return mobile ?? value;
      })
      .optional(),
    role: roleKeyField,
    /** How a phone invitation travels (SMS unless WhatsApp is chosen); an e-mail one goes by e-mail. */
    channel: z.enum(PHONE_CODE_CHANNELS).optional(),
  })
  .refine((v) => Boolean(v.email) !== Boolean(v.phone), { path: ['email'], message: say.api.emailOrPhone });
export type StaffInvitationInput = z.input<typeof staffInvitationSchema>;

export const staffInvitationAnswerSchema = z.object({ token: z.string(), url: z.string() });

/**
 * An invitation as the staff screen lists it, to send again or withdraw: one not yet accepted (an accepted one is
 * gone, its invitee a member), open or expired within EXPIRED_INVITATION_KEPT_MS.
 */
export const listedStaffInvitationSchema = z.object({
  _id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  /** The name of the member who sent it; null once their account is gone. */
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  /** By the server's clock: its link no longer works. */
  expired: z.boolean(),
});
export type ListedStaffInvitation = z.infer<typeof listedStaffInvitationSchema>;

/** What the acceptance page needs to ask: a password for an e-mail, a code for a mobile. */
export const staffInvitationViewSchema = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: staffRoleSchema,
  /** Whether the address already has an account: then it keeps its name and password. */
  hasAccount: z.boolean(),
});
export type StaffInvitationView = z.infer<typeof staffInvitationViewSchema>;

/**
 * Accepting: `password` for an e-mail invitation (the new account's, or the existing account's own), `code` (sent by
 * /api/auth/phone/start to the invited mobile) for a phone one. `name` makes a new account.
 */
export const staffAcceptSchema = z.object({
  token: z.string().min(1).max(200),
  name: nameField.optional(),
  password: z.string().min(1).max(128).optional(),
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export type StaffAcceptInput = z.input<typeof staffAcceptSchema>;

/** A new account's password follows the register form's rule. */
export const isStrongPassword = (password: string) => PASSWORD_PATTERN.test(password);

export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  role: z.string(),
  suspended: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffRoleChangeSchema = z.object({ role: roleKeyField });

/** The signed-in member's role and what it allows, which the dashboard shapes itself by. */
export const staffSelfSchema = z.object({ role: z.string().nullable(), permissions: z.array(z.enum(PERMISSIONS)) });
export type StaffSelf = z.infer<typeof staffSelfSchema>;
