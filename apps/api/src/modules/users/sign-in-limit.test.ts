import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, registerShopper, type TestContext } from '../../../test/harness.js';
import { CODES_PER_REQUESTER } from './phone-sign-in.js';

/** Only failed sign-ins count against the limit, in this process's memory and in Redis alike. */
const redisUrl = process.env.TEST_REDIS_URL;
const stores: [string, Record<string, string>][] = [['in memory', {}]];
const prefix = `shop-test-${randomBytes(4).toString('hex')}:`;
if (redisUrl) stores.push(['in Redis', { REDIS_URL: redisUrl, REDIS_PREFIX: prefix }]);

describe.each(stores)('the sign-in limit %s', (_name, env) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '1000000', ...env });
  });
  afterAll(() => t.close());
  const login = (email: string, password: string, remoteAddress = '203.0.113.50') =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress });

  it('lets someone sign in eleven times in a row', async () => {
    const shopper = await registerShopper(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(shopper.email, PASSWORD)).statusCode);
    expect(statuses).toEqual(Array(11).fill(200));
  });

  it('still refuses after the allowed failures, the right password included, with Retry-After', async () => {
    const shopper = await registerShopper(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(shopper.email, 'Wrong1!xx')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await login(shopper.email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('counts the failures from every address of one IPv6 /64 together', async () => {
    const shopper = await registerShopper(t.app);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++)
      statuses.push((await login(shopper.email, 'Wrong1!xx', `2001:db8:50:1::${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(shopper.email, 'Wrong1!xx', '2001:db8:50:2::1')).statusCode).toBe(401);
  });

  it('counts a burst of parallel guesses as it arrives: no more than the allowed failures reach the password check', async () => {
    const shopper = await registerShopper(t.app);
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(shopper.email, 'Wrong1!xx')));
    const statuses = burst.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe.runIf(redisUrl)('sign-in failures in Redis', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: redisUrl as string, REDIS_PREFIX: prefix });
  });
  afterAll(() => t.close());

  it('are kept under hashed key names, never an e-mail address', async () => {
    const shopper = await registerShopper(t.app);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: shopper.email, password: 'Wrong1!xx' },
    });
    expect(failed.statusCode).toBe(401);
    const redis = new Redis(redisUrl as string);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((k) => k.startsWith(`${prefix}sign-in-failures:`))).toBe(true);
      expect(
        keys.filter((k) => k.includes('@') || k.toLowerCase().includes(shopper.email.split('@')[0] as string)),
      ).toEqual([]);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it("share a phone's hourly count of codes between instances, under hashed key names", async () => {
    const other = await t.sibling();
    const phone = `0150${String(process.pid % 10_000).padStart(4, '0')}123`;
    const start = (app: TestContext['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/phone/start',
        remoteAddress: '203.0.113.60',
        payload: { phone, channel: 'sms' },
      });
    const statuses: number[] = [];
    // Each instance alone would count three of the six: only a shared count refuses the sixth.
    for (let i = 0; i <= CODES_PER_REQUESTER; i++) {
      statuses.push((await start(i % 2 ? other : t.app)).statusCode);
      t.clock.advance(61_000);
    }
    expect(statuses).toEqual([...Array<number>(CODES_PER_REQUESTER).fill(202), 429]);
    const redis = new Redis(redisUrl as string);
    try {
      const keys = await redis.keys(`${prefix}phone-codes-*`);
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(keys.filter((k) => k.includes(phone.slice(1)))).toEqual([]);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});
