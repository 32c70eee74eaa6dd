import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  say,
  idSchema,
  offlineConfirmSchema,
  offlineIntentViewSchema,
  paymentConfigSchema,
  paymentIntentSchema,
  paymentStartedSchema,
  paymentStatusSchema,
} from '@shop/contracts';
import { currentUser } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { paymentsService } from './service.js';
import { offlineCheckout } from './offline-provider.js';

/**
 * What a provider puts in the query of its callback and of the shopper's way back. Paymob signs the transaction's fields
 * there into `hmac` (the way back names the order `order`); every other field stays, since the signature covers them.
 * Stripe signs a header instead and sends no query.
 */
const signature = z.string().optional().describe("Paymob's HMAC-SHA512 of the transaction's fields");
const callbackQuery = z.object({ hmac: signature }).catchall(z.string());
const returnQuery = z
  .object({ order: z.string().optional().describe("Paymob's order id of the payment"), hmac: signature })
  .catchall(z.string());

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsService(app);
  const { provider } = payments;

  app.get(
    '/payment/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Show the payment provider and the methods it offers',
        tags: ['payment'],
        response: {
          200: paymentConfigSchema,
        },
      },
    },
    // A provider the shopper comes back from pays on its own pages: the shop only sends them there.
    async () => ({
      provider: provider.name,
      methods: [...provider.methods],
      hostedCheckout: Boolean(provider.readReturn),
      ...(provider.publicKey ? { publishableKey: provider.publicKey } : {}),
    }),
  );

  app.post(
    '/payment/create-payment-intent',
    {
      config: { access: 'shopper' },
      schema: {
        summary: 'Start paying for an order online',
        tags: ['payment'],
        security: [{ token: [] }],
        body: paymentIntentSchema,
        response: { 200: paymentStartedSchema },
      },
    },
    async (request) => payments.createPaymentIntent(currentUser(request), request.body, request.ip),
  );

  app.get(
    '/payment/status/:orderId',
    {
      config: { access: 'shopper' },
      schema: {
        summary: "Show an order's payment status",
        tags: ['payment'],
        security: [{ token: [] }],
        params: z.object({ orderId: idSchema }),
        response: { 200: paymentStatusSchema },
      },
    },
    async (request) => payments.status(currentUser(request), request.params.orderId),
  );

  // Where a hosted checkout sends the shopper back. The signed query only says which order to show:
  // the screen then follows the order, which only a server callback changes.
  app.get(
    '/payment/return',
    {
      config: { access: 'public' },
      schema: {
        summary: "Send the shopper back from the provider's payment page",
        tags: ['payment'],
        querystring: returnQuery,
      },
    },
    async (request, reply) => {
      const orderId = await payments.returnFrom(request.query);
      return reply.redirect(orderId ? `/PaymentStatus?order=${orderId}` : '/Orders');
    },
  );

  // The signature covers the exact bytes sent, so this one route gets the body unparsed. Its own
  // child context keeps the raw parser from every other route, these payment routes included.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/payment/webhook',
      {
        config: { access: 'public' },
        schema: {
          summary: "Receive the payment provider's callback",
          tags: ['payment'],
          querystring: callbackQuery,
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest(say.api.expectedJson);
        return payments.handleCallback({ rawBody: request.body, headers: request.headers, query: request.query });
      },
    );
  });

  if (provider.name !== 'offline') return;

  // The offline provider's stand-in for Stripe.js: only present when no real provider is configured.
  const checkout = offlineCheckout(app, payments.handleCallback);
  app.addHook('onClose', async () => checkout.close());

  app.post(
    '/payment/offline/confirm',
    {
      // The client secret is the credential, as with Stripe.js.
      config: { access: 'public' },
      schema: {
        summary: "Pay with the offline test provider's card form",
        tags: ['payment'],
        body: offlineConfirmSchema,
        response: { 200: offlineIntentViewSchema },
      },
    },
    async (request) => checkout.confirm(request.body.clientSecret, request.body.card),
  );

  app.get(
    '/payment/offline/intent',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Show an offline test payment',
        tags: ['payment'],
        querystring: z.object({ client_secret: z.string().min(1).max(200) }),
        response: { 200: offlineIntentViewSchema },
      },
    },
    async (request) => checkout.retrieve(request.query.client_secret),
  );
};
