import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** @param {unknown[]} m */
export const log = (...m) => console.log('bench:', ...m);

/** Installs the Debian package unless what it provides is here. @param {boolean} present @param {string} debianPackage */
export function ensurePackage(present, debianPackage) {
  if (present) return;
  log(`installing ${debianPackage}`);
  execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** @param {string} command */
export const hasCommand = (command) => spawnSync('which', [command]).status === 0;

/** Another run's server on our port would answer in our place (a shared machine): refuse to start instead. */
/** @param {number} port */
export async function ensurePortFree(port) {
  const answered = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is in use (another bench run?): stop it first`);
}

/** Resolves when `url` answers 200, polling every `everyMs`. @param {string} url */
export async function waitFor(url, ms = 60_000, everyMs = 250) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Resolves once the server has worked off what a closed loop left queued: `/api/health` (one trivial query through
 * the same database pools) answers within `fastMs` `times` in a row, or `ms` have passed. A part measured at a fixed
 * rate right after a closed loop would otherwise count the loop's leftover queue in its first second's latencies.
 * @param {number} port
 */
export async function settled(port, { fastMs = 10, times = 5, ms = 15_000 } = {}) {
  const until = Date.now() + ms;
  for (let fast = 0; fast < times && Date.now() < until;) {
    const started = performance.now();
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      async (res) => (await res.arrayBuffer(), res.ok),
      () => false,
    );
    fast = ok && performance.now() - started < fastMs ? fast + 1 : 0;
    if (!fast) await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Production mode as `npm start` runs it on this machine: one process per core (node:cluster) when the
 * database is PostgreSQL (PGlite can be opened by one process only), each with the shop's own number of database
 * connections unless `pool` says (DB_POOL_MAX).
 * @param {{ root: string, port: number, env: Record<string, string>, workers: number, pool?: number }} options
 */
export function startServer({ root, port, env: dbEnv, workers, pool }) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    ...dbEnv,
    NODE_ENV: 'production',
    PORT: String(port),
    SEED: 'none',
    PAYMENT_PROVIDER: 'offline',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    LOGIN_RATE_LIMIT_MAX: '1000000',
    // Every buyer comes from this one address with a phone of its own per order (the cash rules count open orders
    // per phone): the allowance of phones the cash rules answer a day (docs/decisions/cash-phones-asked.md) would
    // refuse every order past the 30th, as a rate limit would.
    CASH_PHONES_PER_SHOPPER: '1000000000',
    CASH_PHONES_PER_ADDRESS: '1000000000',
    WORKERS: String(workers),
    DB_POOL_MAX: pool === undefined ? '' : String(pool),
  };
  log(`API: ${workers} process(es), ${pool ?? "the shop's default number of"} database connections each`);
  return spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** The largest resident size among the process and its children. @param {number} pid */
export function rssMb(pid) {
  const pids = [
    pid,
    ...execFileSync('sh', ['-c', `pgrep -P ${pid} || true`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number),
  ];
  const sizes = pids.map((p) => {
    try {
      const kb = fs.readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
      return kb ? Number(kb) / 1024 : 0;
    } catch {
      return 0;
    }
  });
  return Math.round(Math.max(...sizes));
}
