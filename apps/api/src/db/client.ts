import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services take `Db | Tx` so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/** pg_trgm's default word-similarity threshold (0.6) misses typos like 'iphnoe'; 0.3 catches them. */
const TRGM_THRESHOLD = '0.3';
const MIGRATION_LOCK = 727_001;

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  poolMax?: number;
  migrationsFolder?: string;
}

export async function openDatabase(opts: DbOptions): Promise<Database> {
  const migrationsFolder = opts.migrationsFolder ?? MIGRATIONS;
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 20, migrationsFolder);
  return openPglite(opts.dataDir, migrationsFolder);
}

async function openPostgres(url: string, max: number, migrationsFolder: string): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({
    connectionString: url,
    max,
    options: `-c pg_trgm.word_similarity_threshold=${TRGM_THRESHOLD}`,
    connectionTimeoutMillis: 5000,
  });
  // An idle client that loses its server (a restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  // Several instances may start at once: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string | undefined, migrationsFolder: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } }).catch((err: unknown) => {
    releaseLock();
    throw err;
  });
  const pgliteDb = drizzle(client, { schema });
  await migrate(pgliteDb, { migrationsFolder });
  await pgliteDb.execute(sql.raw(`set pg_trgm.word_similarity_threshold = ${TRGM_THRESHOLD}`));
  // Both drivers expose the same query builder; services are written once against the node-postgres type.
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
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
