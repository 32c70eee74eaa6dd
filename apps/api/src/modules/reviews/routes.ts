import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewCreateSchema, reviewSchema } from '@shop/contracts';
import { actorOf, currentUser } from '../../plugins/auth.js';
import { reviewsService } from './service.js';

const tags = ['review'];
const security = [{ token: [] }];
// Checked in the service: a malformed id is treated like an unknown one.
const idParams = z.object({ id: z.string().max(100) });

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = reviewsService(app);

  app.get(
    '/review/product/:id',
    {
      config: { access: 'public', cache: 'product' },
      schema: { summary: "List a product's reviews", tags, params: idParams, response: { 200: z.array(reviewSchema) } },
    },
    async (request) => reviews.ofProduct(request.params.id),
  );

  app.post(
    '/review',
    {
      config: { access: 'shopper', changesCatalogue: true },
      schema: {
        summary: 'Review a product',
        tags,
        security,
        body: reviewCreateSchema,
        response: { 201: reviewSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await reviews.write(currentUser(request).id, request.body)),
  );

  app.delete(
    '/review/:id',
    {
      config: { access: 'user', changesCatalogue: true },
      schema: {
        summary: 'Delete a review',
        tags,
        security,
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => reviews.remove(request.params.id, actorOf(request)),
  );
};
