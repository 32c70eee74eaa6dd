// `npm start [-- --no-build]`: builds the web app and the API only when their sources changed since the
// last build, then runs the server in this process. Instances started together from one checkout take
// turns on a lock, so only one builds and the others start on its result.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** What a build reads: a change to any of these makes the next start build again. */
const SOURCES = [
  'package-lock.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/package.json',
  'apps/web/src',
  'apps/web/build',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
];
const SERVER = path.join(root, 'apps/api/dist/server.js');
/** Kept inside the build's output, so deleting dist/ also forgets the build. */
const STAMP = path.join(root, 'apps/api/dist/sources.sha256');
const LOCK = path.join(root, 'apps/api/.build-lock');
const LOCK_POLL_MS = 200;

function sourcesHash() {
  const hash = createHash('sha256');
  /** @param {string} file */
  const add = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort())
        if (!name.startsWith('.') && name !== 'node_modules') add(path.join(file, name));
      return;
    }
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  };
  for (const source of SOURCES) add(path.join(root, source));
  return hash.digest('hex');
}

/** @param {string} file */
const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
/** @param {string} hash */
const upToDate = (hash) => fs.existsSync(SERVER) && read(STAMP) === hash;

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}

/** Takes the build lock (a directory: mkdir is atomic), waiting while a live process holds it; a dead holder's lock is taken over. */
async function lock() {
  for (let reported = false; ;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return () => fs.rmSync(LOCK, { recursive: true, force: true });
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
    }
    const holder = Number(read(path.join(LOCK, 'pid')));
    // No pid yet: the holder is between its mkdir and its write; wait for it like for any live holder.
    if (holder && !alive(holder)) {
      fs.rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (!reported) console.log('Another start is building; waiting for it.');
    reported = true;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

async function buildIfChanged() {
  if (upToDate(sourcesHash())) return;
  const unlock = await lock();
  try {
    // Whoever held the lock may just have built these very sources.
    const hash = sourcesHash();
    if (upToDate(hash)) return;
    console.log('Sources changed since the last build: building.');
    fs.rmSync(STAMP, { force: true });
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`The build failed (exit ${build.status ?? build.signal}).`);
    fs.writeFileSync(STAMP, hash);
  } finally {
    unlock();
  }
}

// WORKERS=N forks this script N times: the primary has built already.
if (cluster.isPrimary && !process.argv.includes('--no-build')) {
  try {
    await buildIfChanged();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
if (!fs.existsSync(SERVER)) {
  console.error(
    'There is no build to start (apps/api/dist/server.js): run `npm run build` or start without --no-build.',
  );
  process.exit(1);
}
await import(pathToFileURL(SERVER).href);
