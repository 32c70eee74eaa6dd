import { pathIn, WEB_PATTERNS } from '@shop/contracts';

/** A path parameter that carries a secret: a signed link's token, a provider's shared secret. */
const SECRET_PARAM = /^:(token|secret)$/;
/** A query parameter that carries one (Stripe's `client_secret`, Meta's `hub.verify_token`), with its value. */
const SECRET_QUERY = /([?&])([^=&]*(?:token|secret))=[^&]*/gi;
const HIDDEN = '…';

const hasSecret = (pattern: string) => pattern.split('/').some((part) => SECRET_PARAM.test(part));

/** The storefront's pages whose address carries a secret (a password reset, a cash order's confirmation). */
const SECRET_PAGES = Object.values(WEB_PATTERNS)
  .filter(hasSecret)
  .flatMap((pattern) => [pattern, pathIn(pattern, 'ar')]);

/** `path` with the segments `pattern` names as secrets hidden; null when it is not an address of `pattern`. */
function hiddenIn(path: string, pattern: string): string | null {
  const segments = path.split('/');
  const parts = pattern.split('/');
  if (segments.length !== parts.length || parts.some((part, i) => !part.startsWith(':') && part !== segments[i]))
    return null;
  return segments.map((segment, i) => (SECRET_PARAM.test(parts[i] ?? '') ? HIDDEN : segment)).join('/');
}

/**
 * A request's address as its log line keeps it: the secrets some addresses carry hidden. Whoever reads the logs must
 * not be able to confirm a shopper's order, reset a password or forge a provider's report. `route` is the matched
 * route's pattern (`/api/order/confirm/:token`); without one, the address is a page's.
 */
export function loggedUrl(url: string, route: string | undefined): string {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const query = mark < 0 ? '' : url.slice(mark).replace(SECRET_QUERY, `$1$2=${HIDDEN}`);
  const patterns = route ? (hasSecret(route) ? [route] : []) : SECRET_PAGES;
  for (const pattern of patterns) {
    const hidden = hiddenIn(path, pattern);
    if (hidden) return hidden + query;
  }
  return path + query;
}
