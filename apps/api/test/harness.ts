import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { createPgDatabase } from './pg-database.js';
import { forbidNestedConnections } from './nested-connections.js';
import { buildApp } from '../src/app.js';
import { permissionsOf, type Access } from '../src/plugins/auth.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { desc, eq } from 'drizzle-orm';
import { DEFAULT_COD_SETTINGS, type CodSettings, type Order } from '@shop/contracts';
import { saveCodSettings } from '../src/modules/confirmations/settings.js';
import { cartItems } from '../src/db/schema.js';
import { auditLogs, users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/users/service.js';
import type { Clock } from '../src/lib/clock.js';

/** A clock the tests move forward instead of waiting (reset links, unpaid orders, sessions). */
export class TestClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

let template: Blob | undefined;
/** The migrated database each PGlite of the run starts from (database-template.ts), read once per file. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file) template ??= new Blob([fs.readFileSync(file)]);
  return template;
}

/** A fresh database: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const loadDataDir = pgliteTemplate();
    const database = await openDatabase(loadDataDir ? { loadDataDir } : {});
    return { database, drop: async () => {} };
  }
  const created = await createPgDatabase(base, inject('pgTemplate') || undefined);
  const database = await openDatabase({ databaseUrl: created.url, poolMax: 30 });
  forbidNestedConnections(database.db);
  return { database, drop: created.drop };
}

/**
 * A route's access as the tests name it: its kind, or for a dashboard route the permission it needs (those it needs
 * one of, joined by `|`).
 */
const accessName = (access: Access | undefined): string | undefined =>
  permissionsOf(access)?.join('|') ?? (access as string | undefined);

/** One registered route, as the server's own route table has it (HEAD twins of GET routes included). */
export interface RouteEntry {
  method: string;
  url: string;
  access: string | undefined;
  /** The body types the route declares it takes (multipart routes say so here, not in a body schema). */
  consumes: string[];
}

export interface TestContext {
  app: FastifyInstance;
  /** Every route the app registered, in registration order. */
  routes: RouteEntry[];
  clock: TestClock;
  dataDir: string;
  /** Another app instance on the same database, as a second server behind a load balancer would be. */
  sibling(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Where a test reads the app's log: every JSON line pino writes, at info level and above. */
export interface LogSink {
  write(line: string): void;
}

export async function createTestApp(env: Record<string, string> = {}, log?: LogSink): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const { database, drop } = await freshDatabase();
  const clock = new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    WEB_DIST: path.join(dataDir, 'no-web'),
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // Many test shoppers ask about delivery phones from one address (cash-rules.test.ts sets its own allowance).
    CASH_PHONES_PER_ADDRESS: '100000',
    ...env,
  });
  const routes: RouteEntry[] = [];
  const onRoute = (route: RouteOptions) => {
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, access: accessName(route.config?.access), consumes });
  };
  const logger = log ? { level: 'info', stream: log } : false;
  const app = await buildApp({ config, database, clock, logger, onRoute });
  await app.ready();
  await saveCodSettings(app.db, TEST_COD_SETTINGS, clock.now());
  const siblings: FastifyInstance[] = [];
  return {
    app,
    routes,
    clock,
    dataDir,
    async sibling() {
      const other = await buildApp({ config, database, clock, logger });
      await other.ready();
      siblings.push(other);
      return other;
    },
    async close() {
      for (const other of siblings) await other.close();
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The cash rules of every test shop: the suite's orders all go to the fixtures' one phone, so that phone may have as
 * many cash orders open, and refuse as many parcels, as the settings allow; the cash rules' own tests
 * (orders/cash-rules.test.ts) set theirs.
 */
export const TEST_COD_SETTINGS: CodSettings = {
  ...DEFAULT_COD_SETTINGS,
  maxOpenCashOrders: 100,
  refusalsBeforeOnlineOnly: 100,
};

/** Every test app measures, so the metrics hooks run under the whole suite; `METRICS_TOKEN: ''` turns them off. */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now()}${counter++}@example.com`;
export const PASSWORD = 'Passw0rd!';

export interface Account {
  id: string;
  email: string;
  token: string;
  headers: { 'x-access-token': string };
}

export async function registerShopper(app: FastifyInstance, name = 'Mona Ali'): Promise<Account> {
  const email = uniqueEmail('shopper');
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name, email, phone: '01012345678', password: PASSWORD, confirm_password: PASSWORD },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: { _id: string }; token: string };
  return { id: body.user._id, email, token: body.token, headers: { 'x-access-token': body.token } };
}

/** The shop's owner, signed in. */
export const createAdmin = (app: FastifyInstance): Promise<Account> => createStaff(app, 'owner');

/** A staff member of a built-in role, written straight to the table and signed in (invitations have tests of their own). */
export async function createStaff(app: FastifyInstance, role: string, name = 'Admin'): Promise<Account> {
  const email = uniqueEmail(role === 'owner' ? 'admin' : `staff-${role.slice(0, 8)}`);
  await app.db.insert(users).values({
    name,
    email,
    phone: '01112345678',
    passwordHash: await hashPassword(PASSWORD),
    role: true,
    staffRole: role,
  });
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
  const body = res.json() as { user: { _id: string }; token: string };
  return { id: body.user._id, email, token: body.token, headers: { 'x-access-token': body.token } };
}

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The newest audit-log row. */
export const lastAudit = async (app: FastifyInstance) =>
  (await app.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0];

/** How many image files the fs store holds in the test's data directory. */
export function storedImageCount(dataDir: string): number {
  const dir = path.join(dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

/**
 * The shopper confirms their cash order by the link its confirmation request carries, as a shopper does before the
 * order may ship (modules/confirmations).
 */
export async function confirmByShopper(app: FastifyInstance, orderId: string): Promise<void> {
  const token = app.confirmations.linkOf(orderId).split('/confirm/')[1] ?? '';
  const res = await app.inject({ method: 'POST', url: `/api/order/confirm/${token}`, payload: { answer: 'confirm' } });
  if (res.statusCode !== 200) throw new Error(`confirmation failed: ${res.body}`);
}

/** A staff member moves an order on (PUT /api/order/:id/status), as the dashboard does; any answer but 200 throws. */
export async function moveOrder(
  app: FastifyInstance,
  staff: Account,
  orderId: string,
  status: string,
  extra: { trackingNumber?: string; reason?: string } = {},
): Promise<Order> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/order/${orderId}/status`,
    headers: staff.headers,
    payload: { status, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`moving to ${status} failed: ${res.statusCode} ${res.body}`);
  return res.json<Order>();
}

