import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartIncSchema, cartRemoveSchema, cartSchema } from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { cartService } from './service.js';

const shopper = { config: { access: 'shopper' as const } };
const doc = { tags: ['cart'], security: [{ token: [] }], response: { 200: cartSchema } };

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = cartService(app);

  app.get('/cart', { ...shopper, schema: doc }, async (request) => cart.get(currentUser(request).id));

  app.put('/cart/incItem', { ...shopper, schema: { ...doc, body: cartIncSchema } }, async (request) => {
    const { product_id: productId, variant_id: variantId, flag } = request.body;
    const userId = currentUser(request).id;
    const line = { productId, variantId };
    return flag === 1 ? cart.increase(userId, line) : cart.decrease(userId, line);
  });

  app.put('/cart/removeItem', { ...shopper, schema: { ...doc, body: cartRemoveSchema } }, async (request) =>
    cart.remove(currentUser(request).id, { productId: request.body.product_id, variantId: request.body.variant_id }),
  );

  app.put('/cart/emptyCart', { ...shopper, schema: doc }, async (request) => cart.empty(currentUser(request).id));
};
