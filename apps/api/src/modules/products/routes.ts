import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardProductsQuerySchema,
  MAX_PRODUCT_IMAGES,
  productDetailSchema,
  productListQuerySchema,
  productListSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { readMultipart } from '../../lib/multipart.js';
import { cairoDay } from '../../lib/clock.js';
import { sendCsv } from '../../lib/csv.js';
import { exportColumns, exportProducts } from './export.js';
import { productImportRoutes } from './import/routes.js';
import { productsService } from './service.js';

const tags = ['product'];
const security = [{ token: [] }];
// Checked in the service: a malformed id answers 404 like an unknown one.
const idParams = z.object({ id: z.string().max(100) });
const form = {
  description:
    'multipart/form-data: text fields brand, category, cod, department, description, price, name, stock, weight,' +
    ' optional nameAr, descriptionAr, compareAtPrice (the price before a sale, above price; empty: not on sale)' +
    " and saleEndsOn (the sale's last day, YYYY-MM-DD by Cairo's calendar, not before today, for a product on sale;" +
    ' empty or left out: no end)' +
    ' and 1 to 10 png or jpeg files (5 MB each) in the repeated field `img`',
  consumes: ['multipart/form-data'],
};

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const products = productsService(app);
  await app.register(productImportRoutes);

  app.get(
    '/product',
    {
      config: { access: 'public', cache: 'lists' },
      schema: {
        summary: 'List products, a page at a time',
        description:
          "Newest first unless sortBy is one of 'Price: Low to High', 'Price: High to Low', 'Avg. Customer review'.",
        tags,
        querystring: productListQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (request) => products.list(request.query),
  );

  app.get(
    '/admin/products',
    {
      // Not cached: after saving a stock, the merchant sees it (a storefront list may show a stock count a minute old).
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: "List the dashboard's products, a page at a time",
        description:
          'Every product, sold out too, newest first; `q` narrows to a part of the name; `lowStock=true` to those' +
          ' with LOW_STOCK_THRESHOLD or fewer in stock, fewest first.',
        tags,
        security: [{ token: [] }],
        querystring: dashboardProductsQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (request) => products.list({ ...request.query, includeOutOfStock: true }),
  );

  app.get(
    '/product/one/:id',
    {
      config: { access: 'public', cache: 'product' },
      schema: { summary: 'Show one product', tags, params: idParams, response: { 200: productDetailSchema } },
    },
    async (request) => products.one(request.params.id),
  );

  app.get(
    '/admin/products/export',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: 'Export the catalogue as CSV',
        tags,
        description: 'Every product as a CSV file (UTF-8 with a byte-order mark, for Excel), streamed',
        security,
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => {
      const filename = `products-${cairoDay(app.clock.now())}.csv`;
      return sendCsv(reply, filename, exportColumns(app.config.PUBLIC_URL), exportProducts(app.db));
    },
  );

  app.post(
    '/product',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: { summary: 'Create a product', tags, security, ...form, response: { 201: productDetailSchema } },
    },
    async (request, reply) => {
      const fields = await readMultipart(request, 'img', MAX_PRODUCT_IMAGES);
      return reply.code(201).send(await products.create(fields, actorOf(request)));
    },
  );

  app.put(
    '/product',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: 'Update a product',
        tags,
        security,
        ...form,
        description:
          `${form.description}, plus id; images are optional and replace the old ones. With optional stockWas (the` +
          ' stock the form loaded) the stock moves by stock − stockWas from what it is by then, so units sold' +
          ' meanwhile stay sold; without it the stock is set as sent',
        response: { 200: productDetailSchema },
      },
    },
    async (request) => products.update(await readMultipart(request, 'img', MAX_PRODUCT_IMAGES), actorOf(request)),
  );

  app.delete(
    '/product/:id',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: { summary: 'Delete a product', tags, security, params: idParams, response: { 200: messageAnswerSchema } },
    },
    async (request) => products.remove(request.params.id, actorOf(request)),
  );
};
