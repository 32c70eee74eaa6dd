import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { backup } from '../../src/cli/backup.js';
import { restore } from '../../src/cli/restore.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { journal, migrationsFolder } from '../../src/db/migrations-folder.js';
import { allRows } from '../db-rows.js';
import { createPgDatabase } from '../pg-database.js';
import { buildWorld } from '../security/helpers.js';

/**
 * A shop with orders (and their history and payments), carts, favourites, reviews and uploaded images
 * is backed up, restored into a fresh database and DATA_DIR, and compared: every row of every table and
 * every image. On PostgreSQL (pg_dump) when TEST_DATABASE_URL is set, else on PGlite.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function place(): Promise<Config> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
  };
  if (pgUrl) {
    const created = await createPgDatabase(pgUrl);
    cleanup.push(() => created.drop());
    env.DATABASE_URL = created.url;
  }
  return loadConfig(env);
}

const open = (config: Config) =>
  openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite'), poolMax: 4 });

function images(config: Config): Record<string, string> {
  const dir = path.join(config.dataDir, 'uploads');
  return Object.fromEntries(
    fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name)).toString('base64')]),
  );
}

/** PostgreSQL is backed up with pg_dump, or row by row through the driver where pg_dump is missing. */
const modes: ('pg_dump' | 'logical' | 'pglite')[] = pgUrl ? ['pg_dump', 'logical'] : ['pglite'];

describe('backup and restore', () => {
  it.each(modes)(
    '(%s) restores every row of every table and every uploaded image into a fresh place',
    async (mode) => {
      const shop = await place();
      const database = await open(shop);
      const app = await buildApp({
        config: { ...shop, WEB_DIST: path.join(shop.dataDir, 'no-web') },
        database,
        logger: false,
      });
      await app.ready();
      await buildWorld(app);
      const rows = await allRows(database.db);
      await app.close();
      await database.close();
      expect(rows.orders?.length).toBeGreaterThan(0);
      expect(rows.order_status_history?.length).toBeGreaterThan(0);
      expect(Object.keys(images(shop)).length).toBeGreaterThan(0);

      const file = path.join(shop.dataDir, 'backups/shop.backup');
      const made = await backup(shop, file, { logical: mode === 'logical' });
      expect(made).toMatchObject({ database: mode, uploads: Object.keys(images(shop)).length });

      const elsewhere = await place();
      await restore(elsewhere, file);
      const restored = await open(elsewhere);
      expect(await allRows(restored.db)).toEqual(rows);
      // Restored serial ids go on after the restored rows.
      const ids = await restored.db.execute<{ last: string; next: string }>(
        sql`select (select max(id) from order_status_history) as last, nextval(pg_get_serial_sequence('order_status_history', 'id')) as next`,
      );
      expect(Number(ids.rows[0]?.next)).toBeGreaterThan(Number(ids.rows[0]?.last));
      await restored.close();
      expect(images(elsewhere)).toEqual(images(shop));

      // A place that already holds a shop is never overwritten.
      await expect(restore(shop, file)).rejects.toThrow(/not empty|already holds/);
      // PGlite opens a data directory in seconds, four times here: slow machines need the room.
    },
    240_000,
  );

  it.each(modes)(
    '(%s) copies a shop one release behind as it is: backing up before an upgrade never migrates it',
    async (mode) => {
      const shop = await place();
      const behind = journal().entries.length - 1;
      const database = await openDatabase({
        databaseUrl: shop.DATABASE_URL,
        dataDir: path.join(shop.dataDir, 'pglite'),
        migrationsFolder: migrationsFolder(behind),
      });
      await database.close();
      await backup(shop, path.join(shop.dataDir, 'backups/behind.backup'), { logical: mode === 'logical' });
      const reopened = await openDatabase({
        databaseUrl: shop.DATABASE_URL,
        dataDir: path.join(shop.dataDir, 'pglite'),
        migrate: false,
      });
      const applied = await reopened.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      await reopened.close();
      expect(applied.rows[0]?.n).toBe(behind);
    },
    120_000,
  );

  it('refuses a file that is not a whole backup', async () => {
    const config = await place();
    const file = path.join(config.dataDir, 'cut.backup');
    fs.writeFileSync(file, 'EGP-SHOP-BACKUP 1\n{"name":"manifest.json","size":999}\n{}');
    await expect(restore(config, file)).rejects.toThrow(/cut short/);
    fs.writeFileSync(file, 'PGDMP something else');
    await expect(restore(config, file)).rejects.toThrow(/not a shop backup/);
  });
});
