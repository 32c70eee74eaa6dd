import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codReportSchema,
  reportPeriodSchema,
  salesReportQuerySchema,
  salesReportSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { codReport } from './cod.js';
import { sendCsv } from '../../lib/csv.js';
import { salesByDay } from '../orders/sales.js';
import { DAILY_SALES_COLUMNS, salesReport } from './sales.js';

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
        querystring: reportPeriodSchema,
        response: { 200: codReportSchema, 400: messageAnswerSchema },
      },
    },
    async (request) => codReport(app.db, request.query),
  );

  app.get(
    '/admin/reports/sales',
    {
      config: { access: { permission: 'reports.read' } },
      schema: {
        summary: 'Report what the orders of a period brought: in all, by day, product, governorate, payment and source',
        tags: ['admin'],
        security: [{ token: [] }],
        querystring: salesReportQuerySchema,
        response: { 200: salesReportSchema, 400: messageAnswerSchema },
      },
    },
    async (request) => salesReport(app.db, request.query),
  );
  app.get(
    '/admin/reports/sales/export',
    {
      config: { access: { permission: 'reports.read' } },
      schema: {
        summary: "Export a period's sales day by day as CSV",
        tags: ['admin'],
        description: 'Every day of the period: its orders and revenue, as the report counts them (UTF-8 with a BOM)',
        security: [{ token: [] }],
        querystring: salesReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const days = await salesByDay(app.db, request.query);
      return sendCsv(reply, `sales-${from}-to-${to}.csv`, DAILY_SALES_COLUMNS, [days]);
    },
  );
};
