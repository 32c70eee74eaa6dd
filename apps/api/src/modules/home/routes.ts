import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerInputSchema,
  bannerOrderSchema,
  bannerParamsSchema,
  bannerPictureSchema,
  bannerSchema,
  homeDataSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { readMultipart } from '../../lib/multipart.js';
import { homeService } from './service.js';

const tags = ['home'];
const security = [{ token: [] }];
const write = { access: { permission: 'catalogue.write' }, changesCatalogue: true } as const;

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const home = homeService(app);

  // Both languages in one answer, so one cached entry serves either page. A banner's last day ends in the cache
  // within a minute (no entry is older), as no news announces midnight.
  app.get(
    '/home',
    {
      config: { access: 'public', cache: 'lists' },
      schema: {
        summary: "The home page's banners live today and its rows of products on sale and best sellers",
        tags,
        response: { 200: homeDataSchema },
      },
    },
    async () => home.home(),
  );

  app.get(
    '/admin/banners',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: 'Every banner, in order, with where it stands today',
        tags,
        security,
        response: { 200: z.array(bannerSchema) },
      },
    },
    async () => home.list(),
  );

  app.post(
    '/admin/banners',
    {
      config: write,
      schema: {
        summary: 'Add a banner after the last',
        tags,
        security,
        body: bannerInputSchema,
        response: { 201: bannerSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await home.create(request.body, actorOf(request))),
  );

  app.put(
    '/admin/banners/order',
    {
      config: write,
      schema: {
        summary: 'Put the banners in a new order',
        tags,
        security,
        body: bannerOrderSchema,
        response: { 200: z.array(bannerSchema) },
      },
    },
    async (request) => home.reorder(request.body.ids, actorOf(request)),
  );

  app.put(
    '/admin/banners/:id',
    {
      config: write,
      schema: {
        summary: 'Change a banner',
        tags,
        security,
        params: bannerParamsSchema,
        body: bannerInputSchema,
        response: { 200: bannerSchema },
      },
    },
    async (request) => home.update(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/banners/:id',
    {
      config: write,
      schema: {
        summary: 'Delete a banner',
        tags,
        security,
        params: bannerParamsSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => home.remove(request.params.id, actorOf(request)),
  );

  // Stores the picture only: the banner that names it is written by the form's save.
  app.post(
    '/admin/banners/picture',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: "Upload a banner's picture",
        tags,
        security,
        description: 'multipart/form-data with one png or jpeg file in the field `img`; answers where it is kept',
        consumes: ['multipart/form-data'],
        response: { 200: bannerPictureSchema },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, 'img', 1);
      return home.storePicture(files);
    },
  );
};
