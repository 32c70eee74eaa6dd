import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashOfferQuerySchema,
  cashOfferSchema,
  idSchema,
  orderCancelSchema,
  orderCreateHeadersSchema,
  orderCreateSchema,
  orderForStaffSchema,
  orderSchema,
  orderStatusChangeSchema,
  outOfStockItemSchema,
  refundCheckedSchema,
  refundSchema,
  returnRequestSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { ordersService } from './service.js';
import { orderRequest } from './requests.js';

/** What a move or a refund answers: the order as it is now, or why not (a provider's failure is a 502). */
const movedAnswers = {
  200: orderSchema,
  400: messageAnswerSchema,
  404: messageAnswerSchema,
  409: messageAnswerSchema,
  502: messageAnswerSchema,
};

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = ordersService(app);

  app.post(
    '/order',
    {
      config: { access: 'shopper', changesCatalogue: true },
      schema: {
        summary: 'Place an order from the cart',
        tags: ['order'],
        security: [{ token: [] }],
        headers: orderCreateHeadersSchema,
        body: orderCreateSchema,
        // 409: the products that ran out, for the OrderError screen. 422: an Idempotency-Key sent with another body.
        response: {
          201: z.array(orderSchema),
          409: z.union([z.array(outOfStockItemSchema), messageAnswerSchema]),
          422: messageAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const placed = await service.place(
        currentUser(request),
        { ...request.body, language: requestLanguage(request) },
        request.ip,
        key === undefined ? undefined : orderRequest(key, request.body),
      );
      return reply.code(201).send(placed);
    },
  );

  app.get(
    '/order/cash',
    {
      config: { access: 'shopper' },
      schema: {
        summary: 'Say whether cash on delivery may pay for the cart, before it is ordered',
        tags: ['order'],
        security: [{ token: [] }],
        querystring: cashOfferQuerySchema,
        response: { 200: cashOfferSchema, 400: messageAnswerSchema },
      },
    },
    async (request) => service.cashFor(currentUser(request), request.query, request.ip),
  );

  app.get(
    '/order',
    {
      config: { access: 'shopper' },
      schema: {
        summary: "List the shopper's orders",
        tags: ['order'],
        security: [{ token: [] }],
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request) => service.listOwn(currentUser(request).id),
  );

  app.get(
    '/order/:id',
    {
      // The invoice: its shopper's, and any admin's.
      config: { access: 'user' },
      schema: {
        summary: 'Show an order',
        tags: ['order'],
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        response: { 200: orderSchema, 404: messageAnswerSchema },
      },
    },
    async (request) => service.one(currentUser(request), request.params.id),
  );

  app.get(
    '/order/admin/:userId',
    {
      config: { access: { permission: 'orders.read' } },
      schema: {
        summary: "List a user's orders",
        tags: ['order'],
        security: [{ token: [] }],
        params: z.object({ userId: idSchema }),
        response: { 200: z.array(orderForStaffSchema), 404: messageAnswerSchema },
      },
    },
    async (request) => service.listForUser(request.params.userId),
  );

  app.put(
    '/order/:id/status',
    {
      config: { access: { permission: 'orders.move' }, changesCatalogue: true },
      schema: {
        summary: 'Move an order to its next status',
        tags: ['order'],
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        body: orderStatusChangeSchema,
        response: movedAnswers,
      },
    },
    async (request) => service.setStatus(currentUser(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/order/:id/refund',
    {
      config: { access: { permission: 'orders.refund' }, changesCatalogue: true },
      schema: {
        summary: 'Refund an order, whole or in part',
        tags: ['order'],
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        // Optional, so an empty request (no body at all) refunds the whole bill.
        body: refundSchema.nullish(),
        response: movedAnswers,
      },
    },
    async (request) => service.refund(currentUser(request), request.params.id, request.body ?? {}, request.ip),
  );

  app.post(
    '/order/:id/refund-checked',
    {
      config: { access: { permission: 'orders.refund' }, changesCatalogue: true },
      schema: {
        summary: 'Record what the payment provider shows of a refund that went unanswered',
        tags: ['order'],
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        body: refundCheckedSchema,
        response: { 200: orderSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => service.refundChecked(currentUser(request), request.params.id, request.body, request.ip),
  );
  app.post(
    '/order/:id/cancel',
    {
      config: { access: 'shopper', changesCatalogue: true },
      schema: {
        summary: "Cancel one's own order",
        tags: ['order'],
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        // Optional, so a cancellation without a reason needs no body at all.
        body: orderCancelSchema.nullish(),
        response: { 200: orderSchema, 404: messageAnswerSchema, 409: messageAnswerSchema, 502: messageAnswerSchema },
      },
    },
    async (request) => service.cancelOwn(currentUser(request), request.params.id, request.body?.reason, request.ip),
  );

  app.post(
    '/order/:id/return',
    {
      config: { access: 'shopper' },
      schema: {
        summary: 'Ask to return a delivered order',
        tags: ['order'],
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        body: returnRequestSchema,
        response: { 200: orderSchema, 400: messageAnswerSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => service.requestReturn(currentUser(request), request.params.id, request.body.reason, request.ip),
  );
};
