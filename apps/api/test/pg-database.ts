import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's, and a way to drop it. */
export async function createPgDatabase(base: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `shop_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
