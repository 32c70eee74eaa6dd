// Starts the shop for the browser tests: the web app built into a directory of this run's own (so
// parallel runs never overwrite each other's files), the API in production mode, a fresh data
// directory with the demo seed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const webDist = path.join(runDir, 'web');
const build = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Tests read the mail outbox (password-reset links) from the data directory: its path is written to a
// file named after the port, which e2e/support/outbox.ts finds also when Playwright reuses a running server.
const port = process.env.E2E_PORT ?? '3210';
const dataDir = path.join(runDir, 'data');
const pointer = path.join(os.tmpdir(), `shop-e2e-${port}.datadir`);
fs.writeFileSync(pointer, dataDir);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    // Many test shoppers sign in from one address.
    RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_MAX: '1000',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  fs.rmSync(runDir, { recursive: true, force: true });
  if (fs.existsSync(pointer) && fs.readFileSync(pointer, 'utf8') === dataDir) fs.rmSync(pointer, { force: true });
  process.exit(code ?? 0);
});
