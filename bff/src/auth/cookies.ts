import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config.js';

export const ACCESS_COOKIE = 'pp_access';
export const REFRESH_COOKIE = 'pp_refresh';
/** Readable by the portal's script, which repeats it in X-CSRF-Token (docs/api.md, CSRF). */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The refresh token is sent only to the auth endpoints. */
export const REFRESH_COOKIE_PATH = '/api/auth';

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

interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  httpOnly: boolean;
}

function serialize(config: AppConfig, name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.round(options.maxAgeSeconds))}`,
    'SameSite=Strict',
  ];
  if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (config.secureCookies) parts.push('Secure');
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
  void reply.header('set-cookie', [
    serialize(config, ACCESS_COOKIE, cookies.accessToken, {
      path: '/api',
      maxAgeSeconds: cookies.accessMaxAgeSeconds,
      httpOnly: true,
    }),
    serialize(config, REFRESH_COOKIE, cookies.refreshToken, {
      path: REFRESH_COOKIE_PATH,
      maxAgeSeconds: cookies.refreshMaxAgeSeconds,
      httpOnly: true,
    }),
    serialize(config, CSRF_COOKIE, cookies.csrfToken, {
      path: '/',
      maxAgeSeconds: cookies.refreshMaxAgeSeconds,
      httpOnly: false,
    }),
  ]);
  void reply.header('cache-control', 'no-store');
}

export function clearSessionCookies(config: AppConfig, reply: FastifyReply): void {
  void reply.header('set-cookie', [
    serialize(config, ACCESS_COOKIE, '', { path: '/api', maxAgeSeconds: 0, httpOnly: true }),
    serialize(config, REFRESH_COOKIE, '', {
      path: REFRESH_COOKIE_PATH,
      maxAgeSeconds: 0,
      httpOnly: true,
    }),
    serialize(config, CSRF_COOKIE, '', { path: '/', maxAgeSeconds: 0, httpOnly: false }),
  ]);
}
