import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
  },
});
