import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  etaProductCodeSchema,
  etaReceiptIdParamsSchema,
  etaReceiptSchema,
  etaReceiptsPageSchema,
  etaReceiptsQuerySchema,
  etaSettingsAnswerSchema,
  etaSettingsSchema,
  idSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { receiptsService } from './service.js';

const tags = ['e-receipts'];
const security = [{ token: [] }];

export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const receipts = receiptsService(app);

  // 'admin' for now; it becomes the settings permission when the dashboard's roles are split.
  app.get(
    '/admin/settings/eta',
    {
      config: { access: { permission: 'settings.write' } },
      schema: {
        summary: 'Show the e-receipt seller settings',
        tags,
        security,
        response: { 200: etaSettingsAnswerSchema },
      },
    },
    async () => receipts.settings(),
  );

  app.put(
    '/admin/settings/eta',
    {
      config: { access: { permission: 'settings.write' } },
      schema: {
        summary: 'Set the e-receipt seller settings',
        tags,
        security,
        body: etaSettingsSchema,
        response: { 200: etaSettingsAnswerSchema },
      },
    },
    async (request) => receipts.save(request.body, actorOf(request)),
  );

  app.get(
    '/admin/eta/receipts',
    {
      config: { access: { permission: 'settings.write' } },
      schema: {
        summary: 'List the e-receipts and their states',
        tags,
        security,
        querystring: etaReceiptsQuerySchema,
        response: { 200: etaReceiptsPageSchema },
      },
    },
    async (request) => receipts.list(request.query),
  );

  app.post(
    '/admin/eta/receipts/:id/resend',
    {
      config: { access: { permission: 'settings.write' } },
      schema: {
        summary: 'Send an invalid e-receipt again, corrected',
        tags,
        security,
        params: etaReceiptIdParamsSchema,
        response: { 200: etaReceiptSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => receipts.resend(request.params.id, actorOf(request)),
  );

  app.get(
    '/admin/eta/products/:id',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: "Show a product's ETA item code",
        tags,
        security,
        params: z.object({ id: idSchema }),
        response: { 200: etaProductCodeSchema, 404: messageAnswerSchema },
      },
    },
    async (request) => receipts.productCode(request.params.id),
  );

  app.put(
    '/admin/eta/products/:id',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: "Set a product's ETA item code",
        tags,
        security,
        params: z.object({ id: idSchema }),
        body: etaProductCodeSchema,
        response: { 200: etaProductCodeSchema, 404: messageAnswerSchema },
      },
    },
    async (request) => receipts.saveProductCode(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/eta/receipts/:uuid/qr.png',
    {
      config: { access: 'public' },
      schema: {
        summary: "Show an e-receipt's QR code",
        tags,
        params: z.object({ uuid: z.string().regex(/^[0-9a-f]{64}$/) }),
        // The PNG's bytes, sent as they are (Fastify serializes no Buffer).
        response: {
          200: z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('A PNG image'),
          404: messageAnswerSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .type('image/png')
        // A receipt's QR code never changes.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await receipts.qrPng(request.params.uuid)),
  );
};
