import { isRecord } from '../../lib/guards';
import { readJson, removeKey, writeJson } from '../../lib/storage';

/**
 * What a signed-out shopper pressed that sent them to sign in (Add to Cart, the heart), to be done for them once they
 * have: the sign-in screen says it, and signing in does it (productActions/afterSignIn.ts).
 */
export interface SignInIntent {
  action: 'cart' | 'favourite';
  productId: string;
  /** The variant chosen on the product page, which the cart takes as its own line. */
  variantId?: string;
  /** The product's names, for the sign-in screen's "Sign in to add … to your cart". */
  name: string;
  nameAr?: string;
}

const KEY = 'signInIntent';

/**
 * Long enough to have a code sent and typed, or an account made; short enough that a sign-in much later, meant for
 * something else, does not add what was pressed then.
 */
export const INTENT_TTL_MS = 10 * 60_000;

/** Kept in this tab only (sessionStorage): a sign-in in another tab is not this press's. */
export function keepIntent(intent: SignInIntent, now = Date.now()): void {
  writeJson(KEY, { ...intent, until: now + INTENT_TTL_MS }, 'sessionStorage');
}

const ID = /^[\w-]{1,64}$/;
const isName = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= 200;

/**
 * The kept intent when it is whole and fresh, else null. The storage is the visitor's to edit, so its value is only
 * a product to look up: the cart and favourites read the product afresh, and the server checks the change as any.
 */
export function peekIntent(now = Date.now()): SignInIntent | null {
  const kept = readJson(KEY, 'sessionStorage');
  if (!isRecord(kept)) return null;
  const { action, productId, variantId, name, nameAr, until } = kept;
  if (action !== 'cart' && action !== 'favourite') return null;
  if (typeof productId !== 'string' || !ID.test(productId)) return null;
  if (variantId !== undefined && (typeof variantId !== 'string' || !ID.test(variantId))) return null;
  if (!isName(name) || (nameAr !== undefined && !isName(nameAr))) return null;
  if (typeof until !== 'number' || until <= now || until > now + INTENT_TTL_MS) return null;
  return {
    action,
    productId,
    ...(variantId !== undefined && { variantId }),
    name,
    ...(nameAr !== undefined && { nameAr }),
  };
}

/** The kept intent, once: forgotten as it is read, so no later sign-in does it again. */
export function takeIntent(now = Date.now()): SignInIntent | null {
  const intent = peekIntent(now);
  removeKey(KEY, 'sessionStorage');
  return intent;
}
