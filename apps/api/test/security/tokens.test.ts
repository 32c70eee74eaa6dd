import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { eq } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '@shop/contracts';
import { passwordResets, users } from '../../src/db/schema.js';
import { createTestApp, PASSWORD, uniqueEmail, type Account, type TestContext } from '../harness.js';
import {
  buildWorld,
  changedTables,
  jsonOf,
  quickUser,
  routeKey,
  sha256,
  tableDigest,
  TEST_JWT_SECRET,
  toInject,
  type World,
} from './helpers.js';
import { caseFor, isStaffAccess, randomId } from './routes.js';
import { Tally } from './report.js';

/**
 * Sessions, sign-in limits and reset links under attack: every bad token on every protected route,
 * a limit that cannot be walked around, reset links that cannot be reused, guessed or used to find
 * out who has an account.
 */

let t: TestContext;
let world: World;
const tally = new Tally('tokens');
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  world = await buildWorld(t.app);
});
afterAll(async () => {
  tally.save();
  await t.close();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const claimsOf = (account: Account, extra: Record<string, unknown> = {}) => ({
  sub: account.id,
  tv: 0,
  iat: nowSeconds(),
  exp: nowSeconds() + 3600,
  ...extra,
});
/** A JWT signed with HMAC `alg` over whatever header and claims are given. */
function hmacToken(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  secret = TEST_JWT_SECRET,
  hash = 'sha256',
): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac(hash, secret).update(body).digest('base64url')}`;
}
const rightlySigned = (claims: Record<string, unknown>) =>
  createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256' })(claims);

interface BadToken {
  name: string;
  headers(forAdminRoute: boolean): Record<string, string>;
}

/** Tokens of a user who changed their password, and of one who deleted their account, made in beforeAll of the sweep. */
const stale = { shopper: '', admin: '' };
const deleted = { shopper: '', admin: '' };

function badTokens(): BadToken[] {
  const victim = (admin: boolean) => (admin ? world.admin : world.owner.account);
  const token = (name: string, make: (admin: boolean) => string): BadToken => ({
    name,
    headers: (admin) => ({ 'x-access-token': make(admin) }),
  });
  return [
    { name: 'missing', headers: () => ({}) },
    token('empty', () => ''),
    token('garbage', () => 'garbage'),
    token('three dots', () => 'a.b.c'),
    token(
      'random base64 parts',
      () =>
        `${randomBytes(12).toString('base64url')}.${randomBytes(40).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
    ),
    token('8 KB of junk', () => 'x'.repeat(8192)),
    token('wrong secret', (admin) =>
      hmacToken({ alg: 'HS256', typ: 'JWT' }, claimsOf(victim(admin)), 'another-secret-that-is-long-enough!!'),
    ),
    token('payload swapped under a valid signature', (admin) => {
      const [header, , signature] = world.other.account.token.split('.');
      return `${header}.${b64(claimsOf(victim(admin)))}.${signature}`;
    }),
    token('alg none', (admin) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(victim(admin)))}.`),
    token('alg NONE', (admin) => `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(claimsOf(victim(admin)))}.`),
    token('alg HS512 with the right secret', (admin) =>
      hmacToken({ alg: 'HS512', typ: 'JWT' }, claimsOf(victim(admin)), TEST_JWT_SECRET, 'sha512'),
    ),
    token('alg RS256 signed as HMAC', (admin) => hmacToken({ alg: 'RS256', typ: 'JWT' }, claimsOf(victim(admin)))),
    token('expired', (admin) =>
      rightlySigned(claimsOf(victim(admin), { iat: nowSeconds() - 7200, exp: nowSeconds() - 60 })),
    ),
    token('no expiry', (admin) => rightlySigned({ sub: victim(admin).id, tv: 0 })),
    token('subject not an id', () => rightlySigned(claimsOf(world.owner.account, { sub: "1' or '1'='1" }))),
    token('subject nobody has', () => rightlySigned(claimsOf(world.owner.account, { sub: randomId() }))),
    token('token version as text', (admin) => rightlySigned(claimsOf(victim(admin), { tv: '0' }))),
    token('issued before a password change', (admin) => (admin ? stale.admin : stale.shopper)),
    token('of a deleted user', (admin) => (admin ? deleted.admin : deleted.shopper)),
    { name: 'Bearer with a bad token', headers: () => ({ authorization: 'Bearer garbage' }) },
    {
      name: 'Basic credentials',
      headers: () => ({
        authorization: `Basic ${Buffer.from(`${world.owner.account.email}:${PASSWORD}`).toString('base64')}`,
      }),
    },
  ];
}

describe('bad tokens', () => {
  beforeAll(async () => {
    for (const role of ['shopper', 'admin'] as const) {
      const changer = await quickUser(t.app, { role: role === 'admin' });
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/user/password',
        headers: changer.headers,
        payload: { password: 'Chang3d!pw', confirm_password: 'Chang3d!pw' },
      });
      expect(changed.statusCode).toBe(200);
      stale[role] = changer.token;
      const leaver = await quickUser(t.app, { role: role === 'admin' });
      expect((await t.app.inject({ method: 'DELETE', url: '/api/user', headers: leaver.headers })).statusCode).toBe(
        200,
      );
      deleted[role] = leaver.token;
    }
  });

  it('are refused with 401 and a message on every route that needs a session, changing nothing', async () => {
    const protectedRoutes = t.routes.filter((r) => caseFor(r.method, r.url)?.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(30);
    const before = await tableDigest(t.app);
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      const expectation = caseFor(route.method, route.url);
      if (!expectation) continue;
      for (const bad of badTokens()) {
        const res = await t.app.inject(
          toInject(
            route,
            await expectation.request(world, world.owner),
            bad.headers(isStaffAccess(expectation.access)),
          ),
        );
        const message = (jsonOf(res.body) as { message?: unknown } | undefined)?.message;
        const ok = res.statusCode === 401 && (route.method === 'HEAD' || typeof message === 'string');
        if (!tally.check(routeKey(route), ok))
          wrong.push(`${routeKey(route)} with ${bad.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await tableDigest(t.app))).toEqual([]);
  }, 120_000);

  it('still accept the genuine token (the sweep above is not refusing everything)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: world.owner.account.headers });
    tally.check('GET /api/cart', res.statusCode === 200);
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-in rate limit (per address and e-mail)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '1000000' });
  });
  afterAll(() => limited.close());

  const login = (
    email: string,
    password: string,
    opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) => limited.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, ...opts });

  it('cannot be walked around with a made-up X-Forwarded-For per attempt', async () => {
    const victim = await quickUser(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await login(victim.email, 'Wrong1!xx', { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      statuses.push(res.statusCode);
    }
    tally.check(
      'POST /api/user/login',
      statuses.slice(3).every((s) => s === 429),
    );
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('counts every spelling of one e-mail together, and refuses even the right password once limited', async () => {
    const victim = await quickUser(limited.app);
    const spellings = [
      victim.email,
      victim.email.toUpperCase(),
      `  ${victim.email}  `,
      victim.email.replace(/^./, (c) => c.toUpperCase()),
    ];
    const statuses: number[] = [];
    for (const email of spellings)
      statuses.push((await login(email, 'Wrong1!xx', { remoteAddress: '203.0.113.7' })).statusCode);
    const right = await login(victim.email, PASSWORD, { remoteAddress: '203.0.113.7' });
    tally.check('POST /api/user/login', right.statusCode === 429);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/too many/i);
  });

  it('locks out neither the same person from elsewhere nor other people from the same address', async () => {
    const victim = await quickUser(limited.app);
    const bystander = await quickUser(limited.app);
    for (let i = 0; i < 4; i++) await login(victim.email, 'Wrong1!xx', { remoteAddress: '203.0.113.8' });
    const elsewhere = await login(victim.email, PASSWORD, { remoteAddress: '203.0.113.99' });
    const sameAddress = await login(bystander.email, PASSWORD, { remoteAddress: '203.0.113.8' });
    tally.check('POST /api/user/login', elsewhere.statusCode === 200 && sameAddress.statusCode === 200);
    expect(elsewhere.statusCode).toBe(200);
    expect(sameAddress.statusCode).toBe(200);
  });

  it('counts the general limit per IPv6 /64, as the sign-in limits do', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const ask = (remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/api/department', remoteAddress });
      // One household's /64 hands each device its own address: together they share one allowance.
      const household = [];
      for (let i = 1; i <= 4; i++) household.push((await ask(`2001:db8:5:6::${i}`)).statusCode);
      expect(household).toEqual([200, 200, 200, 429]);
      // The next /64 is someone else.
      expect((await ask('2001:db8:5:7::1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const proxied = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '2', TRUST_PROXY: '10.0.0.1' });
    try {
      const victim = await quickUser(proxied.app);
      const attempt = (remoteAddress: string, forwarded: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: victim.email, password: 'Wrong1!xx' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded },
        });
      // Through the trusted proxy, two clients are two clients.
      const viaProxy = [
        await attempt('10.0.0.1', '198.51.100.1'),
        await attempt('10.0.0.1', '198.51.100.1'),
        await attempt('10.0.0.1', '198.51.100.2'),
      ];
      // Straight from an untrusted peer, the header is ignored: a new "client" per attempt does not help.
      const direct = [];
      for (let i = 0; i < 3; i++) direct.push((await attempt('203.0.113.50', `198.51.100.${10 + i}`)).statusCode);
      tally.check('POST /api/user/login', direct[2] === 429);
      expect(viaProxy.map((r) => r.statusCode)).toEqual([401, 401, 401]);
      expect(direct).toEqual([401, 401, 429]);
    } finally {
      await proxied.close();
    }
  }, 120_000);
});

describe('password reset links', () => {
  const outbox = () => path.join(t.dataDir, 'outbox');
  /** Every reset link mailed to `to` so far, oldest first. */
  function linksTo(to: string): { id: string; token: string }[] {
    if (!fs.existsSync(outbox())) return [];
    return (
      fs
        .readdirSync(outbox())
        .sort()
        // A mail still being written is not there yet.
        .map(
          (f) => jsonOf(fs.readFileSync(path.join(outbox(), f), 'utf8')) as { to?: string; text?: string } | undefined,
        )
        .filter((m): m is { to: string; text: string } => m?.to === to && typeof m.text === 'string')
        .flatMap((m) => {
          const match = m.text.match(/password-reset\/([^/\s]+)\/([^\s]+)/);
          return match?.[1] && match[2] ? [{ id: match[1], token: match[2] }] : [];
        })
    );
  }
  async function requestLinks(account: Account, n: number) {
    for (let i = 0; i < n; i++)
      await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email: account.email } });
    // The mails are sent in the background.
    await expect.poll(() => linksTo(account.email).length, { timeout: 10_000, interval: 20 }).toBe(n);
    return linksTo(account.email);
  }
  const reset = (id: string, token: string, password = 'Res3tPass!') =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/password-reset/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
      payload: { password, confirm_password: password },
    });
  const check = (id: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/password-reset/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
    });

  it('work once even when ten tabs submit the same link at the same moment', async () => {
    const account = await quickUser(t.app);
    const [link] = await requestLinks(account, 1);
    if (!link) throw new Error('no link');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_v, i) => reset(link.id, link.token, `Res3tPass!${i}`)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    tally.check('POST /api/user/password-reset/:id/:token', statuses.filter((s) => s === 200).length === 1);
    expect(statuses).toEqual([200, ...Array<number>(9).fill(404)]);
    expect((await check(link.id, link.token)).statusCode).toBe(404);
  });

  it('expire after exactly 15 minutes', async () => {
    const account = await quickUser(t.app);
    const [early, late] = await requestLinks(account, 2);
    if (!early || !late) throw new Error('no links');
    t.clock.advance(RESET_TOKEN_TTL_MS - 5_000);
    try {
      const stillValid = await check(early.id, early.token);
      t.clock.advance(10_000);
      const expired = await reset(late.id, late.token);
      tally.check('GET /api/user/password-reset/:id/:token', stillValid.statusCode === 200);
      tally.check('POST /api/user/password-reset/:id/:token', expired.statusCode === 404);
      expect(stillValid.statusCode).toBe(200);
      expect(expired.statusCode).toBe(404);
    } finally {
      t.clock.advance(-(RESET_TOKEN_TTL_MS + 5_000));
    }
  });

  it('carry 256 random bits, differ every time, and are stored only as a hash', async () => {
    const account = await quickUser(t.app);
    const links = await requestLinks(account, 5);
    const tokens = links.map((l) => l.token);
    expect(new Set(tokens).size).toBe(5);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const rows = await t.app.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id));
    const stored = JSON.stringify(rows);
    for (const token of tokens) expect(stored).not.toContain(token);
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(tokens.map(sha256).sort());
  });

  it('cannot be guessed, shortened, re-cased or moved to another account', async () => {
    const account = await quickUser(t.app);
    const other = await quickUser(t.app);
    const [link] = await requestLinks(account, 1);
    if (!link) throw new Error('no link');
    const guesses = [
      ...Array.from({ length: 40 }, () => randomBytes(32).toString('base64url')),
      link.token.slice(0, -1),
      link.token.slice(0, 20),
      `${link.token}A`,
      link.token.toUpperCase(),
      link.token.toLowerCase(),
      '',
      ' ',
      '%',
      "' or '1'='1",
      sha256(link.token),
    ].filter((g) => g !== link.token);
    const wrong: string[] = [];
    for (const guess of guesses) {
      for (const res of [await check(account.id, guess), await reset(account.id, guess)]) {
        if (!tally.check('POST /api/user/password-reset/:id/:token', res.statusCode === 404 || res.statusCode === 400))
          wrong.push(`${guess}: ${res.statusCode}`);
      }
    }
    // The right token with somebody else's id, or a malformed id.
    for (const id of [other.id, randomId(), 'not-an-id', '../..']) {
      const res = await reset(id, link.token);
      if (!tally.check('POST /api/user/password-reset/:id/:token', res.statusCode === 404))
        wrong.push(`id ${id}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // None of it used the link up.
    expect((await check(account.id, link.token)).statusCode).toBe(200);
    const [row] = await t.app.db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, other.id));
    expect(row?.tokenVersion).toBe(0);
  });

  it('answer a request for a known, an unknown, a deleted or a differently spelled e-mail identically', async () => {
    const known = await quickUser(t.app);
    const gone = await quickUser(t.app);
    await t.app.inject({ method: 'DELETE', url: '/api/user', headers: gone.headers });
    const emails = [
      known.email,
      uniqueEmail('nobody'),
      gone.email,
      known.email.toUpperCase(),
      `nobody${randomBytes(3).toString('hex')}@${known.email.split('@')[1] ?? 'example.com'}`,
    ];
    const answers = [];
    for (const email of emails) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email } });
      // The date, the general rate-limit countdown and the request id differ from any one request to the next.
      const headers = Object.fromEntries(
        Object.entries(res.headers).filter(
          ([name]) => name !== 'date' && name !== 'x-request-id' && !name.startsWith('x-ratelimit'),
        ),
      );
      answers.push({ status: res.statusCode, body: res.body, headers });
    }
    const first = answers[0];
    for (const answer of answers)
      tally.check('POST /api/user/forgotPassword', JSON.stringify(answer) === JSON.stringify(first));
    for (const answer of answers) expect(answer).toEqual(first);
    expect(first?.status).toBe(200);
  });

  it('sign-in failures do not say whether the e-mail exists either', async () => {
    const known = await quickUser(t.app);
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: known.email, password: 'Wrong1!xx' },
    });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: uniqueEmail('ghost'), password: 'Wrong1!xx' },
    });
    // Each answer names its own request; everything else must be the same.
    const answer = (res: typeof a) => [res.statusCode, { ...res.json(), requestId: undefined }];
    tally.check('POST /api/user/login', JSON.stringify(answer(a)) === JSON.stringify(answer(b)));
    expect(answer(a)).toEqual(answer(b));
  });
});
