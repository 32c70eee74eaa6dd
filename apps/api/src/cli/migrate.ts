import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { RepeatableSqlError } from '../db/repeatable-sql.js';
import { CliError, openCliDatabase, runIfEntry, UsageError } from './common.js';

const USAGE = `Usage: npm run migrate [-- --folder DIR]

Brings the database that DATABASE_URL names, or else the embedded database in DATA_DIR (default
./data), to the newest schema. The server does the same on every start; this runs it on its own,
for instance before starting new instances. Migrations are applied in one transaction under a
lock: when one fails, none of them is kept and the error is printed. The functions and triggers
of src/db/sql follow, in a transaction of their own.

  --folder  another migrations folder (to try a migration before it ships); src/db/sql is applied
            after this build's own folder only
  --help    show this help

Exit codes: 0 up to date, 1 a migration failed (the database is as it was) or src/db/sql did (the
migrations are kept), 2 wrong arguments.`;

export function parseMigrateArgs(argv: string[]): { folder?: string; help: boolean } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { folder: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    return {
      folder:
        values.folder === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), values.folder),
      help: values.help ?? false,
    };
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
}

async function main(argv: string[]) {
  const args = parseMigrateArgs(argv);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const database = await openCliDatabase(loadConfig(), { migrationsFolder: args.folder }).catch((err: unknown) => {
    throw new CliError(
      err instanceof RepeatableSqlError
        ? err.message
        : `Migration failed; the database was left as it was.\n${err instanceof Error ? err.message : String(err)}`,
    );
  });
  try {
    const rows = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    console.log(`The database is up to date: ${rows.rows[0]?.n ?? 0} migrations applied.`);
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, main);
