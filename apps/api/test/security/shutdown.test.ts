import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
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
 *
 * What is checked is the order of events in the server's own log and the grace period it is configured with, not
 * how many seconds the machine took: a loaded CI machine (the browser suite beside it) once took 8.4 s where a
 * fixed bound allowed 8.
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
  // A failure under load (the browser suite beside this one) is read from the server's own account of the stop.
  onTestFailed(() => console.error(`The server's log:\n${server.output()}`));
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

/**
 * Waits until the server has logged `text` (at debug level, each request as its head arrives, before its body). A
 * wait, not a bound: on PGlite, whose engine runs on the server's own thread, a loaded machine kept a request's head
 * unlogged for over 30 s.
 */
const logged = (server: ServerProcess, text: string) =>
  expect.poll(() => server.output().includes(text), { timeout: 120_000, interval: 20 }).toBe(true);

/** The number of the server's first log line that holds every one of `texts`; -1 when none does. */
const lineOf = (server: ServerProcess, ...texts: string[]) =>
  server
    .output()
    .split('\n')
    .findIndex((line) => texts.every((text) => line.includes(text)));

/** Whether each of the log lines (lineOf) was found, each after the one before. */
const inOrder = (lines: number[]) => lines.every((line, i) => line >= 0 && line > (lines[i - 1] ?? -1));

/** Each test's budget: a server start on a loaded machine (startServer waits up to 180 s for one), then its stop. */
const TEST_MS = 300_000;

/**
 * How the process ended, or 'still running' once all but the last 20 s of the test's budget (from `began`) is spent: a
 * stop that never ends fails here, by name, rather than at the test's timeout. No bound of its own on how long closing
 * the database and exiting may take: what bounds a stop is the server's grace period, and its log says whether it
 * had to cut a connection. A fixed one would be a bound on the machine (a loaded one kept PGlite busy for over 30 s).
 */
const exitWithin = (server: ServerProcess, began: number) =>
  Promise.race([
    server.exited,
    new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), began + TEST_MS - 20_000 - Date.now()).unref(),
    ),
  ]);

describe('SIGTERM', { timeout: TEST_MS }, () => {
  it('finishes the request in flight, takes no new one, closes the database cleanly and exits 0', async () => {
    // The server's own bound on the drain: its grace period, far longer than draining takes even on a loaded machine.
    // That the grace period never had to cut a connection shows the drain ended by itself.
    const began = Date.now();
    const graceMs = 60_000;
    const { server, databaseUrl } = await start({ SHUTDOWN_GRACE_MS: String(graceMs) });
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
    server.child.kill('SIGTERM');
    await logged(server, 'shutting down');
    // Answered or refused however long the machine takes: one the server took and held would be cut by the grace
    // period, with the request in flight, and its log line would say so.
    const newcomer = await fetch(`${server.url}/api/health`)
      .then((r) => r.status)
      .catch(() => 'refused');
    inFlight.finish();
    const answer = await inFlight.response;
    const exit = await exitWithin(server, began);
    // In the server's log: the signal, then the answer to the request in flight, then the database closed.
    const order = [
      lineOf(server, 'shutting down'),
      lineOf(server, '"url":"/api/user/register"', '"statusCode":201'),
      lineOf(server, 'database closed'),
    ];

    const ok =
      answer.status === 201 &&
      (newcomer === 'refused' || newcomer === 503) &&
      exit !== 'still running' &&
      exit.code === 0 &&
      inOrder(order) &&
      !server.output().includes('grace period');
    tally.check('POST /api/user/register', ok);
    expect(answer.status).toBe(201);
    expect([503, 'refused']).toContain(newcomer);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(inOrder(order), `log lines ${order.join(', ')}`).toBe(true);
    expect(server.output()).not.toContain('grace period');

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
  });

  it('does not wait past the grace period for a client that never finishes its request', async () => {
    const began = Date.now();
    const graceMs = 1000;
    const { server } = await start({ SHUTDOWN_GRACE_MS: String(graceMs) });
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
    // Without the cut the process would wait for the stalled client forever: that it exits at all is the point.
    const exit = await exitWithin(server, began);
    const took = Date.now() - signalled;
    // The connection was cut when the grace period ran out, and only then did the database close.
    const order = [lineOf(server, 'shutting down'), lineOf(server, 'grace period'), lineOf(server, 'database closed')];
    const ok = exit !== 'still running' && exit.code === 0 && took >= graceMs - 100 && inOrder(order);
    tally.check('POST /api/user/login', ok);
    expect(exit).toEqual({ code: 0, signal: null });
    // A lower bound only: a busy machine makes the wait longer, never shorter, than the grace period.
    expect(took).toBeGreaterThanOrEqual(graceMs - 100);
    expect(await outcome).toMatch(/^cut/);
    expect(inOrder(order), `log lines ${order.join(', ')}`).toBe(true);
  });
});
