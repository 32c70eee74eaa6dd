import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '@shop/contracts';
import { statsService } from './service.js';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stats = statsService(app);

  app.get(
    '/admin/stats',
    {
      config: { access: { permission: 'reports.read' } },
      schema: {
        summary: "Show the dashboard's overview",
        tags: ['admin'],
        description:
          'The dashboard overview: sales of today, 7 and 30 days on Cairo time, daily revenue, orders by status, low stock, newest orders',
        security: [{ token: [] }],
        response: { 200: adminStatsSchema },
      },
    },
    async () => stats.overview(),
  );
};
