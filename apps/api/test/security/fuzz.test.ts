import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type RouteEntry, type TestContext } from '../harness.js';
import {
  buildWorld,
  encodePart,
  fillPath,
  jsonOf,
  quickUser,
  routeKey,
  userDigest,
  type RouteRef,
  type World,
} from './helpers.js';
import { multipart } from '../multipart.js';
import { testImage } from '../fixtures.js';
import { caseFor, isStaffAccess, SESSION_ENDING } from './routes.js';
import { Tally } from './report.js';

/**
 * Property-based fuzzing of every route's body, query and path, generated from the server's own
 * OpenAPI document: malformed, oversized, wrong-typed and injection-laden input (SQL, script tags,
 * prototype-pollution keys, huge numbers, unicode). Every answer must be below 500, a refusal must be
 * JSON with a message and no query text, a refusal must write nothing, and nothing may touch another
 * shopper's rows or Object.prototype. Set FUZZ_SEED to replay a failure.
 */

let t: TestContext;
let world: World;
let png: Buffer;
const tally = new Tally('fuzz');
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * Counts writes per table, in the transaction that makes them (a rolled-back write counts nothing):
 * a refused request must leave the counts as they were. The audit log is left out: refusals are logged on purpose.
 */
async function installWriteCounter(app: FastifyInstance) {
  await app.db.execute(sql.raw('create table fuzz_writes (tbl text primary key, n bigint not null)'));
  await app.db.execute(
    sql.raw(`
    create function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes values (TG_TABLE_NAME, 1) on conflict (tbl) do update set n = fuzz_writes.n + 1;
      return null;
    end $$`),
  );
  const tables = await app.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('audit_logs', 'fuzz_writes')`,
  );
  for (const { name } of tables.rows as { name: string }[]) {
    await app.db.execute(
      sql.raw(
        `create trigger fuzz_count after insert or update or delete on "${name}" for each row execute function fuzz_count_write()`,
      ),
    );
  }
}
const writes = async () => {
  const result = await t.app.db.execute(
    sql`select coalesce(string_agg(tbl || '=' || n, ',' order by tbl), '') as w from fuzz_writes`,
  );
  return (result.rows as { w: string }[])[0]?.w ?? '';
};

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
let cleanPrototype = '';

beforeAll(async () => {
  cleanPrototype = prototypeKeys();
  // Thousands of requests from one address: the general limit would answer 429 and hide the handlers.
  t = await createTestApp({ RATE_LIMIT_MAX: '100000000', LOGIN_RATE_LIMIT_MAX: '100000000' });
  await installWriteCounter(t.app);
  world = await buildWorld(t.app);
  png = await testImage('png', 9);
});
afterAll(async () => {
  tally.save();
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// What the OpenAPI document says about a route (parsed loosely: it is input to the generator).

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

function operationOf(app: FastifyInstance, route: RouteRef): Operation | undefined {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  const openApiPath = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
  return doc.paths[openApiPath]?.[route.method.toLowerCase()];
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5); --',
  "\\'; DELETE FROM products; --",
  "%' UNION SELECT password_hash, email FROM users --",
  '$$; TRUNCATE orders; $$',
  "' || (SELECT token_hash FROM password_resets LIMIT 1) || '",
  '%_%',
  '\\',
  "admin'--",
  '!@#$%^&*()',
  '& | ! : * <->',
];
const MARKUP = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg onload=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '<!--',
  ']]>',
];
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
const PATHS = [
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '../jwt-secret',
  '/dev/zero',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//',
  'C:\\boot.ini',
];
const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\u202Egnp.exe',
  '\uFEFF',
  '\u200B\u200D',
  'ﷺ',
  '𝕳𝖊𝖑𝖑𝖔',
  '🛒🇪🇬',
  'مرحبا بالعالم',
  'İıß',
  'Z\u0335\u0321\u031B\u0316a',
  '\r\n\r\nX-Injected: 1',
  '\u0085\u2028\u2029',
];
const NUMERIC = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x7fffffff',
  '1.0000000000000001',
  '1,5',
  '1_000',
];
const IDS = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000G',
  'not-a-uuid',
  '{00000000-0000-4000-8000-000000000000}',
];
const LONG = ['a'.repeat(300), 'é'.repeat(5000), 'x'.repeat(120_000)];

const hostileString = fc.oneof(
  fc.constantFrom(...SQL, ...MARKUP, ...KEYS, ...PATHS, ...UNICODE, ...NUMERIC, ...IDS, ...LONG),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // Lone UTF-16 surrogates: not valid text anywhere.
  fc.string({
    unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
    minLength: 1,
    maxLength: 4,
  }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    0.1 + 0.2,
    5e-324,
    -1,
    0,
    1.5,
    6,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.constantFrom<unknown>(null, true, false));

/** An object whose keys may be __proto__ and friends as own properties (JSON.stringify then sends them). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}
const pollution = fc.constantFrom<unknown>(
  objectOf([['__proto__', { polluted: 'yes', role: true }]]),
  { constructor: { prototype: { polluted: 'yes' } } },
  objectOf([['__proto__', objectOf([['__proto__', { polluted: 'yes' }]])]]),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileScalar },
  { weight: 1, arbitrary: pollution },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      [],
      {},
      [[[[]]]],
      [null],
      Array.from({ length: 600 }, (_v, i) => i),
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const extraKeys = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom(...KEYS, 'role', 'userId', 'id', '_id', ''), fc.string({ maxLength: 8 })),
    hostileValue,
  ),
  { maxLength: 2 },
);

// ---------------------------------------------------------------------------------------------
// Values shaped like the schema, so the fuzzing also reaches past validation into the services.

function knownIds(): string[] {
  return [
    world.product.id,
    world.spare.id,
    world.category.id,
    world.department.id,
    world.emptyDepartment.id,
    world.owner.orderId,
    world.owner.account.id,
    world.other.account.id,
    world.other.orderId,
    world.other.reviewId,
  ];
}

/** A generated value as it goes into a path: strings as they are, anything else as JSON. */
const textOf = (value: unknown) => (value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausible));
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...knownIds()), fc.uuid());
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }),
        fc.constantFrom(...knownIds()),
      );
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e6), max: Math.min(schema.maximum ?? 1000, 1e6) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fuzzed(schema.items), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return fuzzObject(schema);
    default:
      return hostileValue;
  }
}

/** Mostly hostile, sometimes plausible, sometimes absent (undefined drops the key). */
function fuzzed(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileValue },
    { weight: 3, arbitrary: plausible(schema) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function fuzzObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const props = Object.entries(schema.properties ?? {});
  return fc
    .tuple(fc.tuple(...props.map(([, s]) => fuzzed(s))), extraKeys)
    .map(([values, extra]) =>
      objectOf([
        ...props.map(([k], i): [string, unknown] => [k, values[i]]).filter(([, v]) => v !== undefined),
        ...extra,
      ]),
    );
}

function asQueryValue(value: unknown): string | string[] {
  if (Array.isArray(value))
    return value.slice(0, 3).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

// ---------------------------------------------------------------------------------------------
// Whole requests.

interface Attack {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const RAW_BODIES = [
  '{',
  '{"a":',
  '[',
  'nul',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":1,"a":2}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '"just a string"',
  '12345678901234567890123456789',
  '\u0000',
  '\uFEFF{}',
];
const bodyAttack = (schema: JsonSchema | undefined) =>
  fc.oneof(
    {
      weight: 60,
      arbitrary: (schema ? fuzzObject(schema) : hostileValue).map((v): { payload: string; type: string } => ({
        payload: JSON.stringify(v) ?? 'null',
        type: 'application/json',
      })),
    },
    {
      weight: 20,
      arbitrary: hostileValue.map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: 'application/json' })),
    },
    { weight: 20, arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ payload, type: 'application/json' })) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data',
            'application/json; charset=utf-16',
            'application/jsonp',
            '',
          ),
          fc.constantFrom('a=1&__proto__[polluted]=yes', '<a>1</a>', '{"name":"x"}', ''),
        )
        .map(([type, payload]) => ({ payload, type })),
    },
    // Just over the 1 MB body limit.
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
        type: 'application/json',
      }),
    },
  );

const RAW_QUERIES = [
  '%',
  '%zz',
  '&&&',
  '=x',
  'a[b]=c',
  '__proto__[polluted]=yes',
  'constructor[prototype][polluted]=yes',
  'page=1&page=2',
  `x=${'y'.repeat(5000)}`,
];

function queryAttack(params: Parameter[]) {
  const named = params.filter((p) => p.in === 'query');
  return fc
    .tuple(
      fc.tuple(...named.map((p) => fuzzed(p.schema))),
      extraKeys,
      fc.option(fc.constantFrom(...RAW_QUERIES), { freq: 4 }),
    )
    .map(([values, extra, raw]) => {
      const search = new URLSearchParams();
      named.forEach((p, i) => {
        const v = values[i];
        if (v !== undefined) for (const s of [asQueryValue(v)].flat()) search.append(p.name, s);
      });
      for (const [k, v] of extra) for (const s of [asQueryValue(v)].flat()) search.append(k, s);
      const text = [search.toString(), raw].filter(Boolean).join('&');
      return text ? `?${text}` : '';
    });
}

const MALFORMED_PATH = ['%', '%E0%A4%A', '%C0%AE%C0%AE', '..%2F..%2F', '%00', '%2e%2e'];

function pathAttack(route: RouteRef, params: Parameter[]) {
  const names = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  const schemaOf = (name: string) => params.find((p) => p.in === 'path' && p.name === name)?.schema;
  return fc
    .tuple(
      fc.tuple(...names.map((n) => fc.oneof(plausible(schemaOf(n) ?? { type: 'string' }), hostileString))),
      fc.option(fc.constantFrom(...MALFORMED_PATH), { freq: 5 }),
    )
    .map(([values, raw]) => {
      const filled = fillPath(route.url, Object.fromEntries(names.map((n, i) => [n, textOf(values[i])])));
      if (!raw || !names.length) return filled;
      // An undecodable escape where a param goes: the router must refuse it, not crash.
      return filled.replace(encodePart(textOf(values[0])), raw);
    });
}

const PRODUCT_FIELDS = [
  'name',
  'brand',
  'category',
  'department',
  'description',
  'price',
  'stock',
  'weight',
  'cod',
  'id',
];
const FILENAMES = [
  'photo.png',
  '../../../evil.png',
  '..\\..\\evil.png',
  'a\u0000.png',
  'x'.repeat(300),
  '"; filename="evil.sh',
  'evil.svg',
  '.htaccess',
  '',
  'محمد.jpg',
];

function multipartAttack() {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const file = fc.record({
    data: fc.constantFrom(
      png,
      svg,
      Buffer.from('#!/bin/sh\nrm -rf /\n'),
      Buffer.concat([png.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
      Buffer.alloc(0),
    ),
    filename: fc.constantFrom(...FILENAMES),
    field: fc.constantFrom('img', 'img', 'image', '__proto__', 'img[]'),
    contentType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'),
  });
  const fields = fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...PRODUCT_FIELDS) },
        { weight: 1, arbitrary: fc.constantFrom(...KEYS) },
      ),
      fc.oneof(hostileString, fc.constantFrom(...knownIds(), '10', '1.5', 'true', 'false')),
    ),
    { maxLength: 10 },
  );
  return fc.tuple(fields, fc.array(file, { maxLength: 3 })).map(([entries, files]) => {
    const form = multipart(
      objectOf(entries.filter(([, v]) => !/[\r\n"]/.test(v) || Math.random() < 0.2)) as Record<string, string>,
      files,
    );
    return { payload: form.payload, type: form.headers['content-type'] };
  });
}

function webhookAttack() {
  return fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...RAW_BODIES),
        hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
        fc.constant(
          JSON.stringify({
            id: 'evt_1',
            type: 'payment_intent.succeeded',
            data: { object: { metadata: { order_id: world.owner.orderId } } },
          }),
        ),
      ),
      fc.oneof(
        fc.constant(undefined),
        hostileString,
        fc
          .tuple(
            fc.integer({ min: 0, max: 2 ** 32 }),
            fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
          )
          .map(([ts, sig]) => `t=${ts},v1=${sig}`),
        fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)},v0=abc`),
      ),
    )
    .map(([payload, signature]) => ({ payload, type: 'application/json', signature }));
}

