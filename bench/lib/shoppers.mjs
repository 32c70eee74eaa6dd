/** @typedef {import('./http-client.mjs').Client} Client */

const ADDRESS = {
  street: 'Tahrir St',
  building: '5',
  city: 'Cairo',
  state: 'Cairo',
  phone: '01012345678',
  zipCode: '11511',
  country: 'Egypt',
};

let phones = 0;
/** A mobile no other order of this run delivers to (010 and eight digits). */
const benchPhone = () =>
  `010${String(process.pid % 1000).padStart(3, '0')}${String(phones++ % 100_000).padStart(5, '0')}`;

/**
 * Registers `count` shoppers, each with a session token. One at a time: each costs the server a password hash.
 * @param {Client} client @param {number} count
 */
export async function registerShoppers(client, count) {
  /** @type {string[]} */
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const r = await client.api('/api/user/register', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Bench Shopper',
        email: `bench${i}-${Date.now()}@example.com`,
        phone: '01012345678',
        password: 'Bench123!',
        confirm_password: 'Bench123!',
      }),
    });
    if (!r.body?.token) throw new Error(`registering a shopper answered ${r.status}`);
    tokens.push(r.body.token);
  }
  return tokens;
}

/**
 * Checkout as the storefront does it: one unit of the product into the cart, then the order, cash on delivery.
 * @param {Client} client @param {string} token @param {string} productId
 * @param {(step: 'cart' | 'order', ms: number, ok: boolean) => void} [timed] told each request's latency
 * @returns {Promise<boolean>} whether the order was placed
 */
export async function checkout(client, token, productId, timed = () => {}) {
  const headers = { 'x-access-token': token };
  let started = performance.now();
  const cart = await client.api('/api/cart/incItem', {
    method: 'PUT',
    headers,
    body: JSON.stringify({ product_id: productId, flag: 1 }),
  });
  timed('cart', performance.now() - started, cart.status === 200);
  started = performance.now();
  const order = await client.api('/api/order', {
    method: 'POST',
    headers,
    // A phone of its own per order, as buyers have: the shop's cash rules count open cash orders per phone.
    body: JSON.stringify({ deliveryAddress: { ...ADDRESS, phone: benchPhone() }, paymentMethod: 'cash' }),
  });
  timed('order', performance.now() - started, order.status === 201);
  return order.status === 201;
}

/** What the API says is left of a product (its answer is dropped from the cache by every stock change). */
/** @param {Client} client @param {string} productId @returns {Promise<number>} */
export const stockOf = async (client, productId) => (await client.api(`/api/product/one/${productId}`)).body.stock;
