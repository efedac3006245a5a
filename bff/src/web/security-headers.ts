import type { IncomingMessage } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { isApiUrl } from '../common/api-url.js';
import type { AppConfig } from '../config/app-config.js';

export type CspDirectives = Record<string, string[]>;

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** Swagger UI's page carries inline styles: only there, styles (never scripts) may be inline. */
export const API_DOCS_PATH = '/api/docs';

/**
 * The Content Security Policy of every response. Scripts and styles come only from the portal's own
 * files: no inline script anywhere, no inline <style>. React's `style` prop sets styles through the
 * CSSOM, which CSP does not restrict, so `style-src-attr` needs no 'unsafe-inline'. `data:` is allowed
 * for images and fonts because Vite inlines small assets as data URIs.
 */
export function contentSecurityPolicy(
  config: AppConfig,
  extra: { styleSrc?: string[] } = {},
): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(extra.styleSrc ?? [])],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.publicUrl.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

function isApiDocs(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return (
    url === API_DOCS_PATH ||
    url.startsWith(`${API_DOCS_PATH}/`) ||
    url.startsWith(`${API_DOCS_PATH}?`)
  );
}

/** What a bare Fastify answer carries anyway: not security headers. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers Helmet sets on an answer to `url` under `options`: Helmet run once on a scratch Fastify
 * instance (its answers are the same for every request of a kind, so they are worked out at start,
 * not on every request: docs/performance.md, "Where a request's time goes").
 */
async function helmetHeaders(
  options: FastifyHelmetOptions,
  urls: readonly string[],
): Promise<Array<Record<string, string>>> {
  const scratch = Fastify({ logger: false });
  await scratch.register(helmet, options);
  scratch.get('/*', () => '');
  try {
    return await Promise.all(
      urls.map(async (url) => {
        const response = await scratch.inject({ method: 'GET', url });
        return Object.fromEntries(
          Object.entries(response.headers).flatMap(([name, value]) =>
            OWN_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)]],
          ),
        );
      }),
    );
  } finally {
    await scratch.close();
  }
}

/**
 * Security headers on every response, pages and API alike (on Fastify's onRequest hook, so even 404s
 * and errors carry them): Helmet's, under the options below, worked out once at start for a page and
 * for the API docs' page (the only difference: its inline styles), then set as they are on every
 * request. HSTS is sent in production and whenever PUBLIC_URL is https.
 */
export async function registerSecurityHeaders(
  fastify: FastifyInstance,
  config: AppConfig,
): Promise<void> {
  const directives = contentSecurityPolicy(config);
  const options: FastifyHelmetOptions = {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...directives,
        // Helmet takes a function per directive value: Swagger UI's page gets inline styles, nothing else.
        'style-src': [
          (request: IncomingMessage) => (isApiDocs(request) ? "'self' 'unsafe-inline'" : "'self'"),
        ],
      },
    },
    strictTransportSecurity: config.strictTransportSecurity
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
  const [pageHeaders, apiDocsHeaders] = await helmetHeaders(options, ['/', API_DOCS_PATH]);
  if (pageHeaders === undefined || apiDocsHeaders === undefined) {
    throw new Error('Helmet answered no headers');
  }
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiDocs(request.raw) ? apiDocsHeaders : pageHeaders);
    // The portal uses no powerful browser feature: none may be used by anything it embeds either.
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    // No answer of the API may be kept by the browser or a shared cache (docs/api.md: authenticated
    // JSON carries no-store); a route that means otherwise sets its own value later.
    if (isApiUrl(request.url)) void reply.header('cache-control', 'no-store');
    done();
  });
}
