import cluster from 'node:cluster';
import path from 'node:path';
import { runPrimary } from './cluster.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './seed/index.js';
import { startOrderExpiry } from './modules/orders/service.js';

/** Process entry: configuration, then one server here, or WORKERS of them under a cluster primary. */
async function main() {
  const config = loadConfig();
  if (config.WORKERS > 1 && cluster.isPrimary) {
    if (!config.DATABASE_URL) throw new Error('WORKERS > 1 needs DATABASE_URL: the embedded database can be opened by one process at a time.');
    runPrimary(config.WORKERS);
    return;
  }
  await serve(config);
}

/** One server: database, app, demo seed, background work, listen, and a graceful stop on SIGTERM/SIGINT. */
async function serve(config: Config) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolMax: config.DB_POOL_MAX,
  });
  const app = await buildApp({ config, database });
  // A first start on an empty database gets the demo catalogue before it serves anything (SEED=none skips it).
  if (config.SEED === 'demo') await seedIfEmpty({ db: database.db, images: app.images, log: (line) => app.log.info(line) });
  // Unpaid card orders give their stock back after 30 minutes; every instance may run this safely.
  startOrderExpiry(app);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A client that never finishes its request (a stalled upload, a slowloris) must not hold the
    // process, and the deploy waiting on it, forever: after the grace period its connection is cut.
    const grace = setTimeout(() => {
      app.log.warn({ graceMs: config.SHUTDOWN_GRACE_MS }, 'requests still open after the grace period: closing their connections');
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
  app.log.info(`EGP Shop on ${config.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
