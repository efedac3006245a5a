import { timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '../../common/problem-details.js';
import { AppConfig } from '../../config/app-config.js';
import { AuthSecrets } from '../auth-secrets.js';
import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE, cookiesOf } from '../cookies.js';
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
 * `Origin` is not PUBLIC_URL's (see trustedOrigins), for every route, sign-in included. A cookie-authenticated request must
 * also send `X-CSRF-Token` equal to the `csrf` cookie, which must be the token of its session.
 * Bearer requests carry no ambient credential and need no token.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  private readonly origins: ReadonlySet<string>;

  constructor(
    private readonly reflector: Reflector,
    config: AppConfig,
    private readonly secrets: AuthSecrets,
  ) {
    this.origins = trustedOrigins(config);
  }

  canActivate(context: ExecutionContext): boolean {
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
      const expected = this.secrets.csrfTokenFor(user.sessionId);
      if (!same(sent, expected) || !same(cookies[CSRF_COOKIE] ?? '', expected)) {
        throw refused('The X-CSRF-Token header is missing or wrong.');
      }
      return true;
    }
    const usesSession =
      this.reflector.get<boolean>(USES_SESSION_COOKIES, context.getHandler()) === true;
    const hasSessionCookie =
      cookies[REFRESH_COOKIE] !== undefined || cookies[ACCESS_COOKIE] !== undefined;
    if (usesSession && hasSessionCookie) {
      const cookie = cookies[CSRF_COOKIE] ?? '';
      if (cookie === '' || !same(sent, cookie)) {
        throw refused('The X-CSRF-Token header is missing or wrong.');
      }
    }
    return true;
  }
}
