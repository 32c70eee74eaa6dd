import {
  CURRENCY,
  WEB_PATHS,
  WEB_PATTERNS,
  localDescription,
  localName,
  type Language,
  type ProductDetail,
} from '@shop/contracts';
import { storefrontPath, type Site } from './site.js';

/** A schema.org thing, as JSON-LD writes it. */
export interface Thing {
  '@context'?: string;
  '@type': string;
  [property: string]: unknown;
}

const SCHEMA = 'https://schema.org';

/** One step of a breadcrumb trail: what it is called and its absolute address. */
export interface Crumb {
  name: string;
  url: string;
}

/** Where a page sits, from the home page down to it (Google shows the trail instead of the address). */
export const breadcrumbList = (crumbs: readonly Crumb[]): Thing => ({
  '@context': SCHEMA,
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((crumb, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: crumb.name,
    item: crumb.url,
  })),
});

/**
 * What the product is sold for: one offer, or, for a product sold in variants at several prices, an
 * AggregateOffer from the lowest to the highest (one offer at the lowest would tell a search engine every
 * variant costs that), with how many variants there are.
 */
function offersOf(product: ProductDetail, url: string) {
  const availability = `${SCHEMA}/${product.stock > 0 ? 'InStock' : 'OutOfStock'}`;
  const prices = (product.variants ?? []).map((variant) => variant.price);
  const lowest = Math.min(...prices);
  const highest = Math.max(...prices);
  if (prices.length > 1 && highest > lowest) {
    return {
      '@type': 'AggregateOffer',
      url,
      lowPrice: lowest,
      highPrice: highest,
      offerCount: prices.length,
      priceCurrency: CURRENCY,
      availability,
    };
  }
  return { '@type': 'Offer', url, price: product.price, priceCurrency: CURRENCY, availability };
}

/**
 * A product as Google's merchant listings read it: the required properties (name, image, offers with
 * price, currency and availability) and the recommended ones the shop has (description, brand, sku).
 * The rating is given only when there are reviews: a rating of nobody is no rating.
 */
export function productThing(product: ProductDetail, language: Language, site: Site): Thing {
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: localName(product, language).text,
    image: product.image_path.map(site.file),
    description: localDescription(product, language).text,
    sku: product._id,
    brand: { '@type': 'Brand', name: product.brand },
    category: localName(product.category, language).text,
    offers: offersOf(product, site.page(storefrontPath.product(product), language)),
    ...(product.numReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.numReviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The shop itself, for the knowledge panel: its name, address and logo. */
export const organizationThing = (name: string, language: Language, site: Site): Thing => ({
  '@context': SCHEMA,
  '@type': 'Organization',
  name,
  url: site.page(WEB_PATHS.home, language),
  logo: site.file('/favicon.svg'),
});

/** The site, with its search: a search engine may offer a search box that lands on the shop's results. */
export const webSiteThing = (name: string, language: Language, site: Site): Thing => ({
  '@context': SCHEMA,
  '@type': 'WebSite',
  name,
  url: site.page(WEB_PATHS.home, language),
  inLanguage: language,
  potentialAction: {
    '@type': 'SearchAction',
    target: {
      '@type': 'EntryPoint',
      urlTemplate: site.page(WEB_PATTERNS.searchResults.replace(':query', '{search_term_string}'), language),
    },
    'query-input': 'required name=search_term_string',
  },
});

/**
 * A <script> carrying a thing. JSON leaves '<' as it is, so a name holding '</script>' would end the
 * element and let the rest run as HTML: written as \u003c, it is the same JSON and no markup.
 */
export const jsonLdScript = (thing: Thing): string =>
  `<script type="application/ld+json">${JSON.stringify(thing).replace(/</g, '\\u003c')}</script>`;
