/** Catalogue content: written in English, with an Arabic version when the admin gave one. */
export interface Named {
  name: string;
  nameAr?: string | null;
}
export interface Described {
  description: string;
  descriptionAr?: string | null;
}

/** A text as shown, and its language when it differs from the page's (for a `lang` attribute). */
export interface LocalText {
  text: string;
  lang: 'en' | 'ar' | undefined;
}

/** The version in `language`, else the other one: an Arabic page shows the English name rather than nothing. */
function pick(english: string, arabic: string | null | undefined, language: string): LocalText {
  if (language === 'ar') return arabic ? { text: arabic, lang: undefined } : { text: english, lang: 'en' };
  return english || !arabic ? { text: english, lang: undefined } : { text: arabic, lang: 'ar' };
}

/** The name shown on a page in `language` (the web's screens, the server's page heads). */
export const localName = (item: Named, language: string): LocalText => pick(item.name, item.nameAr, language);
export const localDescription = (item: Described, language: string): LocalText =>
  pick(item.description, item.descriptionAr, language);

/** The warranty a product states, in `language` or else the other; null when it states none. */
export const localWarranty = (
  item: { warranty: string | null; warrantyAr: string | null },
  language: string,
): LocalText | null => (item.warranty || item.warrantyAr ? pick(item.warranty ?? '', item.warrantyAr, language) : null);

/** What search results show of a description: Google cuts it at about 160 characters anyway. */
const DESCRIPTION_LENGTH = 160;

/** A description cut at a word, on one line: a page's description in its head (the server's, and the app's as it moves). */
export function summary(text: string, max = DESCRIPTION_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
