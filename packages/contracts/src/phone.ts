import { z } from 'zod';
import { say } from './said.js';
import { nameField, sessionSchema, userSchema } from './user.js';
import { egyptianMobile, latinDigits } from './mobile.js';

export const mobileField = z
  .string({ error: say.msg.invalidPhone })
  .max(40, say.msg.invalidPhone)
  .transform((value, ctx) => {
    const mobile = egyptianMobile(value);
    if (!mobile) ctx.addIssue({ code: 'custom', message: say.msg.invalidPhone });
    return mobile ?? z.NEVER;
  });

export const PHONE_CODE_CHANNELS = ['sms', 'whatsapp'] as const;
export type PhoneCodeChannel = (typeof PHONE_CODE_CHANNELS)[number];

/** POST /api/auth/phone/start: where to send a sign-in code. */
export const phoneStartSchema = z.object({ phone: mobileField, channel: z.enum(PHONE_CODE_CHANNELS) });
export type PhoneStartInput = z.input<typeof phoneStartSchema>;

/** Its 202, the same whether or not the phone has an account. */
export const phoneStartAnswerSchema = z.object({ message: z.string() });

/** The six digits sent, as typed: Arabic-Indic digits and spaces are allowed. */
const codeField = z
  .string({ error: say.api.wrongCode })
  .transform((code) => latinDigits(code).replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, say.api.wrongCode));

/** POST /api/auth/phone/verify: the code, and the name of the account to make when the phone has none. */
export const phoneVerifySchema = z.object({ phone: mobileField, code: codeField, name: nameField.optional() });
export type PhoneVerifyInput = z.input<typeof phoneVerifySchema>;

/** Its answer: as e-mail sign-in's, and whether the account was made just now. */
export const phoneSessionSchema = sessionSchema.extend({ created: z.boolean() });
export type PhoneSession = z.infer<typeof phoneSessionSchema>;

/**
 * Its answer to a right code for a phone no account proved, sent without a name: the next step of signing up, not a
 * refusal. Nothing is spent: the same code, sent again with the name, makes the account.
 */
export const phoneNameNeededSchema = z.object({ nameNeeded: z.literal(true), message: z.string() });
export type PhoneNameNeeded = z.infer<typeof phoneNameNeededSchema>;

/** All it answers with 200: the session, or the request for a name. */
export const phoneVerifyAnswerSchema = z.union([phoneSessionSchema, phoneNameNeededSchema]);
export type PhoneVerifyAnswer = z.infer<typeof phoneVerifyAnswerSchema>;

/**
 * PUT /api/user/phone: the code sent (by POST /api/user/phone/code) to a mobile, which the signed-in account then
 * proves: phone sign-in opens that account from then on.
 */
export const phoneProofSchema = z.object({ phone: mobileField, code: codeField });
export type PhoneProofInput = z.input<typeof phoneProofSchema>;

/** Its answer: the account as it now is. */
export const phoneProvenSchema = z.object({ user: userSchema, message: z.string() });
export type PhoneProven = z.infer<typeof phoneProvenSchema>;
