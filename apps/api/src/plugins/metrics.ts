import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { say } from '@shop/contracts';
import { sameSecret } from '../lib/same-secret.js';
import { HttpError, unauthorized } from '../lib/errors.js';
import type { Metrics } from '../lib/metrics.js';
import type { Answer } from './answers.js';

/** The checkout route: its answers count as orders placed (201) or refused (anything else). */
const CHECKOUT = 'POST /api/order';

function bearerMatches(request: FastifyRequest, token: string): boolean {
  return sameSecret(token, request.headers.authorization?.replace(/^Bearer /, '') ?? '');
}

/**
 * Counts and times one answer, those from the response cache included, by route pattern, so
 * /api/product/one/:id is one series however many products there are.
 */
export function countAnswer(metrics: Metrics, answer: Answer): void {
  const route = answer.route ?? 'unmatched';
  const labels = { method: answer.method, route, status: String(answer.statusCode) };
  metrics.requests.inc(labels);
  metrics.duration.observe(labels, answer.responseTime / 1000);
  if (`${answer.method} ${route}` === CHECKOUT)
    metrics.orders.inc({ outcome: answer.statusCode === 201 ? 'placed' : 'refused' });
}

/**
 * `GET /metrics` in Prometheus' text format, for a scraper holding METRICS_TOKEN as a bearer token.
 * Without METRICS_TOKEN the route answers 404 like any unknown address (nothing is measured either);
 * with it, a missing or wrong token gets 401. Requests are counted as they are answered (countAnswer,
 * called by plugins/answers.ts).
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.METRICS_TOKEN;
  const metrics = app.metrics;

  app.get('/metrics', { config: { access: 'metrics' }, schema: { hide: true } }, async (request, reply) => {
    if (!token || !metrics) throw new HttpError(404, say.api.routeNotFound(request.method, '/metrics'));
    if (!bearerMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
});
