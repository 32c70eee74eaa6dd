import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { render, say, messageAnswerSchema } from '@shop/contracts';
import { badRequest, HttpError } from '../../lib/errors.js';
import { escapeMarkup } from '../../lib/markup.js';
import { sameSecret } from '../../lib/same-secret.js';
import { requestLanguage } from '../../plugins/language.js';
import { REMINDERS_STOP_PATH } from './cart-reminders.js';
import { CEQUENS_DLR_PATH, cequensConfigured, cequensSettings, cequensStatus } from './sms/cequens.js';
import { cequensReportQuerySchema, type CequensReport } from './sms/cequens-wire.js';
import { applyStatus } from './status.js';
import { applyNotification, readNotification, signedByMeta } from './whatsapp/webhook.js';
import { whatsappConfigured, whatsappSettings } from './whatsapp/cloud-api.js';
import { SIGNATURE_HEADER, whatsappVerifyQuerySchema } from './whatsapp/wire.js';

const received = z.object({ received: z.literal(true) });

/** The providers' reports (WhatsApp's webhook, CEQUENS's delivery reports), and the cart reminders' opt-out link. */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const whatsapp = whatsappConfigured(app.config.env) ? whatsappSettings.parse(app.config.env) : null;
  const cequens = cequensConfigured(app.config.env) ? cequensSettings.parse(app.config.env) : null;

  app.get(
    '/messaging/whatsapp/webhook',
    {
      // Meta proves nothing here; the verify token is the merchant's word that this is their webhook.
      config: { access: 'public' },
      schema: {
        summary: "Answers Meta's verification of the WhatsApp webhook",
        tags: ['messaging'],
        querystring: whatsappVerifyQuerySchema,
        response: { 200: z.string(), 403: messageAnswerSchema },
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
        const read = readNotification(request.body);
        if ('problem' in read) {
          // Meta's own bytes, since they are signed: refused, they would come back unchanged for days (Meta retries
          // whatever is not a 200). Taken, and logged for someone to look at.
          request.log.warn({ problem: read.problem }, 'a signed WhatsApp notification the shop cannot read');
          return { received: true as const };
        }
        await applyNotification(app.db, app.replies, read.notification, app.clock.now());
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
  const report = async (secret: string, query: CequensReport) => {
    if (!cequens || !sameSecret(cequens.CEQUENS_DLR_SECRET, secret)) throw new HttpError(404, say.msg.notFound404);
    await applyStatus(app.db, cequensStatus(query, app.clock.now()));
    return { received: true as const };
  };
  app.get(`${CEQUENS_DLR_PATH}/:secret`, dlr, async (request) => report(request.params.secret, request.query));
  app.post(`${CEQUENS_DLR_PATH}/:secret`, dlr, async (request) => report(request.params.secret, request.query));

  app.get(
    `${REMINDERS_STOP_PATH}/:token`,
    {
      // The link's signature is the proof (cart-reminders.ts): one tap from the message, no sign-in. A GET that
      // changes something, as the link has to be; it only ever stops messages, so a link preview opening it
      // cannot make the shop send anything.
      config: { access: 'public' },
      schema: {
        summary: "Stops a shopper's cart reminders: the signed link of a reminder",
        tags: ['messaging'],
        params: z.object({ token: z.string().max(200) }),
        response: { 200: z.string(), 404: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const stopped = await app.cartReminders.optOut(request.params.token);
      if (!stopped) throw new HttpError(404, say.msg.notFound404);
      // In the language the shopper agreed in, which is the reminder's.
      const language = stopped.language ?? requestLanguage(request);
      const text = escapeMarkup(render(say.api.remindersStopped, language));
      const page = `<!doctype html><html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>EGP Shop</title></head><body><p>${text}</p><p><a href="/">EGP Shop</a></p></body></html>`;
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
};
