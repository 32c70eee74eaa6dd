import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, productSchema } from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { favouritesService } from './service.js';

const shopper = { config: { access: 'shopper' as const } };
const doc = { tags: ['favourite'], security: [{ token: [] }], response: { 200: z.array(productSchema) } };
const productParams = z.object({ productId: idSchema });

export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = favouritesService(app);

  app.get('/favourite', { ...shopper, schema: { ...doc, summary: "List the shopper's favourites" } }, async (request) =>
    service.list(currentUser(request).id),
  );

  app.post(
    '/favourite/:productId',
    { ...shopper, schema: { summary: 'Add a product to the favourites', ...doc, params: productParams } },
    async (request) => service.add(currentUser(request).id, request.params.productId),
  );

  app.delete(
    '/favourite/:productId',
    { ...shopper, schema: { summary: 'Remove a product from the favourites', ...doc, params: productParams } },
    async (request) => service.remove(currentUser(request).id, request.params.productId),
  );

  app.put(
    '/favourite',
    {
      ...shopper,
      schema: {
        summary: 'Replace the favourites list',
        ...doc,
        description: 'Replaces the whole list (sync of the list kept in the browser)',
        body: z.object({ products: z.array(idSchema).max(500) }),
      },
    },
    async (request) => service.replace(currentUser(request).id, request.body.products),
  );
};
