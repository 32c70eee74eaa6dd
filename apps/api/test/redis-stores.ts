import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { pino } from 'pino';
import { closeRedis, connectRedis, type Redis } from '../src/lib/redis.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Where a shared count is kept, for `describe.each`: this process's memory, and Redis when TEST_REDIS_URL names one. */
export const COUNT_STORES = ['in memory', ...(redisUrl ? ['in Redis'] : [])];

/**
 * The suite's Redis connection for `store` (null in memory: `redis()` answers it once the suite has started), and a
 * prefix of its own for its keys, which are deleted after it.
 */
export function storeOf(store: string) {
  const log = pino({ level: 'silent' });
  const prefix = `shop-test-${randomBytes(4).toString('hex')}:`;
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
  return { prefix, log, redis: () => redis };
}
