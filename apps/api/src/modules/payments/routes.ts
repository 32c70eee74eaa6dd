import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MSG, paymentIntentSchema } from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { paymentsService } from './service.js';
import { testCheckout } from './test-provider.js';

const intentViewSchema = z.object({
  id: z.string(),
  status: z.enum(['requires_payment_method', 'processing', 'succeeded', 'canceled']),
  amount: z.number().int(),
  currency: z.string(),
  last_payment_error: z.object({ message: z.string() }).optional(),
});

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsService(app);
  const { provider } = payments;

  app.get(
    '/payment/config',
    {
      config: { access: 'public' },
      schema: { tags: ['payment'], response: { 200: z.object({ provider: z.enum(['test', 'stripe']), publishableKey: z.string().optional() }) } },
    },
    async () => ({ provider: provider.name, ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}) }),
  );

  app.post(
    '/payment/create-payment-intent',
    {
      config: { access: 'shopper' },
      schema: { tags: ['payment'], security: [{ token: [] }], body: paymentIntentSchema, response: { 200: z.object({ clientSecret: z.string() }) } },
    },
    async (request) => payments.createPaymentIntent(currentUser(request), request.body.order_id, request.ip),
  );

  // The signature covers the exact bytes sent, so this one route gets the body unparsed. Its own
  // child context keeps the raw parser from every other route, these payment routes included.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/payment/webhook',
      { config: { access: 'public' }, schema: { tags: ['payment'], response: { 200: z.object({ received: z.literal(true) }) } } },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest(API_MSG.expectedJson);
        const signature = request.headers['stripe-signature'];
        return payments.handleWebhook(request.body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });

  if (provider.name !== 'test') return;

  // The test provider's stand-in for Stripe.js: only present when no real provider is configured.
  const checkout = testCheckout(app, provider, payments.handleWebhook);
  app.addHook('onClose', async () => checkout.close());

  app.post(
    '/payment/test/confirm',
    {
      // The client secret is the credential, as with Stripe.js.
      config: { access: 'public' },
      schema: {
        tags: ['payment'],
        body: z.object({
          clientSecret: z.string().min(1).max(200),
          card: z.object({ number: z.string().max(40), exp: z.string().max(10), cvc: z.string().max(10) }),
        }),
        response: { 200: intentViewSchema },
      },
    },
    async (request) => checkout.confirm(request.body.clientSecret, request.body.card),
  );

  app.get(
    '/payment/test/intent',
    {
      config: { access: 'public' },
      schema: { tags: ['payment'], querystring: z.object({ client_secret: z.string().min(1).max(200) }), response: { 200: intentViewSchema } },
    },
    async (request) => checkout.retrieve(request.query.client_secret),
  );
};
