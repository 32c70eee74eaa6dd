import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@shop/contracts';
import { searchService } from './service.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = searchService(app);

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
    async (request) => search.search(request.query),
  );
};
