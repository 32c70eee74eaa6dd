import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryDaysSchema,
  shippingQuoteQuerySchema,
  shippingQuoteSchema,
  shippingRatesSchema,
} from '@shop/contracts';
import { actorOf, currentUser } from '../../plugins/auth.js';
import { loadDeliveryDays } from './rates.js';
import { shippingService } from './service.js';

const tags = ['shipping'];
const security = [{ token: [] }];

export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const shipping = shippingService(app);

  // Not in the response cache: its invalidation hears only the catalogue tables' announcements, and
  // this is read once per checkout or dashboard visit (one small query), where a stale price would mislead.
  app.get(
    '/shipping/rates',
    {
      config: { access: 'public' },
      schema: { summary: 'List the delivery prices per governorate', tags, response: { 200: shippingRatesSchema } },
    },
    async () => shipping.rates(),
  );

  // Every product page asks for it, so it is cached: the rates' trigger announces a save (catalogue-news.sql), and
  // every save writes the rates with the settings, the parcel's opening among them.
  app.get(
    '/shipping/delivery-days',
    {
      config: { access: 'public', cache: 'lists' },
      schema: {
        summary: 'List how many days delivery takes to each governorate',
        tags,
        response: { 200: deliveryDaysSchema },
      },
    },
    async () => loadDeliveryDays(app.db),
  );

  app.put(
    '/shipping/rates',
    {
      // Answers once the cached delivery days have heard of it.
      config: { access: { permission: 'settings.write' }, changesCatalogue: true },
      schema: {
        summary: 'Set the delivery prices',
        tags,
        security,
        body: shippingRatesSchema,
        response: { 200: shippingRatesSchema },
      },
    },
    async (request) => shipping.save(request.body, actorOf(request)),
  );

  app.get(
    '/shipping/quote',
    {
      config: { access: 'shopper' },
      schema: {
        summary: 'Price the cart for a governorate, payment method and coupon',
        tags,
        security,
        querystring: shippingQuoteQuerySchema,
        response: { 200: shippingQuoteSchema },
      },
    },
    async (request) => shipping.quote(currentUser(request).id, request.query),
  );
};
