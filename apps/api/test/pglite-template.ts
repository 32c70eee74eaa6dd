import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import type { Db } from '../src/db/client.js';
import { MIGRATIONS } from '../src/db/migrations-folder.js';
import { applyRepeatableSql } from '../src/db/repeatable-sql.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A copy of a migrated, empty PGlite data directory (dumpDataDir), or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database costs several times as much as loading a copy of one, and every test
 * file creates its own: on one busy core that alone took up to the 60 s a hook may take. The run
 * migrates one database once and each file starts from a copy of it (harness.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
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
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
