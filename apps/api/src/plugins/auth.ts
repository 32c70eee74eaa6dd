import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { say } from '@shop/contracts';
import { users } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { isId } from '../lib/validation.js';
import type { Actor } from '../lib/admin-audit.js';

/**
 * Who may call a route. Every /api route declares one in `config.access`; a route without it
 * fails at start-up, so nothing can be added without deciding who may call it.
 */
export type Access = 'public' | 'user' | 'shopper' | 'admin' | 'metrics';

export interface AuthUser {
  id: string;
  name: string;
  /** Null for an account made by phone. */
  email: string | null;
  role: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

function readToken(request: FastifyRequest): string | null {
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7);
  return null;
}

/**
 * The user a session token names, read on every signed-in request: a prepared statement, so each
 * database connection parses and plans it once, and the query is not rebuilt per request.
 */
function sessionUserQuery(app: FastifyInstance) {
  return app.db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_user');
}

/** The signed-in user; throws 401 when the token is missing or no longer valid. */
async function authenticate(
  app: FastifyInstance,
  sessionUser: ReturnType<typeof sessionUserQuery>,
  request: FastifyRequest,
): Promise<AuthUser> {
  const token = readToken(request);
  if (!token) throw unauthorized();
  const claims = app.tokens.verify(token);
  // A subject that is not an id names nobody (and must not reach the query as a malformed uuid).
  if (!claims || !isId(claims.sub)) throw unauthorized(say.api.sessionExpired);
  const [row] = await sessionUser.execute({ id: claims.sub });
  if (!row || row.tokenVersion !== claims.tv) throw unauthorized(say.api.sessionExpired);
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  const sessionUser = sessionUserQuery(app);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    // 'metrics': a scraper with METRICS_TOKEN, not a session (plugins/metrics.ts checks it).
    if (access === 'public' || access === 'metrics') return;
    request.user = await authenticate(app, sessionUser, request);
    if (access === 'admin' && !request.user.role) throw forbidden(say.api.adminsOnly);
    if (access === 'shopper' && request.user.role) throw forbidden(say.api.adminsHaveNoCart);
  });
});

/** The signed-in user on a route whose access is not 'public'. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in caller of an admin change, as the audit log records it. */
export const actorOf = (request: FastifyRequest): Actor => ({ user: currentUser(request), ip: request.ip });
