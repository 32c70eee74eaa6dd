import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { PERMISSIONS, permissionsOfRole, say, type Permission } from '@shop/contracts';
import { signedOutTokens, staffRoles, users } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { sha256Hex } from '../lib/sha256.js';
import { isId } from '../lib/validation.js';
import type { Actor } from '../lib/admin-audit.js';

/**
 * Who may call a route. Every /api route declares one in `config.access`; a route without it
 * fails at start-up, so nothing can be added without deciding who may call it. A dashboard route
 * names the permission it needs (docs/decisions/staff-permissions.md): there is no plain 'admin'.
 * A member's own settings that serve several desks name them all, any of which lets the member in.
 */
export type Access =
  'public' | 'user' | 'shopper' | 'metrics' | { permission: Permission | readonly [Permission, ...Permission[]] };

/** The permissions a route needs one of, or null when it is not a dashboard route. */
export const permissionsOf = (access: Access | undefined): readonly Permission[] | null =>
  typeof access === 'object' ? [access.permission].flat() : null;

/** What is wrong with a route's declared access, or null when it is one of the kinds above. */
export function accessProblem(access: unknown): string | null {
  if (access === undefined) return 'declares no config.access';
  if (access === 'admin')
    return "declares access 'admin', which no longer exists: declare the permission it needs, { permission: '…' } (docs/guide/staff.md)";
  if (typeof access === 'string')
    return ['public', 'user', 'shopper', 'metrics'].includes(access) ? null : `declares an unknown access '${access}'`;
  const permission: unknown =
    typeof access === 'object' && access !== null && 'permission' in access ? access.permission : undefined;
  const named = [permission].flat();
  if (!named.length) return "names no permission: declare the permission it needs, { permission: '…' }";
  return named.every((p) => typeof p === 'string' && (PERMISSIONS as readonly string[]).includes(p))
    ? null
    : `declares an unknown permission ${JSON.stringify(permission)}`;
}

export interface AuthUser {
  id: string;
  name: string;
  /** Null for an account made by phone. */
  email: string | null;
  /** The spec's admin flag: true for staff members. */
  role: boolean;
  /** A staff member's role key; null for shoppers. */
  staffRole: string | null;
  /** What the member's role allows, read with the session; none for shoppers. */
  permissions: readonly Permission[];
}

/** Whether the signed-in user's role allows `permission`. */
export const can = (user: Pick<AuthUser, 'permissions'>, permission: Permission): boolean =>
  user.permissions.includes(permission);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The signed-in request's token, as signing it out records it. */
    session: SessionToken | null;
  }
}

/** A session token as the sign-out list names it: by its hash, kept until the token expires. */
export interface SessionToken {
  hash: string;
  expiresAt: Date;
}

function readToken(request: FastifyRequest): string | null {
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7);
  return null;
}

/**
 * The user a session token names, with their staff role's saved permissions and whether the token was signed out,
 * read on every signed-in request in one statement: a prepared statement, so each database connection parses and
 * plans it once, and the query is not rebuilt per request.
 */
function sessionUserQuery(app: FastifyInstance) {
  return app.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      tokenVersion: users.tokenVersion,
      staffRole: users.staffRole,
      suspendedAt: users.staffSuspendedAt,
      savedPermissions: staffRoles.permissions,
      signedOut: sql<boolean>`exists (select 1 from ${signedOutTokens} where ${signedOutTokens.tokenHash} = ${sql.placeholder('tokenHash')})`,
    })
    .from(users)
    .leftJoin(staffRoles, eq(staffRoles.key, users.staffRole))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_user');
}

/**
 * A token's name on the sign-out list: the hash of its signed part (header and claims), which its signature depends on
 * alone. The signature itself has four spellings the verifier takes alike (its last base64url character carries two
 * bits nobody reads), so a whole token's hash would let a copy with that letter changed past the list.
 */
export const sessionHash = (token: string) => sha256Hex(token.slice(0, token.lastIndexOf('.')));

/** The signed-in user and their token; throws 401 when the token is missing or no longer valid. */
async function authenticate(
  app: FastifyInstance,
  sessionUser: ReturnType<typeof sessionUserQuery>,
  request: FastifyRequest,
): Promise<{ user: AuthUser; session: SessionToken }> {
  const token = readToken(request);
  if (!token) throw unauthorized();
  const claims = app.tokens.verify(token);
  // A subject that is not an id names nobody (and must not reach the query as a malformed uuid).
  if (!claims || !isId(claims.sub)) throw unauthorized(say.api.sessionExpired);
  const session = { hash: sessionHash(token), expiresAt: claims.expiresAt };
  const [row] = await sessionUser.execute({ id: claims.sub, tokenHash: session.hash });
  // A suspended member's tokens were outdated by the suspension; this also covers one issued since.
  if (!row || row.tokenVersion !== claims.tv || row.suspendedAt || row.signedOut)
    throw unauthorized(say.api.sessionExpired);
  const user = {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    staffRole: row.staffRole,
    permissions: row.staffRole ? permissionsOfRole(row.staffRole, row.savedPermissions) : [],
  };
  return { user, session };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  const sessionUser = sessionUserQuery(app);

  /** The hook of a route for signed-in callers: who is asking, and whether `access` lets them. */
  const signedIn = (access: Access): onRequestAsyncHookHandler => {
    const permissions = permissionsOf(access);
    return async (request) => {
      const { user, session } = await authenticate(app, sessionUser, request);
      request.user = user;
      request.session = session;
      if (permissions && !permissions.some((permission) => can(user, permission)))
        throw forbidden(user.role ? say.api.roleNotAllowed : say.api.adminsOnly);
      if (access === 'shopper' && user.role) throw forbidden(say.api.adminsHaveNoCart);
    };
  };

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
      const problem = accessProblem(route.config?.access);
      if (problem) throw new Error(`Route ${String(route.method)} ${route.url} ${problem}`);
    }
    const access = route.config?.access ?? 'public';
    // On the routes for signed-in callers only, first of the route's hooks (the rate limit's come after).
    // 'metrics': a scraper with METRICS_TOKEN, not a session (plugins/metrics.ts checks it).
    if (access !== 'public' && access !== 'metrics')
      route.onRequest = [signedIn(access), ...[route.onRequest ?? []].flat()];
  });
});

/** The signed-in user on a route whose access is not 'public'. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The token of the signed-in request on a route whose access is not 'public'. */
export function currentSession(request: FastifyRequest): SessionToken {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The signed-in caller of an admin change, as the audit log records it. */
export const actorOf = (request: FastifyRequest): Actor => ({ user: currentUser(request), ip: request.ip });
