import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../pg-database.js';
import { startPgProxy, startServer, type ServerProcess } from '../security/server-process.js';

/**
 * A server started while PostgreSQL is down (a reboot that brings the shop up first, a database restarting) waits for
 * it, saying so at each try, and serves once it answers; after DB_START_TIMEOUT_S it gives up with a clear message
 * (and the supervisor starts it again). PostgreSQL is "down" behind a TCP proxy that refuses connections, so the
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
  it('waits, trying again, and serves once PostgreSQL is back within DB_START_TIMEOUT_S', async () => {
    const { proxy, url } = await downDatabase();
    const refusals = (output: string) => output.match(/is not reachable yet \(connect ECONNREFUSED/g)?.length ?? 0;
    // PostgreSQL comes back after the server's second try was refused.
    const server = keep(
      await startServer(
        { DATABASE_URL: url, DB_START_TIMEOUT_S: '60' },
        { timeoutMs: 120_000, onOutput: (output) => void (refusals(output) === 2 && proxy.restore()) },
      ),
    );
    expect(refusals(server.output())).toBeGreaterThanOrEqual(2);
    expect(server.output()).not.toContain('could not be reached within');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 150_000);

  it('gives up after DB_START_TIMEOUT_S with a message that says so; the supervisor starts it again', async () => {
    const { proxy, url } = await downDatabase();
    // PostgreSQL comes back once the first worker has given up and the supervisor has started another.
    const server = keep(
      await startServer(
        { DATABASE_URL: url, DB_START_TIMEOUT_S: '1' },
        { timeoutMs: 120_000, onOutput: (output) => void (output.includes('starting another') && proxy.restore()) },
      ),
    );
    const port = new URL(url).port;
    expect(server.output()).toContain(
      `PostgreSQL at 127.0.0.1:${port} could not be reached within 1 s (DB_START_TIMEOUT_S)`,
    );
    expect(server.output()).toMatch(/worker exited with code 1; starting another/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 150_000);
});
