import { parse as parseContentType } from 'content-type';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProblemException } from './problem-details.js';

/** Methods whose body Fastify never reads: a Content-Type on them asks for nothing. */
const BODILESS_METHODS = new Set(['GET', 'HEAD']);

function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && length !== '0') ||
    request.headers['content-type'] !== undefined
  );
}

/**
 * Why the body's media type is refused on a JSON route, or undefined when the route takes it:
 * `application/json`, optionally with `charset=utf-8` and nothing else.
 */
export function refusedMediaType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return 'Send the body as application/json.';
  const { type, parameters } = parseContentType(contentType);
  if (type === 'multipart/form-data') return 'This route does not take multipart/form-data.';
  if (type !== 'application/json') return 'This route takes application/json.';
  for (const [name, value] of Object.entries(parameters)) {
    if (name !== 'charset' || value.toLowerCase() !== 'utf-8') {
      return 'This route takes application/json, in UTF-8 (charset=utf-8 or none).';
    }
  }
  return undefined;
}

/**
 * The one place the body's media type is decided, for every route, public ones (sign-in) included,
 * and before the body is read (docs/api.md, Conventions: JSON only): a body that is not
 * `application/json` — a form (`application/x-www-form-urlencoded`, which Nest's adapter would parse),
 * `text/plain` (which Fastify would), multipart on a JSON route, anything else, or none stated — is
 * 415 `unsupported_media_type`. A cross-site form can send only the first three, so no JSON route is
 * reachable by one, whatever the Origin check says. Upload routes (`@AcceptsUpload()`) are the only ones
 * that take `multipart/form-data`; they refuse any other body themselves (evidence-upload.ts: 400).
 */
export function refuseUnsupportedMediaTypes(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    if (
      BODILESS_METHODS.has(request.method) ||
      request.routeOptions.config.acceptsUpload === true ||
      !carriesBody(request)
    ) {
      done(null, payload);
      return;
    }
    const refused = refusedMediaType(request.headers['content-type']);
    if (refused === undefined) done(null, payload);
    else done(new ProblemException(415, 'unsupported_media_type', refused));
  });
}
