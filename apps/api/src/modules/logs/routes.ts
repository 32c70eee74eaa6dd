import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogPageSchema, auditLogQuerySchema } from '@shop/contracts';
import { logsService } from './service.js';

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  const logs = logsService(app);

  app.get(
    '/logs',
    {
      config: { access: { permission: 'audit.read' } },
      schema: {
        summary: 'List the audit log',
        tags: ['logs'],
        security: [{ token: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => logs.list(request.query),
  );
};
