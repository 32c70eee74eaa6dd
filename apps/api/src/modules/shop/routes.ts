import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopDetailsSchema, shopPageParamsSchema, shopPageSchema, shopSettingsSchema } from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { loadShopDetails, loadShopPage, loadShopSettings, saveShopSettings } from './service.js';

const tags = ['shop'];
const security = [{ token: [] }];

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both languages in one answer, so one cached entry serves either page; every page's footer reads it.
  app.get(
    '/shop',
    {
      config: { access: 'public', cache: 'lists' },
      schema: {
        summary: "The shop's contact details and registration numbers",
        tags,
        response: { 200: shopDetailsSchema },
      },
    },
    async () => loadShopDetails(app.db),
  );

  app.get(
    '/shop/pages/:page',
    {
      config: { access: 'public', cache: 'lists' },
      schema: {
        summary: "One of the shop's pages (delivery, returns, privacy, terms) in both languages",
        tags,
        params: shopPageParamsSchema,
        response: { 200: shopPageSchema },
      },
    },
    async (request) => loadShopPage(app.db, request.params.page),
  );

  app.get(
    '/admin/settings/shop',
    {
      config: { access: { permission: 'settings.write' } },
      schema: {
        summary: "The shop's details and pages, for the dashboard",
        tags,
        security,
        response: { 200: shopSettingsSchema },
      },
    },
    async () => loadShopSettings(app.db),
  );

  app.put(
    '/admin/settings/shop',
    {
      config: { access: { permission: 'settings.write' }, changesCatalogue: true },
      schema: {
        summary: "Replace the shop's details and pages",
        tags,
        security,
        body: shopSettingsSchema,
        response: { 200: shopSettingsSchema },
      },
    },
    async (request) => saveShopSettings(app.db, request.body, actorOf(request)),
  );
};
