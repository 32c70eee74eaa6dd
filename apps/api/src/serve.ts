import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { isWildcard, publicUrlOf, type Config } from './config.js';
import { openDatabase, type Db } from './db/client.js';
import { printLines } from './lib/log.js';
import { users } from './db/schema.js';
import { buildApp } from './app.js';
import { demoSignIn, seedIfEmpty, type SeedResult } from './seed/index.js';
import { startOrderExpiry } from './modules/orders/expiry.js';
import { startPaymentPolls } from './modules/payments/poll.js';
import { startGiveBackRecovery } from './modules/payments/give-back-recovery.js';

/** One server: database, app, demo seed, background work, listen, and a graceful stop on SIGTERM/SIGINT. */
export async function serve(config: Config, log: Logger) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolMax: config.DB_POOL_MAX,
    // PostgreSQL may still be starting (a reboot), or restarting: the server waits for it rather than exit at once.
    waitMs: config.DB_START_TIMEOUT_S * 1000,
    log,
  });
  const app = await buildApp({ config, database, loggerInstance: log });
  const seeded = await seedOnFirstStart(config, app, database.db);
  // Unpaid online orders give their stock back after 30 minutes (48 hours while their payment is pending);
  // every instance may run this safely.
  startOrderExpiry(app);
  // References still unpaid are asked about at their provider, for a notification that never came.
  startPaymentPolls(app);
  // Deposits of cancelled cash orders and unwanted payments that a stopped instance left to give back; each asked for
  // by one instance.
  startGiveBackRecovery(app);
  // Messages left queued by a previous run go out now, the rest as they come; every instance may
  // run this: each message is taken by one of them.
  app.messageSender.start();
  // Carts left a day are reminded of once, by whichever instance claims them first.
  app.cartReminders.start();
  // Shoppers waiting for a product are told once it is back, by whichever instance claims their request first.
  app.backInStockAlerts.start();
  // Members who asked hear of products whose stock fell low, once each fall, from whichever instance takes it.
  app.lowStockAlerts.start();
  // Each morning's summary, once, by the instance that writes the day down first.
  app.dailySummaries.start();
  // Sales past their last day get their prices before the sale back; the same update from two instances is one.
  app.saleEnds.start();
  // Cash orders' confirmations: a reminder at half the window, and its end, once, by whichever instance claims it.
  app.confirmations.start();
  // Product imports applied from the dashboard, and those a stopped instance was applying; each is
  // applied once, by whichever instance takes it.
  app.productImports.start();
  // E-receipts go to the Tax Authority in their chain's order, from one instance at a time.
  app.receiptSender.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A client that never finishes its request (a stalled upload, a slowloris) must not hold the
    // process, and the deploy waiting on it, forever: after the grace period its connection is cut.
    const grace = setTimeout(() => {
      app.log.warn(
        { graceMs: config.SHUTDOWN_GRACE_MS },
        'requests still open after the grace period: closing their connections',
      );
      app.server.closeAllConnections();
    }, config.SHUTDOWN_GRACE_MS);
    grace.unref();
    try {
      // close() stops accepting connections and waits for requests in flight before the database goes.
      await app.close();
      clearTimeout(grace);
      await database.close();
      app.log.info('database closed');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  app.log.info(`EGP Shop listening on ${listeningAddress(address)} (database: ${database.kind})`);
  if (seeded && address && typeof address === 'object') {
    // Plain lines, apart from the JSON log: what a newcomer reads after a first `npm start`.
    const url = publicUrlOf(address.address, address.port);
    printLines(['', `EGP Shop is ready at ${url} with the demo shop:`, ...demoSignIn(seeded), '']);
  }
}

/**
 * A first start on an empty database gets the demo catalogue before it serves anything. Its admin has
 * a published password, so in production it comes only with SEED=demo; otherwise the log says how to
 * make the first admin.
 */
async function seedOnFirstStart(config: Config, app: FastifyInstance, db: Db): Promise<SeedResult | null> {
  const seed = config.SEED ?? (config.NODE_ENV === 'production' ? undefined : 'demo');
  if (seed === 'demo') return seedIfEmpty({ db, images: app.images, log: (line) => app.log.info(line) });
  if (seed === undefined && !(await hasAdmin(db))) {
    const command = "npm run create-admin -- --email you@example.com --password 'A-str0ng-password'";
    // create-admin is refused while a server holds the embedded database (one process at a time).
    const how = config.DATABASE_URL
      ? `Create the first admin with: ${command}`
      : `Stop this server (it locks the embedded database while it runs), create the first admin with: ${command}, then start it again`;
    app.log.warn(
      'No admin account yet, and the demo catalogue (with its published admin password) is not loaded in production. ' +
        `${how} (or start with SEED=demo for the demo shop).`,
    );
  }
  return null;
}

async function hasAdmin(db: Db): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.role, true)).limit(1)).length > 0;
}

/** The address as a browser would use it: a wildcard host is reached through localhost. */
function listeningAddress(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') return String(address);
  return `${publicUrlOf(address.address, address.port)}${isWildcard(address.address) ? ' (every interface)' : ''}`;
}
