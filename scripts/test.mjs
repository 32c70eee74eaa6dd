// `npm test`: every suite (the dependency audit; the gate: types, lint and format; contracts, api on PGlite, api on
// PostgreSQL when TEST_DATABASE_URL is set, web components, e2e in Chromium), then one closing line with the totals.
// The suites run in turn, but for api on PostgreSQL, which runs beside those before e2e; with PostgreSQL, PGlite runs
// only the API files about the database itself.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tests-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let broken = false;
/** @type {string[]} */
const took = [];
/** Each failed test's name, listed again just above the totals so that the end of a long log says which one. */
/** @type {string[]} */
const failures = [];

/**
 * The API files that run on PGlite too when the suite also runs on PostgreSQL: those about the database itself (the
 * client, migrations, the SQL functions and search, backups, start and shutdown on a data directory).
 * Every other file tests the shop's behaviour, which is the same SQL on either engine; the browser suites run the
 * whole shop on PGlite. Without TEST_DATABASE_URL, PGlite runs every file (docs/decisions/api-suite-engines.md).
 */
const PGLITE_ALONGSIDE_POSTGRES = process.env.TEST_DATABASE_URL
  ? [
      'src/db/',
      'src/cli/',
      // The SQL functions of search; the ranking of the demo catalogue (demo-search, 140 s on PGlite) is the same.
      'src/modules/search/engines',
      'src/modules/search/exact-words',
      'src/modules/search/filters',
      'src/modules/search/postings',
      'src/modules/search/search',
      'test/start/',
      'test/backup/',
      'test/nested-connections.test.ts',
      'test/security/shutdown.test.ts',
    ]
  : [];

/**
 * @param {string} name @param {string} cwd @param {Record<string, string>} [env] @param {string[]} [files]
 */
function vitest(name, cwd, env = {}, files = []) {
  const out = path.join(tmp, `${name}.json`);
  const args = ['vitest', 'run', ...files];
  args.push('--reporter=default', '--reporter=json', `--outputFile=${out}`);
  const res = spawnSync('npx', args, {
    cwd: path.join(root, cwd),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  count(name, out, res.status);
}

// A test this slow may pass its budget on a machine two or three times slower: named after its suite (e2e/slow-tests.ts for e2e).
const SLOW_MS = 15_000;

/** @param {string | undefined} message */
const firstLine = (message) =>
  stripVTControlCharacters(message ?? '')
    .split('\n', 1)
    .join('')
    .slice(0, 300);

/** @param {string} name @param {string} out @param {number | null} status */
function count(name, out, status) {
  if (fs.existsSync(out)) {
    /** @type {{ numPassedTests?: number; numFailedTests?: number; numRuntimeErrorTests?: number; testResults?: { name: string; status: string; message?: string; assertionResults: { fullName: string; duration: number; status: string; failureMessages?: string[] | null }[] }[] }} */
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
    for (const file of report.testResults ?? []) {
      const where = `${name}: ${path.relative(root, file.name)}`;
      const tests = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of tests) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      if (file.status === 'failed' && !tests.length)
        failures.push(`${where}: ${firstLine(file.message) || 'a hook or the file itself failed (see above)'}`);
    }
    const slow = (report.testResults ?? []).flatMap((file) =>
      file.assertionResults
        .filter((test) => test.duration > SLOW_MS)
        .map((test) => ({ test: `${path.relative(root, file.name)} › ${test.fullName}`, ms: test.duration })),
    );
    if (slow.length) console.log(`\n${name}: ${slow.length} test(s) slower than ${SLOW_MS / 1000} s:`);
    for (const { test, ms } of slow.sort((a, b) => b.ms - a.ms)) console.log(`  ${(ms / 1000).toFixed(1)} s  ${test}`);
  }
  if (status !== 0) exitedWith(name, status);
}

/**
 * A suite that exited with an error: named in the list of failures if none of its tests is (an error outside
 * any test, a suite that would not start).
 * @param {string} name @param {number | null} status
 */
function exitedWith(name, status) {
  broken = true;
  console.error(`\n${name}: exited with ${status}`);
  if (!failures.some((failure) => failure.startsWith(`${name}: `)))
    failures.push(`${name}: exited with ${status}, no test named (see its output above)`);
}

/** The engineering gate: each check of the tree (types, lint, format) counts as one test. */
function gate() {
  for (const script of ['typecheck', 'lint', 'format:check']) {
    const res = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
    if (res.status === 0) passed++;
    else {
      failed++;
      failures.push(`gate: npm run ${script} failed`);
      console.error(`\n${failures.at(-1)}`);
    }
  }
}

/**
 * Playwright's report nests suites (file, describe) around specs.
 * @param {{ title: string; file?: string; suites?: unknown[]; specs?: { title: string; ok: boolean; file: string; line: number; tests: { results: { error?: { message?: string } }[] }[] }[] }[]} suites
 * @param {string[]} [titles]
 * @returns {string[]}
 */
function failedSpecs(suites, titles = []) {
  return suites.flatMap((suite) => {
    const inner = suite.file === suite.title ? titles : [...titles, suite.title];
    const specs = (suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const error = spec.tests
          .flatMap((test) => test.results)
          .filter((result) => result.error)
          .pop()?.error;
        return `${spec.file}:${spec.line} › ${[...inner, spec.title].join(' › ')}: ${firstLine(error?.message)}`;
      });
    return [...specs, ...failedSpecs(/** @type {Parameters<typeof failedSpecs>[0]} */ (suite.suites ?? []), inner)];
  });
}

