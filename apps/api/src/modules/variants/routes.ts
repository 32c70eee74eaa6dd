import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, productDetailSchema, productVariantsSchema } from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { productsService } from '../products/service.js';
import { variantsService } from './service.js';

export const variantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const products = productsService(app);
  const variants = variantsService(app);

  app.put(
    '/product/:id/variants',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: "Replace a product's options and variants",
        tags: ['product'],
        security: [{ token: [] }],
        description:
          'Replaces the product’s options (at most 3) and variants (one per combination sold); a variant with `_id` ' +
          'edits that variant, the others are new, and variants left out are deleted. Its price and stock become ' +
          'the lowest variant price and the variants’ total. A variant with `stockWas` (the stock the grid loaded) ' +
          'moves by stock − stockWas from what it is by then, keeping the units sold meanwhile.',
        params: z.object({ id: idSchema }),
        body: productVariantsSchema,
        response: { 200: productDetailSchema },
      },
    },
    async (request) => {
      await variants.replace(request.params.id, request.body, actorOf(request));
      return products.one(request.params.id);
    },
  );
};
