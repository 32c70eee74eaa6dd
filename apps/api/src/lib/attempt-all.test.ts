import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { connectRedis, closeRedis, type Redis } from './redis.js';
import { attemptAll, createSignInLimit, type SignInLimit } from './sign-in-limit.js';

/** Several limits asked together, counted in this process's memory and in Redis alike. */
const redisUrl = process.env.TEST_REDIS_URL;
const stores = ['in memory', ...(redisUrl ? ['in Redis'] : [])];
const log = pino({ level: 'silent' });
const prefix = `shop-test-${randomBytes(4).toString('hex')}:`;

describe.each(stores)('limits asked together %s', (store) => {
  let redis: Redis | null = null;
  beforeAll(async () => {
    if (store === 'in Redis') redis = await connectRedis(redisUrl as string, log);
  });
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await closeRedis(redis);
  });
  const limit = (max: number, name: string): SignInLimit =>
    createSignInLimit({ max, windowMs: 60 * 60_000, redis, prefix: `${prefix}${store}-${name}:`, log });

  it('spend a place in none of them when one refuses, before it in the order or after', async () => {
    const perAddress = limit(2, 'address');
    const perPhone = limit(1, 'phone');
    const ask = (phone: string) =>
      attemptAll([
        { limit: perAddress, ip: '198.51.100.1', key: '' },
        { limit: perPhone, ip: '198.51.100.1', key: phone },
      ]);
    expect(await ask('0100')).toBeNull();
    // The phone's own place refuses: the address's place taken before it is given back.
    const byPhone = await ask('0100');
    expect(byPhone?.refusedBy.limit).toBe(perPhone);
    expect(byPhone?.wait).toBeGreaterThan(3000);
    expect(await ask('0101')).toBeNull();
    // The address is full: another phone's place is not taken, nor is the address counted past its allowance.
    for (let i = 0; i < 3; i++) expect((await ask('0102'))?.refusedBy.limit).toBe(perAddress);
    expect(await perPhone.full('198.51.100.1', '0102')).toBe(false);
    await perAddress.succeeded('198.51.100.1', '');
    expect(await ask('0102')).toBeNull();
  });
});
