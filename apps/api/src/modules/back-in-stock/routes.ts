import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backInStockAskSchema,
  backInStockCancelQuerySchema,
  backInStockRequestsSchema,
  idSchema,
} from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { backInStockRequestsService } from './requests.js';

/** Asks, and cancellations, a shopper may make a minute (each route counts its own): a button's taps, not a script's. */
const CHANGES_PER_MINUTE = 30;

const doc = { tags: ['back-in-stock'], security: [{ token: [] }], response: { 200: backInStockRequestsSchema } };
const params = z.object({ productId: idSchema });
const shopper = { access: 'shopper' as const };
const limited = {
  ...shopper,
  // Counted per shopper (the auth hook runs before the limit's), not per address: a household shares one.
  rateLimit: {
    max: CHANGES_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: { user?: { id: string } | null; ip: string }) => request.user?.id ?? request.ip,
  },
};

/** "Notify me when it's back" (أبلغني عند التوفر): a shopper's requests for an out-of-stock product or variant. */
export const backInStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = backInStockRequestsService(app);

  app.get(
    '/back-in-stock/:productId',
    { config: shopper, schema: { ...doc, summary: 'What of a product the shopper asked to be told of', params } },
    async (request) => requests.waiting(currentUser(request).id, request.params.productId),
  );

  app.post(
    '/back-in-stock/:productId',
    {
      config: limited,
      schema: {
        ...doc,
        summary: 'Ask to be told once when an out-of-stock product or variant is back',
        params,
        body: backInStockAskSchema,
      },
    },
    async (request) =>
      requests.ask(
        currentUser(request).id,
        { productId: request.params.productId, variantId: request.body.variant_id },
        requestLanguage(request),
      ),
  );

  app.delete(
    '/back-in-stock/:productId',
    {
      config: limited,
      schema: {
        ...doc,
        summary: 'Cancel a request to be told when a product or variant is back',
        params,
        querystring: backInStockCancelQuerySchema,
      },
    },
    async (request) =>
      requests.cancel(currentUser(request).id, {
        productId: request.params.productId,
        variantId: request.query.variant_id,
      }),
  );
};
