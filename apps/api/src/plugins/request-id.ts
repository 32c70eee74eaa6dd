import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every answer carries its request's id (X-Request-Id), and every error body repeats it as `requestId`,
 * so a shopper's complaint ("it said something went wrong") leads to the request's line in the logs.
 * The id itself is chosen by Fastify's genReqId (lib/request-id.ts).
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    return { ...payload, requestId: request.id };
  });
});
