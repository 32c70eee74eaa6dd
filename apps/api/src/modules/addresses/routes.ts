import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressCreateSchema, savedAddressSchema } from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { addressesService } from './service.js';

const addressListSchema = z.array(savedAddressSchema);
const idParams = z.object({ id: z.string().max(100) });
const tags = ['address'];
const security = [{ token: [] }];

/** The spec's GET and POST /address, and the account's address book: edit, delete and choose the default. */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = addressesService(app);

  app.get(
    '/address',
    {
      config: { access: 'shopper' },
      schema: {
        summary: "List the shopper's saved addresses",
        tags,
        security,
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
        tags,
        security,
        body: addressCreateSchema,
        response: { 201: addressListSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.add(currentUser(request).id, request.body.address)),
  );

  app.put(
    '/address/:id',
    {
      config: { access: 'shopper' },
      schema: {
        summary: 'Change a saved address',
        tags,
        security,
        params: idParams,
        body: addressCreateSchema,
        response: { 200: addressListSchema },
      },
    },
    async (request) => service.update(currentUser(request).id, request.params.id, request.body.address),
  );

  app.delete(
    '/address/:id',
    {
      config: { access: 'shopper' },
      schema: {
        summary: 'Delete a saved address',
        tags,
        security,
        params: idParams,
        response: { 200: addressListSchema },
      },
    },
    async (request) => service.remove(currentUser(request).id, request.params.id),
  );

  app.put(
    '/address/:id/default',
    {
      config: { access: 'shopper' },
      schema: {
        summary: 'Make a saved address the default',
        tags,
        security,
        params: idParams,
        response: { 200: addressListSchema },
      },
    },
    async (request) => service.makeDefault(currentUser(request).id, request.params.id),
  );
};
