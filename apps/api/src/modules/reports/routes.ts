import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codReportQuerySchema, codReportSchema } from '@shop/contracts';
import { codReport } from './cod.js';

/** The dashboard's reports beyond the overview. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reports/cod',
    {
      config: { access: { permission: 'reports.read' } },
      schema: {
        summary: 'Report how the cash orders of a period fared: confirmed, refused, where and from what',
        tags: ['admin'],
        security: [{ token: [] }],
        querystring: codReportQuerySchema,
        response: { 200: codReportSchema, 400: z.object({ message: z.string() }) },
      },
    },
    async (request) => codReport(app.db, request.query),
  );
};
