import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { PASSWORD } from '../harness.js';
import { hex } from './helpers.js';
import { createPgDatabase } from '../pg-database.js';
import { startServer, type ServerProcess } from './server-process.js';
import { Tally } from './report.js';

/**
 * Graceful shutdown of the real server process: SIGTERM lets the request in flight finish, takes no
 * new one, closes the database cleanly (what was written is there when it is opened again) and exits
 * 0; a client that never finishes its request cannot hold the process past the grace period.
 * On PGlite (a data directory) or, with TEST_DATABASE_URL, on PostgreSQL.
 */

const base = process.env.TEST_DATABASE_URL;
const tally = new Tally('shutdown');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  tally.save();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function start(env: Record<string, string> = {}): Promise<{ server: ServerProcess; databaseUrl?: string }> {
  let databaseUrl: string | undefined;
  if (base) {
    const pgdb = await createPgDatabase(base);
    cleanups.push(() => pgdb.drop());
    databaseUrl = pgdb.url;
  }
  // At debug level the server logs each request as its head arrives (see `logged`).
  const server = await startServer({
    LOG_LEVEL: 'debug',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  cleanups.push(async () => {
    await server.stop('SIGKILL');
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });
  return { server, ...(databaseUrl ? { databaseUrl } : {}) };
}

/** A POST whose body the test sends in two halves, whenever it likes. */
function slowPost(url: string, body: string) {
  const target = new URL(url);
  const req = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 12));
  return { finish: () => req.end(body.slice(12)), response };
}

/** Waits until the server has logged `text` (at debug level, each request as its head arrives, before its body). */
const logged = (server: ServerProcess, text: string) =>
  expect.poll(() => server.output().includes(text), { timeout: 30_000, interval: 20 }).toBe(true);

describe('SIGTERM', () => {
  it('finishes the request in flight, takes no new one, closes the database cleanly and exits 0', async () => {
    const { server, databaseUrl } = await start();
    tally.route('POST /api/user/register');
    const email = `shutdown-${hex()}@example.com`;
    const body = JSON.stringify({
      name: 'Late Arrival',
      email,
      phone: '01012345678',
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    const inFlight = slowPost(`${server.url}/api/user/register`, body);
    // The server has the request's head and is waiting for the rest of its body.
    await logged(server, '"url":"/api/user/register"');
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await logged(server, 'shutting down');
    const newcomer = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(3000) })
      .then((r) => r.status)
      .catch(() => 'refused');
    inFlight.finish();
    const answer = await inFlight.response;
    const exit = await server.exited;
    const took = Date.now() - signalled;

    const ok =
      answer.status === 201 &&
      (newcomer === 'refused' || newcomer === 503) &&
      exit.code === 0 &&
      server.output().includes('database closed');
    tally.check('POST /api/user/register', ok);
    expect(answer.status).toBe(201);
    expect([503, 'refused']).toContain(newcomer);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(8000);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).toContain('database closed');

    // What the last request wrote survived the stop, and the database opens again without complaint.
    const database = await openDatabase(
      databaseUrl ? { databaseUrl } : { dataDir: path.join(server.dataDir, 'pglite') },
    );
    try {
      const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.email, email));
      tally.check('POST /api/user/register', row?.email === email);
      expect(row?.email).toBe(email);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('does not wait past the grace period for a client that never finishes its request', async () => {
    const { server } = await start({ SHUTDOWN_GRACE_MS: '1000' });
    tally.route('POST /api/user/login');
    const stalled = slowPost(
      `${server.url}/api/user/login`,
      JSON.stringify({ email: 'x@example.com', password: 'never-finished' }),
    );
    const outcome = stalled.response.then(
      (r) => `answered ${r.status}`,
      (err: Error) => `cut: ${err.message}`,
    );
    await logged(server, '"url":"/api/user/login"');
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const took = Date.now() - signalled;
    const ok = exit.code === 0 && took < 6000 && server.output().includes('database closed');
    tally.check('POST /api/user/login', ok);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(6000);
    expect(await outcome).toMatch(/^cut/);
    expect(server.output()).toContain('grace period');
    expect(server.output()).toContain('database closed');
  }, 240_000);
});
