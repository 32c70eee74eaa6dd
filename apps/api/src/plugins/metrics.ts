import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_MSG } from '@shop/contracts';
import { HttpError, unauthorized } from '../lib/errors.js';

/** The checkout route: its answers count as orders placed (201) or refused (anything else). */
const CHECKOUT = 'POST /api/order';

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in Prometheus' text format, for a scraper holding METRICS_TOKEN as a bearer token.
 * Without METRICS_TOKEN the route answers 404 like any unknown address (nothing is measured either);
 * with it, a missing or wrong token gets 401. Requests are counted and timed by route pattern, so
 * /api/product/one/:id is one series however many products there are.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.METRICS_TOKEN;
  const metrics = app.metrics;

  app.get('/metrics', { config: { access: 'metrics' }, schema: { hide: true } }, async (request, reply) => {
    if (!token || !metrics) throw new HttpError(404, API_MSG.routeNotFound(request.method, '/metrics'));
    if (!bearerMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  if (!metrics) return;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
    if (`${request.method} ${route}` === CHECKOUT)
      metrics.orders.inc({ outcome: reply.statusCode === 201 ? 'placed' : 'refused' });
  });
});
