import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryCreateSchema, categorySchema, categoryUpdateSchema, messageAnswerSchema } from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { readMultipart } from '../../lib/multipart.js';
import { categoriesService } from './service.js';

const tags = ['category'];
const security = [{ token: [] }];
// Checked in the service: a malformed id answers like an unknown one.
const idParams = z.object({ id: z.string().max(100) });

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const categories = categoriesService(app);

  app.get(
    '/category',
    {
      config: { access: 'public', cache: 'lists' },
      schema: { summary: 'List the categories', tags, response: { 200: z.array(categorySchema) } },
    },
    async () => categories.list(),
  );

  app.get(
    '/category/dept/:id',
    {
      config: { access: 'public', cache: 'lists' },
      schema: {
        summary: "List a department's categories",
        tags,
        params: idParams,
        response: { 200: z.array(categorySchema) },
      },
    },
    async (request) => categories.ofDepartment(request.params.id),
  );

  app.post(
    '/category',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: 'Create a category',
        tags,
        security,
        body: categoryCreateSchema,
        response: { 201: categorySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await categories.create(request.body, actorOf(request))),
  );

  app.put(
    '/category',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: 'Rename a category or move it to another department',
        tags,
        security,
        body: categoryUpdateSchema,
        response: { 200: categorySchema },
      },
    },
    async (request) => categories.update(request.body, actorOf(request)),
  );

  app.delete(
    '/category/:id',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: 'Delete a category',
        tags,
        security,
        params: idParams,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => categories.remove(request.params.id, actorOf(request)),
  );

  app.post(
    '/category/img/:id',
    {
      config: { access: { permission: 'catalogue.write' }, changesCatalogue: true },
      schema: {
        summary: "Set a category's picture",
        tags,
        security,
        description: 'multipart/form-data with one png or jpeg file in the field `img`',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: categorySchema },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, 'img', 1);
      return categories.setImage(request.params.id, files, actorOf(request));
    },
  );
};
