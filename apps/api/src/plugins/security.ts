import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
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

/**
 * The browser features the shop never uses, turned off for its pages and anything they embed. Payment requests are
 * left to the card provider's own frame (Stripe.js, the one frame the CSP allows), which asks for them for wallets.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=("https://js.stripe.com")',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');
const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const hstsWanted = (config: Config) => config.PUBLIC_URL.startsWith('https://');

/**
 * Helmet's headers for this shop, computed once: the policy never varies by request, and building it
 * per request (what @fastify/helmet does) cost a sixth of a cached catalogue read. One map serves
 * every answer: Fastify's, those it sends before any hook runs (a URL it cannot decode) and the
 * response cache's.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: REFERRER_POLICY },
    // The same as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: hstsWanted(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** Security headers on every response; a CSP that still lets Stripe's script and frames load. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders(app.config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // A signed-in answer (a cart, an address, the audit log) is for its caller only, and so is the answer to anything
  // but a read (a sign-in's session token, a password reset): no cache may keep them.
  const noStore: onSendHookHandler = (request, reply, payload, done) => {
    const access = request.routeOptions.config?.access;
    if (((access && access !== 'public') || !isRead(request.method)) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  };
  // On the routes it can concern only: a public read (most traffic, every catalogue read) runs no hook for it.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if ((access && access !== 'public') || [route.method].flat().some((method) => !isRead(method)))
      route.onSend = [...[route.onSend ?? []].flat(), noStore];
  });
  // Same origin needs no CORS; a separately hosted front end is allowed only when configured.
  if (app.config.CORS_ORIGIN)
    await app.register(cors, { origin: app.config.CORS_ORIGIN.split(','), credentials: false });
});
