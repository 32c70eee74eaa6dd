import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type { Redis };

/** Longer than this, a command has failed: some are asked holding an order's database locks (the cash rules'). */
const COMMAND_TIMEOUT_MS = 1000;

/**
 * The shop's Redis connection (shared limits across instances). Commands fail at once while Redis is
 * down instead of queueing, and after a second while it hangs, so a Redis outage costs the shop its shared
 * counters, not its answers.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  redis.on('error', (err) => log.warn({ err }, 'redis unavailable'));
  // Without an offline queue a command sent before the first connection fails at once, and /api/ready
  // would call a healthy Redis down: wait for that first attempt. Redis being down does not stop the start.
  await once(redis, 'ready').catch(() => {});
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
