import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

const check = (probe: () => Promise<unknown>) =>
  probe().then(
    () => 'ok' as const,
    () => 'down' as const,
  );

/**
 * `/health`: the process answers and its database does (one trivial query). `/ready`: for load
 * balancers, every dependency a request needs is reachable, Redis included when configured; 503 sends
 * traffic to another instance.
 */
export async function healthRoutes(api: FastifyInstance) {
  api.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    const db = await check(() => api.db.execute(sql`select 1`));
    return reply.code(db === 'ok' ? 200 : 503).send({ status: db === 'ok' ? 'ok' : 'unavailable', db: api.dbKind });
  });

  api.get('/ready', { config: { access: 'public' } }, async (_request, reply) => {
    const redis = api.redis;
    const [db, cache] = await Promise.all([
      check(() => api.db.execute(sql`select 1`)),
      redis ? check(() => redis.ping()) : undefined,
    ]);
    const ready = db === 'ok' && cache !== 'down';
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', db, ...(cache ? { redis: cache } : {}) });
  });
}
