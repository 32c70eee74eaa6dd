import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderDetailSchema,
  adminOrdersFilterSchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  idSchema,
} from '@shop/contracts';
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
    '/admin/orders/:id',
    {
      config: { access: { permission: 'orders.read' } },
      schema: {
        summary: 'Show one order for packing and follow-up',
        tags: ['admin'],
        description: "An order with its buyer's contact details, its language, who made each move and its messages",
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        response: { 200: adminOrderDetailSchema, 404: z.object({ message: z.string() }) },
      },
    },
    async (request) => service.one(request.params.id),
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
