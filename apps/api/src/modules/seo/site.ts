import { LANGUAGES, pathIn, WEB_PATTERNS, type Language, type ShopPageName } from '@shop/contracts';

/** The app paths of the storefront pages with a parameter, as the web app's links write them. */
export const storefrontPath = {
  product: (id: string) => WEB_PATTERNS.product.replace(':id', encodeURIComponent(id)),
  category: (id: string) => WEB_PATTERNS.category.replace(':id', encodeURIComponent(id)),
  department: (id: string) => WEB_PATTERNS.department.replace(':id', encodeURIComponent(id)),
  searchResults: (query: string) => WEB_PATTERNS.searchResults.replace(':query', encodeURIComponent(query)),
  shopPage: (page: ShopPageName) => WEB_PATTERNS.shopPage.replace(':page', page),
};

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
  page(path: string, language: Language): string;
  /** A file the shop serves ('/uploads/…'); a picture already at an address of its own stays there. */
  file(path: string): string;
  /** The page in each language, and the English one for everybody else (the unprefixed address). */
  alternates(path: string): Alternate[];
}

export function siteAt(publicUrl: string): Site {
  const origin = publicUrl.replace(/\/+$/, '');
  const page = (path: string, language: Language) => `${origin}${pathIn(path, language)}`;
  return {
    page,
    file: (path) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`),
    alternates: (path) => [
      ...LANGUAGES.map((language) => ({ hreflang: language, href: page(path, language) })),
      { hreflang: 'x-default', href: page(path, 'en') },
    ],
  };
}
