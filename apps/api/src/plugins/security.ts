import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { Config } from '../config.js';

/** The Content-Security-Policy: our own origin, plus what Stripe.js needs (its script, frames and API). */
const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
  'connect-src': ["'self'", 'https://api.stripe.com'],
  'object-src': ["'none'"],
  'script-src': ["'self'", 'https://js.stripe.com'],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Plain-http local runs must keep loading their own assets: no upgrade-insecure-requests.
};

const REFERRER_POLICY = 'strict-origin-when-cross-origin';
const HSTS = 'max-age=31536000; includeSubDomains';
const hstsWanted = (config: Config) => config.PUBLIC_URL.startsWith('https://');

/**
 * The essential headers as a plain map, for answers Fastify sends before any hook runs (a URL it
 * cannot decode): the same policy helmet applies to every other response.
 */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': Object.entries(CSP_DIRECTIVES)
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join(';'),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    ...(hstsWanted(config) ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** Security headers on every response; a CSP that still lets Stripe's script and frames load. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: REFERRER_POLICY },
    // The same as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    hsts: hstsWanted(app.config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // A signed-in answer (a cart, an address, the audit log) is for its caller only: no cache may keep it.
  app.addHook('onSend', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access && access !== 'public' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // Same origin needs no CORS; a separately hosted front end is allowed only when configured.
  if (app.config.CORS_ORIGIN) await app.register(cors, { origin: app.config.CORS_ORIGIN.split(','), credentials: false });
});
