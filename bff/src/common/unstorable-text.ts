import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiUrl } from './api-url.js';
import { ProblemException } from './problem-details.js';

/**
 * Text PostgreSQL refuses to store or compare: the NUL character (`text` cannot hold it) and UTF-16
 * surrogates without their pair (not encodable as UTF-8). Such a value would reach a query and come
 * back as a database error, a 500: it is refused at the edge instead.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Deeper than any body of this API; a deeper value is refused rather than walked. */
const MAX_DEPTH = 32;

/** The dotted path of the first unstorable string (or key) in `value`, if any. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path || 'value' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_DEPTH) return path || 'value';
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    if (unstorable(key)) return itemPath;
    const found = findUnstorableText(item, itemPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function unstorableField(request: FastifyRequest): string | undefined {
  for (const [source, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const found = findUnstorableText(value);
    if (found !== undefined) return source === 'body' ? found : `${source}.${found}`;
  }
  return undefined;
}

/**
 * Refuses, for every API route, a path parameter, query parameter or JSON value holding text PostgreSQL
 * cannot take: 400 `validation` naming the field, before any guard or handler runs.
 */
export function refuseUnstorableText(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    // Pages (the app shell) never reach the database; their router shows its own 404.
    const field = isApiUrl(request.url) ? unstorableField(request) : undefined;
    if (field === undefined) {
      done();
      return;
    }
    done(
      new ProblemException(400, 'validation', 'The request is invalid.', [
        { field, message: `${field} contains a NUL character or an unpaired surrogate` },
      ]),
    );
  });
}
