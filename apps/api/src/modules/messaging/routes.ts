import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cequensReportQuerySchema, say, whatsappVerifyQuerySchema } from '@shop/contracts';
import { badRequest, HttpError } from '../../lib/errors.js';
import { sameSecret } from '../../lib/same-secret.js';
import { CEQUENS_DLR_PATH, cequensConfigured, cequensSettings } from './sms/cequens.js';
import { DLR_STATUS } from './sms/cequens-wire.js';
import { applyStatus } from './status.js';
import { applyNotification, signedByMeta } from './whatsapp/webhook.js';
import { whatsappConfigured, whatsappSettings } from './whatsapp/cloud-api.js';
import type { WebhookNotification } from './whatsapp/wire.js';
import { SIGNATURE_HEADER } from './whatsapp/wire.js';

const received = z.object({ received: z.literal(true) });

/** The providers' reports: WhatsApp's webhook (statuses, replies) and CEQUENS's delivery reports. */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const whatsapp = whatsappConfigured(app.config.env) ? whatsappSettings(app.config.env) : null;
  const cequens = cequensConfigured(app.config.env) ? cequensSettings(app.config.env) : null;

  app.get(
    '/messaging/whatsapp/webhook',
    {
      // Meta proves nothing here; the verify token is the merchant's word that this is their webhook.
      config: { access: 'public' },
      schema: {
        summary: "Answers Meta's verification of the WhatsApp webhook",
        tags: ['messaging'],
        querystring: whatsappVerifyQuerySchema,
        response: { 200: z.string(), 403: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (
        !whatsapp ||
        q['hub.mode'] !== 'subscribe' ||
        !sameSecret(whatsapp.WHATSAPP_VERIFY_TOKEN, q['hub.verify_token'])
      )
        throw new HttpError(403, say.api.notAllowed);
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    },
  );

  // The signature covers the exact bytes sent, so this route gets the body unparsed, in its own child context.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/messaging/whatsapp/webhook',
      {
        // Authenticated by X-Hub-Signature-256 (the app secret's HMAC of the body); no session involved.
        config: { access: 'public' },
        schema: {
          summary: 'Takes WhatsApp statuses and replies, signed by Meta',
          tags: ['messaging'],
          response: { 200: received },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest(say.api.expectedJson);
        if (!whatsapp || !signedByMeta(request.body, request.headers[SIGNATURE_HEADER], whatsapp.WHATSAPP_APP_SECRET))
          throw new HttpError(401, say.api.invalidSignature);
        let notification: WebhookNotification;
        try {
          notification = JSON.parse(request.body.toString('utf8')) as WebhookNotification;
        } catch {
          throw badRequest(say.api.expectedJson);
        }
        await applyNotification(app.db, app.replies, notification);
        return { received: true as const };
      },
    );
  });

  const dlr = {
    // CEQUENS signs nothing: the secret in the address, known only to CEQUENS and the shop, is the proof.
    config: { access: 'public' as const },
    schema: {
      summary: "Takes a CEQUENS SMS delivery report (the address's secret authenticates it)",
      tags: ['messaging'],
      params: z.object({ secret: z.string().max(200) }),
      querystring: cequensReportQuerySchema,
      response: { 200: received },
    },
  };
  const report = async (secret: string, query: z.infer<typeof cequensReportQuerySchema>) => {
    if (!cequens || !sameSecret(cequens.CEQUENS_DLR_SECRET, secret)) throw new HttpError(404, say.msg.notFound404);
    const delivered = query.Status === DLR_STATUS.delivered;
    await applyStatus(app.db, {
      provider: 'cequens',
      providerMessageId: query.MessageId,
      status: delivered ? 'delivered' : 'failed',
      ...(delivered ? {} : { reason: query.StatusMessage ?? 'UnDelivered' }),
      at: app.clock.now(),
    });
    return { received: true as const };
  };
  app.get(`${CEQUENS_DLR_PATH}/:secret`, dlr, async (request) => report(request.params.secret, request.query));
  app.post(`${CEQUENS_DLR_PATH}/:secret`, dlr, async (request) => report(request.params.secret, request.query));
};
