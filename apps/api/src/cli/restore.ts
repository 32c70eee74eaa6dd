import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import { loadPgliteDataDir, openDatabase } from '../db/client.js';
import { loadLogicalDump, readDumpHeader } from '../db/logical-dump.js';
import { migrationsFolder } from '../db/migrations-folder.js';
import { unpackDirectory } from '../lib/archive.js';
import { DATABASE_FILE, type BackupManifest } from './backup.js';
import { CliError, pgToolConnection, runIfEntry, UsageError } from './common.js';

const USAGE = `Usage: npm run restore -- FILE

Restores a backup made by \`npm run backup\` into the empty database of DATABASE_URL (a pg_dump
backup, with pg_restore), or else into DATA_DIR (an embedded-database backup); a row-by-row backup
goes into either. Uploaded images are included. It refuses a database or DATA_DIR that already holds a shop: restore into a fresh one,
then point the shop at it.`;

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

async function refuseUnlessEmpty(config: Config) {
  if (config.DATABASE_URL) {
    if (!(await postgresIsEmpty(config.DATABASE_URL)))
      throw new CliError('The database of DATABASE_URL is not empty: restore into a new database.');
  } else if (!isEmptyDir(path.join(config.dataDir, 'pglite'))) {
    throw new CliError(`${config.dataDir} already holds a database: restore into a new DATA_DIR.`);
  }
}

async function restoreDatabase(config: Config, manifest: BackupManifest, dir: string) {
  const dump = path.join(dir, DATABASE_FILE[manifest.database]);
  if (manifest.database === 'logical') {
    await refuseUnlessEmpty(config);
    // The rows fit the schema they were read from: migrate to that point, load, and later starts migrate on.
    const folder = migrationsFolder(readDumpHeader(dump).migrations);
    try {
      const database = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        dataDir: path.join(config.dataDir, 'pglite'),
        poolMax: 2,
        migrationsFolder: folder,
      });
      try {
        await loadLogicalDump(database.db, dump);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    return;
  }
  if (manifest.database === 'pg_dump') {
    if (!config.DATABASE_URL)
      throw new CliError('This is a PostgreSQL backup: set DATABASE_URL to the empty database to restore it into.');
    await refuseUnlessEmpty(config);
    const { dbname, env } = pgToolConnection(config.DATABASE_URL);
    const restore = spawnSync(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump],
      { encoding: 'utf8', env },
    );
    if (restore.error)
      throw new CliError(
        `pg_restore could not be run (${restore.error.message}): install the PostgreSQL client (apt-get install postgresql-client).`,
      );
    if (restore.status !== 0) throw new CliError(`pg_restore failed, nothing was restored: ${restore.stderr.trim()}`);
    return;
  }
  if (config.DATABASE_URL)
    throw new CliError('This is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it.');
  await refuseUnlessEmpty(config);
  await loadPgliteDataDir(path.join(config.dataDir, 'pglite'), new Blob([fs.readFileSync(dump)]));
}

export async function restore(config: Config, file: string): Promise<BackupManifest> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'));
  try {
    unpackDirectory(file, dir);
    const read = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { format?: unknown };
    if (read.format !== 1)
      throw new CliError(`${file} is a backup of a format this version cannot read (${String(read.format)}).`);
    const manifest = read as BackupManifest;
    const uploads = path.join(config.dataDir, 'uploads');
    if (manifest.uploads > 0 && !isEmptyDir(uploads))
      throw new CliError(`${uploads} already holds images: restore into a new DATA_DIR.`);
    await restoreDatabase(config, manifest, dir);
    if (manifest.uploads > 0) fs.cpSync(path.join(dir, 'uploads'), uploads, { recursive: true });
    return manifest;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv: string[]) {
  const [file, ...rest] = argv;
  if (!file || file === '--help' || file === '-h') {
    console.log(USAGE);
    return;
  }
  if (rest.length) throw new UsageError(USAGE);
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!fs.existsSync(resolved)) throw new CliError(`${resolved} does not exist.`);
  const manifest = await restore(loadConfig(), resolved);
  console.log(
    `Restored the database and ${manifest.uploads} uploaded images from ${resolved} (made ${manifest.createdAt}).`,
  );
}

runIfEntry(import.meta.url, main);
