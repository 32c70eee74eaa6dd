import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Db } from '../src/db/client.js';
import { MIGRATIONS } from '../src/db/migrations-folder.js';
import { applyRepeatableSql } from '../src/db/repeatable-sql.js';
import { createPgDatabase } from './pg-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A copy of a migrated, empty PGlite data directory (dumpDataDir), or '' on PostgreSQL. */
    pgliteTemplate: string;
    /** The migrated, empty PostgreSQL database each test database is created from, or '' on PGlite. */
    pgTemplate: string;
  }
}

/**
 * Migrating a database costs several times as much as copying a migrated one, and every test file (on PostgreSQL,
 * every createTestApp) makes its own: on one busy core that alone took up to the 60 s a hook may take, and on
 * PostgreSQL it was most of a second per app. The run migrates one database once and each test database starts as a
 * copy of it (harness.ts); opening it then finds every migration applied and db/sql current.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const template = await createPgDatabase(base);
    // CREATE DATABASE … TEMPLATE refuses a database anyone is connected to: migrate, then close.
    await (await openDatabase({ databaseUrl: template.url })).close();
    project.provide('pgliteTemplate', '');
    project.provide('pgTemplate', template.name);
    return template.drop;
  }
  // In memory, as the tests' own databases are; openDatabase gives no access to the client to copy.
  const client = await PGlite.create({ extensions: { pg_trgm } });
  // As openDatabase makes a database: the migrations, then the functions and triggers of db/sql.
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: MIGRATIONS });
  await applyRepeatableSql(db as unknown as Db, MIGRATIONS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-template-'));
  const copy = path.join(dir, 'template.tar');
  fs.writeFileSync(copy, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', copy);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
