import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.js';
import { MIGRATIONS } from './migrations-folder.js';
import { applyRepeatableSql } from './repeatable-sql.js';
import type { PoolUse } from '../lib/metrics.js';
import { errorChain, isConnectionError } from '../lib/db-errors.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services take `Db | Tx` so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** What a subscription to a NOTIFY channel hears: payloads, and when it may have missed some. */
export interface ListenHandlers {
  notify(payload: string): void;
  /** The connection is lost: notifications may be missed until `resumed`. */
  lost(): void;
  resumed(): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; resolves to the unsubscribe function. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Connections of the PostgreSQL pool by state (PGlite has a single in-process connection). */
  poolUse?(): PoolUse;
  /** PGlite only: the whole data directory as a gzipped tarball (what a backup holds). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** pg_trgm's default word-similarity threshold (0.6) misses typos like 'iphnoe'; 0.3 catches them. */
const TRGM_THRESHOLD = '0.3';
const MIGRATION_LOCK = 727_001;

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /**
   * PGlite: starts from this copy of a data directory (PGlite's dumpDataDir) instead of creating one,
   * which costs several times as much. The tests start each file's database from one migrated copy.
   */
  loadDataDir?: Blob;
  poolMax?: number;
  migrationsFolder?: string;
  /** False opens the database as it is: a backup must copy what the older code wrote, not migrate it first. */
  migrate?: boolean;
  /**
   * PostgreSQL: how long to keep trying while the server cannot be reached (down, starting, restarting); omitted, the
   * first failure is final, as a command run by hand wants.
   */
  waitMs?: number;
  /** Where a lost connection and each try of a waiting start are told. */
  log?: DbLog;
}

/** The part of pino (Fastify's logger) the database speaks to. */
export interface DbLog {
  warn(details: object, message: string): void;
}

export async function openDatabase(opts: DbOptions): Promise<Database> {
  const migrationsFolder = opts.migrate === false ? null : (opts.migrationsFolder ?? MIGRATIONS);
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 20, migrationsFolder, opts);
  return openPglite(opts.dataDir, migrationsFolder, opts.loadDataDir);
}

