import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartIncSchema,
  cartRemoveSchema,
  cartSchema,
  abandonedCartsPageSchema,
  abandonedCartsQuerySchema,
} from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { abandonedCarts } from './abandoned.js';
import { cartService } from './service.js';

const shopper = { config: { access: 'shopper' as const } };
const doc = { tags: ['cart'], security: [{ token: [] }], response: { 200: cartSchema } };

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = cartService(app);
  const abandoned = abandonedCarts(app);

  app.get('/cart', { ...shopper, schema: { ...doc, summary: "Show the shopper's cart" } }, async (request) =>
    cart.get(currentUser(request).id),
  );

  app.put(
    '/cart/incItem',
    {
      ...shopper,
      schema: { summary: 'Add one unit of a product to the cart, or take one off', ...doc, body: cartIncSchema },
    },
    async (request) => {
      const { product_id: productId, variant_id: variantId, flag } = request.body;
      const userId = currentUser(request).id;
      const line = { productId, variantId };
      return flag === 1 ? cart.increase(userId, line) : cart.decrease(userId, line);
    },
  );

  app.put(
    '/cart/removeItem',
    { ...shopper, schema: { summary: 'Remove a product from the cart', ...doc, body: cartRemoveSchema } },
    async (request) =>
      cart.remove(currentUser(request).id, { productId: request.body.product_id, variantId: request.body.variant_id }),
  );

  app.put('/cart/emptyCart', { ...shopper, schema: { ...doc, summary: 'Empty the cart' } }, async (request) =>
    cart.empty(currentUser(request).id),
  );

  app.get(
    '/admin/carts',
    {
      config: { access: { permission: 'customers.read' } },
      schema: {
        summary: 'List the carts shoppers abandoned, the most recently changed first',
        tags: ['admin'],
        description: "Carts unchanged for an hour or more: their shopper, pieces and value at today's prices",
        security: [{ token: [] }],
        querystring: abandonedCartsQuerySchema,
        response: { 200: abandonedCartsPageSchema },
      },
    },
    async (request) => abandoned.list(request.query),
  );
};
