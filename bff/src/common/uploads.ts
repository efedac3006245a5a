import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
 * The hook of uploads, for every route: an upload route's refusal (a guard's 401/403/404 or CSRF as
 * much as the route's own 4xx) does not read the rest of the body it did not need (drainThenClose).
 * The multipart parser is registered for the whole application, but only upload routes take such a
 * body: every other route refuses it (415) before reading it, as it refuses every body that is not
 * JSON (content-types.ts).
 */
export function registerUploadHooks(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.acceptsUpload === true && reply.statusCode >= 400) {
      drainThenClose(request, reply);
    }
    done(null, payload);
  });
}

/** How much of a refused upload's unread rest is read (and thrown away) before the connection ends. */
export const REFUSED_UPLOAD_DRAIN_BYTES = 2 * 1024 * 1024;
/** How long a refused upload's client gets to stop sending before the connection ends. */
export const REFUSED_UPLOAD_DRAIN_MS = 5_000;

/**
 * An upload refused before its body was read to the end (too large, or refused before reading): the
 * server does not read the rest. Closing the connection at once would often lose the answer: the
 * client, still sending, gets a reset instead of the 413. So, once the answer is out, a little more
 * is read and thrown away (at most REFUSED_UPLOAD_DRAIN_BYTES, for at most REFUSED_UPLOAD_DRAIN_MS:
 * time for the client to read the answer and stop), then the connection is closed — unless the body
 * ended within that, when the connection stays usable. Memory never holds what is thrown away.
 */
export function drainThenClose(request: FastifyRequest, reply: FastifyReply): void {
  const incoming = request.raw;
  if (incoming.complete) return;
  reply.raw.once('finish', () => {
    // Destroying the request destroys its connection (and only detaches an injected one).
    const close = () => {
      clearTimeout(timer);
      incoming.destroy();
    };
    const timer = setTimeout(close, REFUSED_UPLOAD_DRAIN_MS);
    timer.unref();
    let drained = 0;
    incoming.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > REFUSED_UPLOAD_DRAIN_BYTES) close();
    });
    incoming.on('end', () => clearTimeout(timer));
    incoming.on('error', close);
    incoming.resume();
  });
}