async function openPostgres(
  url: string,
  max: number,
  migrationsFolder: string | null,
  { waitMs = 0, log }: Pick<DbOptions, 'waitMs' | 'log'>,
): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({
    connectionString: url,
    max,
    // A statement that runs for half a minute is stuck (a lock, a dead peer): fail it rather than hold a connection.
    options: `-c pg_trgm.word_similarity_threshold=${TRGM_THRESHOLD} -c statement_timeout=30000`,
    connectionTimeoutMillis: 5000,
    // A connection whose peer vanished without a reset is found out instead of hanging a query forever.
    keepAlive: true,
    // Statements given to one connection together are sent together, not each after the previous one's answer: a
    // transaction that asks several at once (allInOrder) waits one round trip for them all. PostgreSQL still runs
    // them one after another, in the order they were asked.
    pipeline: true,
    // Renewed every ten minutes: a connection keeps the statements named by `.prepare(name)` and their plans, which
    // a change of a column's type would leave failing (docs/decisions/named-statements.md).
    maxLifetimeSeconds: 600,
  });
  // The pool passes on the errors of its idle clients; each client reports its own below.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // A connection can be lost at any moment (a restart, a failover, an idle-connection reaper), also while it is
    // checked out with no statement running, between two statements of a transaction: a client's error event with no
    // listener would end the process. The statement under way fails (a 503), the next one on this client fails as no
    // longer queryable, and the pool drops the client when it comes back.
    client.on('error', (err) => log?.warn({ err }, 'a database connection was lost; the pool will open another'));
  });
  const db = drizzle(pool, { schema });
  // The first connection tells whether PostgreSQL is there; several instances may start at once: one migrates while
  // the others wait on the lock. Migrations run in one transaction, so one cut short by a lost connection is tried
  // again whole.
  const start = async () => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      if (!migrationsFolder) return;
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder });
      await applyRepeatableSql(db, migrationsFolder);
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    } catch (err) {
      // The session's lock goes with it when the client is dropped.
      lost = err as Error;
      throw err;
    } finally {
      client.release(lost);
    }
  };
  try {
    await whenReachable(start, { waitMs, log, where: serverOf(url) });
  } catch (err) {
    await pool.end();
    throw err;
  }
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, handlers) {
      const stop = await listenWithReconnect(url, channel, handlers);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 5000;

/** host:port of a connection string, for messages: the string itself may hold a password. */
const serverOf = (url: string) => {
  const { hostname, port } = new URL(url);
  return `${hostname || 'localhost'}:${port || 5432}`;
};

/**
 * Runs `attempt` until PostgreSQL answers it, waiting 0.5 s, then 1, 2, 4 and 5 s at most between tries, for `waitMs`
 * in all; any other error, or the last connection error, is final.
 */
async function whenReachable<T>(
  attempt: () => Promise<T>,
  { waitMs, log, where }: { waitMs: number; log?: DbLog; where: string },
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let tries = 1, delay = FIRST_RETRY_MS; ; tries++, delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
    try {
      return await attempt();
    } catch (err) {
      if (waitMs <= 0 || !isConnectionError(err)) throw err;
      const reason = whatWentWrong(err);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `PostgreSQL at ${where} could not be reached within ${Math.round(waitMs / 1000)} s (DB_START_TIMEOUT_S): ${reason}`,
          { cause: err },
        );
      const wait = Math.min(delay, left);
      log?.warn(
        { try: tries, retryInMs: wait },
        `PostgreSQL at ${where} is not reachable yet (${reason}); trying again`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The first message in an error's chain (Node's AggregateError of a refused connect has none of its own). */
function whatWentWrong(err: unknown): string {
  for (const e of errorChain(err)) if (typeof e.message === 'string' && e.message) return e.message;
  return String(err);
}

const RECONNECT_MS = 500;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When the server goes
 * away the subscriber is told (its cache can no longer be trusted) and the connection is retried until
 * the server is back.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  const { Client } = await import('pg');
  let client: InstanceType<typeof Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      handlers.lost();
      retry = setTimeout(reconnect, RECONNECT_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const reconnect = () => {
    if (stopped) return;
    connect().then(
      () => handlers.resumed(),
      () => {
        retry = setTimeout(reconnect, RECONNECT_MS);
      },
    );
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

async function openPglite(
  dataDir: string | undefined,
  migrationsFolder: string | null,
  loadDataDir: Blob | undefined,
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir && { loadDataDir }) }).catch(
    (err: unknown) => {
      releaseLock();
      throw err;
    },
  );
  const pgliteDb = drizzle(client, { schema });
  if (migrationsFolder) await migrate(pgliteDb, { migrationsFolder });
  if (migrationsFolder) await applyRepeatableSql(pgliteDb as unknown as Db, migrationsFolder);
  await pgliteDb.execute(sql.raw(`set pg_trgm.word_similarity_threshold = ${TRGM_THRESHOLD}`));
  // Both drivers expose the same query builder; services are written once against the node-postgres type.
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('gzip'),
    // In-process: nothing to lose, so only notifications are passed on.
    listen: (channel, handlers) => client.listen(channel, handlers.notify).then((unlisten) => () => unlisten()),
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite has no lock of its own and two processes writing one directory corrupt it, so the directory
 * carries a lock file with the owner's PID; a lock whose process is gone is stale and taken over.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'shop.lock');
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (owner && owner !== process.pid && processAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. PGlite can be opened by one process at a time: ` +
          'stop the shop server that uses this DATA_DIR, run this command, then start the server again.',
      );
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Fills an empty PGlite data directory from a dumpDataDir() tarball (a backup being restored). */
export async function loadPgliteDataDir(dataDir: string, dump: Blob): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const releaseLock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: dump });
    await client.close();
  } finally {
    releaseLock();
  }
}
