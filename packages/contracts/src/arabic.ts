/**
 * Arabic as Egyptians type it, folded to one spelling so search finds a word however it was written:
 * hamza-carrying alefs as bare alef, ta marbuta as ha, alef maqsura as ya, hamza seats as their letter,
 * Arabic-Indic digits as ASCII digits, and no harakat or tatweel.
 *
 * The database folds stored text with the SQL function normalize_arabic (apps/api/src/db/sql/search-text.sql),
 * which must do exactly this: search compares query text folded here with names folded there.
 */
// Written as escapes: mixed-direction literals are easy to misread. In order: أ إ آ ٱ → ا, ة → ه, ى → ي,
// ؤ → و, ئ → ي, then the Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits.
export const ARABIC_FOLD_FROM =
  '\u0623\u0625\u0622\u0671\u0629\u0649\u0624\u0626\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669\u06F0\u06F1\u06F2\u06F3\u06F4\u06F5\u06F6\u06F7\u06F8\u06F9';
export const ARABIC_FOLD_TO = '\u0627\u0627\u0627\u0627\u0647\u064A\u0648\u064A01234567890123456789';

/** Tatweel (U+0640), harakat and Quranic marks (U+064B–U+065F) and the dagger alef (U+0670). */
const STRIPPED = /[\u064B-\u065F\u0670\u0640]/g;
const FOLD = new Map([...ARABIC_FOLD_FROM].map((from, i) => [from, ARABIC_FOLD_TO[i]!]));
const FOLDED = new RegExp(`[${ARABIC_FOLD_FROM}]`, 'g');

export function normalizeArabic(text: string): string {
  return text.replace(STRIPPED, '').replace(FOLDED, (letter) => FOLD.get(letter)!);
}
