import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { SESSION_TTL_MS } from '@shop/contracts';

export interface TokenClaims {
  sub: string;
  /** The user's token version when it was issued; a password change bumps it. */
  tv: number;
}

/** A verified token's claims, and when it expires. */
export interface VerifiedClaims extends TokenClaims {
  expiresAt: Date;
}

export interface TokenService {
  issue(claims: TokenClaims): { token: string; expiration: string };
  verify(token: string): VerifiedClaims | null;
}

/** HS256 JWTs; times come from the injected clock so expiry is testable without waiting. */
export function createTokenService(secret: string, now: () => Date): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256' });
  // Only HS256 is accepted: 'none' and other algorithms are refused by the verifier itself.
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true });
  return {
    issue(claims) {
      const issuedAt = now().getTime();
      const expiresAt = issuedAt + SESSION_TTL_MS;
      const token = sign({
        sub: claims.sub,
        tv: claims.tv,
        // Two sign-ins within a second would otherwise be the same token, and signing one out would end both.
        jti: randomBytes(12).toString('base64url'),
        iat: Math.floor(issuedAt / 1000),
        exp: Math.floor(expiresAt / 1000),
      });
      return { token, expiration: new Date(expiresAt).toISOString() };
    },
    verify(token) {
      try {
        const payload = verify(token) as { sub?: unknown; tv?: unknown; exp?: unknown };
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.exp !== 'number')
          return null;
        if (payload.exp * 1000 <= now().getTime()) return null;
        return { sub: payload.sub, tv: payload.tv, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
