import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewPageSchema,
  adminReviewsQuerySchema,
  reviewCreateSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewReplyInputSchema,
  reviewSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { actorOf, currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { reviewsModeration } from './moderation.js';
import { reviewsService } from './service.js';

const tags = ['review'];
const security = [{ token: [] }];
// Checked in the service: a malformed id is treated like an unknown one.
const idParams = z.object({ id: z.string().max(100) });

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = reviewsService(app);
  const moderation = reviewsModeration(app);
  const manage = { access: { permission: 'reviews.manage' } } as const;

  app.get(
    '/review/product/:id',
    {
      config: { access: 'public', cache: 'product' },
      schema: { summary: "List a product's reviews", tags, params: idParams, response: { 200: z.array(reviewSchema) } },
    },
    async (request) => reviews.ofProduct(request.params.id),
  );

  app.get(
    '/review/product/:id/page',
    {
      config: { access: 'public', cache: 'product' },
      schema: {
        summary: "A page of a product's reviews, with how many gave each number of stars",
        description:
          'Newest first, ten a page (`page`, from 1); `stars` (1 to 5) narrows to the reviews giving that many. `stars`' +
          ' in the answer counts every review of the product, whichever page or narrowing.',
        tags,
        params: idParams,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewPageSchema },
      },
    },
    async (request) => reviews.pageOfProduct(request.params.id, request.query),
  );

  app.post(
    '/review',
    {
      config: { access: 'shopper', changesCatalogue: true },
      schema: {
        summary: 'Review a product',
        tags,
        security,
        body: reviewCreateSchema,
        response: { 201: reviewSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reviews.write(currentUser(request).id, request.body, requestLanguage(request))),
  );

  app.delete(
    '/review/:id',
    {
      config: { access: 'user', changesCatalogue: true },
      schema: {
        summary: 'Delete a review',
        tags,
        security,
        params: idParams,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => reviews.remove(request.params.id, actorOf(request)),
  );

  app.get(
    '/admin/reviews',
    {
      config: manage,
      schema: {
        summary: "List every product's reviews, newest first",
        tags,
        security,
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewPageSchema },
      },
    },
    async (request) => moderation.list(request.query),
  );

  app.put(
    '/admin/reviews/:id/reply',
    {
      config: { ...manage, changesCatalogue: true },
      schema: {
        summary: "Write the shop's answer to a review",
        tags,
        security,
        params: idParams,
        body: reviewReplyInputSchema,
        response: { 200: reviewSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => moderation.answer(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/reviews/:id/reply',
    {
      config: { ...manage, changesCatalogue: true },
      schema: {
        summary: "Take down the shop's answer to a review",
        tags,
        security,
        params: idParams,
        response: { 204: z.null(), 404: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await moderation.withdrawAnswer(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