/** A card the test payment provider accepts (offline-provider.ts). */
export const GOOD_CARD = { number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' };

/** A staff member's own alerts, as Your alerts reads them (GET /api/staff/me/alerts). */
export const alertsOf = (app: FastifyInstance, member: Account) =>
  app.inject({ method: 'GET', url: '/api/staff/me/alerts', headers: member.headers });

/** A staff member chooses their alerts and their language, as Your alerts saves them (PUT /api/staff/me/alerts). */
export const chooseAlerts = (app: FastifyInstance, member: Account, alerts: string[], language = 'en') =>
  app.inject({
    method: 'PUT',
    url: '/api/staff/me/alerts',
    headers: { ...member.headers, 'accept-language': language },
    payload: { alerts, language },
  });

/**
 * The shopper pays the order online with the test provider's good card, as the payment page does: the bill of a card
 * order, the delivery fees of a cash order asked a deposit. Throws unless the payment succeeded.
 */
export async function payByCard(app: FastifyInstance, shopper: Account, orderId: string): Promise<void> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: shopper.headers,
    payload: { order_id: orderId },
  });
  if (intent.statusCode !== 200) throw new Error(`payment intent failed: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payment/offline/confirm',
    payload: { clientSecret, card: GOOD_CARD },
  });
  if (paid.json<{ status?: string }>().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
}

/**
 * Puts exactly these lines in the user's cart and places the order through the API, as checkout does; a cash order
 * is then confirmed by its shopper, so it is ready to ship.
 */
export async function placeOrderOf(
  app: FastifyInstance,
  user: Account,
  lines: [{ id: string }, number][],
  deliveryAddress: Record<string, string>,
  paymentMethod: string,
  /**
   * A cash order is confirmed by its shopper unless `confirm` is false: it is then left awaiting confirmation.
   * `coupon`: the code the shopper typed.
   */
  { confirm = true, coupon }: { confirm?: boolean; coupon?: string } = {},
): Promise<Order> {
  await app.db.delete(cartItems).where(eq(cartItems.userId, user.id));
  await app.db.insert(cartItems).values(lines.map(([p, quantity]) => ({ userId: user.id, productId: p.id, quantity })));
  const res = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: user.headers,
    payload: { deliveryAddress, paymentMethod, ...(coupon ? { coupon } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
  const [order] = res.json() as Order[];
  if (!order) throw new Error('order placed without an answer');
  if (order.status !== 'awaiting_confirmation' || !confirm) return order;
  await confirmByShopper(app, order._id);
  const mine = await app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: user.headers });
  return mine.json<Order>();
}
