import { LANGUAGES, pathIn, productPaths, WEB_PATTERNS, type Language, type ShopPageName } from '@shop/contracts';

/** The app paths of the storefront pages with a parameter, as the web app's links write them. */
export const storefrontPath = {
  /** Each language's, with the slug of the product's name in it. */
  product: productPaths,
  category: (id: string) => WEB_PATTERNS.category.replace(':id', encodeURIComponent(id)),
  department: (id: string) => WEB_PATTERNS.department.replace(':id', encodeURIComponent(id)),
  searchResults: (query: string) => WEB_PATTERNS.searchResults.replace(':query', encodeURIComponent(query)),
  shopPage: (page: ShopPageName) => WEB_PATTERNS.shopPage.replace(':page', page),
};

/** A page's app path: the same in both languages, or each language's own (a product's, named in it). */
export type PagePath = string | Readonly<Record<Language, string>>;

export const pathFor = (path: PagePath, language: Language): string =>
  typeof path === 'string' ? path : path[language];

/** A page's address for one language, as hreflang names it ('x-default': for readers of neither). */
export interface Alternate {
  hreflang: Language | 'x-default';
  href: string;
}

/**
 * The absolute addresses the heads, the structured data and the sitemap give, from where the shop is
 * reached (config PUBLIC_URL): search engines and link previews take nothing relative.
 */
export interface Site {
  /** An app path in `language`: ('/about', 'ar') → 'https://shop.example/ar/about'. */
  page(path: PagePath, language: Language): string;
  /** A file the shop serves ('/uploads/…'); a picture already at an address of its own stays there. */
  file(path: string): string;
  /** The page in each language, and the English one for everybody else (the unprefixed address). */
  alternates(path: PagePath): Alternate[];
}

export function siteAt(publicUrl: string): Site {
  const origin = publicUrl.replace(/\/+$/, '');
  const page = (path: PagePath, language: Language) => `${origin}${pathIn(pathFor(path, language), language)}`;
  return {
    page,
    file: (path) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`),
    alternates: (path) => [
      ...LANGUAGES.map((language) => ({ hreflang: language, href: page(path, language) })),
      { hreflang: 'x-default', href: page(path, 'en') },
    ],
  };
}
