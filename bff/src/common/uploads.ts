import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { ProblemException } from './problem-details.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `@AcceptsUpload()`: the route reads a `multipart/form-data` body. */
    acceptsUpload?: boolean;
  }
}

/** The largest file any route takes (claim evidence: 10 MB, docs/product.md §4). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * `@fastify/multipart`, as the Fastify adapter registers it (its `multipart` option). The body is not
 * read when it arrives: the route reads it as a stream (`request.parts()`), after its guards and its
 * own checks, and stops reading at the first byte over the limit (`fileSize` is one byte more than
 * the largest file, so that "too large" is told apart from "exactly the limit"). One file, no other
 * fields. `preservePath`: the file name as sent, so that a path in it is refused rather than silently
 * cut to its last segment.
 */
export const MULTIPART_OPTIONS = {
  limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  throwFileSizeLimit: true,
  preservePath: true,
} as const satisfies FastifyMultipartBaseOptions;

/** Marks a route that takes a `multipart/form-data` body; every other route refuses one (415). */
export const AcceptsUpload = (): MethodDecorator => RouteConfig({ acceptsUpload: true });

/**
 * The multipart parser is registered for the whole application, but only upload routes read such a
 * body: on any other route it is 415, as it was before uploads existed (and as any other content type
 * a route does not take is).
 */
export function refuseUnexpectedMultipart(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    if (request.isMultipart() && request.routeOptions.config.acceptsUpload !== true) {
      done(
        new ProblemException(
          415,
          'unsupported_media_type',
          'This route does not take multipart/form-data.',
        ),
      );
      return;
    }
    done();
  });
}
