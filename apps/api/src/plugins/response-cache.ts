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
    /** Set on the one request computing a missing answer; the others asking for it wait on it. */
    cacheFill?: () => void;
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

  // One computation per missing answer: under a burst, the first request fills the cache and the
  // others wait for it instead of all running the same (possibly slow) query at once.
  const filling = new Map<string, Promise<void>>();

  const cacheable = (request: FastifyRequest) => request.routeOptions.config?.cache === true && (request.method === 'GET' || request.method === 'HEAD');

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!trusted || !cacheable(request)) return;
    const pending = filling.get(request.url);
    if (pending) await pending;
    const hit = cache.get(request.url);
    if (hit) return reply.header('x-cache', 'hit').type(hit.contentType).send(hit.body);
    // Remembered so an answer computed across a change is not stored as current.
    request.cacheGeneration = generation;
    if (!filling.has(request.url)) {
      const key = request.url;
      let done = () => {};
      const fill = new Promise<void>((resolve) => (done = resolve));
      filling.set(key, fill);
      // Called once or twice (abort, then response); only this fill's own entry is removed.
      request.cacheFill = () => {
        if (filling.get(key) === fill) filling.delete(key);
        done();
      };
    }
  });

  // Whatever became of the answer (stored, an error, a client that went away), the waiters go on.
  const releaseWaiters = async (request: FastifyRequest) => request.cacheFill?.();
  app.addHook('onResponse', releaseWaiters);
  app.addHook('onRequestAbort', releaseWaiters);

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.changesCatalogue && reply.statusCode < 400) invalidate();
    // The cache is keyed by URL alone: an answer worded for the caller's language (Vary) must not be replayed to others.
    const languageBound = /accept-language/i.test(String(reply.getHeader('vary') ?? ''));
    if (request.cacheGeneration === generation && trusted && reply.statusCode === 200 && typeof payload === 'string' && !languageBound) {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      cache.set(request.url, { body: payload, contentType, size: payload.length * 2 });
      reply.header('x-cache', 'miss');
    }
    return payload;
  });
});
