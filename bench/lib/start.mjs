import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { log, waitFor } from './server.mjs';
import { round } from './stats.mjs';

/** How long a first start may take: it builds the web app and the API. */
const START_LIMIT_MS = 15 * 60_000;

/**
 * What a newcomer waits for: a fresh clone of the committed code, `npm ci` (timed apart), then `npm start` as the
 * README says, with nothing configured (its embedded database in the clone's data/), until /api/health answers;
 * stopped, and started again. The first start builds and creates the database; the second finds both.
 * @param {{ root: string, work: string, port: number }} options
 */
export async function measureStart({ root, work, port }) {
  const clone = path.join(work, 'clone');
  execFileSync('git', ['clone', '--quiet', root, clone], { stdio: 'inherit' });
  let started = performance.now();
  log('npm ci in a fresh clone');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: clone, stdio: 'inherit' });
  const npmCi = (performance.now() - started) / 1000;
  const first = await timedStart(clone, port);
  const second = await timedStart(clone, port);
  return { npm_ci_s: round(npmCi), first_s: round(first), second_s: round(second) };
}

/** Seconds from `npm start` to a healthy answer; the server is stopped after. @param {string} clone @param {number} port */
async function timedStart(clone, port) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const started = performance.now();
  // Its own process group, so that npm, the start script and the server stop together.
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, START_LIMIT_MS, 50);
    return (performance.now() - started) / 1000;
  } finally {
    if (child.pid) await stopGroup(child.pid, exited);
  }
}

/**
 * Stops the process group and waits until none of it is left: npm may exit before the server has let go of its
 * port and its database, which the next start needs. @param {number} pid @param {Promise<unknown>} exited
 */
async function stopGroup(pid, exited) {
  process.kill(-pid, 'SIGTERM');
  await exited;
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server started by npm start (process group ${pid}) did not stop`);
}
