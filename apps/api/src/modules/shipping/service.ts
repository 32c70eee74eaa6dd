import type { ShippingQuote, ShippingQuoteQuery, ShippingRates } from '@shop/contracts';
import { billCart, readCart } from '../orders/bill.js';
import type { Actor } from '../../lib/admin-audit.js';
import { toEgp } from '../../lib/money.js';
import type { Deps } from '../deps.js';
import { loadShippingRates, saveShippingRates } from './rates.js';
import { buyerIdNeeded } from '../receipts/buyer-id.js';

export function shippingService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;

  /**
   * What the shopper's cart would be billed to that governorate with that payment method and coupon, from
   * the cart's current prices and weights: the figures of the order, unless the cart or the prices change first.
   */
  async function quote(userId: string, query: ShippingQuoteQuery): Promise<ShippingQuote> {
    const billed = await billCart(db, {
      userId,
      lines: await readCart(db, userId),
      state: query.state,
      method: query.paymentMethod,
      coupon: query.coupon,
      now: deps.clock.now(),
    });
    return {
      shipping: toEgp(billed.shipping),
      codFee: toEgp(billed.codFee),
      discount: toEgp(billed.discount),
      coupon: billed.coupon?.coupon.code ?? null,
      buyerIdRequired: await buyerIdNeeded(db, billed.bill),
    };
  }

  return {
    rates: (): Promise<ShippingRates> => loadShippingRates(db),
    save: (input: ShippingRates, actor: Actor): Promise<ShippingRates> => saveShippingRates(db, input, actor),
    quote,
  };
}
