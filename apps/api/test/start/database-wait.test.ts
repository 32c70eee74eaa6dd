import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../pg-database.js';
import { startPgProxy, startServer, type ServerProcess } from '../security/server-process.js';

/**
 * A server started while PostgreSQL is down (a reboot that brings the shop up first, a database restarting) waits for
 * it, saying so at each try; after DB_START_TIMEOUT_S it gives up with a clear message, and the supervisor starts
 * another, which serves once PostgreSQL answers within its bound. PostgreSQL is "down" behind a TCP proxy that refuses connections, so the
 * machine's PostgreSQL is never stopped.
 */
const base = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function downDatabase() {
  if (!base) throw new Error('PostgreSQL only');
  const pgdb = await createPgDatabase(base);
  cleanups.push(() => pgdb.drop());
  const target = new URL(base);
  const proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => proxy.close());
  await proxy.cut();
  const url = new URL(pgdb.url);
  url.host = `127.0.0.1:${proxy.port}`;
  return { proxy, url: url.toString() };
}

const keep = (server: ServerProcess) => {
  cleanups.push(async () => fs.rmSync(server.dataDir, { recursive: true, force: true }));
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
};

describe.runIf(Boolean(base))('starting while PostgreSQL is down (PostgreSQL)', () => {
  it('waits, saying so at each try; gives up after DB_START_TIMEOUT_S; the next worker serves once it is back', async () => {
    const { proxy, url } = await downDatabase();
    const port = new URL(url).port;
    const gaveUp = `PostgreSQL at 127.0.0.1:${port} could not be reached within 2 s (DB_START_TIMEOUT_S)`;
    const refusals = (output: string) => output.match(/is not reachable yet \(connect ECONNREFUSED/g)?.length ?? 0;
    let afterGivingUp = Infinity;
    // The first worker gives up; PostgreSQL comes back once the worker the supervisor started next was refused twice,
    // well within its own bound.
    const onOutput = (output: string) => {
      if (afterGivingUp === Infinity && output.includes('starting another')) afterGivingUp = refusals(output);
      if (refusals(output) >= afterGivingUp + 2) void proxy.restore();
    };
    const server = keep(
      await startServer({ DATABASE_URL: url, DB_START_TIMEOUT_S: '2' }, { timeoutMs: 120_000, onOutput }),
    );
    const output = server.output();
    expect(output.indexOf(gaveUp)).toBeGreaterThan(-1);
    expect(output.indexOf('worker exited with code 1; starting another')).toBeGreaterThan(output.indexOf(gaveUp));
    // Each worker tried several times, and said so each time.
    expect(afterGivingUp).toBeGreaterThanOrEqual(2);
    expect(refusals(output)).toBeGreaterThanOrEqual(afterGivingUp + 2);
    // One worker gave up; the next one did not.
    expect(output.match(/starting another/g)).toHaveLength(1);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 150_000);
});
