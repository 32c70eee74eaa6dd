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
  instalmentOfferSchema,
  instalmentPlanListSchema,
  instalmentSettingsSchema,
  METHOD_NAME_PATTERN,
  pathIn,
  WEB_PATHS,
  type OnlineMethod,
} from '@shop/contracts';
import { actorOf, currentUser } from '../../plugins/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { paymentsService } from './service.js';
import { offlineCheckout } from './offline-provider.js';
import { instalmentOffers, saveInstalmentPlan } from './instalments.js';
import { OWN_ROUTES } from './registry.js';
import type { PaymentProvider } from './provider.js';

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
  const provider = app.payments.active();

  app.get(
    '/payment/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Show the payment providers and the methods each offers',
        tags: ['payment'],
        response: {
          200: paymentConfigSchema,
        },
      },
    },
    // A provider the shopper comes back from pays on its own pages: the shop only sends them there.
    async () => {
      const offers = new Map<OnlineMethod, string>();
      for (const each of app.payments.all())
        for (const method of each.methods) if (!offers.has(method)) offers.set(method, each.name);
      return {
        provider: provider.name,
        methods: [...provider.methods],
        hostedCheckout: provider.hosted,
        ...(provider.publicKey ? { publishableKey: provider.publicKey } : {}),
        offers: [...offers].map(([method, by]) => ({ method, provider: by })),
        instalments: await instalmentOffers(app.db, app.payments),
      };
    },
  );

  app.get(
    '/payment/instalments',
    {
      config: { access: { permission: 'settings.write' } },
      schema: {
        summary: 'List the instalment plans the shop offers, with their terms',
        tags: ['payment'],
        security: [{ token: [] }],
        response: { 200: instalmentPlanListSchema },
      },
    },
    async () => instalmentOffers(app.db, app.payments),
  );

  app.put(
    '/payment/instalments/:name',
    {
      config: { access: { permission: 'settings.write' } },
      schema: {
        summary: "Set an instalment plan's smallest bill, lengths and interest",
        tags: ['payment'],
        security: [{ token: [] }],
        params: z.object({ name: z.string().regex(METHOD_NAME_PATTERN) }),
        body: instalmentSettingsSchema,
        response: { 200: instalmentOfferSchema },
      },
    },
    async (request) => saveInstalmentPlan(app.db, app.payments, request.params.name, request.body, actorOf(request)),
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
      const back = await payments.returnFrom(request.query);
      return reply.redirect(
        back ? pathIn(`${WEB_PATHS.paymentStatus}?order=${back.orderId}`, back.language) : WEB_PATHS.orders,
      );
    },
  );

  // The signatures cover the exact bytes sent, so the callback routes get the body unparsed. Their own
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
        return payments.handleCallback(provider, {
          rawBody: request.body,
          headers: request.headers,
          query: request.query,
        });
      },
    );
    // A provider with a route of its own (Fawry's notification) takes it whether or not it is configured, so the
    // API's shape does not change with the settings; unconfigured, it knows no payment.
    for (const [name, route] of Object.entries(OWN_ROUTES)) {
      webhook.withTypeProvider<ZodTypeProvider>().post(
        `/payment/${route}`,
        {
          config: { access: 'public' },
          schema: {
            summary: `Receive the ${name} payment notification`,
            tags: ['payment'],
            response: { 200: z.object({ received: z.literal(true) }) },
          },
        },
        async (request) => {
          const own: PaymentProvider | undefined = app.payments.all().find((each) => each.name === name);
          if (!own) throw notFound('Payment');
          if (!Buffer.isBuffer(request.body)) throw badRequest(say.api.expectedJson);
          return payments.handleCallback(own, { rawBody: request.body, headers: request.headers, query: {} });
        },
      );
    }
  });

  if (provider.name !== 'offline') return;

  // The offline provider's stand-in for Stripe.js: only present when no real provider is configured.
  const checkout = offlineCheckout(app, (request) => payments.handleCallback(provider, request));
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
