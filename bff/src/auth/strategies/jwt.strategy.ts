import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-jwt';
import { isUuid } from '#src/common/uuid.js';
import { AppConfig } from '#src/config/app-config.js';
import { AuthSecrets } from '#src/common/auth-secrets.js';
import { cookiesOf, sessionCookieNames } from '../cookies.js';
import type { AuthUser } from '../decorators/current-user.decorator.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessClaims,
  JWT_ALGORITHM,
  jwtAudience,
  jwtIssuer,
} from '../tokens/access-tokens.js';

type SourcedRequest = FastifyRequest & { accessTokenSource?: AuthUser['source'] };

/** How far ahead of this instance's clock another instance's may be when it issues a token. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Whether a verified token's lifetime is one this BFF issues (docs/api.md, Access tokens): `iat` and
 * `exp` both stated, at most 15 minutes apart, and issued no later than now (so a correctly signed
 * token cannot carry a 10-year `exp`, or a far-future `iat` that moves its 15 minutes along). jsonwebtoken
 * checks `exp` against now, but not that there is one.
 */
export function issuedLifetime(claims: Partial<AccessClaims>, nowSeconds: number): boolean {
  const { iat, exp } = claims;
  return (
    typeof iat === 'number' &&
    typeof exp === 'number' &&
    Number.isFinite(iat) &&
    Number.isFinite(exp) &&
    exp > iat &&
    exp - iat <= ACCESS_TOKEN_TTL_SECONDS &&
    iat <= nowSeconds + CLOCK_SKEW_SECONDS
  );
}

/** `Authorization: Bearer` (internal callers) first, else the httpOnly access cookie. */
function accessTokenOf(request: FastifyRequest, accessCookie: string): string | null {
  const sourced = request as SourcedRequest;
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization);
    sourced.accessTokenSource = 'bearer';
    return match?.[1] ?? null;
  }
  const cookie = cookiesOf(request)[accessCookie];
  if (cookie === undefined || cookie === '') return null;
  sourced.accessTokenSource = 'cookie';
  return cookie;
}

/**
 * passport-jwt with the algorithm pinned to HS256 and `iss`/`aud` checked, then the claims' shapes and
 * the token's lifetime (issuedLifetime). Whether its `sid` is a live session of its `sub` is read with
 * the account's state, in the same statement (users.repository.ts, sessionRevokedSql). The key is a KeyObject:
 * jsonwebtoken re-imports a string secret on every verification, a KeyObject not at all (what that
 * costs: docs/performance.md, "What authentication and authorization cost").
 * passport-jwt's types know only string | Buffer; jsonwebtoken accepts the KeyObject it is handed.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(config: AppConfig, secrets: AuthSecrets) {
    super({
      jwtFromRequest: (request: FastifyRequest) =>
        accessTokenOf(request, sessionCookieNames(config).access),
      secretOrKey: secrets.jwtKey as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
      issuer: jwtIssuer(config),
      audience: jwtAudience(config),
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  validate(request: FastifyRequest, claims: Partial<AccessClaims>): AuthUser | false {
    if (
      !isUuid(claims.sub) ||
      !isUuid(claims.sid) ||
      typeof claims.gen !== 'number' ||
      !Number.isSafeInteger(claims.gen) ||
      claims.gen < 0 ||
      // The system clock, as jsonwebtoken's `exp` check (not the application's Clock, which tests move).
      !issuedLifetime(claims, Date.now() / 1000)
    ) {
      return false;
    }
    return {
      id: claims.sub,
      sessionId: claims.sid,
      credentialGeneration: claims.gen,
      source: (request as SourcedRequest).accessTokenSource ?? 'cookie',
    };
  }
}
