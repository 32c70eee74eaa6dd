import { EMAIL_CHANGED_MAIL, INVITE_MAIL, PASSWORD_CHANGED_MAIL, RESET_MAIL } from './messages.js';
import { EMAIL_CHANGED_MAIL_AR, INVITE_MAIL_AR, PASSWORD_CHANGED_MAIL_AR, RESET_MAIL_AR } from './messages.ar.js';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** 'ar', 'ar-EG', 'AR_eg' → Arabic; any other language tag (or none) → English. */
export const languageOf = (tag: string | null | undefined): Language =>
  /^ar(?:[-_]|$)/i.test(tag?.trim() ?? '') ? 'ar' : 'en';

/** An e-mail of the shop's own, in either language, its body made of one value (a link, an address). */
interface AccountMail {
  subject: string;
  body: (value: string) => string;
}

/** The e-mail written in `language`, ready for the mailer. */
const writtenIn =
  (english: AccountMail, arabic: AccountMail) =>
  (value: string, language: Language): { subject: string; text: string } => {
    const mail = language === 'ar' ? arabic : english;
    return { subject: mail.subject, text: mail.body(value) };
  };

/** The staff invitation e-mail, with its link. */
export const inviteMail = writtenIn(INVITE_MAIL, INVITE_MAIL_AR);
/** The password-reset e-mail, with its link. */
export const resetMail = writtenIn(RESET_MAIL, RESET_MAIL_AR);
/** To the old address of an account whose e-mail changed, with the new one partly hidden. */
export const emailChangedMail = writtenIn(EMAIL_CHANGED_MAIL, EMAIL_CHANGED_MAIL_AR);
/** To an account whose password changed, with where to ask for a new one. */
export const passwordChangedMail = writtenIn(PASSWORD_CHANGED_MAIL, PASSWORD_CHANGED_MAIL_AR);
