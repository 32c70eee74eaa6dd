import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@shop/contracts';
import { searchEngine } from './engine.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = searchEngine(app);

  app.get(
    '/product/search',
    {
      config: { access: 'public', cache: 'lists' },
      schema: {
        summary: 'Search products by words, with filters',
        tags: ['search'],
        description:
          "Ranked by relevance unless sortBy is one of 'Price: Low to High', 'Price: High to Low', 'Avg. Customer review'",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
    },
    async (request) => engine.search(request.query),
  );
};
