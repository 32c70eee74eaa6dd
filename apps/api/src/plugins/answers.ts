import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import fp from 'fastify-plugin';
import { countAnswer } from './metrics.js';
import { loggedUrl } from '../lib/logged-url.js';

/** One answered request, as its log line and the request metrics see it. */
export interface Answer {
  /** The request id, as in the answer's X-Request-Id header. */
  reqId: string;
  method: string;
  /** Path and query, as asked, with any secret in them hidden (lib/logged-url.ts). */
  url: string;
  /** The route pattern (/api/product/one/:id); absent when no route matched. */
  route?: string;
  statusCode: number;
  /** Milliseconds until the last byte was handed to the connection. */
  responseTime: number;
  /** The signed-in user, on routes that read the session. */
  userId?: string;
  /** Answered from the response cache. */
  cacheHit: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reports a finished answer once: its log line and the request metrics. */
    answered(answer: Answer): void;
  }
}

/**
 * Fastify's own per-request lines ("request completed", "route not found") give way to the one line
 * of `answered`; its lines about failures (a response stream that broke, a serializer that threw)
 * stay. A request's arrival is logged at debug level only: it tells which request hangs before it is
 * answered.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug(
      { method: request.method, url: loggedUrl(request.url, request.routeOptions.url) },
      'incoming request',
    );
  }
  override routeNotFound() {}
  override requestCompleted(...args: Parameters<LogController['requestCompleted']>) {
    if (args[0]) super.requestCompleted(...args);
  }
}

/** The answer to a request that went through Fastify, once its response finished. */
export function answerOf(request: FastifyRequest, reply: FastifyReply, responseTime = reply.elapsedTime): Answer {
  const route = request.routeOptions.url;
  return {
    reqId: request.id,
    method: request.method,
    url: loggedUrl(request.url, route),
    ...(route ? { route } : {}),
    statusCode: reply.statusCode,
    responseTime,
    ...(request.user ? { userId: request.user.id } : {}),
    cacheHit: request.cacheHit === true,
  };
}

/**
 * Every request is one JSON log line, written when its answer has left, with the metrics counted at
 * the same moment. Answers that leave outside Fastify's lifecycle (a URL Fastify could not route) call `answered` themselves, so they are logged and counted too.
 */
export const answersPlugin = fp(async (app: FastifyInstance) => {
  const metrics = app.metrics;
  app.decorate('answered', (answer: Answer) => {
    app.log.info(answer, 'request');
    if (metrics) countAnswer(metrics, answer);
  });
  app.addHook('onResponse', (request, reply, done) => {
    app.answered(answerOf(request, reply));
    done();
  });
});
