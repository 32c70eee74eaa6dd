import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { LruCache } from '../lib/lru-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public catalogue read whose 200 answers may be served from the response cache. */
    cache?: boolean;
    /** A write that changes what catalogue reads answer: this instance drops its cache at once. */
    changesCatalogue?: boolean;
  }
  interface FastifyRequest {
    cacheGeneration?: number;
  }
}

interface Cached {
  body: string;
  contentType: string;
  size: number;
}

const MAX_AGE_MS = 60_000;

/**
 * Catalogue reads are answered from memory until the catalogue changes. The database announces every
 * change at commit (triggers → NOTIFY 'catalogue', see db/custom*.sql), so every instance drops its
 * cache whoever wrote; while that announcement channel is down nothing is cached, because a change
 * could go unheard. Writes flagged `changesCatalogue` also drop this instance's cache before their
 * answer leaves, so a client reading its own write never sees the old data.
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, opts: { database: Database; maxBytes: number }) => {
  const cache = new LruCache<Cached>(opts.maxBytes, MAX_AGE_MS);
  let generation = 0;
  let trusted = true;
  const invalidate = () => {
    generation++;
    cache.clear();
  };

  const unlisten = await opts.database.listen('catalogue', {
    notify: invalidate,
    lost() {
      trusted = false;
      invalidate();
    },
    resumed() {
      invalidate();
      trusted = true;
    },
  });
  app.addHook('onClose', async () => unlisten());

  const cacheable = (request: FastifyRequest) => request.routeOptions.config?.cache === true && (request.method === 'GET' || request.method === 'HEAD');

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!trusted || !cacheable(request)) return;
    const hit = cache.get(request.url);
    if (hit) return reply.header('x-cache', 'hit').type(hit.contentType).send(hit.body);
    // Remembered so an answer computed across a change is not stored as current.
    request.cacheGeneration = generation;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.changesCatalogue && reply.statusCode < 400) invalidate();
    if (request.cacheGeneration === generation && trusted && reply.statusCode === 200 && typeof payload === 'string') {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      cache.set(request.url, { body: payload, contentType, size: payload.length * 2 });
      reply.header('x-cache', 'miss');
    }
    return payload;
  });
});
