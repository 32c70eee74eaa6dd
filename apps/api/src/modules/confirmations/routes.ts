import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codSettingsSchema,
  confirmationAnswerSchema,
  confirmationClaimSchema,
  confirmationOutcomeSchema,
  confirmationQueueSchema,
  confirmationResultSchema,
  confirmationViewSchema,
  idSchema,
  orderSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { auditAdmin } from '../../lib/admin-audit.js';
import { actorOf, currentUser } from '../../plugins/auth.js';
import { confirmationAgents } from './agents.js';
import { loadCodSettings, saveCodSettings } from './settings.js';
import { transaction } from '../../db/transaction.js';

const tags = ['confirmations'];
const security = [{ token: [] }];
const tokenParams = z.object({ token: z.string().max(200) });
const orderParams = z.object({ orderId: z.uuid() });

/** Cash orders' confirmation: the shopper's link, the agents' queue, and the shop's cash rules. */
export const confirmationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const agents = confirmationAgents(app);

  // The link's signature is the proof (confirmations.ts): one tap from the message, no sign-in.
  app.get(
    '/order/confirm/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Show the cash order a confirmation link names',
        tags,
        params: tokenParams,
        response: { 200: confirmationViewSchema, 404: messageAnswerSchema },
      },
    },
    async (request) => app.confirmations.view(request.params.token),
  );

  app.post(
    '/order/confirm/:token',
    {
      config: { access: 'public', changesCatalogue: true },
      schema: {
        summary: 'Confirm or cancel the cash order a confirmation link names',
        tags,
        params: tokenParams,
        body: confirmationAnswerSchema,
        response: { 200: confirmationResultSchema, 404: messageAnswerSchema },
      },
    },
    async (request) => app.confirmations.answer(request.params.token, request.body.answer, request.ip),
  );

  // Signed in, the shopper needs no link: the order must be theirs, and the same answer moves it (confirmations.ts).
  app.post(
    '/order/:id/confirm',
    {
      config: { access: 'shopper' },
      schema: {
        summary: "Confirm one's own cash order awaiting confirmation",
        tags,
        security,
        params: z.object({ id: idSchema }),
        response: { 200: orderSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => app.confirmations.confirmOwn(currentUser(request), request.params.id, request.ip),
  );

  app.get(
    '/admin/confirmations',
    {
      config: { access: { permission: 'confirmations.work' } },
      schema: {
        summary: 'List the cash orders awaiting confirmation, oldest first',
        tags,
        security,
        response: { 200: confirmationQueueSchema },
      },
    },
    async () => agents.queue(),
  );

  app.post(
    '/admin/confirmations/:orderId/claim',
    {
      config: { access: { permission: 'confirmations.work' } },
      schema: {
        summary: 'Take a cash order for 10 minutes to confirm it by phone',
        tags,
        security,
        params: orderParams,
        response: { 200: confirmationClaimSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => agents.claim(actorOf(request), request.params.orderId),
  );

  app.post(
    '/admin/confirmations/:orderId/outcome',
    {
      config: { access: { permission: 'confirmations.work' }, changesCatalogue: true },
      schema: {
        summary: 'Record the call about a cash order taken to confirm',
        tags,
        security,
        params: orderParams,
        body: confirmationOutcomeSchema,
        response: { 204: z.null(), 403: messageAnswerSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await agents.outcome(actorOf(request), request.params.orderId, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/settings/cod',
    {
      config: { access: { permission: 'settings.write' } },
      schema: { summary: 'Read the cash-on-delivery rules', tags, security, response: { 200: codSettingsSchema } },
    },
    async () => loadCodSettings(app.db),
  );

  app.put(
    '/admin/settings/cod',
    {
      config: { access: { permission: 'settings.write' } },
      schema: {
        summary: 'Set the cash-on-delivery rules',
        tags,
        security,
        body: codSettingsSchema,
        response: { 200: codSettingsSchema },
      },
    },
    async (request) =>
      transaction(app.db, async (tx) => {
        const before = await loadCodSettings(tx);
        await saveCodSettings(tx, request.body, app.clock.now());
        await auditAdmin(tx, actorOf(request), 'cod_settings', 'changed the cash-on-delivery rules', {
          before,
          after: request.body,
        });
        return loadCodSettings(tx);
      }),
  );
};
