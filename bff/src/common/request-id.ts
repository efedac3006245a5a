import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's request id is kept only when it is short and made of harmless characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

const requestIds = new WeakMap<IncomingMessage, string>();

/**
 * The id of a request: the caller's X-Request-Id when sane, else a new UUID. Fastify asks for it (its
 * `genReqId`); the answer is remembered, so that a second question gets the same id.
 */
export function requestIdOf(request: IncomingMessage): string {
  let id = requestIds.get(request);
  if (id === undefined) {
    const sent = request.headers[REQUEST_ID_HEADER];
    id = typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
    requestIds.set(request, id);
  }
  return id;
}
