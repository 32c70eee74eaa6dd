import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { say } from '@shop/contracts';

const check = (probe: () => Promise<unknown>) =>
  probe().then(
    () => 'ok' as const,
    () => 'down' as const,
  );

/** Load balancers and supervisors poll these; a 503 says why and when to ask again, and clears by itself. */
const RETRY_AFTER_S = '5';

const tags = ['health'];

/**
 * `/health`: the process answers and its database does (one trivial query). `/ready`: for load
 * balancers, every dependency a request needs is reachable, Redis included when configured; 503 sends
 * traffic to another instance.
 */
export async function healthRoutes(api: FastifyInstance) {
  api.get(
    '/health',
    { config: { access: 'public' }, schema: { tags, summary: 'Check the process and its database' } },
    async (_request, reply) => {
      const db = await check(() => api.db.execute(sql`select 1`));
      if (db === 'ok') return reply.send({ status: 'ok', db: api.dbKind });
      return reply
        .code(503)
        .header('retry-after', RETRY_AFTER_S)
        .send({ status: 'unavailable', db: api.dbKind, message: say.api.databaseUnavailable });
    },
  );

  api.get(
    '/ready',
    { config: { access: 'public' }, schema: { tags, summary: 'Check every service a request needs' } },
    async (_request, reply) => {
      const redis = api.redis;
      const [db, cache] = await Promise.all([
        check(() => api.db.execute(sql`select 1`)),
        redis ? check(() => redis.ping()) : undefined,
      ]);
      const ready = db === 'ok' && cache !== 'down';
      if (!ready) reply.code(503).header('retry-after', RETRY_AFTER_S);
      return reply.send({
        status: ready ? 'ready' : 'unavailable',
        db,
        ...(cache ? { redis: cache } : {}),
        ...(db === 'down' ? { message: say.api.databaseUnavailable } : {}),
      });
    },
  );
}
