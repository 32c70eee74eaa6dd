import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  searchQuerySchema,
  searchResultSchema,
  searchSuggestionsSchema,
  searchSuggestQuerySchema,
  searchSynonymsSchema,
} from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { searchEngine } from './engine.js';
import { noResultsFor } from './no-results.js';
import { suggest } from './suggest.js';
import { loadSynonyms, saveSynonyms } from './synonyms.js';

const security = [{ token: [] }];

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
          "Ranked by relevance unless sortBy is one of 'Price: Low to High', 'Price: High to Low', 'Avg. Customer review'. " +
          'A text that finds nothing comes with noResults: a spelling, the nearest categories and the best sellers.',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
    },
    async (request) => {
      const result = await engine.search(request.query);
      if (result.products.length || !request.query.name) return result;
      return { ...result, noResults: await noResultsFor(app.db, request.query.name, app.clock.now()) };
    },
  );

  app.get(
    '/product/suggest',
    {
      config: { access: 'public', cache: 'lists' },
      schema: {
        summary: 'Suggest products, brands and categories for a text being typed',
        tags: ['search'],
        description:
          'Each typed word a prefix, or as the catalogue spells it where that finds nothing; names in the language typed.',
        querystring: searchSuggestQuerySchema,
        response: { 200: searchSuggestionsSchema },
      },
    },
    async (request) => suggest(app.db, request.query.q),
  );

  app.get(
    '/admin/search-synonyms',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: 'List the search synonyms',
        tags: ['search'],
        security,
        response: { 200: searchSynonymsSchema },
      },
    },
    async () => loadSynonyms(app.db),
  );

  app.put(
    '/admin/search-synonyms',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: 'Replace the search synonyms',
        tags: ['search'],
        security,
        body: searchSynonymsSchema,
        response: { 200: searchSynonymsSchema },
      },
    },
    async (request) => saveSynonyms(app.db, request.body, actorOf(request)),
  );
};
