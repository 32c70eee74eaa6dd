import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../security/server-process.js';
import { createPgDatabase } from '../pg-database.js';

const base = process.env.TEST_DATABASE_URL;

/** A production server's first start on an empty database: no demo admin with a published password, and directions instead. */
describe(`first start in production (${base ? 'postgres' : 'pglite'})`, () => {
  let server: ServerProcess;
  let pg: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  beforeAll(async () => {
    pg = base ? await createPgDatabase(base) : undefined;
    server = await startServer({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'offline',
      SEED: '',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
  });

  it('seeds nothing and says how to create an admin', async () => {
    const departments = await fetch(`${server.url}/api/department`).then((r) => r.json());
    expect(departments).toEqual([]);
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@shop.local', password: 'Admin123!' }),
    });
    expect(login.status).toBe(401);
    expect(server.output()).toContain('the first admin with: npm run create-admin -- --email');
  });

  // create-admin cannot open the embedded database while the server holds it; PostgreSQL takes both at once.
  it(
    base ? 'does not ask to stop the shop on PostgreSQL' : 'says to stop the shop first on the embedded database',
    () => {
      const stopFirst = 'Stop this server (it locks the embedded database while it runs), create the first admin';
      if (base) expect(server.output()).not.toContain(stopFirst);
      else expect(server.output()).toContain(stopFirst);
    },
  );

  it('names the address it really listens on', () => {
    expect(server.output()).toContain(`listening on ${server.url} (database: ${base ? 'postgres' : 'pglite'})`);
  });
});
