import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';

/**
 * Whose X-Forwarded-For to believe. Unset or 'false': nobody's, request.ip is the connection's peer
 * (otherwise any client could pick its own address and walk past the per-address sign-in limit).
 * Behind a load balancer: 'true' (every hop), a hop count, or the proxies' addresses/CIDRs, comma separated.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value): boolean | string[] | ((address: string, hop: number) => boolean) => {
    const v = value?.trim() ?? '';
    if (v === '' || v === 'false') return false;
    if (v === 'true') return true;
    // N proxies in front: the N nearest hops are trusted.
    if (/^\d+$/.test(v)) return (_address, hop) => hop < Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

/** An optional variable set to the empty string counts as unset (`JWT_SECRET= npm start`). */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** How long a starting server keeps trying to reach PostgreSQL before it exits. */
  DB_START_TIMEOUT_S: z.coerce.number().min(0).max(3600).default(60),
  /** PostgreSQL connections per process; unset, `defaultPoolMax`. */
  DB_POOL_MAX: unsetWhenEmpty(z.coerce.number().int().min(1).max(500)),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of this shop's Redis keys, so several shops (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().max(64).default('shop:'),
  JWT_SECRET: unsetWhenEmpty(z.string().min(32, 'JWT_SECRET must be at least 32 characters')),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('EGP Shop <no-reply@shop.local>'),
  /** offline, stripe, paymob, …: unset, the first provider in payments/registry.ts whose settings are present. */
  PAYMENT_PROVIDER: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** bosta, …: the courier that ships orders (courier/registry.ts); unset, the admin types the tracking number. */
  COURIER: unsetWhenEmpty(z.string()),
  /** Unset: the address this server listens on (`publicUrlOf`). */
  PUBLIC_URL: unsetWhenEmpty(z.string().url()),
  CORS_ORIGIN: z.string().optional(),
  /** Unset: the demo catalogue on a first start, except in production, where its known admin password would be a way in. */
  SEED: unsetWhenEmpty(z.enum(['demo', 'none'])),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_STORE: z.enum(['fs', 'db']).default('fs'),
  /**
   * How search finds products (modules/search/engine.ts, docs/decisions/search-engine.md): `postings`, or `plain`
   * full-text search alone, slower on a large catalogue. Both engines' indexes are kept either way.
   */
  SEARCH_ENGINE: z.enum(['postings', 'plain']).default('postings'),
  /** Memory for cached catalogue answers per process; 0 turns the cache off. */
  CACHE_MAX_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Servers `npm start` runs on this machine (node:cluster), each restarted if it dies; more than 1 needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** Different delivery phones a day the cash rules answer for one shopper, and for one client address. */
  CASH_PHONES_PER_SHOPPER: z.coerce.number().int().min(1).default(5),
  CASH_PHONES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: trustProxy,
  /** How long SIGTERM waits for requests in flight before it cuts their connections. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  WEB_DIST: z.string().optional(),
  /** Bearer token for GET /metrics; unset, there are no metrics. */
  METRICS_TOKEN: unsetWhenEmpty(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters')),
});

/**
 * `env` is the environment the config was read from: a payment provider or a courier reads its own
 * settings from it with its own schema (payments/registry.ts, courier/registry.ts), so adding one
 * touches no other file.
 */
export type Config = Omit<z.output<typeof envSchema>, 'DB_POOL_MAX' | 'PUBLIC_URL'> & {
  DB_POOL_MAX: number;
  PUBLIC_URL: string;
  dataDir: string;
  env: Readonly<Record<string, string | undefined>>;
};

/** The database's connections in all, per core of this machine (docs/decisions/connection-pool.md). */
const CONNECTIONS_PER_CORE = 4;

/**
 * Connections per process when DB_POOL_MAX is unset: CONNECTIONS_PER_CORE per core, shared among the processes, and
 * at least two each. PostgreSQL runs one process per connection; more of them busy than the cores can run only
 * take turns, each turn dearer than the last.
 */
export const defaultPoolMax = (workers: number, cores = os.availableParallelism()) =>
  Math.max(2, Math.ceil((CONNECTIONS_PER_CORE * cores) / workers));

/** A host that means every interface of the machine. */
export const isWildcard = (host: string) => host === '0.0.0.0' || host === '::' || host === '';

/**
 * Where a browser on this machine reaches a server listening on `host`:`port`, for links in e-mails and exports when
 * PUBLIC_URL is unset: a wildcard host is reached through localhost.
 */
export function publicUrlOf(host: string, port: number): string {
  const name = isWildcard(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The one place that reads the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // npm -w runs scripts inside the workspace folder; a relative DATA_DIR means the folder the user typed
  // the command in (npm passes it as INIT_CWD), so `npm start`, `npm run dev` and the CLIs share ./data.
  return {
    ...parsed.data,
    DB_POOL_MAX: parsed.data.DB_POOL_MAX ?? defaultPoolMax(parsed.data.WORKERS),
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? publicUrlOf(parsed.data.HOST, parsed.data.PORT),
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), parsed.data.DATA_DIR),
    env: { ...env },
  };
}
