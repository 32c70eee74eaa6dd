import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { phoneSessionSchema, phoneStartAnswerSchema, phoneStartSchema, phoneVerifySchema } from '@shop/contracts';
import { requestLanguage } from '../../plugins/language.js';
import { phoneSignIn } from './phone-sign-in.js';

const waitSchema = z.object({ message: z.string(), retryAfter: z.number() });

/** Sign-in with a code sent to the shopper's mobile, by SMS or WhatsApp. */
export const phoneSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const phone = phoneSignIn(app);

  app.post(
    '/auth/phone/start',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sends a sign-in code to an Egyptian mobile by SMS or WhatsApp',
        tags: ['user'],
        body: phoneStartSchema,
        response: { 202: phoneStartAnswerSchema, 429: waitSchema },
      },
    },
    async (request, reply) => {
      const { phone: mobile, channel } = request.body;
      return reply.code(202).send(await phone.start(mobile, channel, request.ip, requestLanguage(request)));
    },
  );

  app.post(
    '/auth/phone/verify',
    {
      config: { access: 'public' },
      schema: {
        summary: "Signs in with a phone's code, making the account when the phone has none",
        tags: ['user'],
        body: phoneVerifySchema,
        response: { 200: phoneSessionSchema },
      },
    },
    async (request) => phone.verify(request.body, request.ip),
  );
};
