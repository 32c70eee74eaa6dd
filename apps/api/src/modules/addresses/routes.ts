import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressCreateSchema, savedAddressSchema } from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { addressesService } from './service.js';

const addressListSchema = z.array(savedAddressSchema);

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = addressesService(app);

  app.get(
    '/address',
    {
      config: { access: 'shopper' },
      schema: {
        summary: "List the shopper's saved addresses",
        tags: ['address'],
        security: [{ token: [] }],
        response: { 200: addressListSchema },
      },
    },
    async (request) => service.list(currentUser(request).id),
  );

  app.post(
    '/address',
    {
      config: { access: 'shopper' },
      schema: {
        summary: 'Save an address',
        tags: ['address'],
        security: [{ token: [] }],
        body: addressCreateSchema,
        response: { 201: addressListSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.add(currentUser(request).id, request.body.address)),
  );
};
