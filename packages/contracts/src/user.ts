import { z } from 'zod';
import { CONTACT_CHANNELS } from './contact-channels.js';
import { say } from './said.js';

export const NAME_PATTERN = /^[\p{L}\s,.'-]+$/u;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Egyptian mobile numbers: 010 Vodafone, 011 Etisalat, 012 Orange, 015 WE. */
export const PHONE_PATTERN = /^01[0125]\d{8}$/;
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,128}$/;

export const nameField = z
  .string({ error: say.msg.required })
  .trim()
  .min(1, say.msg.required)
  .max(100, say.msg.invalidName)
  .regex(NAME_PATTERN, say.msg.invalidName);

export const emailField = z
  .string({ error: say.msg.required })
  .trim()
  .min(1, say.msg.required)
  .max(254, say.msg.invalidEmail)
  .regex(EMAIL_PATTERN, say.msg.invalidEmail)
  .transform((email) => email.toLowerCase());

export const phoneField = z.string({ error: say.msg.invalidPhone }).trim().regex(PHONE_PATTERN, say.msg.invalidPhone);

export const passwordField = z
  .string({ error: say.msg.invalidPassword })
  .regex(PASSWORD_PATTERN, say.msg.invalidPassword);

const passwordPairShape = { password: passwordField, confirm_password: z.string({ error: say.msg.noMatching }) };
const confirmationMatches = (v: { password: string; confirm_password: string }) => v.password === v.confirm_password;
const confirmationIssue = { path: ['confirm_password'], message: say.msg.noMatching };

/** Password + confirmation, used by password change and reset. */
export const passwordPairSchema = z.object(passwordPairShape).refine(confirmationMatches, confirmationIssue);
export type PasswordPairInput = z.input<typeof passwordPairSchema>;

export const registerSchema = z
  .object({ name: nameField, email: emailField, phone: phoneField, ...passwordPairShape })
  .refine(confirmationMatches, confirmationIssue);
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: say.msg.required })
    .trim()
    .min(1, say.msg.required)
    .max(254)
    .transform((e) => e.toLowerCase()),
  password: z.string({ error: say.msg.required }).min(1, say.msg.required).max(128),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

/** Profile edits send only the changed fields; each one still has to be valid. */
export const updateUserSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    contactChannel: z.enum(CONTACT_CHANNELS),
    cartReminders: z.boolean(),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: say.rule.nothingToUpdate });
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Null for an account made by phone, until its owner adds one. */
  email: z.string().nullable(),
  phone: z.string(),
  /** The mobile a code proved, 01…: the one phone sign-in opens this account by; null when none did. */
  verifiedPhone: z.string().nullable(),
  role: z.boolean(),
  /** Where order messages go: the one chosen, else the channel of the last sign-in by code, else e-mail. */
  contactChannel: z.enum(CONTACT_CHANNELS),
  /** Whether the shopper agreed to be reminded of a cart left a day (by that channel); off until they tick it. */
  cartReminders: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ user: userSchema, token: z.string(), expiration: z.string() });
export type Session = z.infer<typeof sessionSchema>;

/**
 * A device the account is signed in on, as its owner sees it: the browser and system its sign-in came from (null when
 * unrecognised), when it signed in, and whether it is the device asking.
 */
export const deviceSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  signedInAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsSchema = z.object({ sessions: z.array(deviceSessionSchema) });
