import { LANGUAGES, pathIn, WEB_PATHS, WEB_PATTERNS } from '@shop/contracts';
import type { Site } from './site.js';

/** Pages for one shopper (cart, checkout, account) or for admins: nothing in them belongs in an index. */
const PRIVATE_PATHS = [
  WEB_PATHS.cart,
  WEB_PATHS.shippingAddress,
  WEB_PATHS.shippingForm,
  WEB_PATHS.payment,
  WEB_PATHS.placeOrder,
  WEB_PATHS.stripe,
  WEB_PATHS.success,
  WEB_PATHS.paymentStatus,
  WEB_PATHS.orderError,
  WEB_PATHS.orders,
  WEB_PATHS.login,
  WEB_PATHS.signup,
  WEB_PATHS.forgotPassword,
  // A reset link carries its token: the part before the parameters covers them all.
  WEB_PATTERNS.passwordReset.slice(0, WEB_PATTERNS.passwordReset.indexOf(':')),
  WEB_PATHS.user,
  WEB_PATHS.editProfile,
  WEB_PATHS.updateName,
  WEB_PATHS.updateEmail,
  WEB_PATHS.updatePhone,
  WEB_PATHS.updatePassword,
  WEB_PATHS.favourite,
  WEB_PATHS.addReview,
  WEB_PATHS.dashboard,
];

/**
 * The catalogue reads the storefront's pages are drawn from. A search engine that runs the page's script
 * (Google does) must be let fetch them, or it sees the pages empty; everything else under /api is closed.
 */
const CATALOGUE_READS = ['/api/product', '/api/category', '/api/department', '/api/review/product/'];

/** robots.txt: the private pages in both languages and the API closed, and where the sitemap is. */
export function robotsTxt(site: Site): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.flatMap((path) => LANGUAGES.map((language) => `Disallow: ${pathIn(path, language)}`)),
    'Disallow: /api/',
    ...CATALOGUE_READS.map((path) => `Allow: ${path}`),
    '',
    `Sitemap: ${site.file('/sitemap.xml')}`,
    '',
  ].join('\n');
}
