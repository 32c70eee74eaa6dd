/** The shop's languages; the first is the default and the fallback. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the chosen language is remembered; boot.js reads the same key before the first paint. */
export const LANGUAGE_KEY = 'shop.language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The language boot.js chose for this page (it set <html lang> before anything rendered); English on the server. */
export function initialLanguage(): Language {
  if (typeof document === 'undefined') return 'en';
  const language = document.documentElement.lang;
  return isLanguage(language) ? language : 'en';
}

/** Each language's name in itself: what the switch offers, read in the language it names. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };
