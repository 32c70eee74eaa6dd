import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_TYPES } from '@shop/contracts';
import { logsService } from './service.js';

/** A filter left empty in the dashboard's form arrives as '' and means 'any'. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const logsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  type: optional(z.enum(AUDIT_TYPES)),
  user: optional(z.string().trim().min(1).max(200)),
});

const logsResponse = z.object({
  logs: z.array(
    z.object({
      _id: z.string(),
      type: z.string(),
      action: z.string(),
      message: z.string(),
      userId: z.string().nullable(),
      userEmail: z.string().nullable(),
      data: z.unknown(),
      ip: z.string().nullable(),
      /** The staff member who wrote it and their role then; null for shoppers' and the shop's own entries. */
      userName: z.string().nullable(),
      userRole: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  pages: z.number().int(),
  total: z.number().int(),
});

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
        querystring: logsQuery,
        response: { 200: logsResponse },
      },
    },
    async (request) => logs.list(request.query),
  );
};
