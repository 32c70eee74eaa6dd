import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mobileField, phoneRecordSchema } from '@shop/contracts';
import { phoneRecord } from './records.js';

/** A delivery phone's record, for whoever reads orders: the desk deciding whether to trust a cash order. */
export const phoneRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/phone-records/:phone',
    {
      config: { access: { permission: 'orders.read' } },
      schema: {
        summary: "Show what a delivery phone's orders became: placed, confirmed, delivered, refused",
        tags: ['admin'],
        security: [{ token: [] }],
        params: z.object({ phone: mobileField }),
        response: { 200: phoneRecordSchema },
      },
    },
    async (request) => phoneRecord(app.db, request.params.phone),
  );
};
