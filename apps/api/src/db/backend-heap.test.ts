import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/** Pages the process has taken from the kernel so far: its minor faults, the tenth field of /proc/PID/stat. */
function pagesTaken(pid: number): number {
  const afterName = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '';
  return Number(afterName.split(' ')[7]);
}

/** A statement whose memory, a hash of 20,000 texts (a few megabytes), is freed at its end, as a search's is. */
const HUNGRY = `select count(*) from (select distinct g::text || repeat('x', 40) from generate_series(1, 20000) g) s`;
/** Enough pages to tell a heap taken again (about a thousand here) from one kept (none, or a few). */
const FEW = 100;

/** The pages a backend takes to run HUNGRY a second time. `run` sends one statement to that backend. */
async function pagesOfSecondRun(run: (text: string) => Promise<Record<string, unknown>[]>): Promise<number> {
  const [backend] = await run('select pg_backend_pid() as pid');
  const pid = Number(backend?.pid);
  await run(HUNGRY);
  const before = pagesTaken(pid);
  await run(HUNGRY);
  return pagesTaken(pid) - before;
}

// PostgreSQL runs on the machine of the tests, whose /proc shows its backends, with glibc's default thresholds (the
// plain connection shows that they are in force: the test's statement needs its memory again).
describe.runIf(pgUrl)("the shop's PostgreSQL connections", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keep the memory a statement freed for the next, where a plain connection's backend takes it again", async () => {
    const plain = new pg.Client({ connectionString: pgUrl });
    await plain.connect();
    const plainPages = await pagesOfSecondRun(async (text) => (await plain.query(text)).rows).finally(() =>
      plain.end(),
    );
    // One transaction holds one connection of the pool.
    const poolPages = await t.app.db.transaction((tx) =>
      pagesOfSecondRun(async (text) => (await tx.execute<Record<string, unknown>>(sql.raw(text))).rows),
    );
    expect(plainPages).toBeGreaterThan(FEW * 2);
    expect(poolPages).toBeLessThan(FEW);
  });
});