// ---------------------------------------------------------------------------------------------

interface Target {
  route: RouteRef;
  admin: boolean;
  auth: () => Promise<Record<string, string>>;
  arbitrary: fc.Arbitrary<Attack>;
  runs: number;
}

function targetFor(route: RouteEntry, access: string): Target {
  const op = operationOf(t.app, route);
  const params = op?.parameters ?? [];
  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  const isMultipart = route.consumes.includes('multipart/form-data');
  const key = routeKey(route);
  // A request that succeeds here ends the caller's session (or account): each gets a caller of its own.
  const staff = isStaffAccess(access);
  const auth = async () =>
    staff
      ? world.admin.headers
      : access === 'public'
        ? {}
        : SESSION_ENDING.has(key)
          ? (await quickUser(t.app)).headers
          : world.owner.account.headers;
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const body =
    key === 'POST /api/payment/webhook'
      ? webhookAttack()
      : isMultipart
        ? multipartAttack()
        : hasBody
          ? bodyAttack(bodySchema)
          : fc.constant(undefined);
  const arbitrary = fc.tuple(pathAttack(route, params), queryAttack(params), body).map(([path, query, b]): Attack => {
    const headers: Record<string, string> = {};
    if (b?.type) headers['content-type'] = b.type;
    if (b && 'signature' in b && typeof b.signature === 'string') headers['stripe-signature'] = b.signature;
    return { url: path + query, headers, ...(b ? { payload: b.payload } : {}) };
  });
  const simple = !hasBody && !params.length && !route.url.includes(':');
  return { route, admin: staff, auth, arbitrary, runs: isMultipart ? 45 : simple ? 25 : 70 };
}

