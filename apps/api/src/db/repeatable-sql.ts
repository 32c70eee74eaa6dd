import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { MIGRATIONS } from './migrations-folder.js';
import { transaction } from './transaction.js';

/**
 * The schema's functions and triggers, each with one current definition in a file per concern under db/sql/.
 * Versioned migrations (db/migrations) keep tables, columns, indexes and data moves, and a released one is never
 * edited; these files are edited in place and applied after them, as Flyway's repeatable migrations are: every
 * statement can run again (CREATE OR REPLACE FUNCTION; DROP TRIGGER IF EXISTS, then CREATE TRIGGER), so a database
 * of any release ends with the same definitions as a fresh one. See docs/decisions/migrations.md.
 *
 * Looked at on every migrate, right after drizzle's migrate() (client.ts), in one transaction of their own: a failure
 * rolls back every file, and the versioned migrations before it stay applied. On PostgreSQL under the lock the
 * migrate holds, so instances starting together take turns. As Flyway does, they are applied when they changed:
 * drizzle.__repeatable_sql keeps the checksum of the files and the count of versioned migrations they were last
 * applied after, and a migrate finding both the same applies nothing. Replacing a trigger locks its table against
 * reads too (DROP TRIGGER takes an ACCESS EXCLUSIVE lock), so doing it on every start would make each instance's
 * start wait for a long reader of products or order_items (a pg_dump backup), with every query on them queued behind.
 *
 * The files run in the order of FILES, not by name: a function whose body is bound when it is created (a SQL-standard
 * body, RETURN or BEGIN ATOMIC) needs the functions it calls to exist, and a trigger its function. Each file holds its
 * triggers' functions before them; FILES puts a file after those it calls into, and says which. A file in the folder
 * but not in FILES, or the other way round, is refused, so a new one cannot be forgotten.
 */
export const REPEATABLE_SQL = fileURLToPath(new URL('./sql', import.meta.url));

export const FILES = [
  // First: product_search_words (search-typos.sql) is a SQL-standard body calling normalize_arabic.
  'search-text.sql',
  // These call nothing of another file: the catalogue's bookkeeping, then search.
  'catalogue-news.sql',
  'updated-at.sql',
  'variant-totals.sql',
  // Calls nothing; its trigger is named to run after variant-totals.sql's.
  'sale-ends.sql',
  'stock.sql',
  // Reads back_in_stock_requests only; announces, as catalogue-news.sql does.
  'back-in-stock.sql',
  // Writes low_stock_crossings only.
  'low-stock.sql',
  'catalogue-counts.sql',
  'search-typos.sql',
  // With the other search files; its functions are PL/pgSQL, bound to what they call when they run.
  'search-synonyms.sql',
  'search-prefixes.sql',
  'search-postings.sql',
  // Reads users and staff_roles only.
  'staff.sql',
  // Reads users only.
  'audit-log.sql',
];

const BREAKPOINT = '--> statement-breakpoint';

/** A file's statements, split as drizzle splits a migration (on `--> statement-breakpoint`). */
export function statementsOf(text: string): string[] {
  return text
    .split(BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/^--.*$/gm, '').trim() !== '');
}

/** The files of the folder in the order they run; throws when the folder and FILES disagree. */
export function repeatableFiles(folder = REPEATABLE_SQL): string[] {
  const present = fs.readdirSync(folder).filter((name) => name.endsWith('.sql'));
  const unlisted = present.filter((name) => !FILES.includes(name));
  const missing = FILES.filter((name) => !present.includes(name));
  if (unlisted.length || missing.length)
    throw new Error(
      `db/sql and FILES in db/repeatable-sql.ts disagree: ${[
        ...unlisted.map((name) => `${name} is not in FILES`),
        ...missing.map((name) => `${name} is missing`),
      ].join('; ')}`,
    );
  return FILES.map((name) => path.join(folder, name));
}

/**
 * Whether a migrations folder is this build's own. Only then is db/sql applied: another folder stands for another
 * point of the schema's history (migrationsFolder(N) for an older release, which had no db/sql, in tests and in a
 * restore; a folder given to `npm run migrate -- --folder`), and the next migrate with this build's folder applies
 * db/sql after it.
 */
export const isThisBuild = (migrationsFolder: string): boolean =>
  path.resolve(migrationsFolder) === path.resolve(MIGRATIONS);

/** db/sql failed to apply: the migrations before it were applied, and the functions and triggers are as they were. */
export class RepeatableSqlError extends Error {
  constructor(file: string, cause: unknown) {
    super(
      `The migrations were applied, but db/sql/${file} failed, so none of db/sql was: the functions and triggers ` +
        `are as they were. ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** The checksum of the files as they run: their names and bytes, in order. */
function checksumOf(files: { file: string; text: string }[]): string {
  const hash = createHash('sha256');
  for (const { file, text } of files) hash.update(`${path.basename(file)}\0${text}\0`);
  return hash.digest('hex');
}

/**
 * Applies db/sql after the migrations of `migrationsFolder`, unless that folder is not this build's or the files were
 * applied as they are after the same migrations.
 */
export async function applyRepeatableSql(db: Db, migrationsFolder: string): Promise<void> {
  if (!isThisBuild(migrationsFolder)) return;
  const files = repeatableFiles().map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
  const checksum = checksumOf(files);
  await transaction(db, async (tx) => {
    await tx.execute(sql`create table if not exists drizzle.__repeatable_sql (
      id boolean primary key default true check (id), checksum text not null, migrations integer not null,
      applied_at timestamptz not null default now())`);
    const migrations = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const applied = await tx.execute<{ checksum: string; migrations: number }>(
      sql`select checksum, migrations from drizzle.__repeatable_sql`,
    );
    const count = migrations.rows[0]?.n ?? 0;
    if (applied.rows[0]?.checksum === checksum && applied.rows[0].migrations === count) return;
    for (const { file, text } of files) {
      for (const statement of statementsOf(text)) {
        try {
          await tx.execute(sql.raw(statement));
        } catch (err) {
          throw new RepeatableSqlError(path.basename(file), err);
        }
      }
    }
    await tx.execute(sql`insert into drizzle.__repeatable_sql (checksum, migrations) values (${checksum}, ${count})
      on conflict (id) do update set checksum = excluded.checksum, migrations = excluded.migrations, applied_at = now()`);
  });
}
