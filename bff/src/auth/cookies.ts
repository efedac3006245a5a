import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiUrl } from '../common/api-url.js';
import { ProblemException } from '../common/problem-details.js';
import type { AppConfig } from '../config/app-config.js';

export const ACCESS_COOKIE = 'pp_access';
export const REFRESH_COOKIE = 'pp_refresh';
/** Readable by the portal's script, which repeats it in X-CSRF-Token (docs/api.md, CSRF). */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The refresh token is sent only to the auth endpoints. */
export const REFRESH_COOKIE_PATH = '/api/auth';

/** The names of the three session cookies, which depend on the scheme the portal is served over. */
export interface SessionCookieNames {
  readonly access: string;
  readonly refresh: string;
  readonly csrf: string;
}

const PLAIN_NAMES: SessionCookieNames = {
  access: ACCESS_COOKIE,
  refresh: REFRESH_COOKIE,
  csrf: CSRF_COOKIE,
};

/**
 * Over https, the access and CSRF cookies are `__Host-` cookies (Secure, Path=/, no Domain: no sibling
 * subdomain or plain-http page can set or shadow them) and the refresh cookie a `__Secure-` one (it
 * keeps its Path=/api/auth). Plain-http development and tests keep the plain names, which browsers
 * would refuse with a prefix.
 */
const PREFIXED_NAMES: SessionCookieNames = {
  access: `__Host-${ACCESS_COOKIE}`,
  refresh: `__Secure-${REFRESH_COOKIE}`,
  csrf: `__Host-${CSRF_COOKIE}`,
};

export function sessionCookieNames(config: AppConfig): SessionCookieNames {
  return config.publicUrl.startsWith('https:') ? PREFIXED_NAMES : PLAIN_NAMES;
}

const SESSION_COOKIE_NAMES = new Set([
  ...Object.values(PLAIN_NAMES),
  ...Object.values(PREFIXED_NAMES),
]);

/** The name of a session cookie the Cookie header carries more than once, if any. */
export function duplicateSessionCookie(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const seen = new Set<string>();
  for (const pair of header.split(';')) {
    const name = pair.slice(0, Math.max(0, pair.indexOf('='))).trim();
    if (!SESSION_COOKIE_NAMES.has(name)) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/**
 * Refuses, on every API route, a request whose Cookie header carries one session cookie twice: a
 * cookie planted for a narrower path or a sibling domain would shadow the real one (cookie tossing),
 * and which one a server reads is anybody's guess. 400 `cookie_conflict`, before any guard.
 */
export function refuseDuplicateSessionCookies(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const name = isApiUrl(request.url) ? duplicateSessionCookie(request.headers.cookie) : undefined;
    if (name === undefined) {
      done();
      return;
    }
    done(
      new ProblemException(
        400,
        'cookie_conflict',
        `The request carries the cookie ${name} twice: sign out, clear this site's cookies, and sign in again.`,
      ),
    );
  });
}

/** The cookies of a request, parsed once (no plugin: three cookies, one simple grammar). */
export function cookiesOf(request: FastifyRequest): Readonly<Record<string, string>> {
  const cached = (request as FastifyRequest & { parsedCookies?: Record<string, string> })
    .parsedCookies;
  if (cached !== undefined) return cached;
  const cookies: Record<string, string> = {};
  const header = request.headers.cookie;
  if (header !== undefined) {
    for (const pair of header.split(';')) {
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      if (name in cookies) continue;
      cookies[name] = pair.slice(separator + 1).trim();
    }
  }
  (request as FastifyRequest & { parsedCookies?: Record<string, string> }).parsedCookies = cookies;
  return cookies;
}

/** The refresh token of the request's refresh cookie (sent to /api/auth only), if any. */
export function refreshCookieOf(config: AppConfig, request: FastifyRequest): string | undefined {
  return cookiesOf(request)[sessionCookieNames(config).refresh];
}

interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  httpOnly: boolean;
}

function serialize(config: AppConfig, name: string, value: string, options: CookieOptions): string {
  // A __Host- cookie must be Secure with Path=/ (browsers refuse it otherwise).
  const path = name.startsWith('__Host-') ? '/' : options.path;
  const parts = [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${Math.max(0, Math.round(options.maxAgeSeconds))}`,
    'SameSite=Strict',
  ];
  if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (config.secureCookies || name.startsWith('__')) parts.push('Secure');
  return parts.join('; ');
}

export interface SessionCookies {
  accessToken: string;
  accessMaxAgeSeconds: number;
  refreshToken: string;
  refreshMaxAgeSeconds: number;
  csrfToken: string;
}

export function setSessionCookies(
  config: AppConfig,
  reply: FastifyReply,
  cookies: SessionCookies,
): void {
  const names = sessionCookieNames(config);
  void reply.header('set-cookie', [
    serialize(config, names.access, cookies.accessToken, {
      path: '/api',
      maxAgeSeconds: cookies.accessMaxAgeSeconds,
      httpOnly: true,
    }),
    serialize(config, names.refresh, cookies.refreshToken, {
      path: REFRESH_COOKIE_PATH,
      maxAgeSeconds: cookies.refreshMaxAgeSeconds,
      httpOnly: true,
    }),
    serialize(config, names.csrf, cookies.csrfToken, {
      path: '/',
      maxAgeSeconds: cookies.refreshMaxAgeSeconds,
      httpOnly: false,
    }),
  ]);
  void reply.header('cache-control', 'no-store');
}

export function clearSessionCookies(config: AppConfig, reply: FastifyReply): void {
  const names = sessionCookieNames(config);
  void reply.header('set-cookie', [
    serialize(config, names.access, '', { path: '/api', maxAgeSeconds: 0, httpOnly: true }),
    serialize(config, names.refresh, '', {
      path: REFRESH_COOKIE_PATH,
      maxAgeSeconds: 0,
      httpOnly: true,
    }),
    serialize(config, names.csrf, '', { path: '/', maxAgeSeconds: 0, httpOnly: false }),
  ]);
}
