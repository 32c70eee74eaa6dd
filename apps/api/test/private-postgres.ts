import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './security/server-process.js';

/**
 * A PostgreSQL server of the test's own, in a temporary directory, that the test may restart or stop: the machine's
 * PostgreSQL serves every other test at the same time and is never touched. Made with the machine's PostgreSQL
 * binaries (Debian keeps them outside PATH); as root, they run as the `postgres` user, which PostgreSQL requires.
 */
export interface PrivatePostgres {
  /** The connection string of its `postgres` database. */
  url: string;
  /** A fast restart (`pg_ctl restart -m fast`): every connection ended, refused until it is up again. */
  restart(): void;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error(`no PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return found;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:', dir]);
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args,
      {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  // Durability is not what these tests look at: no fsync makes the server start and restart sooner.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const ctl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', ...args]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('-m', 'fast', 'restart'),
    stop() {
      try {
        ctl('-m', 'immediate', 'stop');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
