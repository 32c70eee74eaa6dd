import { z } from 'zod';
import { say } from './said.js';
import { nameField, sessionSchema } from './user.js';

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as the Latin ones a shopper's keyboard may not type. */
export const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.codePointAt(0) ?? 0) & 0xf));

/**
 * An Egyptian mobile (010, 011, 012, 015) written any usual way, as the shop stores it: +201XXXXXXXXX. Accepts
 * 01…, +201…, 00201…, 201…, with spaces, dashes, dots or brackets, in Latin or Arabic-Indic digits; null otherwise.
 */
export function egyptianMobile(input: string): string | null {
  const digits = latinDigits(input).replace(/[\s\-.()\u200e\u200f]/g, '');
  const national = digits.match(/^(?:\+20|0020|20)?0?(1[0125]\d{8})$/)?.[1];
  return national ? `+20${national}` : null;
}

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

/** POST /api/auth/phone/verify: the code, and the name of the account to make when the phone has none. */
export const phoneVerifySchema = z.object({
  phone: mobileField,
  code: z
    .string({ error: say.api.wrongCode })
    .transform((code) => latinDigits(code).replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, say.api.wrongCode)),
  name: nameField.optional(),
});
export type PhoneVerifyInput = z.input<typeof phoneVerifySchema>;

/** Its answer: as e-mail sign-in's, and whether the account was made just now. */
export const phoneSessionSchema = sessionSchema.extend({ created: z.boolean() });
export type PhoneSession = z.infer<typeof phoneSessionSchema>;
