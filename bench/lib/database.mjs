import path from 'node:path';
import { freshDatabase } from '../fresh-database.mjs';

/** PGlite runs in the server's process on one core and holds its database in memory: past this, PostgreSQL. */
export const PGLITE_MAX_PRODUCTS = 200_000;

/**
 * The database the run seeds and the server uses: a fresh PostgreSQL database beside DATABASE_URL's, else PGlite
 * in the run's directory.
 * @param {string} work the run's directory @param {number} products
 * @returns {Promise<{ kind: 'pglite' | 'postgres', env: Record<string, string> }>}
 */
export async function prepareDatabase(work, products) {
  const base = process.env.DATABASE_URL;
  const dataDir = path.join(work, 'data');
  if (base) return { kind: 'postgres', env: { DATABASE_URL: await freshDatabase(base, 'bench'), DATA_DIR: dataDir } };
  if (products > PGLITE_MAX_PRODUCTS)
    throw new Error(
      `PGlite holds at most ${PGLITE_MAX_PRODUCTS} products for the bench: set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test)`,
    );
  return { kind: 'pglite', env: { DATA_DIR: dataDir } };
}
