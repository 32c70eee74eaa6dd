import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierSettingSchema, say, messageAnswerSchema } from '@shop/contracts';
import { badRequest } from '../../lib/errors.js';
import { courierService } from './service.js';

export const courierRoutes: FastifyPluginAsyncZod = async (app) => {
  const couriers = courierService(app);

  app.get(
    '/courier',
    {
      config: { access: { permission: 'orders.move' } },
      schema: {
        summary: 'Whether orders ship with a courier the shop books, and which',
        tags: ['courier'],
        security: [{ token: [] }],
        response: { 200: courierSettingSchema },
      },
    },
    async () => ({ courier: app.courier?.name ?? null }),
  );

  // The body reaches the courier's adapter unparsed (a courier may sign the bytes), and only after
  // the adapter has authenticated the call is it read; its own child context keeps the raw parser here.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/courier/bosta/webhook',
      {
        // Authenticated by the secret Bosta sends in its Authorization header; no session involved.
        config: { access: 'public' },
        schema: {
          summary: "Receive Bosta's delivery updates",
          tags: ['courier'],
          // 503 (with Retry-After): the parcel is not an order's yet, for Bosta to call again (service.ts).
          response: { 200: z.object({ received: z.literal(true) }), 503: messageAnswerSchema },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest(say.api.expectedJson);
        return couriers.handleCallback('bosta', { rawBody: request.body, headers: request.headers });
      },
    );
  });
};
