import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../pg-database.js';
import { startServer, type ServerProcess } from '../security/server-process.js';

/**
 * Two instances on one PostgreSQL, each with its own DATA_DIR and no JWT_SECRET, as on two machines:
 * the secret they generate lives in the database, so a session from one is good on the other.
 */
const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('the generated JWT secret on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPgDatabase(pgUrl as string);
    const env = { DATABASE_URL: database.url, JWT_SECRET: '', LOG_LEVEL: 'warn' };
    // Both generate a candidate at the same moment; one secret must come out.
    [a, b] = await Promise.all([startServer(env, { timeoutMs: 120_000 }), startServer(env, { timeoutMs: 120_000 })]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    for (const server of [a, b]) if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('accepts on one instance a session signed by the other', async () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    const email = `secret-${Date.now()}@example.com`;
    const registered = await fetch(`${a.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Two Machines',
        email,
        phone: '01012345678',
        password: 'Passw0rd!',
        confirm_password: 'Passw0rd!',
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    for (const server of [a, b]) {
      const cart = await fetch(`${server.url}/api/cart`, { headers: { 'x-access-token': token } });
      expect(cart.status).toBe(200);
    }
    const forged = await fetch(`${b.url}/api/cart`, { headers: { 'x-access-token': `${token.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(401);
  });

  it('keeps the secret out of the data directories', () => {
    for (const server of [a, b]) expect(fs.existsSync(path.join(server.dataDir, 'jwt-secret'))).toBe(false);
  });
});
