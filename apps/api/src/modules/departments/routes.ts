import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { departmentCreateSchema, departmentSchema, departmentUpdateSchema, messageAnswerSchema } from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { departmentsService } from './service.js';

const tags = ['department'];
const security = [{ token: [] }];
// Checked in the service: a malformed id answers 404 like an unknown one.
const idParams = z.object({ id: z.string().max(100) });

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const departments = departmentsService(app);

  app.get(
    '/department',
    {
      config: { access: 'public', cache: 'lists' },
      schema: { summary: 'List the departments', tags, response: { 200: z.array(departmentSchema) } },
    },
    async () => departments.list(),
  );

  app.post(
    '/department',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: 'Create a department',
        tags,
        security,
        body: departmentCreateSchema,
        response: { 201: departmentSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await departments.create(request.body, actorOf(request))),
  );

  app.put(
    '/department',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: 'Rename a department',
        tags,
        security,
        body: departmentUpdateSchema,
        response: { 200: departmentSchema },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return departments.rename(id, input, actorOf(request));
    },
  );

  app.delete(
    '/department/:id',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: 'Delete a department',
        tags,
        security,
        params: idParams,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => departments.remove(request.params.id, actorOf(request)),
  );
};
