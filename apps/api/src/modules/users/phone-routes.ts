import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  phoneProofSchema,
  phoneProvenSchema,
  phoneStartAnswerSchema,
  phoneStartSchema,
  phoneVerifyAnswerSchema,
  phoneVerifySchema,
} from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { phoneProof } from './phone-proof.js';
import { phoneSignIn } from './phone-sign-in.js';
import { signingIn } from './sessions.js';

const waitSchema = z.object({ message: z.string(), retryAfter: z.number() });

/**
 * Sign-in with a code sent to the shopper's mobile, by SMS or WhatsApp, and a signed-in account proving its mobile
 * with such a code. Both send through one `phoneSignIn`, so its limits count both routes' codes together.
 */
export const phoneSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const phone = phoneSignIn(app);
  const proof = phoneProof(app, phone);

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
        summary: "Signs in with a phone's code; for a phone with no account, asks a name, then makes the account",
        tags: ['user'],
        body: phoneVerifySchema,
        response: { 200: phoneVerifyAnswerSchema },
      },
    },
    async (request) => phone.verify(request.body, signingIn(request)),
  );

  app.post(
    '/user/phone/code',
    {
      config: { access: 'user' },
      schema: {
        summary: "Sends a code to the mobile the signed-in account is to prove, with phone sign-in's limits",
        tags: ['user'],
        security: [{ token: [] }],
        body: phoneStartSchema,
        response: { 202: phoneStartAnswerSchema, 429: waitSchema },
      },
    },
    // Answers alike whether or not another account proved the mobile: only its holder learns that, with the code.
    async (request, reply) => {
      const { phone: mobile, channel } = request.body;
      return reply.code(202).send(await phone.start(mobile, channel, request.ip, requestLanguage(request)));
    },
  );

  app.put(
    '/user/phone',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Proves a mobile with its code: phone sign-in opens the signed-in account from then on',
        tags: ['user'],
        security: [{ token: [] }],
        body: phoneProofSchema,
        response: { 200: phoneProvenSchema },
      },
    },
    async (request) => proof.prove(currentUser(request).id, request.body, request.ip),
  );
};
