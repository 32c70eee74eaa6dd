import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import { openDatabase, type Database, type DbOptions } from '../db/client.js';
import { RepeatableSqlError } from '../db/repeatable-sql.js';

/** An error the user can act on: its message is printed without a stack trace, and the process exits with exitCode. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Wrong or missing arguments: exit code 2, like most command-line tools. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}

/**
 * Runs `main` when the module is the process entry (`tsx src/cli/x.ts` or `node dist/x.js`), and does
 * nothing when a test imports the module for its exported functions.
 */
export function runIfEntry(moduleUrl: string, main: (argv: string[]) => Promise<void>): void {
  const entry = process.argv[1];
  if (!entry || realpath(entry) !== realpath(fileURLToPath(moduleUrl))) return;
  main(process.argv.slice(2)).catch((err: unknown) => {
    if (err instanceof CliError) {
      console.error(err.message);
      process.exitCode = err.exitCode;
    } else {
      console.error(err);
      process.exitCode = 1;
    }
  });
}

function realpath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/**
 * Opens the database the server would use: DATABASE_URL, or else the PGlite files in DATA_DIR
 * (refused with a clear message while a server holds them: see lockDataDir in db/client.ts).
 */
export async function openCliDatabase(
  config: Config,
  opts: Pick<DbOptions, 'migrationsFolder' | 'migrate'> = {},
): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: path.join(config.dataDir, 'pglite'),
      poolMax: 2,
      ...opts,
    });
  } catch (err) {
    // The database was opened and migrated: what failed says so itself.
    if (err instanceof RepeatableSqlError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    // The URL is not repeated: it may hold a password.
    if (config.DATABASE_URL) throw new CliError(`Could not open the PostgreSQL database in DATABASE_URL: ${reason}`);
    throw new CliError(`Could not open the embedded database in ${config.dataDir}: ${reason}`);
  }
}

/** DATABASE_URL for PostgreSQL's own tools: the password goes in their environment, never on a command line `ps` shows. */
export function pgToolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}
