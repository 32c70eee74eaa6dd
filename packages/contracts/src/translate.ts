import { API_MSG, MSG, NOT_FOUND, RESET_MAIL, RULE_MSG } from './messages.js';
import { API_MSG_AR, MSG_AR, NOT_FOUND_AR, RESET_MAIL_AR, RULE_MSG_AR } from './messages.ar.js';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** 'ar', 'ar-EG', 'AR_eg' → Arabic; any other language tag (or none) → English. */
export const languageOf = (tag: string | null | undefined): Language =>
  /^ar(?:[-_]|$)/i.test(tag?.trim() ?? '') ? 'ar' : 'en';

type Text = string | ((...args: never[]) => string);
/** Called with the arguments as they stand in the English text: the Arabic only interpolates them, so strings do for numbers. */
type Interpolate = (...args: string[]) => string;

/** Every English table with its Arabic twin (messages.ar.ts types each twin key for key). */
const TABLES: [Record<string, Text>, Record<string, Text>][] = [
  [MSG, MSG_AR],
  [RULE_MSG, RULE_MSG_AR],
  [NOT_FOUND, NOT_FOUND_AR],
  [API_MSG, API_MSG_AR],
  [RESET_MAIL, RESET_MAIL_AR],
];

// Placeholders marked with a private-use character, which no message ever contains.
const SLOT = /\uE000(\d+)\uE000/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A parameterised text as a pattern: the English function is called with numbered placeholders, so
 * '{field} must be a `number` type' needs no hand-written regular expression that could drift from it.
 */
function patternOf(english: (...args: never[]) => string): RegExp {
  const slots = Array.from({ length: english.length }, (_, i) => `\uE000${i}\uE000`);
  const sample = (english as Interpolate)(...slots);
  return new RegExp(`^${escapeRegExp(sample).replace(SLOT, '(?<a$1>[\\s\\S]+?)')}$`);
}

const exact = new Map<string, string>();
const patterns: { pattern: RegExp; arabic: Interpolate }[] = [];
for (const [english, arabic] of TABLES) {
  for (const [key, text] of Object.entries(english)) {
    const twin = arabic[key];
    if (typeof text === 'string' && typeof twin === 'string') exact.set(text, twin);
    else if (typeof text === 'function' && typeof twin === 'function')
      patterns.push({ pattern: patternOf(text), arabic: twin as Interpolate });
  }
}

/** A shop message in `language`; English stays as it is, and a message without a translation passes through unchanged. */
export function translate(message: string, language: Language): string {
  if (language === 'en') return message;
  const known = exact.get(message);
  if (known !== undefined) return known;
  for (const { pattern, arabic } of patterns) {
    const match = pattern.exec(message);
    if (match?.groups)
      return arabic(
        ...Array.from({ length: Object.keys(match.groups).length }, (_, i) => match.groups?.[`a${i}`] ?? ''),
      );
  }
  return message;
}

/** The password-reset e-mail in `language`. */
export function resetMail(link: string, language: Language): { subject: string; text: string } {
  const mail = language === 'ar' ? RESET_MAIL_AR : RESET_MAIL;
  return { subject: mail.subject, text: mail.body(link) };
}
