import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { say, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '@shop/contracts';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createTokenService, type TokenService } from './lib/tokens.js';
import { loadJwtSecret } from './lib/jwt-secret.js';
import { closeRedis, connectRedis, type Redis } from './lib/redis.js';
import { createSignInLimit, SIGN_IN_WINDOW_MS, type AttemptLimits, type SignInLimit } from './lib/sign-in-limit.js';
import { createPhonesAsked, type PhonesAsked } from './modules/orders/phones-asked.js';
import { createMetrics, type Metrics } from './lib/metrics.js';
import { requestIdOf } from './lib/request-id.js';
import { addressKey } from './lib/client-address.js';
import { imageStoreFor, type ImageStore } from './lib/image-store.js';
import { openApiTransform } from './lib/openapi.js';
import { errorsPlugin } from './plugins/errors.js';
import { requestIdPlugin } from './plugins/request-id.js';
import { answerOf, answersPlugin, OneLinePerRequest } from './plugins/answers.js';
import { metricsPlugin } from './plugins/metrics.js';
import { healthRoutes } from './plugins/health.js';
import { languagePlugin, localizeBody, requestLanguage, varyOnLanguage } from './plugins/language.js';
import { authPlugin } from './plugins/auth.js';
import { securityHeaders, securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { responseCachePlugin } from './plugins/response-cache.js';
import { compressionPlugin } from './plugins/compression.js';
import { apiModules } from './modules/index.js';
import { createMessageSender, type MessageSender } from './modules/messaging/sender.js';
import { createReceiptSender, type ReceiptSender } from './modules/receipts/sender.js';
import { activatePos } from './modules/receipts/issue.js';
import { unsentCount } from './modules/messaging/queue.js';
import { messageProviders } from './modules/messaging/registry.js';
import { createReplies, type Replies } from './modules/messaging/status.js';
import { createCartReminders, isStop, type CartReminders } from './modules/messaging/cart-reminders.js';
import { createConfirmations, type Confirmations } from './modules/confirmations/confirmations.js';
import { createBackInStockAlerts, type BackInStockAlerts } from './modules/back-in-stock/alerts.js';
import { createLowStockAlerts } from './modules/staff/low-stock.js';
import { createDailySummaries } from './modules/staff/daily-summary.js';
import { createSaleEnds } from './modules/products/sale-ends.js';
import type { Passes } from './lib/passes.js';
import { createImportWorker, type ImportWorker } from './modules/products/import/worker.js';
import { paymentProviders, type PaymentProviders } from './modules/payments/registry.js';
import { createCourier, type Courier } from './modules/courier/courier.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: Database['kind'];
    clock: Clock;
    tokens: TokenService;
    /** Failed password sign-ins per address and e-mail, counted alike by every form that checks a password. */
    signIns: SignInLimit;
    /** Makes the other limits of attempts (password resets, phone codes), counted where the sign-ins are. */
    attemptLimit: AttemptLimits;
    /** The delivery phones each shopper and client address asked the cash rules about today (modules/orders). */
    phonesAsked: PhonesAsked;
    mailer: Mailer;
    /** Sends the messages queued in the database (modules/messaging); serve.ts starts its polling. */
    messageSender: MessageSender;
    /** Submits the e-receipts to the Tax Authority (modules/receipts); serve.ts starts its polling. */
    receiptSender: ReceiptSender;
    /** Shoppers' WhatsApp replies, for the modules that asked (modules/messaging/status.ts). */
    replies: Replies;
    /** Reminds shoppers who agreed of carts they left (modules/messaging/cart-reminders.ts); serve.ts starts it. */
    cartReminders: CartReminders;
    /** Tells shoppers once that what they asked for is back (modules/back-in-stock); serve.ts starts it. */
    backInStockAlerts: BackInStockAlerts;
    /** Tells the staff who asked of products whose stock fell low (modules/staff/low-stock.ts); serve.ts starts it. */
    lowStockAlerts: Passes;
    /** Tells the staff who asked of the day before, each morning (modules/staff/daily-summary.ts); serve.ts starts it. */
    dailySummaries: Passes;
    /** Gives sales past their last day their prices back (modules/products/sale-ends.ts); serve.ts starts it. */
    saleEnds: Passes;
    /** Asks shoppers to confirm cash orders and ends unanswered windows (modules/confirmations); serve.ts starts it. */
    confirmations: Confirmations;
    /** Applies the product imports queued in the database (modules/products/import); server.ts starts its polling. */
    productImports: ImportWorker;
    /** The payment providers (modules/payments/registry.ts). */
    payments: PaymentProviders;
    /** The courier orders ship with, when COURIER names one (modules/courier). */
    courier: Courier | null;
    images: ImageStore;
    /** Set when REDIS_URL is: limits shared by every instance. */
    redis: Redis | null;
    /** Set when METRICS_TOKEN is: what /metrics reports. */
    metrics: Metrics | null;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The process's logger (server.ts), in place of one made from `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Called for every route as it is registered (tests build the permission matrix from it). */
  onRoute?: (route: RouteOptions) => void;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server without listening: server.ts listens, tests use `inject`. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? { level: config.LOG_LEVEL } }),
    // One line per request, written by plugins/answers.ts, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    genReqId: requestIdOf,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A URL Fastify cannot decode (or a path segment over 100 characters) is answered before any hook
    // runs: answer it like every other refusal, with a message and the security headers.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // No hook runs for this request, so its answer is reported here.
      const started = performance.now();
      reply.raw.once('finish', () => app.answered(answerOf(request, reply, performance.now() - started)));
      varyOnLanguage(reply);
      void reply
        .headers(securityHeaders(config))
        .header('x-request-id', request.id)
        .code(tooLong ? 414 : 400)
        .send(
          localizeBody(
            { message: tooLong ? say.api.addressTooLong : say.api.addressInvalid },
            requestLanguage(request),
          ),
        );
    },
  }).withTypeProvider<ZodTypeProvider>();
  // First of all hooks, so it sees every route, those of plugins registered below included.
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = opts.clock ?? systemClock;
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('clock', clock);
  const jwtSecret = await loadJwtSecret(config, database);
  app.decorate(
    'tokens',
    createTokenService(jwtSecret, () => clock.now()),
  );
  const mailer =
    opts.mailer ??
    (await createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }));
  app.decorate('mailer', mailer);
  const providers = messageProviders({ config, log: app.log, mailer });
  const messageSender = createMessageSender({ db: database.db, clock, log: app.log, config, providers });
  app.decorate('messageSender', messageSender);
  const replies = createReplies(database.db, clock);
  app.decorate('replies', replies);
  const cartReminders = createCartReminders({ db: database.db, clock, log: app.log, config, messageSender, jwtSecret });
  app.decorate('cartReminders', cartReminders);
  replies.subscribe(async (reply) => {
    if (isStop(reply)) await cartReminders.optOutPhone(reply.from);
  });
  app.addHook('onClose', () => cartReminders.stop());
  const backInStockAlerts = createBackInStockAlerts({
    db: database.db,
    clock,
    log: app.log,
    config,
    messageSender,
    listen: (channel, handlers) => database.listen(channel, handlers),
  });
  app.decorate('backInStockAlerts', backInStockAlerts);
  app.addHook('onClose', () => backInStockAlerts.stop());
  const lowStockAlerts = createLowStockAlerts({ db: database.db, log: app.log, config, messageSender });
  app.decorate('lowStockAlerts', lowStockAlerts);
  app.addHook('onClose', () => lowStockAlerts.stop());
  const dailySummaries = createDailySummaries({ db: database.db, log: app.log, config, clock, messageSender });
  app.decorate('dailySummaries', dailySummaries);
  app.addHook('onClose', () => dailySummaries.stop());
  const saleEnds = createSaleEnds({ db: database.db, log: app.log, clock });
  app.decorate('saleEnds', saleEnds);
  app.addHook('onClose', () => saleEnds.stop());

  // Before the database closes: a pass under way finishes (or records its failure) first.
  app.addHook('onClose', () => messageSender.stop());
  const productImports = createImportWorker({ db: database.db, clock, log: app.log, config });
  app.decorate('productImports', productImports);
  // Between two batches: the import is handed back, and resumes where it stopped.
  app.addHook('onClose', () => productImports.stop());
  // Receipts are issued from the POS of ETA_* (none without it), and sent by one instance at a time.
  await activatePos(database.db, config.env);
  const receiptSender = createReceiptSender({ db: database.db, clock, log: app.log, config });
  app.decorate('receiptSender', receiptSender);
  app.addHook('onClose', () => receiptSender.stop());
  app.decorate(
    'metrics',
    config.METRICS_TOKEN
      ? createMetrics({ poolUse: database.poolUse, mailQueueLength: () => unsentCount(database.db) })
      : null,
  );
  app.decorate('images', imageStoreFor(config, database.db));
  // Made here, once, so that every module is handed the same provider (one Stripe client, one offline
  // secret) and courier; a courier named without its settings stops the start.
  const services = { config, clock, log: app.log, db: database.db };
  app.decorate('payments', paymentProviders(services));
  app.decorate('courier', createCourier(services));
  const confirmations = createConfirmations({ ...services, messageSender, payments: app.payments, jwtSecret });
  app.decorate('confirmations', confirmations);
  // A WhatsApp button of a confirmation's request answers it.
  replies.subscribe((reply) => confirmations.answerReply(reply));
  app.addHook('onClose', () => confirmations.stop());
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : null;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  app.decorate('redis', redis);
  const attemptLimit: AttemptLimits = ({ name, max, windowMs }) =>
    createSignInLimit({
      max,
      windowMs,
      redis,
      prefix: `${config.REDIS_PREFIX}${name}:`,
      log: app.log,
      secret: jwtSecret,
    });
  app.decorate('attemptLimit', attemptLimit);
  app.decorate(
    'signIns',
    attemptLimit({ name: 'sign-in-failures', max: config.LOGIN_RATE_LIMIT_MAX, windowMs: SIGN_IN_WINDOW_MS }),
  );

  app.decorate(
    'phonesAsked',
    createPhonesAsked({
      perShopper: config.CASH_PHONES_PER_SHOPPER,
      perAddress: config.CASH_PHONES_PER_ADDRESS,
      secret: jwtSecret,
      redis,
      prefix: config.REDIS_PREFIX,
      log: app.log,
      clock,
    }),
  );

  await app.register(errorsPlugin);
  await app.register(answersPlugin);
  await app.register(requestIdPlugin);
  await app.register(languagePlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(metricsPlugin);
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // An IPv6 client counts as its /64, as the sign-in limits count it (lib/client-address.ts).
    keyGenerator: (request) => addressKey(request.ip),
    // Counters live in Redis when there is one, so every instance counts the same attempts.
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}rate-limit:` } : {}),
    // A Redis outage must not take the shop down with it: requests pass uncounted until it is back.
    skipOnError: true,
    errorResponseBuilder: () => ({ statusCode: 429, message: say.api.tooManyRequests }),
  });
  if (config.CACHE_MAX_MB > 0)
    await app.register(responseCachePlugin, { database, maxBytes: config.CACHE_MAX_MB * 1024 * 1024 });
  // After the response cache, whose onSend must see (and store) each answer as it was computed.
  await app.register(compressionPlugin);
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 30, fieldSize: 10_000, parts: 50 },
    // File names arrive as sent (not cut to their last segment), so lib/multipart.ts can refuse a path in one.
    preservePath: true,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'EGP Shop API', version: '1.0.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-access-token' } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await healthRoutes(api);
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST });
  return app;
}
