// `npm test`: every suite in turn (contracts, api on PGlite, api on PostgreSQL when TEST_DATABASE_URL
// is set, web components, e2e in Chromium), then one closing line with the totals.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tests-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let broken = false;

function vitest(name, cwd, env = {}) {
  const out = path.join(tmp, `${name}.json`);
  const res = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`], {
    cwd: path.join(root, cwd),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  count(name, out, res.status);
}

function count(name, out, status) {
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
  }
  if (status !== 0) {
    broken = true;
    console.error(`\n${name}: exited with ${status}`);
  }
}

const suites = {
  contracts: () => vitest('contracts', 'packages/contracts'),
  'api-pglite': () => vitest('api-pglite', 'apps/api', { TEST_DATABASE_URL: '' }),
  'api-postgres': () => process.env.TEST_DATABASE_URL && vitest('api-postgres', 'apps/api'),
  web: () => fs.existsSync(path.join(root, 'apps/web/vite.config.ts')) && vitest('web', 'apps/web'),
  e2e: () => {
    if (!fs.existsSync(path.join(root, 'e2e/playwright.config.ts'))) return;
    const out = path.join(tmp, 'e2e.json');
    const res = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    if (fs.existsSync(out)) {
      const stats = JSON.parse(fs.readFileSync(out, 'utf8')).stats ?? {};
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
    }
    if (res.status !== 0) {
      broken = true;
      console.error(`\ne2e: exited with ${res.status}`);
    }
  },
};

for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  run();
}
if (broken && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed ? 1 : 0);
