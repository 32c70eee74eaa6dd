import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const FILES = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * Files about one engine only (`describe.runIf` on the suite's engine): each is left out of the other engine's run
 * rather than shown there as skipped. The engine is PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
const ONLY_ON = {
  postgres: [
    'src/db/connection-loss.test.ts',
    'test/start/supervisor.test.ts',
    'test/start/database-wait.test.ts',
    'test/nested-connections.test.ts',
    'src/modules/payments/paying-race.test.ts',
    'src/modules/staff/invitation-race.test.ts',
  ],
  pglite: ['test/start/start.test.ts', 'test/start/systemd-unit.test.ts'],
};
/** What neither project runs: Vitest's defaults and the other engine's files. */
const excluded = [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? ONLY_ON.pglite : ONLY_ON.postgres)];

/**
 * Files that need a process of their own: they replace a module (`vi.mock` of argon2, to count and hold hashes) or
 * look at what a process keeps (the statement names it gives, MAX_NAMED at most). Every other file shares its worker's
 * modules with the files before it (docs/decisions/api-test-modules.md): importing the app cost each file 3-5 s.
 */
const OWN_PROCESS = [
  'src/modules/users/users.test.ts',
  'src/modules/users/phone-code-limits.test.ts',
  'src/db/named.test.ts',
];

export default defineConfig({
  test: {
    // security/global-setup.ts sums the counts of test/security/* into one closing line;
    // database-template.ts migrates one database that each test database starts as a copy of.
    globalSetup: ['test/security/global-setup.ts', 'test/database-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    // Two files at once on two cores; one at a time on one (`taskset -c 0`), where two would share it
    // and each take twice as long to start its database.
    maxWorkers: Math.min(2, os.availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          include: FILES,
          exclude: [...excluded, ...OWN_PROCESS],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'own process', include: OWN_PROCESS, exclude: excluded },
      },
    ],
  },
});
