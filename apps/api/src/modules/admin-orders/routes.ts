import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrdersFilterSchema, adminOrdersPageSchema, adminOrdersQuerySchema } from '@shop/contracts';
import { sendCsv } from '../../lib/csv.js';
import { actorOf } from '../../plugins/auth.js';
import { adminOrdersService } from './service.js';

export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = adminOrdersService(app);

  app.get(
    '/admin/orders',
    {
      config: { access: { permission: 'orders.read' } },
      schema: {
        summary: 'List every order, filtered',
        tags: ['admin'],
        description: 'Every order, newest first, filtered; days are UTC and both ends are included',
        security: [{ token: [] }],
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersPageSchema },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      return service.list(filter, page);
    },
  );

  app.get(
    '/admin/orders/export',
    {
      config: { access: { permission: 'orders.read' } },
      schema: {
        summary: 'Export the filtered orders as CSV',
        tags: ['admin'],
        description: 'The same filtered orders as a CSV file (UTF-8 with a byte-order mark, for Excel)',
        security: [{ token: [] }],
        querystring: adminOrdersFilterSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, columns, batches } = await service.exportCsv(actorOf(request), request.query);
      return sendCsv(reply, filename, columns, batches);
    },
  );
};
