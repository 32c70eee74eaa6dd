import en from './en.json';
import type checkoutEn from './checkout.en.json';
import type adminEn from './admin.en.json';
import { applyDirection } from './direction';
import { initialLanguage, type Language } from './language';
import { Translator, type KeyOf, type Texts } from './translator';

/** Every text key, typed: a missing or misspelt key is a compile error, not a blank on screen. */
export type TextKey = KeyOf<typeof en & { checkout: typeof checkoutEn; admin: typeof adminEn }>;

/**
 * One translator for components (through useTranslation) and for code outside React (toasts
 * raised by store thunks). English storefront texts ship with the app: they are the default, the
 * fallback for any key a translation lacks, and the home page renders with them without waiting
 * for anything. Every other file (Arabic, the checkout and dashboard areas) is its own chunk,
 * fetched when the language or the area is first used.
 */
export const i18n = new Translator<TextKey, Language>({
  directions: { en: 'ltr', ar: 'rtl' },
  fallback: 'en',
  texts: en,
});

/** Areas whose texts live in files of their own (checkout.<lang>.json, admin.<lang>.json), nested under their name. */
export type Area = 'checkout' | 'admin';

// A language whose file has not landed yet is simply absent here: its texts fall back to English.
const files = import.meta.glob<Texts>(['./*.json', '!./en.json'], { import: 'default' });

const loads = new Map<string, Promise<void>>();

/** Fetches one file once (a second caller waits on the same request) and merges it into the language's texts. */
function loadFile(language: Language, area?: Area): Promise<void> {
  const path = `./${area ? `${area}.` : ''}${language}.json`;
  const loaded = loads.get(path);
  if (loaded) return loaded;
  const load = files[path];
  const loading = (load ? load() : Promise.resolve({})).then(
    (messages) => {
      i18n.addResourceBundle(language, area ? { [area]: messages } : messages);
    },
    (error: unknown) => {
      // A failed fetch (offline) is tried again by the next caller.
      loads.delete(path);
      throw error;
    },
  );
  loads.set(path, loading);
  return loading;
}

const areasInUse = new Set<Area>();

/** The storefront texts of `language` and of every area already opened, plus English under them as the fallback. */
const loadLanguage = async (language: Language) => {
  await Promise.all([
    language === 'en' ? undefined : loadFile(language),
    ...[...areasInUse].flatMap((area) => [loadFile(language, area), loadFile('en', area)]),
  ]);
};

/** Called by an area's routes before their first screen renders, so no raw key ever shows. */
export async function loadArea(area: Area): Promise<void> {
  areasInUse.add(area);
  await loadLanguage(i18n.language);
}

/** The texts of `language` for the storefront and the areas in use, for a part of the page written in it (InLanguage). */
export const loadTexts = (language: Language): Promise<void> => loadLanguage(language);

/** Shows the app in `language`: texts first, then the change, so the page turns over in one step. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  i18n.changeLanguage(language);
}

i18n.onLanguageChanged((language) => applyDirection(language, i18n.dir(language)));

/**
 * Resolves once the language chosen before the first paint (see boot.js) has its texts: at once in
 * English, after the Arabic file otherwise. Never rejects: if that file cannot be fetched, the shop
 * opens in English (and left to right) rather than not at all.
 */
export const i18nReady: Promise<void> = (async () => {
  const language = initialLanguage();
  if (language === 'en') return;
  try {
    await changeLanguage(language);
  } catch {
    applyDirection('en', 'ltr');
  }
})();

// Arabic keeps Latin digits, as Egyptian shops and banks print prices, phone and card numbers: the same
// digits the shopper types.
export { conjunction, intlLocale } from '@shop/contracts';
