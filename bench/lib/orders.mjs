import { checkout, stockOf } from './shoppers.mjs';
import { round } from './stats.mjs';

/** @typedef {import('./http-client.mjs').Client} Client */

/**
 * Every shopper orders one unit of one of `productIds`, chosen at random, again and again for `seconds`. With one
 * product every checkout wants the same row (the hardest case for stock); with many they mostly do not. Oversold is
 * what left a product's stock beyond the units of its placed orders, added over the products: it must be 0,
 * as must the products whose stock moved by anything but their orders.
 * @param {Client} client @param {string[]} shoppers session tokens @param {string[]} productIds @param {number} seconds
 */
export async function placeOrders(client, shoppers, productIds, seconds) {
  const before = await stocks(client, productIds);
  /** @type {Map<string, number>} */
  const placedOf = new Map();
  let refused = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    shoppers.map(async (token) => {
      while (Date.now() < until) {
        const productId = /** @type {string} */ (productIds[Math.floor(Math.random() * productIds.length)]);
        if (await checkout(client, token, productId)) placedOf.set(productId, (placedOf.get(productId) ?? 0) + 1);
        else refused++;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const after = await stocks(client, productIds);
  const placed = [...placedOf.values()].reduce((sum, n) => sum + n, 0);
  const excess = productIds.map((id, i) => (before[i] ?? 0) - (after[i] ?? 0) - (placedOf.get(id) ?? 0));
  return {
    products: productIds.length,
    per_s: round(placed / elapsed),
    placed,
    refused,
    oversold: excess.reduce((sum, n) => sum + Math.max(0, n), 0),
    // Stock taken that no placed order accounts for, or a placed order that took none: either is a fault.
    stock_mismatches: excess.filter((n) => n !== 0).length,
  };
}

/** Each product's stock as the API tells it, a few requests at a time. @param {Client} client @param {string[]} ids */
async function stocks(client, ids) {
  /** @type {number[]} */
  const out = [];
  for (let i = 0; i < ids.length; i += 16)
    out.push(...(await Promise.all(ids.slice(i, i + 16).map((id) => stockOf(client, id)))));
  return out;
}
