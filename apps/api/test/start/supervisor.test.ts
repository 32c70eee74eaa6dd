import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../security/server-process.js';
import { createPgDatabase } from '../pg-database.js';

/**
 * The process `npm start` runs supervises its workers: one that dies is started again, and logged with why, while
 * the others go on serving; with every worker gone (as when the one of WORKERS=1 dies), the supervisor has nothing
 * else to keep it alive while it waits to start the next. On PostgreSQL, which several workers need; the supervisor
 * does not depend on the database (a PGlite worker only takes longer to reopen its files).
 */
const base = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** The pids of the workers the supervisor has said it started, in order. */
const startedWorkers = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"worker started"'))
    .map((line) => (JSON.parse(line) as { worker: number }).worker);

/** /api/health over a connection of its own: a kept-alive one would stay with the worker that accepted it. */
const healthy = (server: ServerProcess) =>
  new Promise<boolean>((resolve) => {
    const req = http.get(`${server.url}/api/health`, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(Boolean(base))('the supervisor (PostgreSQL, WORKERS=2)', () => {
  it('starts again a worker that was killed while the other serves, and every worker when all were', async () => {
    if (!base) return;
    const pgdb = await createPgDatabase(base);
    cleanups.push(() => pgdb.drop());
    const server = await startServer({ WORKERS: '2', DATABASE_URL: pgdb.url }, { timeoutMs: 120_000 });
    cleanups.push(async () => fs.rmSync(server.dataDir, { recursive: true, force: true }));
    cleanups.push(() => server.stop('SIGKILL'));
    await until('both workers to start', () => startedWorkers(server).length === 2);
    const [victim, other] = startedWorkers(server);
    if (!victim || !other) throw new Error('no workers');

    // While it is away, the other worker answers: a probe every 50 ms, each on a connection of its own.
    const probes: Promise<boolean>[] = [];
    const probing = setInterval(() => probes.push(healthy(server)), 50);
    process.kill(victim, 'SIGKILL');
    try {
      await until('a new worker', () => startedWorkers(server).length === 3);
      await until('the new worker to serve', () => healthy(server));
    } finally {
      clearInterval(probing);
    }
    const answers = await Promise.all(probes);
    expect(server.output()).toMatch(
      new RegExp(`"worker":${victim},.*"msg":"worker killed by SIGKILL; starting another"`),
    );
    // Only a connection handed to the killed worker may have failed.
    expect(answers.filter(Boolean).length).toBeGreaterThan(answers.length / 2);

    // Every worker gone at once, as with one worker (WORKERS=1) that dies: the supervisor waits alone, then starts
    // both again.
    for (const pid of startedWorkers(server).slice(1)) process.kill(pid, 'SIGKILL');
    await until('two new workers', () => startedWorkers(server).length === 5);
    await until('them to serve', () => healthy(server));
    expect(server.child.exitCode).toBeNull();
    // A clean stop still stops everything, with success.
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 180_000);
});