const suites = {
  audit: () =>
    count('audit', '', spawnSync(process.execPath, ['scripts/audit.mjs'], { cwd: root, stdio: 'inherit' }).status),
  gate,
  contracts: () => vitest('contracts', 'packages/contracts'),
  'api-pglite': () => vitest('api-pglite', 'apps/api', { TEST_DATABASE_URL: '' }, PGLITE_ALONGSIDE_POSTGRES),
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
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      const stats = report.stats ?? {};
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
      failures.push(...failedSpecs(report.suites ?? []).map((spec) => `e2e: ${spec}`));
      // Errors outside any test: a spec file that does not load, a global setup that throws.
      failures.push(
        .../** @type {{ message?: string }[]} */ (report.errors ?? []).map(
          (error) => `e2e: ${firstLine(error.message)}`,
        ),
      );
    }
    if (res.status !== 0) exitedWith('e2e', res.status);
  },
};

/**
 * The API suite on PostgreSQL waits on its servers more than it computes (about one core of two), so with more
 * suites to run it runs beside them, as a second `npm test` of its own, its output shown whole once it ends; the
 * browser suite, which keeps both cores busy, starts after it.
 */
function besideTheOthers(/** @type {string} */ name) {
  const log = path.join(tmp, `${name}.log`);
  const summary = path.join(tmp, `${name}.summary.json`);
  const output = fs.openSync(log, 'w');
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), name], {
    cwd: root,
    stdio: ['ignore', output, output],
    env: { ...process.env, SHOP_TEST_SUMMARY: summary },
  });
  const started = Date.now();
  /** @type {Promise<void>} */
  const ended = new Promise((resolve) =>
    child.on('exit', (status) => {
      fs.closeSync(output);
      console.log(`\n=== ${name} (ran beside the suites before e2e) ===`);
      console.log(fs.readFileSync(log, 'utf8'));
      // The suites of this lane block the event loop (spawnSync), so this runs only once the one running ends: the
      // time the child ended is its own, from its summary.
      let ended = Date.now();
      if (fs.existsSync(summary)) {
        const theirs = JSON.parse(fs.readFileSync(summary, 'utf8'));
        passed += theirs.passed;
        failed += theirs.failed;
        failures.push(...theirs.failures);
        ended = theirs.endedAt;
      }
      if (status !== 0) exitedWith(name, status);
      took.push(`${name} ${Math.round((ended - started) / 1000)} s (beside)`);
      resolve();
    }),
  );
  return ended;
}

const chosen = Object.entries(suites).filter(([name]) => !only.length || only.includes(name));
const beside = process.env.TEST_DATABASE_URL && chosen.length > 1 && chosen.some(([name]) => name === 'api-postgres');
const postgres = beside ? besideTheOthers('api-postgres') : undefined;
for (const [name, run] of chosen) {
  if (beside && name === 'api-postgres') continue;
  if (name === 'e2e') await postgres;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  run();
  took.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
}
await postgres;
if (broken && failed === 0) failed = 1;
if (process.env.SHOP_TEST_SUMMARY)
  fs.writeFileSync(process.env.SHOP_TEST_SUMMARY, JSON.stringify({ passed, failed, failures, endedAt: Date.now() }));
// Each suite's time, so a machine slower than the last one shows where.
console.log(`\n${took.join(', ')}`);
if (failures.length) console.log(`\nFailed:\n${failures.map((test) => `  ${test}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed ? 1 : 0);
