import os from 'node:os';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
/** The same shop paying through the Paymob simulator (e2e/server.mjs starts both). */
const paymobPort = Number(process.env.E2E_PAYMOB_PORT ?? port + 1);
const PAYMOB_SPECS = ['checkout/paymob.spec.ts', 'checkout/fawry.spec.ts', 'checkout/zz-shots.spec.ts'];

/**
 * One worker per core this run may use that is idle now: the cores of its CPU affinity (`taskset -c 0`
 * gives one), fewer when other work keeps the machine busy. A worker more than the cores free makes every
 * test slower rather than the run shorter. Idle time is sampled over a quarter second, not read from the
 * load average, which still counts the suites that ran just before. Measured once: the worker processes
 * load this file again and inherit the count. E2E_WORKERS set by hand wins.
 *
 * In CI the suite has the machine to itself (`npm test` starts e2e once the other suites have ended), so it uses
 * every core of its affinity: a quarter second's sample on a virtual machine whose host takes time from it may read
 * one core of two, which would halve the suite's pace for its whole run.
 */
function freeCores(): number {
  const idle = () => os.cpus().reduce((sum, cpu) => sum + cpu.times.idle, 0);
  const total = () => os.cpus().reduce((sum, cpu) => sum + Object.values(cpu.times).reduce((a, b) => a + b, 0), 0);
  const [idleBefore, totalBefore] = [idle(), total()];
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  const idleShare = (idle() - idleBefore) / Math.max(1, total() - totalBefore);
  return Math.max(1, Math.min(os.availableParallelism(), Math.round(idleShare * os.cpus().length)));
}
process.env.E2E_WORKERS ||= String(process.env.CI ? os.availableParallelism() : freeCores());

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per port: runs side by side (one per engineer or CI job) never delete each other's traces.
  outputDir: `../test-results/e2e-${port}`,
  // Machines of this kind differ two to three times in speed: a test taking 20 s on a slow one must not fail (docs/testing.md).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS),
  // A retry would hide a flaky test: a test that fails once is a bug to fix.
  retries: 0,
  reporter: [['list'], ['json'], ['./slow-tests.ts']],
  projects: [
    { name: 'offline', testIgnore: PAYMOB_SPECS },
    { name: 'paymob', testMatch: PAYMOB_SPECS, use: { baseURL: `http://127.0.0.1:${paymobPort}` } },
  ],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace with the DOM at every step, but not the screencast: encoding the frames
    // of every test in software cost a fifth of the suite's time on a two-core machine. The screenshot on
    // failure still shows the final screen. CI keeps only the log, so it records no trace at all.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      // Debian's headless shell of Chromium (the same engine without the desktop browser around it): the
      // suite runs about a fifth faster than with the full browser. Playwright never downloads a browser.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node e2e/server.mjs',
    cwd: '..',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    // SIGTERM, not Playwright's default SIGKILL: e2e/server.mjs then stops the API and removes the run's
    // temporary directory (the built app and the database, about 50 MB).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
