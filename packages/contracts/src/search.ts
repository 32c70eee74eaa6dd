import { z } from 'zod';
import { say } from './said.js';
import { normalizeArabic } from './arabic.js';
import { refSchema } from './catalog.js';

/** A typed search text in the shape the search reads it: lower-cased, Arabic folded, apart into its words. */
export function searchWordsOf(text: string): string[] {
  return normalizeArabic(text.toLowerCase())
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether a text is written in Arabic: the language its suggestions answer in. */
export const isArabicText = (text: string): boolean => /\p{Script=Arabic}/u.test(text);

/** The search box's suggestions while typing (GET /api/product/suggest?q=). */
export const searchSuggestQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export type SearchSuggestQuery = z.output<typeof searchSuggestQuerySchema>;

/** At most this many of each kind: a glance while typing, not a result page. */
export const SUGGESTIONS_PER_KIND = 5;

/**
 * Products, brands and categories whose words start with the typed ones, named in the language typed (`language`):
 * Arabic text is answered with Arabic names (the English one where a product has none).
 */
export const searchSuggestionsSchema = z.object({
  language: z.enum(['en', 'ar']),
  products: z.array(refSchema),
  brands: z.array(z.string()),
  categories: z.array(refSchema),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** A synonym: one word, as a shopper types one. */
const synonymWord = z
  .string()
  .trim()
  .min(1, say.rule.synonymWord)
  .max(40, say.rule.atMostCharacters(40))
  .regex(/^[\p{L}\p{M}\p{N}]+$/u, say.rule.synonymWord);

/**
 * The merchant's synonyms: groups of words, in either language, that a search takes for one another ("fridge",
 * "refrigerator", "ثلاجة"). Saved whole: the list sent replaces the list there was.
 */
export const searchSynonymsSchema = z.object({
  groups: z.array(z.array(synonymWord).min(2, say.rule.synonymGroupSize).max(20, say.rule.synonymGroupSize)).max(500),
});
export type SearchSynonyms = z.infer<typeof searchSynonymsSchema>;
