import { pathIn, WEB_PATTERNS } from '@shop/contracts';

/** A path parameter that carries a secret: a signed link's token, a provider's shared secret. */
const SECRET_PARAM = /^:(token|secret)$/;
/** A query parameter that carries one (Stripe's `client_secret`, Meta's `hub.verify_token`), with its value. */
const SECRET_QUERY = /([?&])([^=&]*(?:token|secret))=[^&]*/g;
const HIDDEN = '…';

const hasSecret = (pattern: string) => pattern.split('/').some((part) => SECRET_PARAM.test(part));

/** Whether each route pattern seen so far has a secret parameter: a log line per request asks, for a few patterns. */
const routesWithSecrets = new Map<string, boolean>();
function routeHasSecret(route: string): boolean {
  let has = routesWithSecrets.get(route);
  if (has === undefined) routesWithSecrets.set(route, (has = hasSecret(route)));
  return has;
}

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
  const asked = mark < 0 ? '' : url.slice(mark);
  const query =
    asked.includes('token') || asked.includes('secret') ? asked.replace(SECRET_QUERY, `$1$2=${HIDDEN}`) : asked;
  const patterns = route ? (routeHasSecret(route) ? [route] : []) : SECRET_PAGES;
  for (const pattern of patterns) {
    const hidden = hiddenIn(path, pattern);
    if (hidden) return hidden + query;
  }
  return path + query;
}
