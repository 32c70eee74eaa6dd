import type { Language } from './language.js';
import { localName } from './localized.js';

/*
 * Every address of the web app, written once: the web's router table and links are built from these
 * (apps/web/src/lib/paths.ts), and the API writes the storefront pages' heads, robots.txt and the
 * sitemap from them. The odd names are the original shop's and stay as they are
 * (docs/decisions/original-routes.md).
 */

/** The addresses with parameters, as the router matches them. */
export const WEB_PATTERNS = {
  product: '/product/one/:id',
  /** The same page with its name after the id, readable in the address; the canonical one (`productPath`). */
  productNamed: '/product/one/:id/:slug',
  category: '/product/category/:id',
  department: '/department/:id',
  searchResults: '/searchResults/:query',
  passwordReset: '/password-reset/:id/:token',
  userOrders: '/dashboard/UserOrder/:userID',
  invoice: '/Orders/:id/invoice',
  /** One order in the dashboard: what to pack, for whom, and what happened to it. */
  dashOrder: '/dashboard/orders/:id',
  /** A cash order's confirmation, from the link of its message: no sign-in, the signed token names the order. */
  confirmOrder: '/confirm/:token',
  /** One of the shop's pages (delivery, returns, privacy, terms: SHOP_PAGES), written by the owner. */
  shopPage: '/pages/:page',
} as const;

/** The addresses without parameters. */
export const WEB_PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  user: '/User',
  editProfile: '/EditProfile',
  updateName: '/UpdateName',
  updateEmail: '/UpdateEmail',
  updatePhone: '/UpdatePhone',
  updatePassword: '/Updatepass',
  favourite: '/Favourite',
  addReview: '/AddReview',
  about: '/about',
  dashboard: '/dashboard',
  dashProducts: '/dashboard/DashProducts',
  dashOrders: '/dashboard/orders',
  /** An order a staff member places for a customer who called or wrote. */
  dashNewOrder: '/dashboard/orders/new',
  /** The packing slips of the orders chosen on the orders' list, to print in one go. */
  dashPackingSlips: '/dashboard/orders/packing-slips',
  dashUsers: '/dashboard/Users',
  dashCategories: '/dashboard/Categories',
  dashDepartments: '/dashboard/DepartmentsAdmin',
  dashLogs: '/dashboard/logs',
  dashShipping: '/dashboard/Shipping',
  dashCoupons: '/dashboard/coupons',
  dashStaff: '/dashboard/staff',
  /** Where an invitation's link leads; the token follows in the fragment, which never reaches a server's log. */
  staffAccept: '/staff/accept',
  dashEta: '/dashboard/e-receipts',
  dashSynonyms: '/dashboard/search-synonyms',
  dashAlerts: '/dashboard/alerts',
  dashConfirmations: '/dashboard/confirmations',
  /** The cash-on-delivery report: confirmation and refusal rates, where and from what. */
  dashCod: '/dashboard/cash-on-delivery',
  /** The sales report: what the orders of a period brought, by day, product, governorate, payment and source. */
  dashSales: '/dashboard/sales',
  /** The shop's contact details, registration numbers and pages. */
  dashShop: '/dashboard/shop',
  /** The home page's banners. */
  dashBanners: '/dashboard/banners',
  /** Every product's reviews, to answer and moderate. */
  dashReviews: '/dashboard/reviews',
  /** The carts shoppers abandoned: who, what, and whether they opted in to reminders. */
  dashCarts: '/dashboard/carts',
  cart: '/CartPage',
  shippingAddress: '/ShippingAdress',
  shippingForm: '/ShippingForm',
  payment: '/Payment',
  placeOrder: '/PlaceOrder',
  stripe: '/Stripe',
  success: '/success',
  paymentStatus: '/PaymentStatus',
  orderError: '/OrderError',
  orders: '/Orders',
  /** The shopper's address book (not in the specification's screens: it adds to /ShippingAdress's choice). */
  addresses: '/Addresses',
} as const;

