import fs from 'node:fs/promises';
import type { Language } from '@shop/contracts';

/** The page the web app is served in, made for one language and, for the storefront pages, with a head of its own. */
export interface PageTemplate {
  /** `head` replaces the template's title and description; null keeps them (cart, checkout, account, dashboard). */
  render(language: Language, head: string | null): Promise<string>;
}

const DIRECTION: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', ar: 'rtl' };

/**
 * The built index.html (apps/web/index.html as Vite writes it), or `fallback` when there is no build. It is
 * read at each render, so a rebuild while the server runs is served at once; rendered pages are cached
 * by the response cache, so that costs a read per page and catalogue change, not per request.
 */
export function pageTemplate(indexFile: string | null, fallback: string): PageTemplate {
  return {
    async render(language, head) {
      const page = indexFile ? await fs.readFile(indexFile, 'utf8') : fallback;
      // The boot script sets lang and dir too, but only once it runs: a crawler, or a slow first paint, reads these.
      const localized = page.replace(/<html[^>]*>/, `<html lang="${language}" dir="${DIRECTION[language]}">`);
      if (head === null) return localized;
      // Replaced in place, not added after, so no page has two descriptions and the title stays first. A
      // function, not a string, replaces: '$&' or "$'" in a product's name must stay text, not patterns.
      return localized.replace(/\s*<meta\s+name="description"[^>]*>/, '').replace(/<title>[^<]*<\/title>/, () => head);
    },
  };
}