function problemsOf(status: number, body: string, method: string, type: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (status >= 400 && method !== 'HEAD') {
    const message = (jsonOf(body) as { message?: unknown } | undefined)?.message;
    // A storefront page that is not there answers with the app's page, which says so (modules/seo).
    if (typeof message !== 'string' && !type.startsWith('text/html')) problems.push('refusal without a JSON message');
    if (/Failed query|\bat .+\.(ts|js):\d+|node_modules/.test(body)) problems.push('answer leaks a query or a stack');
  }
  return problems;
}

describe('fuzzing every route from its OpenAPI schema', () => {
  it('never answers 5xx, refuses cleanly, writes nothing when it refuses, and never touches another shopper', async () => {
    const targets = t.routes
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
      .map((r) => targetFor(r, caseFor(r.method, r.url)?.access ?? 'public'));
    expect(targets.length).toBeGreaterThan(45);
    const failures: string[] = [];
    const victim = world.other.account.id;
    let victimBefore = await userDigest(t.app, victim);

    for (const target of targets) {
      const key = routeKey(target.route);
      tally.route(key);
      let runs = 0;
      let lastProblem = '';
      try {
        await fc.assert(
          fc.asyncProperty(target.arbitrary, async (attack) => {
            runs++;
            const auth = await target.auth();
            const before = await writes();
            const res = await t.app.inject({
              method: target.route.method as 'GET',
              url: attack.url,
              headers: { ...auth, ...attack.headers },
              ...(attack.payload !== undefined ? { payload: attack.payload } : {}),
            });
            const problems = problemsOf(
              res.statusCode,
              res.body,
              target.route.method,
              String(res.headers['content-type']),
            );
            if (res.statusCode >= 400 && (await writes()) !== before)
              problems.push(`refused with ${res.statusCode} but wrote rows (${before} → ${await writes()})`);
            if (res.statusCode < 400) {
              const victimNow = await userDigest(t.app, victim);
              // An admin deleting a product legitimately takes it out of every cart; nobody else may touch the victim.
              if (target.admin) victimBefore = victimNow;
              else if (victimNow !== victimBefore) problems.push("changed another shopper's rows");
            }
            if (prototypeKeys() !== cleanPrototype || ({} as Record<string, unknown>).polluted !== undefined)
              problems.push('polluted Object.prototype');
            if (problems.length) {
              lastProblem = `${res.statusCode} ${res.body.slice(0, 200)}: ${problems.join('; ')}`;
              throw new Error(lastProblem);
            }
          }),
          { numRuns: target.runs, ...(seed !== undefined ? { seed } : {}) },
        );
        tally.add(runs);
      } catch (err) {
        tally.add(runs, 1);
        // fast-check's report: the seed, the shrunk counterexample and what went wrong with it.
        const lines = (err as Error).message.split('\n').filter((l) => /seed|Counterexample|Got error|Error:/.test(l));
        failures.push(`${key}: ${lastProblem} | ${lines.join(' | ').slice(0, 900)}`);
      }
    }
    expect(failures).toEqual([]);
    // The write counter does see writes, so "wrote nothing" above means something.
    const counted = await writes();
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/department',
      headers: world.admin.headers,
      payload: { name: `Counted ${Date.now()}` },
    });
    expect(write.statusCode).toBe(201);
    expect(await writes()).not.toBe(counted);
    // Still standing.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 400_000);
});
