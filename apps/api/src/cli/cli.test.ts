import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@shop/contracts';
import { auditLogs, users } from '../db/schema.js';
import { createTestApp, PASSWORD, registerShopper, type TestContext } from '../../test/harness.js';
import { defaultPoolMax, loadConfig } from '../config.js';
import { UsageError } from './common.js';
import { createOrPromoteAdmin, parseCreateAdminArgs } from './create-admin.js';
import { parseSeedArgs } from './seed.js';

const login = (t: TestContext, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });

describe('create-admin', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an admin who can sign in', async () => {
    const result = await createOrPromoteAdmin(t.app.db, {
      email: 'boss@example.com',
      password: 'Str0ng!pass',
      name: 'Hoda Kamel',
    });
    expect(result.outcome).toBe('created');
    const res = await login(t, 'boss@example.com', 'Str0ng!pass');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Hoda Kamel', role: true });
    const [log] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.userId, result.userId));
    expect(log).toMatchObject({ type: 'admin', action: 'admin_create' });
  });

  it('promotes an existing shopper, sets the password and ends their old sessions', async () => {
    const shopper = await registerShopper(t.app);
    const result = await createOrPromoteAdmin(t.app.db, { email: shopper.email, password: 'N3w!secret' });
    expect(result).toEqual({ outcome: 'promoted', userId: shopper.id });
    expect((await login(t, shopper.email, PASSWORD)).statusCode).toBe(401);
    const res = await login(t, shopper.email, 'N3w!secret');
    expect(res.json().user).toMatchObject({ _id: shopper.id, name: 'Mona Ali', role: true });
    // The token from before the promotion no longer works.
    const old = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: shopper.headers,
      payload: { name: 'Someone Else' },
    });
    expect(old.statusCode).toBe(401);
    expect((await createOrPromoteAdmin(t.app.db, { email: shopper.email, password: 'An0ther!one' })).outcome).toBe(
      'updated',
    );
    const [row] = await t.app.db.select({ n: users.id }).from(users).where(eq(users.email, shopper.email));
    expect(row?.n).toBe(shopper.id);
  });
});

describe('create-admin arguments', () => {
  const usage = (argv: string[]) => {
    try {
      parseCreateAdminArgs(argv);
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).exitCode).toBe(2);
      return (err as UsageError).message;
    }
    throw new Error('expected a usage error');
  };

  it('accepts valid arguments, normalising the e-mail', () => {
    expect(
      parseCreateAdminArgs(['--email', ' Boss@Example.COM ', '--password', 'Str0ng!pass', '--name', 'Hoda Kamel']),
    ).toEqual({
      email: 'boss@example.com',
      password: 'Str0ng!pass',
      name: 'Hoda Kamel',
    });
    expect(parseCreateAdminArgs(['--email=a@b.co', '--password=Str0ng!pass'])).toEqual({
      email: 'a@b.co',
      password: 'Str0ng!pass',
    });
    expect(parseCreateAdminArgs(['--help'])).toBeNull();
  });

  it('says which arguments are missing or invalid, with the registration rules’ messages', () => {
    const missing = usage([]);
    expect(missing).toContain('--email is required');
    expect(missing).toContain('--password is required');
    expect(missing).toContain('Usage: npm run create-admin');
    expect(usage(['--email', 'not-an-email', '--password', 'Str0ng!pass'])).toContain(
      `--email "not-an-email": ${MSG.invalidEmail}`,
    );
    expect(usage(['--email', 'a@b.co', '--password', 'weakpass'])).toContain(`--password: ${MSG.invalidPassword}`);
    expect(usage(['--email', 'a@b.co', '--password', 'Str0ng!pass', '--name', 'R2D2'])).toContain(
      `--name "R2D2": ${MSG.invalidName}`,
    );
    expect(usage(['--email', 'a@b.co', '--password', 'Str0ng!pass', '--role', 'x'])).toMatch(/Unknown option '--role'/);
    expect(usage(['--email'])).toMatch(/--email/);
  });
});

describe('seed arguments', () => {
  it('knows --force and --help and nothing else', () => {
    expect(parseSeedArgs([])).toEqual({ force: false, help: false });
    expect(parseSeedArgs(['--force'])).toEqual({ force: true, help: false });
    expect(() => parseSeedArgs(['--products', '5'])).toThrow(UsageError);
  });
});

describe('configuration', () => {
  it('finds a relative DATA_DIR from where npm was run, so the server and the CLIs share it', () => {
    expect(loadConfig({ INIT_CWD: '/srv/shop' }).dataDir).toBe('/srv/shop/data');
    expect(loadConfig({ INIT_CWD: '/srv/shop', DATA_DIR: 'state' }).dataDir).toBe('/srv/shop/state');
    expect(loadConfig({ INIT_CWD: '/srv/shop', DATA_DIR: '/var/lib/shop' }).dataDir).toBe('/var/lib/shop');
  });

  it('gives the processes four database connections per core in all, at least two each, unless DB_POOL_MAX says', () => {
    expect(defaultPoolMax(1, 2)).toBe(8);
    expect(defaultPoolMax(2, 2)).toBe(4);
    expect(defaultPoolMax(3, 2)).toBe(3);
    expect(defaultPoolMax(8, 2)).toBe(2);
    expect(defaultPoolMax(2, 16)).toBe(32);
    expect(loadConfig({ WORKERS: '2' }).DB_POOL_MAX).toBe(defaultPoolMax(2));
    expect(loadConfig({ WORKERS: '2', DB_POOL_MAX: '20' }).DB_POOL_MAX).toBe(20);
    expect(loadConfig({ DB_POOL_MAX: '' }).DB_POOL_MAX).toBe(defaultPoolMax(1));
  });
});
