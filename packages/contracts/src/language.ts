import { INVITE_MAIL, RESET_MAIL } from './messages.js';
import { INVITE_MAIL_AR, RESET_MAIL_AR } from './messages.ar.js';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** 'ar', 'ar-EG', 'AR_eg' → Arabic; any other language tag (or none) → English. */
export const languageOf = (tag: string | null | undefined): Language =>
  /^ar(?:[-_]|$)/i.test(tag?.trim() ?? '') ? 'ar' : 'en';

/** The staff invitation e-mail in `language`. */
export function inviteMail(link: string, language: Language): { subject: string; text: string } {
  const mail = language === 'ar' ? INVITE_MAIL_AR : INVITE_MAIL;
  return { subject: mail.subject, text: mail.body(link) };
}

/** The password-reset e-mail in `language`. */
export function resetMail(link: string, language: Language): { subject: string; text: string } {
  const mail = language === 'ar' ? RESET_MAIL_AR : RESET_MAIL;
  return { subject: mail.subject, text: mail.body(link) };
}
