import { timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '#src/common/problem-details.js';
import { AppConfig } from '#src/config/app-config.js';
import { AuthSecrets } from '#src/common/auth-secrets.js';
import { CSRF_HEADER, type SessionCookieNames, cookiesOf, sessionCookieNames } from '../cookies.js';
import { RefreshSessions } from '../tokens/refresh-sessions.js';
import { authUserOf } from '../decorators/current-user.decorator.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const USES_SESSION_COOKIES = 'auth:uses-session-cookies';

/** A public route that acts on the session cookies (refresh, sign-out): the CSRF token is required. */
export const UsesSessionCookies = (): MethodDecorator => SetMetadata(USES_SESSION_COOKIES, true);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The origins whose pages may change things: PUBLIC_URL's; in development (never in test or production)
 * also the loopback names of PORT, since `http://127.0.0.1:3000` is the same server as
 * `http://localhost:3000`, and DEV_ORIGINS (Vite's dev server, whose proxy forwards the browser's Origin).
 */
export function trustedOrigins(config: AppConfig): ReadonlySet<string> {
  const origins = new Set([config.publicUrl]);
  if (config.isDevelopment) {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      origins.add(`http://${host}:${config.port}`);
    }
    for (const origin of config.devOrigins) origins.add(origin);
  }
  return origins;
}

function refused(detail: string): ProblemException {
  return new ProblemException(403, 'csrf', detail);
}

/**
 * CSRF (docs/api.md), on POST, PUT, PATCH and DELETE: refused when `Sec-Fetch-Site` is `cross-site` or
 * `Origin` is not PUBLIC_URL's (see trustedOrigins), for every route, sign-in included. A
 * cookie-authenticated request must also send `X-CSRF-Token` equal to the `csrf` cookie, which must be
 * the token of its session: the access token's, or on refresh and sign-out the refresh token's.
 * Bearer requests carry no ambient credential and need no token.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  private readonly origins: ReadonlySet<string>;
  private readonly names: SessionCookieNames;

  constructor(
    private readonly reflector: Reflector,
    config: AppConfig,
    private readonly secrets: AuthSecrets,
    private readonly refreshSessions: RefreshSessions,
  ) {
    this.origins = trustedOrigins(config);
    this.names = sessionCookieNames(config);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!UNSAFE_METHODS.has(request.method)) return true;

    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw refused('Cross-site requests may not change anything.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !this.origins.has(origin)) {
      throw refused('Requests from another origin may not change anything.');
    }

    const cookies = cookiesOf(request);
    const header = request.headers[CSRF_HEADER];
    const sent = typeof header === 'string' ? header : '';
    const user = authUserOf(request);
    if (user !== undefined) {
      if (user.source !== 'cookie') return true;
      this.assertToken(sent, cookies[this.names.csrf], user.sessionId);
      return true;
    }
    const usesSession =
      this.reflector.get<boolean>(USES_SESSION_COOKIES, context.getHandler()) === true;
    const refreshToken = cookies[this.names.refresh];
    const hasSessionCookie = refreshToken !== undefined || cookies[this.names.access] !== undefined;
    if (usesSession && hasSessionCookie) {
      const session =
        refreshToken === undefined || refreshToken === ''
          ? undefined
          : await this.refreshSessions.sessionOf(refreshToken);
      if (session !== undefined) {
        this.assertToken(sent, cookies[this.names.csrf], session.sessionId);
      } else {
        // No session to bind to (the refresh answers 401, sign-out only clears cookies): the pair.
        const cookie = cookies[this.names.csrf] ?? '';
        if (cookie === '' || !same(sent, cookie)) {
          throw refused('The X-CSRF-Token header is missing or wrong.');
        }
      }
    }
    return true;
  }

  /** The header and the cookie both carry the CSRF token of this session. */
  private assertToken(sent: string, cookie: string | undefined, sessionId: string): void {
    const expected = this.secrets.csrfTokenFor(sessionId);
    if (!same(sent, expected) || !same(cookie ?? '', expected)) {
      throw refused('The X-CSRF-Token header is missing or wrong.');
    }
  }
}