/** The dashboard's products low on stock, fewest in stock first (the overview's link, the staff's low-stock alert). */
export const DASH_PRODUCTS_LOW_ON_STOCK = `${WEB_PATHS.dashProducts}?stock=low`;
/** The dashboard's reviews waiting for the shop's answer (the overview's link, the staff's low-review alert). */
export const DASH_REVIEWS_AWAITING = `${WEB_PATHS.dashReviews}?awaiting=true`;

/**
 * The header's search form as a plain form: a GET of `path` with the text in `field`, which the server
 * answers with a redirect to the results' address (WEB_PATTERNS.searchResults), so it searches without
 * JavaScript too; the web app navigates there itself.
 */
export const SEARCH_FORM = { path: '/searchResults', field: 'q' } as const;

/** A slug is cut at a word's end before this many characters: the address stays readable in a message. */
const SLUG_LENGTH = 60;

/**
 * A name as the readable part of an address: its letters and digits in any script, lower-cased, the words joined
 * by '-' ('Apple iPhone 15, 128GB' → 'apple-iphone-15-128gb'; 'ثلاجة شارب' → 'ثلاجة-شارب', percent-encoded in a
 * link). Empty for a name without a letter or digit.
 */
export function slugOf(name: string): string {
  // Arabic's vowel marks (and other combining marks) go: they are part of a word, not between two.
  const words = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const longer = slug ? `${slug}-${word}` : word;
    if (longer.length > SLUG_LENGTH) return slug || word.slice(0, SLUG_LENGTH);
    slug = longer;
  }
  return slug;
}

/**
 * A product page's app path: its id, then the slug of `name` when there is one ('/product/one/<id>/<slug>'). The
 * id alone, or with any slug, is the same page; this one is its canonical address.
 */
export function productPath(id: string, name?: string): string {
  const slug = name ? slugOf(name) : '';
  const path = WEB_PATTERNS.product.replace(':id', encodeURIComponent(id));
  return slug ? `${path}/${encodeURIComponent(slug)}` : path;
}

/** A product page's canonical app path in each language, its slug from its name in that language. */
export const productPaths = (product: {
  _id: string;
  name: string;
  nameAr: string | null;
}): Record<Language, string> => ({
  en: productPath(product._id, localName(product, 'en').text),
  ar: productPath(product._id, localName(product, 'ar').text),
});

/**
 * Arabic pages are the same addresses behind this prefix ('/ar/product/one/…', '/ar' for the home page);
 * English ones have none. The web app's boot script (apps/web/src/i18n/boot.js) reads it too.
 */
export const ARABIC_PREFIX = '/ar';

/** Whether a request path is an Arabic page's. */
export const isArabicPath = (pathname: string): boolean =>
  pathname === ARABIC_PREFIX || pathname.startsWith(`${ARABIC_PREFIX}/`);

/** The language a page's address is in: Arabic behind the prefix, English otherwise. */
export const languageOfPath = (pathname: string): Language => (isArabicPath(pathname) ? 'ar' : 'en');

/** An app path ('/about', '/') at its address in `language` ('/ar/about', '/ar'). */
export const pathIn = (path: string, language: Language): string =>
  language === 'en' ? path : path === '/' ? ARABIC_PREFIX : `${ARABIC_PREFIX}${path}`;

/** The address of the same page in `language`: '/ar/about' ⇄ '/about'. */
export function samePageIn(pathname: string, language: Language): string {
  const path = isArabicPath(pathname) ? pathname.slice(ARABIC_PREFIX.length) || '/' : pathname;
  return pathIn(path, language);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every address the web app's router serves, as it matches them: case-insensitively, a trailing slash allowed. */
const APP_PATH = new RegExp(
  `^(?:${[...Object.values(WEB_PATHS), ...Object.values(WEB_PATTERNS)]
    .map((path) =>
      path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
        .join('/'),
    )
    .join('|')})/?$`,
  'i',
);

/**
 * Whether an address (in either language) is a page of the web app; any other is answered 404 with the
 * not-found page, so a mistyped link is not indexed as a copy of the shop's shell.
 */
export function isAppPath(pathname: string): boolean {
  return APP_PATH.test(samePageIn(pathname, 'en'));
}
