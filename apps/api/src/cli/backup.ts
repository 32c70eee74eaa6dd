import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import { packDirectory } from '../lib/archive.js';
import { writeLogicalDump } from '../db/logical-dump.js';
import { CliError, openCliDatabase, pgToolConnection, runIfEntry, UsageError } from './common.js';

const USAGE = `Usage: npm run backup [-- --out FILE] [--logical]

Writes a consistent backup of the shop's database (DATABASE_URL, or else the embedded database in
DATA_DIR) and of the uploaded images kept in DATA_DIR/uploads (images kept in the database are in the
database part). PostgreSQL is dumped with pg_dump when it is installed, else row by row through the
driver; the embedded database can be backed up only while no server holds it. Restore with
\`npm run restore -- FILE\`.

  --out      the file to write (default ./backups/shop-<date>-<time>.backup)
  --logical  dump PostgreSQL's rows through the driver even when pg_dump is installed
  --help     show this help`;

/** What a backup holds, in its manifest.json. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** How the database part was made: pg_dump's custom format, rows as JSON lines, or PGlite's data-directory tarball. */
  database: 'pg_dump' | 'logical' | 'pglite';
  uploads: number;
}

export const DATABASE_FILE = {
  pg_dump: 'database.pgdump',
  logical: 'database.jsonl',
  pglite: 'database.pglite.tgz',
} as const;

export function parseBackupArgs(argv: string[], cwd: string): { out: string; logical: boolean; help: boolean } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, logical: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    return {
      out: path.resolve(cwd, values.out ?? `backups/shop-${stamp}.backup`),
      logical: values.logical ?? false,
      help: values.help ?? false,
    };
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
}

const hasPgDump = () => !spawnSync('pg_dump', ['--version']).error;

/** Dumps the database and copies the uploads into `dir`, and says what it wrote. */
async function collect(config: Config, dir: string, logical: boolean): Promise<BackupManifest> {
  let database: BackupManifest['database'];
  if (config.DATABASE_URL && !logical && hasPgDump()) {
    database = 'pg_dump';
    // pg_dump reads everything in one snapshot, so the dump is consistent while the shop keeps selling.
    const { dbname, env } = pgToolConnection(config.DATABASE_URL);
    const dump = spawnSync(
      'pg_dump',
      ['--format=custom', `--file=${path.join(dir, DATABASE_FILE.pg_dump)}`, `--dbname=${dbname}`],
      { encoding: 'utf8', env },
    );
    if (dump.status !== 0) throw new CliError(`pg_dump failed: ${dump.stderr.trim()}`);
  } else if (config.DATABASE_URL) {
    database = 'logical';
    const opened = await openCliDatabase(config, { migrate: false });
    try {
      await writeLogicalDump(opened.db, path.join(dir, DATABASE_FILE.logical));
    } finally {
      await opened.close();
    }
  } else {
    database = 'pglite';
    const opened = await openCliDatabase(config, { migrate: false });
    try {
      const dump = await opened.dumpDataDir?.();
      if (!dump) throw new CliError('The embedded database could not be dumped.');
      fs.writeFileSync(path.join(dir, DATABASE_FILE.pglite), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await opened.close();
    }
  }
  const uploads = path.join(config.dataDir, 'uploads');
  const images = fs.existsSync(uploads) ? fs.readdirSync(uploads) : [];
  if (images.length) fs.cpSync(uploads, path.join(dir, 'uploads'), { recursive: true });
  return { format: 1, createdAt: new Date().toISOString(), database, uploads: images.length };
}

export async function backup(config: Config, out: string, opts: { logical?: boolean } = {}): Promise<BackupManifest> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
  try {
    const manifest = await collect(config, dir, opts.logical ?? false);
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    packDirectory(dir, out);
    return manifest;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv: string[]) {
  const args = parseBackupArgs(argv, process.env.INIT_CWD ?? process.cwd());
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const manifest = await backup(loadConfig(), args.out, { logical: args.logical });
  console.log(
    `Backed up the ${manifest.database === 'pglite' ? 'embedded' : 'PostgreSQL'} database and ${manifest.uploads} uploaded images to ${args.out}`,
  );
}

runIfEntry(import.meta.url, main);
