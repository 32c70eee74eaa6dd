import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../security/server-process.js';

/** A production server's first start on an empty database: no demo admin with a published password, and directions instead. */
describe.runIf(!process.env.TEST_DATABASE_URL)('first start in production', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'production', SEED: '' });
  });
  afterAll(() => server?.stop());

  it('seeds nothing and says how to create an admin', async () => {
    const departments = await fetch(`${server.url}/api/department`).then((r) => r.json());
    expect(departments).toEqual([]);
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@shop.local', password: 'Admin123!' }),
    });
    expect(login.status).toBe(401);
    expect(server.output()).toContain('npm run create-admin -- --email');
  });

  it('names the address it really listens on', () => {
    expect(server.output()).toContain(`listening on ${server.url} (database: pglite)`);
  });
});
