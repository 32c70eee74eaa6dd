import type { Language } from '@shop/contracts';
import { escapeMarkup } from '../../lib/markup.js';
import { jsonLdScript, type Thing } from './json-ld.js';
import { HEAD_TEXTS } from './texts.js';
import type { PagePath, Site } from './site.js';

/** What a storefront page's head says, in the page's language. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's app path ('/product/one/…'), or each language's: its address in each language follows from it. */
  path: PagePath;
  /** Absolute addresses of its pictures; link previews show the first. None: a small card. */
  images?: string[];
  /** Open Graph's kind of page; a website unless it is a product's. */
  type?: 'website' | 'product';
  /** Kept out of search indexes: search results are endless and only the catalogue again. */
  noindex?: boolean;
  /** schema.org things about the page, written as JSON-LD. */
  things?: Thing[];
}

/** Open Graph names a language with its country: the shop's readers are in Egypt. */
const OG_LOCALE: Record<Language, string> = { en: 'en_EG', ar: 'ar_EG' };

const meta = (key: 'name' | 'property', name: string, content: string) =>
  `<meta ${key}="${name}" content="${escapeMarkup(content)}" />`;

/**
 * The tags of a page's head: title and description, its canonical address and the same page in the
 * other language (hreflang), Open Graph and Twitter card for link previews, and its structured data.
 */
export function headTags(head: PageHead, language: Language, site: Site): string {
  const url = site.page(head.path, language);
  const [image] = head.images ?? [];
  const other = language === 'en' ? 'ar' : 'en';
  return [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    ...site
      .alternates(head.path)
      .map(({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeMarkup(href)}" />`),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', HEAD_TEXTS[language].siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALE[language]),
    meta('property', 'og:locale:alternate', OG_LOCALE[other]),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...(head.things ?? []).map(jsonLdScript),
  ].join('\n    ');
}

/** The head of a page that is not there: its title, and nothing for an index to keep. */
export const notFoundTags = (language: Language): string =>
  [`<title>${escapeMarkup(HEAD_TEXTS[language].notFoundTitle)}</title>`, meta('name', 'robots', 'noindex')].join(
    '\n    ',
  );
