import { eq } from 'drizzle-orm';
import { shippingFees, type ShippingQuote, type ShippingQuoteQuery, type ShippingRates } from '@shop/contracts';
import { cartItems, products } from '../../db/schema.js';
import type { Actor } from '../../lib/admin-audit.js';
import { toEgp } from '../../lib/money.js';
import type { Deps } from '../deps.js';
import { loadShippingRates, saveShippingRates } from './rates.js';

export function shippingService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  /**
   * What delivering the shopper's cart to that governorate costs, from the cart's current prices and
   * weights: the figure the order will be billed, unless the cart or the prices change first.
   */
  async function quote(userId: string, query: ShippingQuoteQuery): Promise<ShippingQuote> {
    const lines = await db
      .select({ price: products.price, weight: products.weight, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId));
    const fees = shippingFees(await loadShippingRates(db), {
      governorate: query.state,
      weightKg: lines.reduce((sum, line) => sum + line.weight * line.quantity, 0),
      itemsPiastres: lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
      method: query.paymentMethod,
    });
    return { shipping: toEgp(fees.shipping), codFee: toEgp(fees.codFee) };
  }

  return {
    rates: (): Promise<ShippingRates> => loadShippingRates(db),
    save: (input: ShippingRates, actor: Actor): Promise<ShippingRates> => saveShippingRates(db, input, actor),
    quote,
  };
}
